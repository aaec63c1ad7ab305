"""The history's lines: a line is a run of a stage there is, or it is skipped with a warning."""

from __future__ import annotations

import errno
import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from euchre.kata.coach import problems
from euchre.kata.coach.record import history
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.stages import STAGES
from tests.dashboards import a_run, write_history
from tests.workspaces import coach


def line_with(**fields: object) -> str:
    return json.dumps(json.loads(a_run(1, "green").to_json()) | fields)


@pytest.mark.parametrize("stage", [0, len(STAGES) + 1, -1])
def test_a_line_of_a_stage_there_is_not_is_not_a_run(stage: int) -> None:
    with pytest.raises(ValueError, match=f"there is no stage {stage}"):
        Line.from_json(line_with(stage=stage))


@pytest.mark.parametrize("stage", [0, len(STAGES) + 1])
def test_progress_skips_a_line_of_a_stage_there_is_not_with_a_warning(
    workspace: Path, capsys: pytest.CaptureFixture[str], stage: int
) -> None:
    write_history(workspace, a_run(0, "green"))
    with (workspace / history.HISTORY).open("a") as file:
        file.write(line_with(stage=stage) + "\n")
    code, said = coach(workspace, "progress")
    assert code == 0
    assert said[0] == "Lights: 🟢"
    assert f"Stage {len(STAGES)}" not in "\n".join(said)
    assert capsys.readouterr().err == (
        f"warning: {history.HISTORY} line 2 skipped: it is not a run (there is no stage {stage}:"
        f" the stages are 1 to {len(STAGES)})\n"
    )


@pytest.mark.parametrize("command", ["test", "next", "progress", "review"])
def test_a_folder_named_as_the_history_is_one_line_and_left_alone(
    workspace: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    (workspace / history.HISTORY / "notes").mkdir(parents=True)
    code, said = coach(workspace, command)
    assert (code, said) == (
        2,
        [
            f"make {command}: {history.HISTORY} is not a file: move it away, and the history is"
            " read again from your runs in git"
        ],
    )
    assert capsys.readouterr().err == ""
    assert (workspace / history.HISTORY / "notes").is_dir()


def test_a_workspace_without_a_history_has_no_runs(tmp_path: Path) -> None:
    assert history.read(tmp_path, pytest.fail) == []


def test_a_run_after_an_empty_history_is_its_first_line(tmp_path: Path) -> None:
    (tmp_path / history.HISTORY).write_bytes(b"")
    history.append(tmp_path, a_run(0))
    assert (tmp_path / history.HISTORY).read_text() == a_run(0).to_json() + "\n"


def test_a_file_that_cannot_be_used_for_another_reason_is_named_with_it(tmp_path: Path) -> None:
    error = OSError(errno.EIO, "Input/output error", str(tmp_path / history.HISTORY))
    assert problems.told(error, tmp_path) == f"cannot use {history.HISTORY}: Input/output error"
    elsewhere = OSError(errno.EIO, "Input/output error", "/elsewhere/file")
    assert problems.told(elsewhere, tmp_path) == "cannot use /elsewhere/file: Input/output error"


def test_the_disk_is_named_by_where_it_is_mounted(tmp_path: Path) -> None:
    assert os.path.ismount(problems.mount_point(tmp_path / "a" / "b"))
    assert problems.mount_point(Path("/")) == Path("/")


def test_the_wrong_models_let_through_are_kept_by_name_and_read_back() -> None:
    run = a_run(1, "green", caught=1, wrong_models=3, through=("dealer-leads", "deal-3-then-2"))
    assert json.loads(run.to_json())["through"] == ["dealer-leads", "deal-3-then-2"]
    assert Line.from_json(run.to_json()) == run
    assert "through" not in json.loads(a_run(1, "green").to_json()), "none: not written"


@pytest.mark.parametrize(
    ("through", "why"),
    [
        ("dealer-leads", "through must be a list of wrong models' names"),
        ([3], "through must be a list of wrong models' names"),
        (["Dealer Leads"], "through must be a list of wrong models' names"),
        (["x" * 81], "through must be a list of wrong models' names"),
        (["a"] * 201, "through names more wrong models than there are"),
    ],
)
def test_a_line_whose_through_is_not_names_is_not_a_run(through: object, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        Line.from_json(line_with(through=through))


def test_at_level_steps_why_a_wrong_model_got_through_is_kept_and_read_back() -> None:
    """The error a scenario stopped on instead of a check failing, and the Thens that check
    nothing: what a facilitator tells the pair beside the wrong model."""
    run = a_run(
        1,
        "green",
        caught=0,
        wrong_models=2,
        through=("dealer-leads", "deal-3-then-2"),
        stopped=(("deal-3-then-2", "KeyError"),),
        empty_thens=("the lead suit is {suit}",),
    )
    run = replace(run, met=("dealer-leads", "deal-3-then-2", "three-then-two"))
    fields = json.loads(run.to_json())
    assert fields["met"] == ["dealer-leads", "deal-3-then-2", "three-then-two"]
    assert fields["stopped"] == [["deal-3-then-2", "KeyError"]]
    assert fields["empty_thens"] == ["the lead suit is {suit}"]
    assert Line.from_json(run.to_json()) == run
    assert not {"stopped", "empty_thens", "met"} & set(json.loads(a_run(1, "green").to_json()))


def test_a_red_runs_failing_scenarios_are_kept_and_read_back() -> None:
    """ "broke 2 scenarios, “A” and one more": a room asked which (three facilitators)."""
    run = a_run(1, "red", failing="A", failures=("A", "B"))
    assert json.loads(run.to_json())["failures"] == ["A", "B"]
    assert Line.from_json(run.to_json()) == run
    assert "failures" not in json.loads(a_run(1, "red").to_json())


def test_why_an_amber_run_could_not_run_is_kept_and_read_back() -> None:
    """What the pair saw: code that could not be loaded, a feature that could not be read, or
    an example with no When, more than one, or no Then ("example": any of those, in lines
    written before); a facilitator says which."""
    causes = ("code", "feature", "no-when", "whens", "no-then", "example")
    for cause in (*causes, "no-when-no-then", "whens-no-then"):
        run = a_run(1, "amber", amber=cause)
        assert json.loads(run.to_json())["amber"] == cause
        assert Line.from_json(run.to_json()) == run
    assert "amber" not in json.loads(a_run(1, "amber").to_json())


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"light": "amber", "amber": "typo"}, "'typo' is not why a run is amber"),
        ({"light": "red", "amber": "code"}, "only an amber run says why it is amber"),
        ({"light": "green", "no_step": True}, "only a red run fails for want of a step"),
        ({"stopped": {"dealer-leads": "KeyError"}}, "stopped must be a list of"),
        ({"stopped": [["dealer-leads"]]}, "stopped must be a list of"),
        ({"stopped": [["dealer-leads", "Key Error"]]}, "stopped must be a list of"),
        ({"stopped": [["dealer-leads", "E" * 81]]}, "stopped must be a list of"),
        ({"stopped": [["deal-3-then-2", "KeyError"]]}, "stopped names one not let through"),
        ({"empty_thens": "the lead suit"}, "empty_thens must be a list of texts"),
        ({"empty_thens": [3]}, "empty_thens must be a list of texts"),
        ({"empty_thens": ["x" * 201]}, "empty_thens must be a list of texts"),
        ({"empty_thens": ["\ud800"]}, "empty_thens must be a list of texts"),
        ({"empty_thens": ["x"] * 201}, "empty_thens names more"),
        ({"failures": "Dealing"}, "failures must be a list of texts"),
        ({"met": ["Dealer leads"]}, "met must be a list of wrong models' names"),
        ({"failures": ["A", "B", "C", "D", "E"]}, "failures names more than a line keeps"),
    ],
)
def test_a_line_whose_reasons_are_not_names_is_not_a_run(
    fields: dict[str, object], why: str
) -> None:
    with pytest.raises(ValueError, match=why):
        Line.from_json(line_with(through=["dealer-leads"], **fields))


