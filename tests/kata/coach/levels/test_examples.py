"""Level `examples`: the learner writes the examples, against the kata's own steps and model,
and the coach measures them by the catalogued wrong models they catch.

The coach runs in this process on a real workspace of that level (as test_kata_workspace.py
runs one of level model), so each test starts from what `make kata LEVEL=examples` makes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from euchre.kata import workspace
from euchre.kata.coach.levels import examples, phrases
from euchre.kata.coach.levels.level import AllReached, Refused
from euchre.kata.coach.record import learner, reach
from euchre.kata.coach.record.stages import STAGES
from euchre.kata.coach.running import features
from euchre.kata.coach.wrong_models import catching
from euchre.kata.coach.wrong_models.catalogue import CATALOGUE, by_name
from tests.kata.installs import coach_here, history_lines, last_line
from tests.paths import ROOT
from tests.transcripts import said
from tests.workspaces import kept_runs

FIRST_EXAMPLE = re.compile(r"^\s*(Example|Scenario|Scenario Outline):", flags=re.MULTILINE)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, isolated: None) -> Path:
    """A new workspace of level examples, importable as a process started in it would be."""
    made = tmp_path / "kata"
    workspace.create(made, level="examples")
    monkeypatch.syspath_prepend(str(made))
    return made


def write(folder: Path, stage: int, *examples_under_first_rule: str) -> None:
    """Examples under the first Rule of ``stage``'s feature, in place of its placeholder."""
    path = folder / STAGES[stage - 1].feature_path
    text = path.read_text(encoding="utf-8")
    body = "\n\n".join(examples_under_first_rule)
    path.write_text(text.replace("    # Your examples of this rule go here.", body, 1))


def project_features(folder: Path, first_only: bool = False) -> None:
    """The kata's own features as the learner's examples: whole, or with only the first example
    of each Rule (a Rule with none would be amber: nothing written for it)."""
    for stage in STAGES:
        text = (ROOT / stage.feature_path).read_text(encoding="utf-8")
        (folder / stage.feature_path).write_text(
            first_example_only(text) if first_only else text, encoding="utf-8"
        )


def first_example_only(text: str) -> str:
    kept, examples_seen, keeping = [], 0, True
    for line in text.splitlines():
        stripped = line.strip()
        if FIRST_EXAMPLE.match(line):
            examples_seen += 1
            keeping = examples_seen == 1
        elif stripped.startswith("Rule:"):
            keeping, examples_seen = True, 0
        elif stripped.startswith("@") and line[:1].isspace():
            continue  # a tag of an example
        if keeping:
            kept.append(line)
    return "\n".join(kept) + "\n"


DEALT = """\
    Example: Every player gets five cards
      Given Team 2 Player 4 is the dealer
      And a shuffled deck
      When the dealer deals
      Then each player holds 5 cards"""

DEALT_IN_TURN = """\
    Example: An unshuffled deck dealt by Team 2 Player 4
      Given Team 2 Player 4 is the dealer
      And an unshuffled deck
      When the dealer deals
      Then the players are dealt:
        | player          | first 2 cards | then 3 cards |
        | Team 1 Player 1 | 9C 10C        | JD QD KD     |
        | Team 2 Player 2 | JC QC         | AD 9H 10H    |
        | Team 1 Player 3 | KC AC         | JH QH KH     |
        | Team 2 Player 4 | 9D 10D        | AH 9S 10S    |"""


def test_the_workspace_holds_each_story_and_its_rules_with_no_example(folder: Path) -> None:
    for stage in STAGES:
        text = (folder / stage.feature_path).read_text(encoding="utf-8")
        original = (ROOT / stage.feature_path).read_text(encoding="utf-8")
        assert not FIRST_EXAMPLE.search(text), stage.feature
        rules = re.findall(r"^\s*Rule: .+$", original, flags=re.MULTILINE)
        assert re.findall(r"^\s*Rule: .+$", text, flags=re.MULTILINE) == rules
        assert original.split("Rule:")[0].rstrip() in text, "the story, as the kata tells it"
    assert not (folder / "reference").exists(), "the kata's model is the coach's, not here"
    assert not (folder / "euchre").exists(), "no model to write"
    assert (folder / "step_defs" / "tricks.py").is_file(), "the steps are given"
    assert learner.level(folder) == "examples"
    readme = (folder / "README.md").read_text()
    assert readme.startswith("# My Euchre kata: writing the examples\n"), readme[:80]
    assert "NotImplementedError" not in readme, "no skeleton at this level"
    assert "$" not in readme.replace("$ ", ""), "every field of the template filled"


