"""The history's lines: a line is a run of a stage there is, or it is skipped with a warning."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre.kata.coach.record import history
from euchre.kata.coach.record.history import Run
from euchre.kata.coach.record.stages import STAGES
from tests.dashboards import a_run, write_history
from tests.workspaces import coach


def line_with(**fields: object) -> str:
    return json.dumps(json.loads(a_run(1, "green").to_json()) | fields)


@pytest.mark.parametrize("stage", [0, len(STAGES) + 1, -1])
def test_a_line_of_a_stage_there_is_not_is_not_a_run(stage: int) -> None:
    with pytest.raises(ValueError, match=f"there is no stage {stage}"):
        Run.from_json(line_with(stage=stage))


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
