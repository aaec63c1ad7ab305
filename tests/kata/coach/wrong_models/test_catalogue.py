"""The catalogue of wrong models: each is caught by its stage, and each really is wrong.

For every catalogued wrong model, applied to the reference model: its probe answers otherwise
than the reference does, and the model is exactly itself again afterwards; and one pytest
session (in this process, run once) runs each stage's scenarios against that stage's wrong
models, where at least one scenario of the stage must fail on an assertion or a refusal, while
the unpatched model passes every scenario.
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from euchre.kata.coach.record.stages import STAGES
from euchre.kata.coach.wrong_models import catalogue, kit
from euchre.kata.coach.wrong_models.catalogue import (
    CATALOGUE,
    WrongModel,
    applied,
    by_name,
    of_stages,
)
from euchre.kata.coach.wrong_models.kit import Patcher, shown
from tests.kata.coach.wrong_models import probes
from tests.kata.coach.wrong_models.probes import PROBES
from tests.paths import ROOT

PLUGIN = "euchre.kata.coach.wrong_models.plugin"
IDS = [wrong.name for wrong in CATALOGUE]


def rules_of(stage: int) -> list[str]:
    text = (ROOT / STAGES[stage - 1].feature_path).read_text(encoding="utf-8")
    return re.findall(r"^\s*Rule: (.+?)\s*$", text, flags=re.MULTILINE)


def test_the_catalogue_holds_at_least_30_wrong_models_each_named_once() -> None:
    assert len(CATALOGUE) >= 30
    assert len(set(IDS)) == len(IDS), "two wrong models share a name"
    for wrong in CATALOGUE:
        assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", wrong.name), wrong.name
        # It reads on from "a model in which ...": no capital but a name, no full stop.
        capital = wrong.sentence[:1].isupper() and not wrong.sentence.startswith("Team ")
        assert not capital, wrong.sentence
        assert not wrong.sentence.endswith("."), wrong.sentence
        assert "\n" not in wrong.sentence, wrong.sentence


@pytest.mark.parametrize("stage", [stage.number for stage in STAGES])
def test_every_rule_of_every_stage_has_a_wrong_model_that_names_it(stage: int) -> None:
    rules = rules_of(stage)
    named = {wrong.rule for wrong in of_stages([stage])}
    assert named <= set(rules), f"stage {stage} has no such Rule: {named - set(rules)}"
    assert set(rules) <= named, f"no wrong model breaks {set(rules) - named}"


def test_the_wrong_models_a_learner_wrote_are_in_the_catalogue_at_their_stage() -> None:
    seen = {
        "shuffle-ignores-its-seed": 1,
        "deals-23-cards": 1,
        "next-trick-same-leader": 2,
        "dealer-leads": 2,
        "left-bar-only-when-red": 3,
        "off-suit-can-win": 5,
        "round-2-order-up-taken-as-pass": 7,
        "discard-not-held-bare-error": 7,
        "play-ignored": 7,
    }
    assert {name: by_name(name).stage for name in seen} == seen


def test_the_catalogue_is_found_by_name_and_by_stage() -> None:
    assert by_name("left-bar-only-when-red").stage == 3
    with pytest.raises(KeyError, match="no wrong model 'nonsense': choose from"):
        by_name("nonsense")
    assert of_stages([1, 2]) == tuple(w for w in CATALOGUE if w.stage <= 2)
    assert of_stages([]) == ()


def model_state() -> dict[tuple[str, str], object]:
    """Every name of the model's modules and classes, and of the step definitions."""
    state: dict[tuple[str, str], object] = {}
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] not in ("euchre", "step_defs") or ".kata" in name:
            continue
        for attribute, value in list(vars(module).items()):
            state[name, attribute] = value
            if isinstance(value, type) and value.__module__ == name:
                for member, inner in vars(value).items():
                    state[f"{name}.{attribute}", member] = inner
    return state


