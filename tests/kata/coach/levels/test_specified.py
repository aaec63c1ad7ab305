"""What a learner's own specification says, as the verdict compares it: a refactor changes the
code, never what the steps check or what the examples say (as a learner met it)."""

from __future__ import annotations

from pathlib import Path

from euchre.kata.coach.levels.level import examples_said
from euchre.kata.coach.levels.steps import Steps
from euchre.kata.coach.record.stages import STAGES
from euchre.kata.coach.running import features

TWO_EXAMPLES = """\
Feature: Dealing the hand

  Rule: Each player is dealt five cards

    Example: Team 2 Player 4 deals
      Given Team 2 Player 4 is the dealer
      Then the players are dealt:
        | player          | cards |
        | Team 1 Player 1 | 9C    |

    Example: Team 1 Player 1 deals
      Given Team 1 Player 1 is the dealer
      Then the players are dealt:
        | player          | cards |
        | Team 2 Player 2 | 9C    |
"""
AS_AN_OUTLINE = """\
Feature: Dealing the hand

  Rule: Each player is dealt five cards

    Scenario Outline: <dealer> deals, and the deal goes round
      Given <dealer> is the dealer
      Then the players are dealt:
        | player  | cards |
        | <first> | 9C    |

      Examples:
        | dealer          | first           |
        | Team 1 Player 1 | Team 2 Player 2 |
        | Team 2 Player 4 | Team 1 Player 1 |
"""


def said(folder: Path, text: str) -> str:
    (folder / "features").mkdir(exist_ok=True)
    (folder / STAGES[0].feature_path).write_text(text)
    read = features.read(folder, 1)
    return examples_said(list(read.of(STAGES[0])))


def test_examples_say_the_same_renamed_reordered_or_merged_into_an_outline(tmp_path: Path) -> None:
    first = said(tmp_path, TWO_EXAMPLES)
    renamed = TWO_EXAMPLES.replace("Example: Team 2 Player 4 deals", "Example: The last seat")
    assert said(tmp_path, renamed) == first
    one, other = TWO_EXAMPLES.split("\n\n    Example: Team 1")
    reordered = (
        f"{one.split('    Example:')[0]}    Example: Team 1{other}\n\n    Example:"
        + (one.split("    Example:")[1])
    )
    assert said(tmp_path, reordered) == first
    assert said(tmp_path, AS_AN_OUTLINE) == first


def test_examples_say_more_or_less_with_a_row_added_taken_away_or_a_value_changed(
    tmp_path: Path,
) -> None:
    first = said(tmp_path, TWO_EXAMPLES)
    added = TWO_EXAMPLES.replace(
        "| Team 1 Player 1 | 9C    |\n",
        "| Team 1 Player 1 | 9C    |\n        | Team 2 Player 2 | 10C   |\n",
    )
    taken = TWO_EXAMPLES.replace("        | Team 2 Player 2 | 9C    |\n", "")
    changed = TWO_EXAMPLES.replace("Team 2 Player 2 | 9C", "Team 2 Player 2 | 10C")
    assert len({first, said(tmp_path, added), said(tmp_path, taken), said(tmp_path, changed)}) == 4


STEPS = '''\
from pytest_bdd import given, then


@given("a start")
def _start() -> None:
    """Where the scenario starts."""
    ...


@then("it is dealt")
def _dealt(dealt: list[str]) -> None:
    assert dealt == ["9C"], "the example says 9C"
'''


def checks(folder: Path, text: str) -> str:
    (folder / "step_defs").mkdir(exist_ok=True)
    (folder / "step_defs" / "conftest.py").write_text(text)
    return Steps().specified(folder, features.read(folder, 0), [])


def test_steps_check_the_same_with_their_comments_docstrings_and_layout_changed(
    tmp_path: Path,
) -> None:
    first = checks(tmp_path, STEPS)
    reworded = STEPS.replace('"""Where the scenario starts."""', '"""The start."""  # a note')
    assert checks(tmp_path, reworded.replace("\n\n\n", "\n\n")) == first
    (tmp_path / "step_defs" / "broken.py").write_text("def (:\n")  # not one the run imports
    assert checks(tmp_path, STEPS) == first


def test_steps_check_less_or_more_when_a_then_is_emptied_or_strengthened(tmp_path: Path) -> None:
    first = checks(tmp_path, STEPS)
    emptied = STEPS.replace('    assert dealt == ["9C"], "the example says 9C"', "    pass")
    stronger = STEPS.replace('["9C"]', '["9C", "10C"]')
    assert len({first, checks(tmp_path, emptied), checks(tmp_path, stronger)}) == 3