def test_the_readme_s_worked_example_gives_the_runs_it_shows(folder: Path) -> None:
    """The README's example, written where it says, gives the lights the README prints."""
    readme = (folder / "README.md").read_text()
    example = readme.split("```gherkin\n")[1].split("```")[0]
    rule = example.splitlines()[0]
    path = folder / STAGES[0].feature_path
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"{rule}\n\n    # Your examples of this rule go here.", example))
    shown = readme.split("```text\n")
    green, red = shown[1].split("```")[0], shown[2].split("```")[0]
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert all(line in out.splitlines() for line in green.splitlines()), out
    path.write_text(path.read_text().replace("JD QD KD ", "JD QD AD "))
    code, out = coach_here(folder, "test")
    assert code == 1, out
    assert all(line in out.splitlines() for line in red.splitlines()), out


def test_make_steps_lists_every_phrase_with_an_example(folder: Path) -> None:
    code, out = coach_here(folder, "steps")
    assert code == 0
    lines = out.splitlines()
    at = lines.index("Given {player} is the dealer")
    assert lines[at + 1] == "    Given Team 2 Player 4 is the dealer"
    at = lines.index("Then the players are dealt:")
    assert lines[at + 2].startswith("    | player ")
    assert "Then the lead suit is {suit}" in lines
    assert sum(1 for line in lines if line[:1] in "GWT") >= 60


def test_a_new_workspace_asks_for_an_example_of_its_first_rule(folder: Path) -> None:
    code, out = coach_here(folder, "test")
    rules = features.read(folder, 1).rules(STAGES[0])
    lines = out.splitlines()
    assert lines == [  # nothing written is not green
        f"🔶 Stage 1 of 10, Dealing the hand, Rule 1 of {len(rules)}: no example is written yet:"
        " nothing ran, so nothing is green.",
        f"✍ No example yet of Rule: {rules[0].name}  (features/dealing.feature:{rules[0].line})",
        "Write an example under its Rule: line, then `make test`.",
    ]
    assert code == 3
    assert [(run.light, run.examples, run.level) for run in kept_runs(folder)] == [
        ("amber", 0, "examples")  # the dashboard shows the level
    ]
    assert coach_here(folder, "next") == (
        2,
        f"make next: write an example of Rule 1 first: {rules[0].name}",
    )


def test_an_example_that_says_something_false_about_euchre_is_red_with_the_step_and_values(
    folder: Path, transcript: SnapshotAssertion
) -> None:
    write(folder, 1, SAME_SEED)
    code, out = coach_here(folder, "test")
    assert code == 1
    assert said("make test", out) == transcript


SAME_SEED = """\
    Example: The same seed shuffles the same way
      Given the deck was shuffled from the seed 7
      When the deck is shuffled again from the seed 7
      Then the two shuffles are in different orders"""


def test_a_phrase_that_matches_nothing_is_red_with_the_nearest_phrases(folder: Path) -> None:
    write(folder, 1, DEALT.replace("When the dealer deals", "When the dealer deal the cards"))
    code, out = coach_here(folder, "test")
    assert code == 1
    assert "raised at" not in out
    lines = out.splitlines()
    at = lines.index(
        "  failed at: When the dealer deal the cards  (no step phrase matches it; `make steps`"
        " lists them all)"
    )
    assert lines[at + 1] == "    The nearest phrases:"
    assert "      When the dealer deals" in lines[at + 2 : at + 5]


def test_the_nearest_phrases_are_each_another_phrase_not_two_uses_of_one(folder: Path) -> None:
    """ "the deal is refused: the deck has 23 cards" was told "QH is in the deck twice" and "9C
    is in the deck twice", two uses of one phrase, and not "{card} is missing from the deck"."""
    then = "Then the deal is refused: the deck has 23 cards"
    refused = DEALT.replace("Then each player holds 5 cards", then)
    write(folder, 1, refused)
    lines = coach_here(folder, "test")[1].splitlines()
    at = lines.index("    The nearest phrases:")
    nearest = lines[at + 1 : at + 4]
    assert "      Then the deal is refused: AS is missing from the deck" in nearest, nearest
    assert len({re.sub(r"\b(?:10|[9JQKA])[CDHS]\b", "{card}", line) for line in nearest}) == 3


