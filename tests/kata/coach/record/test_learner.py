"""The workspace's settings (`.kata-workspace.json`): read whole, or the run stops and says so."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from euchre.kata.coach.record import history, learner, reach, runs
from euchre.kata.coach.record.files import UnreadableError
from tests.workspaces import coach, git, settle

MEND = f"`git restore {learner.SETTINGS}` brings back the settings the workspace was made with"


@pytest.mark.parametrize("command", ["test", "next"])
def test_a_truncated_settings_file_stops_the_run_naming_it_and_changes_nothing(
    workspace_in_git: Path, command: str
) -> None:
    settle(workspace_in_git, "", level="examples")
    git(workspace_in_git, "add", learner.SETTINGS)
    git(workspace_in_git, "commit", "-q", "-m", "The settings")
    settings = workspace_in_git / learner.SETTINGS
    truncated = settings.read_bytes()[:20]
    settings.write_bytes(truncated)
    before = sorted(os.listdir(workspace_in_git))
    code, said = coach(workspace_in_git, command)
    assert (code, said) == (
        2,
        [
            f"make {command}: {learner.SETTINGS} cannot be read (Expecting ',' delimiter:"
            f" line 1 column 21 (char 20)): {MEND}"
        ],
    )
    assert settings.read_bytes() == truncated
    assert sorted(os.listdir(workspace_in_git)) == before
    assert not (workspace_in_git / history.HISTORY).exists()
    assert not (workspace_in_git / reach.REACHED).exists()
    with pytest.raises(runs.GitFailedError):
        runs.git(workspace_in_git, "rev-parse", "--verify", "-q", runs.REF)
    # The way the line gives mends it.
    git(workspace_in_git, "restore", learner.SETTINGS)
    assert learner.load(workspace_in_git) == learner.Settings("examples", "", 2)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "Expecting value: line 1 column 1 (char 0)"),
        ("[]", "not a JSON object"),
        ('{"level": "steps"}', "no 'constraint'"),
        ('{"level": 1, "constraint": "", "minutes": 2}', "the level is not one of model, steps,"),
        ('{"level": "x", "constraint": "", "minutes": 2}', "the level is not one of model, steps,"),
        ('{"level": "steps", "constraint": "slow", "minutes": 2}', "the constraint is not"),
        ('{"level": "steps", "constraint": "", "minutes": 0}', "the minutes are not a whole"),
        ('{"level": "steps", "constraint": "", "minutes": true}', "the minutes are not a whole"),
        (b"\xff", "'utf-8' codec can't decode byte 0xff"),
    ],
)
def test_settings_that_cannot_be_read_are_refused_with_the_reason(
    tmp_path: Path, text: str | bytes, reason: str
) -> None:
    path = tmp_path / learner.SETTINGS
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(UnreadableError) as refused:
        learner.load(tmp_path)
    assert str(refused.value.strerror).startswith(f"{learner.SETTINGS} cannot be read ({reason}")


def test_a_folder_in_place_of_the_settings_is_refused(tmp_path: Path) -> None:
    (tmp_path / learner.SETTINGS).mkdir()
    with pytest.raises(UnreadableError, match=r"cannot be read \(not a regular file"):
        learner.load(tmp_path)


def test_a_workspace_without_settings_is_at_level_model_with_no_constraint(tmp_path: Path) -> None:
    """As a workspace made before there were levels."""
    assert learner.load(tmp_path) == learner.Settings()
    for line in ('{"level": "steps", "constraint": "baby-steps", "minutes": 3}',):
        (tmp_path / learner.SETTINGS).write_text(line)
        assert learner.load(tmp_path) == learner.Settings("steps", "baby-steps", 3)
        (tmp_path / learner.SETTINGS).write_text("\ufeff" + line)  # as Notepad saves it
        assert learner.load(tmp_path) == learner.Settings("steps", "baby-steps", 3)
    assert learner.Settings("steps").paths == ("euchre", "tests", "step_defs")
