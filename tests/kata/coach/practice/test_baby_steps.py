"""Baby steps put the files back to the last green run, and never a file saved since the run.

In a real git: the run's files are kept as a commit (the snapshot), then put back. A learner who
saves a file in between (the editor's save lands while `make test` ends) keeps what they saved.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from freezegun import freeze_time

from euchre.kata.coach.record import code, history, reverting
from tests.workspaces import git, kept_runs, model, run, settle

TRICK = "euchre/trick.py"


@pytest.fixture
def workspace(workspace_in_git: Path) -> Path:
    """Baby steps of 2 minutes; a green run at 10:00, then red from 10:00:30."""
    settle(workspace_in_git, "baby-steps", minutes=2)
    (workspace_in_git / TRICK).write_text("TRICK = 1\n")
    with freeze_time("2026-11-25 10:00:00"):
        model(workspace_in_git, "return 5")
        assert run(workspace_in_git, "test")[0] == 0
    with freeze_time("2026-11-25 10:00:30"):
        model(workspace_in_git, "return 4")
        assert run(workspace_in_git, "test")[0] == 1
    return workspace_in_git


def saving_before_the_put_back(
    monkeypatch: pytest.MonkeyPatch, save: Callable[[], None]
) -> list[str]:
    """Run ``save`` the moment the run's files are kept, just before they are put back: as an
    editor's save lands while `make test` ends. The runs' commits the restore was given."""
    restore = reverting.restore
    given: list[str] = []

    def saving_first(workspace: Path, now: str, then: str) -> list[str]:
        given.append(now)
        save()
        return restore(workspace, now, then)

    monkeypatch.setattr(reverting, "restore", saving_first)
    return given


def test_a_file_saved_after_the_snapshot_is_not_put_back(
    workspace: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = workspace / "euchre" / "hand.py"
    trick = workspace / TRICK

    def save() -> None:
        trick.write_text("TRICK = 2  # saved as the run ended\n")
        hand.write_text("def cards_each() -> int:\n    return 3  # saved as the run ended\n")

    given = saving_before_the_put_back(monkeypatch, save)
    with freeze_time("2026-11-25 10:02:30"):
        model(workspace, "return 6")
        (workspace / "euchre" / "extra.py").write_text("EXTRA = 1\n")
        code, _ = run(workspace, "test")
    assert code == 1
    assert given, "the time was up: the files were to be put back"
    assert kept_runs(workspace)[-1].reverted
    assert trick.read_text() == "TRICK = 2  # saved as the run ended\n"
    assert hand.read_text().endswith("return 3  # saved as the run ended\n")
    assert not (workspace / "euchre" / "extra.py").exists(), "unchanged since the run: put back"
    assert capsys.readouterr().err == (
        "warning: baby steps: euchre/hand.py changed as the run ended: it is as you left it, not"
        " put back\n"
    )


def test_a_new_file_saved_after_the_snapshot_is_not_removed(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    late = workspace / "euchre" / "late.py"
    extra = workspace / "euchre" / "extra.py"

    def save() -> None:
        late.write_text("LATE = 1\n")
        extra.write_text("EXTRA = 2  # saved as the run ended\n")

    saving_before_the_put_back(monkeypatch, save)
    with freeze_time("2026-11-25 10:02:30"):
        extra.write_text("EXTRA = 1\n")
        code, _ = run(workspace, "test")
    assert code == 1
    assert late.read_text() == "LATE = 1\n"
    assert extra.read_text() == "EXTRA = 2  # saved as the run ended\n"
    assert (workspace / "euchre" / "hand.py").read_text().endswith("return 5\n")


@pytest.mark.parametrize(
    "name", ["café.py", "new\nline.py", "tab\tand space.py", '"quoted".py', "-dash.py"]
)
def test_a_new_file_of_any_name_is_removed_by_the_revert(workspace: Path, name: str) -> None:
    new = workspace / "euchre" / name
    with freeze_time("2026-11-25 10:02:30"):
        new.write_text("NEW = 1\n")
        code, _ = run(workspace, "test")
    assert code == 1
    assert kept_runs(workspace)[-1].reverted
    assert not new.exists()
    kept = git(workspace, "ls-tree", "-r", "-z", "--name-only", kept_runs(workspace)[-1].run)
    assert f"euchre/{name}" in kept.split("\0"), "the new file is kept in the reverted run"


def test_a_last_green_run_gone_from_git_puts_nothing_back_and_says_so(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = workspace / history.HISTORY
    lines = path.read_text().splitlines()
    green = json.loads(lines[0]) | {"run": "0" * 40}  # as a history edited by hand
    path.write_text("\n".join([json.dumps(green), *lines[1:]]) + "\n")
    capsys.readouterr()
    with freeze_time("2026-11-25 10:02:30"):
        model(workspace, "return 6")
        code, said = run(workspace, "test")
    assert code == 1
    assert "Baby steps" not in said
    assert (workspace / "euchre" / "hand.py").read_text().endswith("return 6\n")
    err = capsys.readouterr().err
    assert err.startswith("warning: baby steps: your files could not be put back (fatal: ")
    assert err.endswith("); they are as they were\n")


def test_a_new_file_whose_name_is_not_utf_8_is_removed_by_the_revert(workspace: Path) -> None:
    """A name is bytes to the disk and to git: b"\\xff.py" is no text, and no trouble."""
    new = os.fsencode(workspace / "euchre") + b"/\xff\xfe.py"
    with freeze_time("2026-11-25 10:02:30"):
        with open(new, "wb") as file:
            file.write(b"NEW = 1\n")
        code, _ = run(workspace, "test")
    assert code == 1
    assert kept_runs(workspace)[-1].reverted
    assert not os.path.lexists(new)


def test_a_file_made_a_folder_and_a_link_planted_are_put_back_as_they_were(
    workspace: Path,
) -> None:
    """The kinds of file change too: a module made a package, a link where there was none."""
    hand = workspace / "euchre" / "hand.py"
    with freeze_time("2026-11-25 10:02:30"):
        hand.unlink()
        hand.mkdir()
        (hand / "inner.py").write_text("INNER = 1\n")
        (workspace / "euchre" / "link.py").symlink_to(workspace / TRICK)
        code, _ = run(workspace, "test")
    assert code == 1  # the learner's test cannot run a folder
    assert kept_runs(workspace)[-1].reverted
    assert hand.is_file()
    assert hand.read_text().endswith("return 5\n")
    assert not os.path.lexists(workspace / "euchre" / "link.py")


def test_a_link_changed_as_the_run_ended_is_left_as_it_is(
    workspace: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    link = workspace / "euchre" / "link.py"
    saving_before_the_put_back(monkeypatch, lambda: (link.unlink(), link.symlink_to("elsewhere")))
    with freeze_time("2026-11-25 10:02:30"):
        link.symlink_to(workspace / TRICK)
        code, _ = run(workspace, "test")
    assert code == 1
    assert os.readlink(link) == "elsewhere"
    assert "euchre/link.py changed as the run ended" in capsys.readouterr().err


@pytest.mark.parametrize("hash_name", ["sha1", "sha256"])
def test_a_links_object_is_named_as_git_names_it(tmp_path: Path, hash_name: str) -> None:
    git(tmp_path, "init", "-q", f"--object-format={hash_name}")
    (tmp_path / "link.py").symlink_to("../somewhere/trick.py")
    git(tmp_path, "add", "link.py")
    named = git(tmp_path, "ls-files", "-s", "link.py").split()[1]
    assert reverting._blob(b"../somewhere/trick.py", named) == named


def test_review_names_each_file_as_it_is_named(workspace: Path) -> None:
    for name in ("café.py", "new\nline.py"):
        (workspace / "euchre" / name).write_text("X = 1\n")
    run(workspace, "test")
    code, shown = run(workspace, "review", "--run", "3")
    assert code == 0
    assert "  2 files changed since run 2: euchre/café.py (+1 -0), euchre/new\nline.py (+1 -0)" in (
        shown
    )


def test_a_file_deleted_as_the_run_ended_stays_deleted(
    workspace: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = workspace / "euchre" / "hand.py"
    saving_before_the_put_back(monkeypatch, hand.unlink)
    with freeze_time("2026-11-25 10:02:30"):
        model(workspace, "return 6")
        code, _ = run(workspace, "test")
    assert code == 1
    assert not hand.exists(), "deleting is a change of the learner's too"
    assert "euchre/hand.py changed as the run ended" in capsys.readouterr().err


def test_a_step_after_a_revert_is_measured_from_the_files_put_back(workspace: Path) -> None:
    """The step from red to green starts from the files the learner had: after a revert, the
    green run's they went back to, not the code thrown away (a facilitator read "26 lines" of
    a step of 14, from restored code to green)."""
    extra = "".join(f"EXTRA_{n} = {n}\n" for n in range(20))
    with freeze_time("2026-11-25 10:02:30"):
        model(workspace, "return 6")
        (workspace / "euchre" / "extra.py").write_text(extra)
        assert run(workspace, "test")[0] == 1
    assert kept_runs(workspace)[-1].reverted
    with freeze_time("2026-11-25 10:03:00"):
        model(workspace, "return 5  # one line from the files put back")
        assert run(workspace, "test")[0] == 0
        said = run(workspace, "progress")[1]
    # One line changed from the files put back: one removed, one added (from the code thrown
    # away it was 22, the twenty lines of extra.py too).
    assert "Steps from red to green: 2 lines (one step)" in said, said
    kept = kept_runs(workspace)
    posted = code.of_run(workspace, kept[-1].run, runs=kept)  # as a dashboard is sent it
    assert (posted.lines_changed, posted.diff is not None and "EXTRA_" in posted.diff) == (2, False)