def test_after_a_green_run_the_examples_are_measured_by_the_wrong_models_they_catch(
    folder: Path,
) -> None:
    write(folder, 1, DEALT)
    code, out = coach_here(folder, "test")
    assert code == 0, out
    stage_1 = [wrong for wrong in CATALOGUE if wrong.stage == 1]
    line = next(line for line in out.splitlines() if line.startswith("🕵"))
    caught = int(line.split()[4])
    assert line == f"🕵 Your examples catch {caught} of {len(stage_1)} wrong models of stage 1."
    assert 0 < caught < len(stage_1)
    assert "Your examples still pass a model in which " in out
    assert (history_lines(folder)[-1]["caught"], history_lines(folder)[-1]["wrong_models"]) == (
        caught,
        len(stage_1),
    )
    let_through = history_lines(folder)[-1]["through"]
    rule_1 = features.read(folder, 1).rules(STAGES[0])[0].name
    assert let_through, "the names of those let through"
    assert {(by_name(name).stage, by_name(name).rule) for name in let_through} == {(1, rule_1)}
    assert len(let_through) < len(stage_1) - caught, "none of a Rule not revealed yet"
    assert by_name(let_through[0]).sentence in out, "the one named first is the one told"


def test_a_wrong_model_of_a_rule_not_revealed_yet_is_told_but_not_kept_as_let_through(
    folder: Path, transcript: SnapshotAssertion
) -> None:
    """What the line keeps the dashboard shows as the pair's misses: only what they were due
    to catch, as the coach says ("every wrong model of the Rules revealed so far is caught")."""
    write(folder, 1, DEALT_IN_TURN)
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert said("make test", out) == transcript  # told of a Rule still ahead
    line = history_lines(folder)[-1]
    assert line["caught"] < line["wrong_models"], "the whole stage's, as the coach counts them"
    assert "through" not in line, "nothing due is let through"