def test_a_line_keeps_its_workspaces_level_and_reads_it_back() -> None:
    run = a_run(1, "green", level="examples")
    assert json.loads(run.to_json())["level"] == "examples"
    assert Line.from_json(run.to_json()) == run
    assert Line.from_json(line_with()).level == "", "a line written before the level was kept"


@pytest.mark.parametrize(
    ("level", "why"), [("everything", "'everything' is not a level"), (1, "the wrong type")]
)
def test_a_line_of_a_level_there_is_not_is_not_a_run(level: object, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        Line.from_json(line_with(level=level))


@pytest.mark.parametrize("missing", ["time", "stage", "scenario", "light", "passed", "reached"])
def test_a_line_without_a_field_every_run_has_is_not_a_run(missing: str) -> None:
    fields = json.loads(a_run(1, "green").to_json())
    del fields[missing]
    with pytest.raises(ValueError, match=f"no '{missing}'"):
        Line.from_json(json.dumps(fields))


def test_every_light_in_the_terminal_has_a_shape_of_its_own_not_a_colour_alone() -> None:
    """Red and green circles look alike to a red-green colour-blind eye: of the five lights,
    at most one is a circle, and no two share a shape."""
    from euchre.kata.coach.record.lights import AT_ONCE, LIGHTS, REFACTOR

    symbols = [*LIGHTS.values(), AT_ONCE, REFACTOR]
    circles = set("🔴🟠🟡🟢🔵🟣🟤⚫⚪")
    squares = set("🟥🟧🟨🟩🟦🟪🟫⬛⬜")
    diamonds = set("🔶🔷🔸🔹")
    assert len(set(symbols)) == 5
    for shape in (circles, squares, diamonds):
        assert len(shape & set(symbols)) <= 1, symbols