@pytest.mark.parametrize("wrong", CATALOGUE, ids=IDS)
def test_a_wrong_model_changes_what_its_probe_sees_and_is_undone_exactly(
    wrong: WrongModel,
) -> None:
    probe = PROBES[wrong.name]
    before, state = probe(), model_state()
    with applied(wrong) as applying:
        assert applying is wrong
        during = probe()
    assert during != before, f"{wrong.name} changes nothing its probe sees: {before}"
    assert probe() == before
    assert model_state() == state, f"{wrong.name} left the model changed"


def test_a_wrong_model_is_undone_even_when_its_block_raises() -> None:
    wrong, state = by_name("dealer-leads"), model_state()
    with pytest.raises(RuntimeError), applied(wrong):
        raise RuntimeError
    assert model_state() == state


class Plain:
    """A class of the kind a learner writes: attributes in the instance, no slots."""

    def __init__(self) -> None:
        self.value = 1


def test_an_attribute_held_by_the_instance_or_the_class_reads_through_a_patch() -> None:
    patcher = Patcher()
    module = type(sys)("euchre.plain_for_test")
    module.Plain = Plain  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    Plain.shared = 5  # type: ignore[attr-defined]
    try:
        patcher.attribute("plain_for_test", "Plain", "value", lambda made, read: read() * 10)
        patcher.attribute("plain_for_test", "Plain", "shared", lambda made, read: read() + 1)
        patcher.attribute("plain_for_test", "Plain", "missing", lambda made, read: read())
        made = Plain()
        assert (made.value, made.shared) == (10, 6)
        made.shared = 7  # type: ignore[attr-defined]
        assert made.shared == 8  # type: ignore[attr-defined]
        with pytest.raises(AttributeError):
            made.missing  # type: ignore[attr-defined]  # noqa: B018
        assert Plain.value is vars(Plain)["value"]  # type: ignore[attr-defined]
    finally:
        patcher.undo()
        del sys.modules[module.__name__]
        del Plain.shared  # type: ignore[attr-defined]
    assert "value" not in vars(Plain)
    assert Plain().value == 1


def test_a_value_is_shown_as_plain_text_and_tuples() -> None:
    assert shown({"b": [1, None], "a": (True,)}) == (("a", (True,)), ("b", (1, None)))
    assert shown(object.__new__(Plain)).startswith("<")


# One session, run once: every scenario against the model, and each stage's scenarios
# against each of that stage's wrong models.


def run_scenarios(tmp: Path, *options: str, paths: tuple[str, ...] = ("step_defs",)) -> Any:
    report = tmp / "report.json"
    arguments = [*paths, "-q", "--tb=no", "-p", "no:cacheprovider", "-p", PLUGIN, *options]
    code = pytest.main([*arguments, "--wrong-models-report", str(report)])
    return code, json.loads(report.read_text(encoding="utf-8"))


@pytest.mark.usefixtures("uncovered")
def test_each_stage_catches_its_wrong_models_and_passes_the_model_as_it_is(
    tmp_path: Path,
) -> None:
    """One session, so that the scenarios run once for each wrong model, not once a process;
    untraced, as the tests of each wrong model and of the plugin cover every line it runs."""
    options = ("--wrong-models", "none,all", "--wrong-models-scenarios", "stage")
    code, records = run_scenarios(tmp_path, *options)
    assert code == pytest.ExitCode.TESTS_FAILED
    plain = [record for record in records if record["wrong_model"] == "none"]
    assert len(plain) > 90
    assert {record["outcome"] for record in plain} == {"passed"}
    assert {record["stage"] for record in plain} == {stage.number for stage in STAGES}
    met: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        met[record["wrong_model"]].append(record)
    for wrong in CATALOGUE:
        assert {record["stage"] for record in met[wrong.name]} == {wrong.stage}, wrong.name
    uncaught = [w.name for w in CATALOGUE if not any(r["caught"] for r in met[w.name])]
    assert not uncaught, f"no scenario of their stage catches {uncaught}"
    broken = [
        (record["test"], record["error"])
        for record in records
        if record["outcome"] != "passed" and not record["caught"]
    ]
    assert not broken, f"scenarios fail by an error of the wrong model's own: {broken}"
    caught = [record["test"] for record in met["left-bar-only-when-red"] if record["caught"]]
    assert caught == [
        "step_defs/test_lead_suit.py::"
        "test_the_left_bar_left_is_led_when_trump_are_trump[~left-bar-only-when-red-clubs-JS]",
        "step_defs/test_lead_suit.py::"
        "test_the_left_bar_left_is_led_when_trump_are_trump[~left-bar-only-when-red-spades-JC]",
    ]