def test_a_run_starts_a_pytest_session_only_for_examples_whose_outcome_is_not_known(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check's cost is mostly pytest's start: a session that would run nothing is not
    started, and what a scenario as written did is remembered."""
    sessions: list[list[str]] = []
    main = catching.pytest.main

    def counted(args: list[str], plugins: list[object]) -> object:
        if "--wrong-models" in args:  # not the run's own session
            sessions.append(args)
        return main(args, plugins=plugins)

    monkeypatch.setattr(catching.pytest, "main", counted)
    write(folder, 1, DEALT)
    assert coach_here(folder, "test")[0] == 0
    assert len(sessions) == 1, "stage 1 has no earlier stage for its wrong models to meet"
    assert coach_here(folder, "test")[0] == 0
    assert len(sessions) == 1, "nothing new: every outcome is known"


def test_a_check_whose_pytest_session_could_not_start_catches_nothing_and_remembers_nothing(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(folder, 1, DEALT_IN_TURN)
    monkeypatch.setattr(catching.pytest, "main", lambda args, plugins: 4)  # a usage error
    found = features.read(folder, 1)
    keys = {scenario.key for scenario in found.of(STAGES[0])}
    catch = catching.check(folder, found, keys, [by_name("three-then-two")])
    assert (catch.caught, catch.through) == (0, [by_name("three-then-two")])
    monkeypatch.undo()
    assert catching.check(folder, found, keys, [by_name("three-then-two")]).caught == 1, "known"


def test_a_table_with_a_row_too_short_says_where_and_why_in_one_line(folder: Path) -> None:
    ragged = DEALT_IN_TURN.replace("| Team 2 Player 2 | JC QC         | AD 9H 10H    |", "| x |")
    write(folder, 1, ragged)
    code, out = coach_here(folder, "test")
    line, column = next(
        (n, 1 + text.index("|"))
        for n, text in enumerate((folder / STAGES[0].feature_path).read_text().splitlines(), 1)
        if text.strip() == "| x |"
    )
    assert (code, out.splitlines()[1:]) == (  # an amber line, recorded
        3,
        [f"  features/dealing.feature:{line}:{column}: inconsistent cell count within the table"],
    )
    assert out.startswith("🔶 Stage 1 of 10, Dealing the hand, Rule 1 of ")
    assert [run.light for run in kept_runs(folder)] == ["amber"]


def test_make_steps_shows_a_phrase_the_kata_uses_only_in_an_outline_with_its_first_row(
    folder: Path,
) -> None:
    """ "Then the play is refused: it is <turn>'s turn" has an example: the outline's first."""
    code, out = coach_here(folder, "steps")
    assert code == 0
    shown = out.split("Then the play is refused: it is {player}'s turn\n")[1].splitlines()[0]
    assert shown == "    Then the play is refused: it is Team 1 Player 1's turn", out


def test_make_steps_without_the_shipped_examples_still_lists_every_phrase(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = folder.parent / "step_examples.json"
    broken.write_text("{not json")
    monkeypatch.setattr(phrases, "STEP_EXAMPLES", broken)
    code, out = coach_here(folder, "steps")
    assert code == 0
    assert "Given {player} is the dealer\n    (no example in the kata)" in out


def test_the_rules_still_without_an_example_are_named_in_every_reached_stage(
    folder: Path,
) -> None:
    found = features.read(folder, 2)
    stage_1, stage_2 = (found.rules(stage) for stage in STAGES[:2])
    named = examples.unwritten(found, reach.Reach(2, 1))
    assert named == [
        (stage, rule)
        for stage, rules in ((STAGES[0], stage_1), (STAGES[1], stage_2[:1]))
        for rule in rules
    ]


def test_next_after_the_last_rule_is_the_next_stage_once_every_wrong_model_is_caught(
    folder: Path,
) -> None:
    for stage in (STAGES[0], STAGES[-1]):
        text = (ROOT / stage.feature_path).read_text(encoding="utf-8")
        (folder / stage.feature_path).write_text(text)
    found = features.read(folder, len(STAGES))
    last_of_1 = reach.Reach(1, len(found.rules(STAGES[0])))
    assert examples.ahead(found, last_of_1, all_caught=True) == reach.Reach(2, 1)
    refused = examples.ahead(found, last_of_1, all_caught=False)
    assert refused == Refused(
        "stage 1 is not done: write examples that catch the wrong models your last run named,"
        " then `make next`"
    )
    last = reach.Reach(len(STAGES), len(found.rules(STAGES[-1])))
    assert examples.ahead(found, last, all_caught=True) == AllReached(examples.EVERY_RULE)


def test_examples_that_catch_every_wrong_model_of_the_stage_name_none(folder: Path) -> None:
    text = (ROOT / STAGES[0].feature_path).read_text(encoding="utf-8")
    (folder / STAGES[0].feature_path).write_text(text)
    stage_1 = [wrong for wrong in CATALOGUE if wrong.stage == 1]
    found = features.read(folder, 1)
    every_rule = reach.Reach(1, len(found.rules(STAGES[0])))
    measured = examples.caught(folder, found, every_rule)
    assert (measured.caught, measured.wrong_models) == (len(stage_1), len(stage_1))
    assert measured.ask is None
    reach.save(folder, every_rule)
    code, out = coach_here(folder, "test")
    assert code == 0
    assert f"🕵 Your examples catch {len(stage_1)} of {len(stage_1)} wrong models of stage 1." in out
    assert "still pass" not in out


def test_next_reveals_the_next_rule_and_not_the_next_stage_while_a_wrong_model_passes(
    folder: Path,
) -> None:
    write(folder, 1, DEALT)
    coach_here(folder, "test")
    rules = features.read(folder, 1).rules(STAGES[0])
    code, out = coach_here(folder, "next")
    assert out.splitlines() == [
        f"Next: Rule 2 of {len(rules)} in stage 1, Dealing the hand"
        f"  (features/dealing.feature:{rules[1].line})",
        "",
        f"    Rule: {rules[1].name}",
        "",
        "Write an example of it under its Rule: line, in the phrases `make steps` lists,"
        " then `make test`.",
    ]
    # Nothing is written for the Rule just revealed: nothing to run, and no amber light to
    # record between each reveal and its example (the dojo trial's lights alternated so).
    assert code == 0
    assert len(kept_runs(folder)) == 1
    assert reach.load(folder) == reach.Reach(1, 2)
    reach.save(folder, reach.Reach(1, len(rules)))
    # The kata's own examples of stage 1, but those of a deck of 23 cards.
    text = (ROOT / STAGES[0].feature_path).read_text(encoding="utf-8")
    while (start := text.find("    Example: A deck of 23 cards")) >= 0:
        end = text.find("\n    Example:", start) + 1 or len(text)
        text = text[:start] + text[end:]
    (folder / STAGES[0].feature_path).write_text(text)
    code, out = coach_here(folder, "test")
    assert code == 0, out
    sentence = by_name("deals-23-cards").sentence
    assert f"Your examples still pass a model in which {sentence}" in out
    assert "stage_done" not in last_line(folder), "all Rules revealed, but a wrong model passes"
    assert (
        "Write an example that catches it, then `make test`; once every wrong model is caught,"
        " `make next` for the next stage." in out
    )
    code, out = coach_here(folder, "next")
    assert code == 2
    assert out.startswith("make next: stage 1 is not done: write examples that catch")


def test_a_rule_written_ahead_of_its_reveal_is_run_when_next_reveals_it(folder: Path) -> None:
    write(folder, 1, DEALT)
    assert coach_here(folder, "test")[0] == 0
    write(folder, 1, DEALT_IN_TURN)  # under Rule 2, not revealed yet
    code, out = coach_here(folder, "next")
    lines = out.splitlines()
    at = lines.index(
        "Write an example of it under its Rule: line, in the phrases `make steps` lists."
    )
    assert lines[at + 1] == ""
    assert lines[at + 2].startswith("🟢 Stage 1 of 10, Dealing the hand, Rule 2 of ")
    assert code == 0
    assert len(kept_runs(folder)) == 2


@pytest.mark.e2e
@pytest.mark.usefixtures("uncovered")
def test_the_kata_s_own_examples_catch_every_wrong_model_and_first_examples_fewer(
    folder: Path,
) -> None:
    last = reach.Reach(len(STAGES), len(features.read(folder, len(STAGES)).rules(STAGES[-1])))
    reach.save(folder, last)
    project_features(folder, first_only=True)
    assert coach_here(folder, "test")[0] == 0
    project_features(folder)
    code, out = coach_here(folder, "test")
    assert code == 0, out
    first_only, whole = history_lines(folder)[-2:]
    assert whole["caught"] == whole["wrong_models"] == len(CATALOGUE)
    assert (whole.get("stage_done"), first_only.get("stage_done")) == (True, None)
    assert first_only["wrong_models"] == len(CATALOGUE)
    assert isinstance(first_only["caught"], int)
    assert first_only["caught"] < len(CATALOGUE)
    assert "🏆 Every stage is done" in out


def test_progress_counts_rules_and_examples_at_level_examples(folder: Path) -> None:
    assert coach_here(folder, "test")[0] == 3
    code, out = coach_here(folder, "progress")
    assert code == 0
    lines = out.splitlines()
    assert "🔶 amber: the tests cannot run" in lines[1]
    assert lines[-1] == (
        "Now: stage 1 of 10, Dealing the hand, Rule 1 (Dealing the hand); last run 🔶 0 of 0"
        " examples pass"
    )


def test_two_examples_sharing_a_name_are_told_as_such_with_their_lines(folder: Path) -> None:
    """pytest-bdd keeps one scenario of a name: the other would vanish, and Rule 1 would seem to
    have no example. The learner is told the name and both lines: name each once."""
    outline = (
        "    Scenario Outline: Who deals\n"
        "      Given <dealer> is the dealer\n"
        "      And a shuffled deck\n"
        "      When the dealer deals\n"
        "      Then each player holds 5 cards\n\n"
        "      Examples:\n"
        "        | dealer          |\n"
        "        | {dealer} |"
    )
    write(
        folder,
        1,
        outline.format(dealer="Team 2 Player 4"),
        outline.format(dealer="Team 1 Player 1"),
    )
    lines = (folder / STAGES[0].feature_path).read_text().splitlines()
    first, second = (n for n, text in enumerate(lines, 1) if "Outline: Who deals" in text)
    code, out = coach_here(folder, "test")
    assert (code, out.splitlines()[1:]) == (
        3,
        [
            f'  features/dealing.feature: two scenarios share the name "Who deals" (lines {first}'
            f" and {second}): name each once"
        ],
    )
    assert "no example yet" not in out
    assert [run.light for run in kept_runs(folder)] == ["amber"]


@pytest.mark.parametrize(
    ("written", "slip"),
    [
        ("Example Every player", "“Example Every player gets five cards” has no colon"),
        ("Exampel: Every player", "“Exampel:” is not a Gherkin keyword"),
    ],
)
def test_a_slipped_example_line_is_amber_naming_the_line_not_nothing_written(
    folder: Path, written: str, slip: str
) -> None:
    """Gherkin reads "Example A shuffled deck", or a misspelt "Exampel:", as prose under the
    Rule: the coach said the Rule had no example yet, and the dojo counted the slip as the
    amber of nothing written."""
    write(folder, 1, DEALT.replace("Example: Every player", written))
    lines = (folder / STAGES[0].feature_path).read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if written in text)
    code, out = coach_here(folder, "test")
    assert (code, out.splitlines()[1:]) == (
        3,
        [
            f"  features/dealing.feature:{line}: {slip}, so Gherkin reads it and its steps as"
            " prose: write “Example: Every player gets five cards”"
        ],
    )
    assert [(run.light, run.nothing_written, run.amber) for run in kept_runs(folder)] == [
        ("amber", False, "feature")
    ]


def test_an_example_without_one_when_is_amber_naming_it_and_its_line(folder: Path) -> None:
    """The kata's style is one When per example, the one action it shows: none, or a second
    (an And after the When is one more), is amber, however the example runs."""
    no_when = DEALT.replace("      When the dealer deals\n", "")
    write(folder, 1, no_when)
    lines = (folder / STAGES[0].feature_path).read_text().splitlines()
    line = 1 + next(n for n, text in enumerate(lines) if "Every player gets five cards" in text)
    code, out = coach_here(folder, "test")
    assert (code, out.splitlines()) == (
        3,
        [
            "🔶 Stage 1 of 10, Dealing the hand, Rule 1 of 7: an example shows one action, its"
            " When, and what it leads to, its Then:",
            f"  ✍ features/dealing.feature:{line}  Every player gets five cards: no When",
        ],
    )
    # The cause is kept as the coach said it: "an example that was not one When and its Then"
    # was read aloud as a riddle where the coach knew it had no When (a facilitator).
    assert [(run.light, run.amber) for run in kept_runs(folder)] == [("amber", "no-when")]
    two = DEALT.replace(
        "When the dealer deals\n", "When the dealer deals\n      And the dealer deals\n"
    )
    (folder / STAGES[0].feature_path).write_text("\n".join(lines).replace(no_when, two))
    code, out = coach_here(folder, "test")
    assert (code, out.splitlines()[1:]) == (
        3,
        [f"  ✍ features/dealing.feature:{line}  Every player gets five cards: 2 Whens"],
    )
    assert kept_runs(folder)[-1].amber == "whens"
    no_then = DEALT[: DEALT.index("      Then")]
    (folder / STAGES[0].feature_path).write_text("\n".join(lines).replace(no_when, no_then))
    code, out = coach_here(folder, "test")
    assert (code, out.splitlines()[1:]) == (
        3,
        [f"  ✍ features/dealing.feature:{line}  Every player gets five cards: no Then"],
    )
    assert kept_runs(folder)[-1].amber == "no-then"
    # Both faults, both kept: "more than one When" alone was half of what the coach said.
    both = no_then.replace("When the dealer deals\n", "When the dealer deals\n      And he deals\n")
    (folder / STAGES[0].feature_path).write_text("\n".join(lines).replace(no_when, both))
    code, out = coach_here(folder, "test")
    assert out.splitlines()[1:] == [
        f"  ✍ features/dealing.feature:{line}  Every player gets five cards: 2 Whens, no Then"
    ]
    assert kept_runs(folder)[-1].amber == "whens-no-then"
    (folder / STAGES[0].feature_path).write_text("\n".join(lines).replace(no_when, DEALT))
    assert coach_here(folder, "test")[0] == 0
