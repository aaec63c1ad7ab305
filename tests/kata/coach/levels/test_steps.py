"""Level `steps`: after a green run the coach names each wrong model of the stage that the
learner's steps let through, with the scenarios that catch it when the given steps are used,
and a Then whose body is `pass`."""

from __future__ import annotations

import json
import runpy
import shutil
import sys
from pathlib import Path

import pytest

from euchre.kata import coach_tables, workspace
from euchre.kata.coach.levels import asking, phrases
from euchre.kata.coach.levels import steps as steps_level
from euchre.kata.coach.record import reach
from euchre.kata.coach.record.stages import STAGES
from euchre.kata.coach.running import features
from euchre.kata.coach.wrong_models.catalogue import by_name
from tests.kata.installs import coach_here, last_line, only_modules
from tests.paths import ROOT


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, isolated: None) -> Path:
    """A workspace of level steps at the end of stage 3, whose learner wrote the kata's own
    model and steps."""
    made = tmp_path / "kata"
    workspace.create(made, level="steps")
    shutil.rmtree(made / "euchre")
    shutil.copytree(ROOT / "euchre", made / "euchre", ignore=only_modules)
    shutil.rmtree(made / "step_defs")
    shutil.copytree(ROOT / "step_defs", made / "step_defs", ignore=only_modules)
    reach.save(made, reach.Reach(3, len(features.read(made, 3).of(STAGES[2]))))
    monkeypatch.syspath_prepend(str(made))
    return made


def test_steps_that_check_what_they_say_let_no_wrong_model_through(folder: Path) -> None:
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert "🕵" not in out
    assert "through" not in last_line(folder), "written only when one is let through"


def test_a_red_run_for_want_of_a_step_definition_is_kept_as_such(folder: Path) -> None:
    """A scenario no step definition can run yet fails first whatever the model does: the
    dojo must not read it as a scenario the pair's model did not pass."""
    deals = folder / "step_defs" / "cards_and_deals.py"
    written = deals.read_text()
    deals.write_text(written.replace('@when("the dealer deals")', '@when("the dealer dealt")'))
    assert coach_here(folder, "test")[0] == 1
    assert last_line(folder)["no_step"] is True
    deals.write_text(written)
    (folder / "tests").mkdir(exist_ok=True)
    (folder / "tests" / "test_red.py").write_text("def test_red() -> None:\n    assert False\n")
    assert coach_here(folder, "test")[0] == 1
    assert "no_step" not in last_line(folder)


def test_a_then_with_pass_as_its_body_is_named_with_the_wrong_model_it_lets_through(
    folder: Path,
) -> None:
    steps = folder / "step_defs" / "tricks.py"
    text = steps.read_text(encoding="utf-8")
    checking = (
        "    lead = world.the_trick().lead_suit\n"
        "    assert lead is suit, "
        'mismatch("the lead suit", example=notation(suit), model=notation(lead))\n'
    )
    assert checking in text
    steps.write_text(text.replace(checking, "    pass\n"), encoding="utf-8")
    code, out = coach_here(folder, "test")
    assert code == 0, out
    lines = out.splitlines()
    assert any(line.startswith("🕵 Your steps let ") for line in lines), out
    assert (
        f"  a model in which {by_name('left-bar-only-when-red').sentence}: caught, with the given"
        ' steps, by "The Left Bar, JD, is led when hearts are trump (and 3 more examples)"'
    ) in lines, "an outline named as the learner reads it, not by its <placeholders>"
    line = text[: text.index(checking)].count("\n")  # the def line, before the body
    assert "These Then steps check nothing (their body is `pass`):" in lines
    assert f"  step_defs/tricks.py:{line}  `_lead_suit`" in lines
    # Said too, as another Then may be the one (a facilitator's pair missed it: their model
    # ignored the leader, and a Then of theirs was `pass`).
    assert "Does each Then of those scenarios check all that its words say?" in lines
    assert "left-bar-only-when-red" in last_line(folder)["through"]
    assert last_line(folder)["empty_thens"] == ["the lead suit is {suit}"], "its words, plainly"
    assert "stopped" not in last_line(folder), "the scenarios passed with it"
    # Which wrong models the steps met, for a room to say who met one (a facilitator's board
    # said "1 of 1 pair" of one a second pair had met and caught).
    met = last_line(folder)["met"]
    assert "left-bar-only-when-red" in met
    assert len(met) == last_line(folder)["wrong_models"]


