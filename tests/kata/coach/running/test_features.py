"""The features are read and parsed once a run, into the cache pytest-bdd's collection reads."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from pytest_bdd.parser import FeatureParser

from euchre.kata.coach.record import reach
from tests.workspaces import run, write_stage


@pytest.mark.parametrize("command", ["test", "next"])
def test_a_run_parses_each_feature_once(
    workspace: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    write_stage(workspace, 1, "passes", "passes")
    write_stage(workspace, 2, "passes", "passes")
    reach.save(workspace, reach.Reach(2, 1))
    assert run(workspace, "test")[0] == 0
    parsed: Counter[str] = Counter()
    parse = FeatureParser.parse

    def counted(self: FeatureParser) -> object:
        parsed[Path(self.rel_filename).name] += 1
        return parse(self)

    monkeypatch.setattr(FeatureParser, "parse", counted)
    assert run(workspace, command)[0] == 0
    assert parsed == Counter({"dealing.feature": 1, "play_order.feature": 1})


def test_an_outline_is_named_with_every_value_its_examples_give_not_by_its_first_row() -> None:
    """Named by its first row alone, the seeds outline read "from the seed 7, then from the
    seed 7"; named with its placeholders, "<again>" is a stumble read aloud to a room. Each
    placeholder is named by its examples' values, where that says no more than they do."""
    from euchre.kata.coach.record.stages import STAGES
    from euchre.kata.coach.running import features
    from tests.paths import ROOT

    read = features.read(ROOT, 5)
    titles = {scenario.title for stage in STAGES[:5] for scenario in read.of(stage)}
    # With how many examples, as every other outline is named: two facilitators took the
    # seeds outline for one scenario beside "(an outline of 4 examples)".
    assert "The deck is shuffled from the seed 7, then from the seed 7 or 8 (2 examples)" in titles
    assert "9D or 9H" not in " ".join(titles), "two placeholders whose rows are not every pair"
    assert "The Bars when hearts, diamonds, clubs or spades are trump (4 examples)" in titles
    assert "Dealing an unshuffled deck" in titles, "a scenario is named as written"


def test_an_outline_whose_joined_values_would_say_more_than_its_examples_is_named_by_one() -> None:
    """A facilitator read "AC, KC, QC, JC or 10C beats KC, QC, JC, 10C or 9C" as any of them
    beating any, and "the Left Bar beats the Ace of trump or the Left Bar, a trump, beats a
    diamond lead" as one garbled rule. Where the rows do not give every pair of two
    placeholders' values, or a value is more than one word (joined, they read as a list), the
    outline is named by its first example, and how many more it has."""
    from euchre.kata.coach.record.stages import STAGES
    from euchre.kata.coach.running import features
    from tests.paths import ROOT

    read = features.read(ROOT, 6)
    titles = {scenario.title for stage in STAGES[:6] for scenario in read.of(stage)}
    assert "Team 1 makes trump and wins 3 tricks (and 4 more examples)" in titles, (
        "Team 2 is not given 5 tricks: 'Team 1 or 2 wins 3, 4 or 5 tricks' would say it is"
    )
    assert "AC beats KC when hearts are trump (and 4 more examples)" in titles
    assert "The Left Bar, JD, is led when hearts are trump (and 3 more examples)" in titles
    assert (
        "When hearts are trump, the Right Bar beats the Left Bar and the Ace"
        " (and 2 more examples)" in titles
    ), "a value with a comma"
    assert (
        "With 9D led, a player holding the Jack of diamonds may play any of JD AS KC"
        " (and 1 more example)" in titles
    )
    assert "Team 2 Player 4 deals (and 3 more examples)" in titles, (
        "values of several words: 'Team 2 Player 4, Team 1 Player 1, Team 2 Player 2 or Team 1"
        " Player 3 deals' was heard as a list of players"
    )
    # Read aloud in the dojo's retrospective, each outline's count of examples is said after
    # its first example's quotes, never inside them.
    from euchre.dojo.retro import spoken

    quoted = [spoken(title).split("”")[0] for title in titles]
    assert not [said for said in quoted if re.search(r"\(and \d+ more|\d+ examples?\)$", said)]


@pytest.mark.parametrize(
    ("name", "rows", "title"),
    [
        (  # every pair of the two placeholders' values
            "Team <team> wins <tricks> tricks",
            [["team", "tricks"], *([str(t), str(n)] for t in (1, 2) for n in (3, 4))],
            "Team 1 or 2 wins 3 or 4 tricks (4 examples)",
        ),
        (  # a value of words
            "<who> deals",
            [["who"], ["one or other"], ["a third"]],
            "one or other deals (and 1 more example)",
        ),
        (  # its one example, and no more
            "<who> deals",
            [["who"], ["Team 1 Player 1"]],
            "Team 1 Player 1 deals",
        ),
    ],
)
def test_an_outline_is_named_by_its_values_joined_where_that_says_no_more_than_its_rows(
    tmp_path: Path, name: str, rows: list[list[str]], title: str
) -> None:
    from euchre.kata.coach.record.stages import STAGES
    from euchre.kata.coach.running import features

    (tmp_path / "features").mkdir()
    table = "".join(f"      | {' | '.join(row)} |\n" for row in rows)
    (tmp_path / STAGES[0].feature_path).write_text(
        f"Feature: Dealing\n  Scenario Outline: {name}\n"
        f"    Given a start\n    Then it passes\n\n    Examples:\n{table}"
    )
    (named,) = {scenario.title for scenario in features.read(tmp_path, 1).of(STAGES[0])}
    assert named == title


def test_an_outline_too_long_to_name_by_its_values_is_named_by_the_words_between(
    tmp_path: Path,
) -> None:
    """A name is read aloud, and a dashboard takes one of 200 characters at most: past 160, the
    values are left out, each as "…", never as a raw placeholder."""
    from euchre.kata.coach.record.stages import STAGES
    from euchre.kata.coach.running import features

    folder = tmp_path
    (folder / "features").mkdir()
    rows = "".join(f"      | {'x' * 60}{n} |\n" for n in range(3))
    (folder / STAGES[0].feature_path).write_text(
        "Feature: Dealing\n  Scenario Outline: When <what>, the dealer deals\n"
        "    Given a start\n    Then it passes\n\n    Examples:\n      | what |\n" + rows
    )
    (title,) = {scenario.title for scenario in features.read(folder, 1).of(STAGES[0])}
    assert title == "When …, the dealer deals (3 examples)"
