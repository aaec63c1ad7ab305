"""Level `steps`: after a green run the coach names each wrong model of the stage that the
learner's steps let through, with the scenarios that catch it when the given steps are used,
and a Then whose body is `pass`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from euchre.kata import coach_tables, workspace
from euchre.kata.coach import examples, reach, weak_steps
from euchre.kata.coach.stages import STAGES
from euchre.kata.coach.wrong_models import by_name
from tests.test_kata_workspace import ROOT, coach_here, isolated, only_modules

__all__ = ["isolated"]  # the fixture that keeps this repository's step definitions apart


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
    reach.save(made, reach.Reach(3, len(reach.scenarios(made, STAGES[2]))))
    monkeypatch.syspath_prepend(str(made))
    return made


def test_steps_that_check_what_they_say_let_no_wrong_model_through(folder: Path) -> None:
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert "🕵" not in out


def test_a_then_with_pass_as_its_body_is_named_with_the_wrong_model_it_lets_through(
    folder: Path,
) -> None:
    steps = folder / "step_defs" / "tricks.py"
    text = steps.read_text(encoding="utf-8")
    checking = (
        "    lead = world.the_trick().lead_suit\n"
        "    assert lead is suit, "
        'f"the lead suit should be {notation(suit)}, not {notation(lead)}"\n'
    )
    assert checking in text
    steps.write_text(text.replace(checking, "    pass\n"), encoding="utf-8")
    code, out = coach_here(folder, "test")
    assert code == 0, out
    lines = out.splitlines()
    assert any(line.startswith("🕵 Your steps let ") for line in lines), out
    assert (
        f"  a model in which {by_name('left-bar-only-when-red').sentence}: caught, with the given"
        ' steps, by "The Left Bar, <left>, is led when <trump> are trump"' in lines
    )
    line = text[: text.index(checking)].count("\n")  # the def line, before the body
    assert "These Then steps check nothing (their body is `pass`):" in lines
    assert f"  step_defs/tricks.py:{line}  `_lead_suit`" in lines


@pytest.mark.e2e
def test_the_shipped_table_of_what_the_given_steps_catch_is_the_one_measured_now() -> None:
    """If this fails after a feature or a step changed: python -m euchre.kata.coach_tables"""
    assert coach_tables.measure(ROOT / "step_defs") == weak_steps.given_catches()


def test_the_shipped_step_examples_are_the_ones_the_features_hold_now() -> None:
    """If this fails after a feature changed: python -m euchre.kata.coach_tables"""
    shipped = json.loads(coach_tables.SHIPPED_STEP_EXAMPLES.read_text(encoding="utf-8"))
    assert shipped == examples.step_examples(ROOT / "features")