def test_a_then_that_checks_nothing_is_named_by_its_words_or_else_its_function(
    tmp_path: Path,
) -> None:
    (tmp_path / "step_defs").mkdir()
    (tmp_path / "step_defs" / "mine.py").write_text(
        "from pytest_bdd import given, parsers, then\n"
        "WORDS = 'the dealer is {player}'\n"
        '@then(parsers.cfparse("the lead suit is {suit:Suit}", extra_types={}))\n'
        "def _lead(suit): pass\n"
        '@then("the trick is unchanged")\n'
        "def _unchanged(): ...\n"
        "@then(WORDS)\n"
        "def _dealer(player): pass\n"
        '@given("a deck")\n'
        "def _deck(): pass\n",
        encoding="utf-8",
    )
    found = steps_level.empty_thens(tmp_path)
    assert [(then.where, then.function, then.words) for then in found] == [
        ("step_defs/mine.py:4", "_lead", "the lead suit is {suit}"),
        ("step_defs/mine.py:6", "_unchanged", "the trick is unchanged"),
        ("step_defs/mine.py:8", "_dealer", "_dealer"),
    ]


def test_a_step_that_stops_on_an_error_with_a_wrong_model_is_told_and_kept_as_why(
    folder: Path,
) -> None:
    """An error is not a check that fails: the learner is told which error their scenarios
    stopped on, and the line keeps it for the dojo's retrospective."""
    steps = folder / "step_defs" / "tricks.py"
    text = steps.read_text(encoding="utf-8")
    checking = "    assert lead is suit, "
    stopping = "    assert {suit: True}[lead], "  # a KeyError, never an assertion, if it differs
    steps.write_text(text.replace(checking, stopping), encoding="utf-8")
    code, out = coach_here(folder, "test")
    assert code == 0, out
    lines = out.splitlines()
    at = lines.index(
        f"  a model in which {by_name('left-bar-only-when-red').sentence}: caught, with the given"
        ' steps, by "The Left Bar, JD, is led when hearts are trump (and 3 more examples)"'
    )
    assert (
        lines[at + 1] == "    with it, your scenarios stop on a KeyError, not on a check that fails"
    )
    line = last_line(folder)
    assert ["left-bar-only-when-red", "KeyError"] in line["stopped"]
    assert "empty_thens" not in line


def test_a_step_that_skips_its_scenario_with_a_wrong_model_is_no_error_it_stopped_on(
    folder: Path,
) -> None:
    """A skip is pytest's outcome, not an error of the learner's code: the wrong model is let
    through, and nothing said of an error."""
    steps = folder / "step_defs" / "tricks.py"
    text = steps.read_text(encoding="utf-8")
    checking = "    assert lead is suit, "
    skipping = "    if lead is not suit:\n        pytest.skip('not this one')\n    assert lead, "
    text = text.replace(
        "from __future__ import annotations\n",
        "from __future__ import annotations\nimport pytest\n",
    )
    steps.write_text(text.replace(checking, skipping), encoding="utf-8")
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert "left-bar-only-when-red" in last_line(folder)["through"]
    assert "stopped" not in last_line(folder)
    assert "your scenarios stop on" not in out


def test_a_then_that_checks_less_than_it_says_is_found_by_the_wrong_model_it_lets_through(
    folder: Path,
) -> None:
    steps = folder / "step_defs" / "tricks.py"
    text = steps.read_text(encoding="utf-8")
    checking = "    assert lead is suit, "
    steps.write_text(text.replace(checking, "    assert lead is not None, "), encoding="utf-8")
    (folder / "step_defs" / "notes.py").write_text("def half written(:\n")  # not a step module
    code, out = coach_here(folder, "test")
    assert code == 0, out
    lines = out.splitlines()
    assert any(line.startswith("🕵 Your steps let ") for line in lines), out
    at = lines.index("Does each Then of those scenarios check all that its words say?")
    assert lines[at + 1] == (  # the other cause: a wrong model changes a part of the model
        "If they do: each wrong model changes one part of your model, and no step can catch a"
        " change to a part your model does not use yet."
    )
    assert not any("check nothing" in line for line in lines)
    assert (  # at this level `make next` does not wait for the wrong models
        "Once your steps catch every wrong model of the stage, it is done; `make next` goes on"
        " to the next stage whenever you choose."
    ) in lines
    assert not any("Write an example" in line for line in lines), "the learner writes steps"


FIRST_REFUSAL = "A deck of 25 cards, with a second 9 of clubs at the bottom"
SECOND_REFUSAL = "A deck with two 9s of clubs and no Ace of spades"
FIRST_MISSING = "A deck of 23 cards, without the Ace of spades"