def test_one_wrong_model_for_the_whole_run(tmp_path: Path) -> None:
    code, records = run_scenarios(
        tmp_path,
        "--wrong-model",
        "left-bar-of-the-other-colour",
        paths=("step_defs/test_trump_suit.py",),
    )
    assert code == pytest.ExitCode.TESTS_FAILED
    assert {record["wrong_model"] for record in records} == {None}
    assert any(record["caught"] for record in records)
    assert PROBES["left-bar-of-the-other-colour"]() == ("JD",)


def test_scenarios_reached_until_the_wrong_model_is_caught(tmp_path: Path) -> None:
    options = ("--wrong-models", "dealer-leads,leader-wins", "--wrong-models-scenarios")
    code, records = run_scenarios(
        tmp_path,
        *options,
        "reached",
        "--wrong-models-until-caught",
        paths=("step_defs/test_play_order.py", "tests/model/test_seats.py"),
    )
    assert code == pytest.ExitCode.TESTS_FAILED
    met = {(record["wrong_model"], record["outcome"]) for record in records}
    assert ("dealer-leads", "skipped") in met
    assert ("leader-wins", "failed") in met
    assert all(record["stage"] == 2 for record in records if record["wrong_model"])


def test_every_test_meets_each_wrong_model_by_default(tmp_path: Path) -> None:
    code, records = run_scenarios(
        tmp_path, "--wrong-models", "none,ace-above-the-bars", paths=("tests/model/test_seats.py",)
    )
    assert code == pytest.ExitCode.OK
    assert {record["wrong_model"] for record in records} == {"none", "ace-above-the-bars"}
    assert {record["stage"] for record in records} == {None}


def test_an_unknown_wrong_model_is_a_usage_error() -> None:
    for option in ("--wrong-model", "--wrong-models"):
        code = pytest.main(["tests/model/test_seats.py", "-q", "-p", PLUGIN, option, "nonsense"])
        assert code == pytest.ExitCode.USAGE_ERROR
    code = pytest.main(
        ["tests/model/test_seats.py", "-q", "-p", PLUGIN, "--wrong-model", "dealer-leads"]
    )
    assert code == pytest.ExitCode.OK


def test_a_wrong_model_changes_only_what_its_sentence_says() -> None:
    """The dealer leads for an eldest who sits out, and a hand the eldest plays is as it was;
    the same dealer deals again, and the hand they deal is the game's hand in all else."""
    actions = kit.model("actions")
    with applied(by_name("dealer-leads-for-the-eldest")):
        played = kit.hand(None, actions.OrderUp(alone=True), actions.Discard(*kit.cards("9D")))
        assert played.trick.order[0] is kit.seat(1)
    with applied(by_name("same-dealer-again")):
        game = probes.resumed({"stick_the_dealer": False})
        for action in probes.passes(8):
            game.apply(action)
        assert game.hand.dealer is kit.seat(4)
        assert game.hand.turn is kit.seat(2)


def test_the_module_imports_no_model_until_a_wrong_model_is_used() -> None:
    assert "import euchre" not in Path(catalogue.__file__).read_text(encoding="utf-8")


def test_an_attribute_read_otherwise_still_sets_a_slot_of_its_own() -> None:
    # The reference model keeps no slots; a learner's model may, and a wrong model that reads
    # a slot otherwise must still let the model set it.
    class Slotted:
        __slots__ = ("value",)
        value: int

    read = kit._Read("value", Slotted.__dict__["value"], lambda _, get: get() + 1)
    held = Slotted()
    read.__set__(held, 41)
    assert (held.value, read.__get__(held)) == (41, 42)