@pytest.mark.parametrize(
    ("last", "through"),
    [
        (FIRST_REFUSAL, {"twice-names-no-card": f'"{FIRST_REFUSAL}"'}),
        (
            FIRST_MISSING,
            {
                "twice-names-no-card": f'"{FIRST_REFUSAL}"; "{SECOND_REFUSAL}"',
                "missing-names-no-card": f'"{FIRST_MISSING}"',
            },
        ),
    ],
)
def test_a_refusal_then_that_checks_only_its_kind_lets_through_one_that_names_no_card(
    folder: Path, last: str, through: dict[str, str]
) -> None:
    """From a trial: a Then of "the deal is refused: 9C is in the deck twice" that checked the
    refusal was a EuchreError, and not which card it names, was told nothing up to the first
    refusals: the wrong models they meet deal the deck, or name 9C too. So was one of "AS is
    missing from the deck" at its first example, where the Ace of spades is the card missing.
    Each let through is named with the reached examples that catch it."""
    revealed = [scenario.name for scenario in features.read(folder, 1).of(STAGES[0])]
    reach.save(folder, reach.Reach(1, revealed.index(last) + 1))
    deals = folder / "step_defs" / "cards_and_deals.py"
    text = deals.read_text(encoding="utf-8")
    checking = text[text.index('    refusal = world.refused("the deal"') :]
    kind_only = "    assert isinstance(world.refusal, EuchreError)\n"
    deals.write_text(text.replace(checking, kind_only), encoding="utf-8")
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert last_line(folder).get("through") == list(through), out
    told = [line for line in out.splitlines() if line.startswith("  a model in which ")]
    assert told == [
        f"  a model in which {by_name(name).sentence}: caught, with the given steps, by {by}"
        for name, by in through.items()
    ], out


@pytest.mark.e2e
def test_the_shipped_tables_are_the_ones_measured_now(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """If this fails after a feature or a step changed: python -m euchre.kata.coach_tables"""
    monkeypatch.setattr(sys, "argv", ["coach_tables", "--check"])
    monkeypatch.delitem(sys.modules, "euchre.kata.coach_tables", raising=False)  # as python -m
    with pytest.raises(SystemExit) as done:
        runpy.run_module("euchre.kata.coach_tables", run_name="__main__")
    assert done.value.code == 0, capsys.readouterr().err


def test_an_outline_without_examples_gives_make_steps_no_example_of_its_own_steps(
    tmp_path: Path,
) -> None:
    """Its steps' placeholders have no values to show: a phrase only it uses is listed with
    none, rather than with "<who>"."""
    shutil.copytree(ROOT / "features", tmp_path / "features")
    dealing = tmp_path / "features" / STAGES[0].feature
    unfinished = "\n  Scenario Outline: Nothing yet\n    Given <who> is the dealer only\n"
    dealing.write_text(dealing.read_text(encoding="utf-8") + unfinished, encoding="utf-8")
    found = phrases.step_examples(tmp_path / "features")
    assert not [step for step in found if "<" in step["name"]]
    assert found == phrases.step_examples(ROOT / "features")


def test_the_tables_are_written_where_the_coach_reads_them_or_checked_without_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    given, steps = tmp_path / "given_catches.json", tmp_path / "step_examples.json"
    situations = tmp_path / "situations.json"
    monkeypatch.setattr(steps_level, "GIVEN_CATCHES", given)
    monkeypatch.setattr(coach_tables, "SHIPPED_STEP_EXAMPLES", steps)
    monkeypatch.setattr(asking, "SITUATIONS", situations)
    outline = "The Left Bar, <left>, is led when <trump> are trump"
    measured = {"left-bar-only-when-red": [("lead_suit.feature", outline)]}
    monkeypatch.setattr(coach_tables, "measure", lambda _: measured)
    assert coach_tables.main(["--check"]) == 1, "nothing is shipped yet"
    assert capsys.readouterr().err.splitlines() == [
        f"{path} is stale: python -m euchre.kata.coach_tables"
        for path in (given, steps, situations)
    ]
    assert not given.exists(), "a check writes nothing"
    assert coach_tables.main([]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"Wrote {given}",
        f"Wrote {steps}",
        f"Wrote {situations}",
    ]
    assert steps_level.given_catches() == measured
    assert json.loads(steps.read_text()) == phrases.step_examples(ROOT / "features")
    assert asking.situations() == {  # the outline's first row, its Givens and its When
        "left-bar-only-when-red": [
            "Given Team 2 Player 4 is the dealer",
            "And hearts are trump",
            "When Team 1 Player 1 leads JD",
        ]
    }
    assert coach_tables.main(["--check"]) == 0
    steps.write_text("[]\n")
    assert coach_tables.main(["--check"]) == 1


def test_a_shipped_table_that_cannot_be_read_is_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "given_catches.json"
    broken.write_text("{not json")
    monkeypatch.setattr(steps_level, "GIVEN_CATCHES", broken)
    assert steps_level.given_catches() == {}
    monkeypatch.setattr(steps_level, "GIVEN_CATCHES", tmp_path / "missing.json")
    assert steps_level.given_catches() == {}


def test_a_change_of_what_the_steps_check_is_never_a_refactor_and_an_empty_then_is_named(
    folder: Path,
) -> None:
    """As a learner met it: emptying a Then that let nothing through was called 🔁."""
    assert coach_here(folder, "test")[0] == 0
    model = folder / "euchre" / "trick.py"
    model.write_text(model.read_text(encoding="utf-8") + "\n# a refactor of the model\n")
    code, out = coach_here(folder, "test")
    assert (code, "🔁 A refactor" in out) == (0, True), out
    steps = folder / "step_defs" / "tricks.py"
    empty = '\n\n@then("it checks nothing")\ndef _nothing() -> None:\n    pass\n'
    steps.write_text(steps.read_text(encoding="utf-8") + empty)
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert "🔁" not in out
    assert "These Then steps check nothing (their body is `pass`):" in out.splitlines()
    assert any(line.endswith("`_nothing`") for line in out.splitlines())
    lines = [json.loads(line) for line in (folder / "kata-history.jsonl").read_text().splitlines()]
    assert [line["refactor"] for line in lines[-2:]] == [True, False]


def test_one_wrong_model_that_cannot_be_measured_yet_is_told_as_one() -> None:
    """ "1 wrong model … with them … against them": one is "it"."""
    from types import SimpleNamespace

    from euchre.kata.coach.telling import green

    wrong = by_name("leader-must-lead-trump")
    measure = steps_level.LetThrough((wrong,), {}, [], unwritten=(wrong,), parts=("is_left_bower",))
    said: list[str] = []
    run = SimpleNamespace(reach=SimpleNamespace(stage=3))
    green.let_through(run, measure, said.append)  # type: ignore[arg-type]
    assert said[0] == (
        "🕵 1 wrong model of stage 3 cannot be measured yet: with it your model raises"
        " NotImplementedError, from a part not written yet that it uses (is_left_bower). Once"
        " that part is written, the coach measures your steps against it:"
    )


@pytest.mark.parametrize(("message", "named"), [("is_left_bower", " (is_left_bower)"), ("", "")])
def test_a_wrong_model_that_reaches_a_part_of_the_model_not_written_yet_is_not_let_through(
    folder: Path, monkeypatch: pytest.MonkeyPatch, message: str, named: str
) -> None:
    """The learner's model tells the Left Bar without `is_left_bower`, still NotImplementedError;
    the wrong models built on it raise that, which no step can catch: they are said to wait
    for it, not to slip through the steps."""
    import euchre.trump  # the model this process runs, as the learner's would be

    told = euchre.trump.is_left_bower

    def is_left_bower(card: object, trump: object) -> bool:
        if sys._getframe(1).f_globals["__name__"].startswith("euchre.kata.coach.wrong_models"):
            raise NotImplementedError(message)  # as the workspace's model says it, or not
        return told(card, trump)  # type: ignore[arg-type]

    monkeypatch.setattr(euchre.trump, "is_left_bower", is_left_bower)
    code, out = coach_here(folder, "test")
    assert code == 0, out
    lines = out.splitlines()
    at = next(n for n, line in enumerate(lines) if "cannot be measured yet" in line)
    assert lines[at] == (  # the part is named: the learner knows what to write next
        "🕵 3 wrong models of stage 3 cannot be measured yet: with them your model raises"
        f" NotImplementedError, from a part not written yet that they use{named}."
        " Once that part is written, the coach measures your steps against them:"
    )
    waiting = [line for line in lines[at + 1 :] if line.startswith("  a model in which")]
    assert f"  a model in which {by_name('must-trump-when-void').sentence}" in waiting, out
    assert "must-trump-when-void" not in last_line(folder).get("through", []), out
    assert "Stage 3, The lead suit, is done" not in out, "not while some cannot be measured"
