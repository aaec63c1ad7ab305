"""`euchre dojo report WS` reads a workspace a learner handed over: untrusted input.

Nothing in it may run on the facilitator's machine (git's filters, fsmonitor, diff drivers,
pagers and hooks are commands its config can name), and nothing but a regular file is read.
Each test runs the report as the facilitator does: a real `euchre` process and a real git.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from euchre.dojo import objects, report
from euchre.kata.coach.record import code, history, joined
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.runs import GitFailedError
from tests.workspaces import git, kept_runs, model, run


@pytest.fixture
def workspace(workspace_in_git: Path) -> Path:
    """Here a workspace of one stage, a model and the learner's test, in its own git."""
    return workspace_in_git


PLANTED = "PWNED"


def facilitator_reports(folder: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """The facilitator's command, in a process of its own, bounded so that a hang fails."""
    return subprocess.run(
        [sys.executable, "-m", "euchre", "dojo", "report", str(folder), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=out.parent,
    )


def plant(folder: Path, witness: Path) -> None:
    """Every command a workspace's git config can make git run while reading its runs."""
    command = f'sh -c "echo ran >>{witness}; cat"'
    for key, value in [
        ("filter.x.smudge", command),
        ("filter.x.clean", command),
        ("filter.x.process", command),
        ("filter.x.required", "true"),
        ("diff.x.textconv", command),
        ("diff.x.command", command),
        ("diff.external", command),
        ("core.fsmonitor", command),
        ("core.pager", command),
        ("core.hooksPath", str(folder / "hooks")),
        ("core.attributesFile", str(folder / "attributes")),
    ]:
        git(folder, "config", key, value)
    attributes = "* filter=x diff=x export-subst\n"
    (folder / ".git" / "info").mkdir(exist_ok=True)
    (folder / ".git" / "info" / "attributes").write_text(attributes)
    (folder / "attributes").write_text(attributes)


def test_the_report_runs_nothing_a_workspaces_git_config_names(
    workspace: Path, tmp_path: Path
) -> None:
    model(workspace, "return 4")
    assert run(workspace, "test")[0] == 1
    model(workspace, "return 5")
    assert run(workspace, "test")[0] == 0
    witness = tmp_path / PLANTED
    plant(workspace, witness)
    out = tmp_path / "dojo.html"
    done = facilitator_reports(workspace, out)
    assert (done.returncode, done.stderr) == (0, "")
    assert not witness.exists(), witness.read_text()
    page = out.read_text()
    assert "def cards_each() -&gt; int:\n    return 5\n" in page  # the files, as committed
    assert '<span class="added">+    return 5</span>' in page  # and the diff
    assert len(kept_runs(workspace)) == 2


def test_the_report_reads_runs_whose_git_config_cannot_even_be_read(
    workspace: Path, tmp_path: Path
) -> None:
    """An include of a pipe would hang git at its first read of the config: none is read."""
    model(workspace, "return 5")
    assert run(workspace, "test")[0] == 0
    os.mkfifo(tmp_path / "pipe")
    git(workspace, "config", "include.path", str(tmp_path / "pipe"))
    out = tmp_path / "dojo.html"
    done = facilitator_reports(workspace, out)
    assert (done.returncode, done.stderr) == (0, "")
    assert "def cards_each() -&gt; int:\n    return 5\n" in out.read_text()


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "folder"])
def test_a_settings_file_that_is_not_a_regular_file_is_not_read(
    workspace: Path, tmp_path: Path, kind: str
) -> None:
    assert run(workspace, "test")[0] == 1
    settings = workspace / joined.SETTINGS
    if kind == "fifo":
        os.mkfifo(settings)
    elif kind == "folder":
        settings.mkdir()
    else:
        settings.symlink_to("/dev/zero")
    out = tmp_path / "dojo.html"
    done = facilitator_reports(workspace, out)
    assert done.returncode == 0, done.stderr
    assert done.stderr == (
        f"warning: {workspace}: {joined.SETTINGS} is not a regular file: not read\n"
    )
    assert ">kata-workspace</a>" in out.read_text()  # named by its folder


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero"])
def test_a_history_that_is_not_a_regular_file_is_refused_in_one_line(
    workspace: Path, tmp_path: Path, kind: str
) -> None:
    assert run(workspace, "test")[0] == 1
    kept = workspace / "kata-history.jsonl"
    kept.unlink()
    if kind == "fifo":
        os.mkfifo(kept)
    else:
        kept.symlink_to("/dev/zero")
    out = tmp_path / "dojo.html"
    done = facilitator_reports(workspace, out)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"euchre dojo: {kept} is not a regular file: is it a kata workspace?\n"
    assert not out.exists()


def test_a_pipe_planted_among_the_objects_stops_git_not_the_report(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model(workspace, "return 5")
    assert run(workspace, "test")[0] == 0
    sha = kept_runs(workspace)[-1].run
    blob = git(workspace, "rev-parse", f"{sha}:euchre/hand.py").strip()
    loose = workspace / ".git" / "objects" / blob[:2] / blob[2:]
    loose.unlink()
    os.mkfifo(loose)
    monkeypatch.setattr(objects, "SECONDS", 0.5)
    with pytest.raises(GitFailedError, match=r"^git took over 0.5 s to read the runs$"):
        code.of_run(workspace, sha, objects.read)


@pytest.mark.parametrize("kind", ["no git folder", "a link to another's objects"])
def test_a_workspace_without_objects_of_its_own_has_no_code_read(
    workspace: Path, tmp_path: Path, kind: str
) -> None:
    assert run(workspace, "test")[0] == 1
    sha = kept_runs(workspace)[-1].run
    objects_folder = workspace / ".git" / "objects"
    if kind == "no git folder":
        (workspace / ".git").rename(tmp_path / "moved")
        where = workspace / ".git"
    else:
        objects_folder.rename(tmp_path / "objects")
        objects_folder.symlink_to(tmp_path / "objects")
        where = objects_folder
    with pytest.raises(GitFailedError, match=f"^{where} is not a folder of the workspace's own$"):
        code.of_run(workspace, sha, objects.read)


def test_git_is_said_to_be_missing_or_silent_in_one_line(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(workspace, "test")[0] == 1
    with pytest.raises(GitFailedError, match=r"^git cat-file failed$"):
        objects.read(workspace, "cat-file", "-e", "0" * 40)  # says nothing: exits 1
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(GitFailedError, match=r"^git cannot run: No such file or directory$"):
        objects.read(workspace, "cat-file", "-e", "0" * 40)


def test_in_the_report_a_pipe_for_settings_is_one_warning_and_a_pipe_for_history_a_refusal(
    workspace: Path,
) -> None:
    """As above, in this process: what the report says, before any page is written."""
    assert run(workspace, "test")[0] == 1
    os.mkfifo(workspace / joined.SETTINGS)
    warned: list[str] = []
    (pair,) = report.read_workspaces([workspace], warned.append)
    assert (pair.name, len(pair.runs)) == ("kata-workspace", 1)
    assert warned == [f"{workspace}: {joined.SETTINGS} is not a regular file: not read"]
    kept = workspace / "kata-history.jsonl"
    kept.unlink()
    os.mkfifo(kept)
    with pytest.raises(report.ReportError, match=f"^{kept} is not a regular file: is it a kata"):
        report.read_workspaces([workspace], warned.append)


def test_a_history_too_large_to_read_is_refused_in_one_line(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(workspace, "test")[0] == 1
    monkeypatch.setattr(history, "MOST_HISTORY", 10)
    kept = workspace / "kata-history.jsonl"
    with pytest.raises(report.ReportError, match=f"^{kept} cannot be read: over 10 bytes$"):
        report.read_workspaces([workspace], pytest.fail)


@pytest.mark.parametrize("where", ["settings", "folder"])
def test_a_pair_named_by_what_is_not_text_is_shown_with_a_question_mark(
    workspace_in_git: Path, tmp_path: Path, where: str
) -> None:
    """A name with a lone surrogate in the settings, or a folder whose name is not UTF-8, made
    the page impossible to write: a traceback, and no page."""
    assert run(workspace_in_git, "test")[0] == 1
    if where == "settings":
        workspace = workspace_in_git
        (workspace / joined.SETTINGS).write_text(
            '{"address": "http://x", "code": "c", "pair": "Ann \\ud800 Bo"}'
        )
    else:
        workspace = Path(os.fsdecode(bytes(tmp_path) + b"/Ann \xff Bo"))
        workspace_in_git.rename(workspace)
    out = tmp_path / "dojo.html"
    done = facilitator_reports(workspace, out)
    assert (done.returncode, done.stderr) == (0, "")
    assert ">Ann ? Bo</a>" in out.read_text()
    assert [pair.name for pair in report.read_workspaces([workspace], pytest.fail)] == ["Ann ? Bo"]


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero", "another repository's"])
def test_a_workspace_whose_git_borrows_objects_from_elsewhere_has_no_code_read(
    workspace: Path, tmp_path: Path, kind: str
) -> None:
    """objects/info/alternates sends git to read other folders' objects: a pipe there hung the
    report for 30 s for each read of each run, a link to /dev/zero filled git's memory, and a
    folder elsewhere is not the workspace's. None of it is read."""
    assert run(workspace, "test")[0] == 1
    model(workspace, "return 5")
    assert run(workspace, "test")[0] == 0
    alternates = workspace / ".git" / "objects" / "info" / "alternates"
    alternates.parent.mkdir(exist_ok=True)
    if kind == "fifo":
        os.mkfifo(alternates)
    elif kind == "link to /dev/zero":
        alternates.symlink_to("/dev/zero")
    else:
        alternates.write_text(f"{tmp_path}\n")
    out = tmp_path / "dojo.html"
    done = facilitator_reports(workspace, out)
    said = f"{workspace}: the code of 2 run(s) cannot be read from its git: not shown"
    assert (done.returncode, done.stderr) == (0, f"warning: {said}\n")
    warned: list[str] = []
    report.read_workspaces([workspace], warned.append)  # and in this process, for coverage
    assert warned == [said]
    with pytest.raises(GitFailedError, match=f"^{alternates}: the workspace's git borrows"):
        objects.check(workspace)


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero"])
def test_what_is_not_a_regular_file_among_the_objects_stops_the_reading_before_git_runs(
    workspace: Path, kind: str
) -> None:
    """A pipe among the objects cost 30 s of each git read, for each run: found once, first."""
    assert run(workspace, "test")[0] == 1
    planted = workspace / ".git" / "objects" / "pack" / "pack-0.idx"
    if kind == "fifo":
        os.mkfifo(planted)
    else:
        planted.symlink_to("/dev/zero")
    with pytest.raises(GitFailedError, match=f"^{planted} is not a regular file$"):
        objects.check(workspace)


def plant_a_run(workspace: Path, tree: str) -> None:
    """A run of ``tree`` after the last, with its line in the history, as a hostile hand makes."""
    last = kept_runs(workspace)[-1]
    commit = git(workspace, "commit-tree", tree, "-p", last.run, "-m", "planted").strip()
    git(workspace, "update-ref", "refs/kata/runs", commit)
    with (workspace / history.HISTORY).open("a") as lines:
        lines.write(replace(last, run=commit).to_json() + "\n")


@pytest.mark.parametrize(
    ("files", "lines", "shown"),
    [
        (10, 10_000_000, "Binary files /dev/null and b/f0.py differ"),
        (2_000, 100_000, "diff too large to show"),
    ],
)
def test_a_run_whose_diff_is_gigabytes_from_a_megabyte_of_objects_is_too_large_to_show(
    workspace: Path, tmp_path: Path, files: int, lines: int, shown: str
) -> None:
    """Ten files of 20 MB of one repeated line take 1 MB of objects and make a diff of 400 MB:
    git wrote it for 30 s into the report's memory (half a gigabyte), then the run's code was
    said unreadable; each such run cost 30 s more. A file over
    the files' limit is not diffed; small files' diff is stopped as soon as it is too large."""
    assert run(workspace, "test")[0] == 1
    blob = subprocess.run(
        ["git", "hash-object", "-w", "--stdin"],
        input=b"a\n" * lines,
        cwd=workspace,
        capture_output=True,
        check=True,
    ).stdout.decode()
    listing = "".join(f"100644 blob {blob.strip()}\tf{number}.py\n" for number in range(files))
    tree = subprocess.run(
        ["git", "mktree"], input=listing, text=True, cwd=workspace, capture_output=True, check=True
    ).stdout.strip()
    plant_a_run(workspace, tree)
    out = tmp_path / "dojo.html"
    done = facilitator_reports(workspace, out)
    assert (done.returncode, done.stderr) == (0, "")
    page = out.read_text()
    assert page.count(shown) == page.count("files too large to show") == 1
    kept = code.of_run(workspace, kept_runs(workspace)[-1].run, objects.read)  # here, for coverage
    assert (kept.diff is None, kept.files) == (shown == "diff too large to show", None)


def test_a_listing_of_files_too_long_to_read_is_files_too_large_to_show(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(workspace, "test")[0] == 1
    monkeypatch.setattr(objects, "MOST_PRINTED", 10)
    assert code.of_run(workspace, kept_runs(workspace)[-1].run, objects.read).files is None


def test_git_stopped_before_it_read_its_input_is_no_error_of_the_feeder(workspace: Path) -> None:
    """Git's output over the limit stops it at once; the input it has not read is let go."""
    with pytest.raises(code.TooLargeError, match=r"^git cat-file printed over 10 bytes$"):
        objects.read(workspace, "cat-file", "--batch", stdin=b"x\n" * 10_000_000, most=10)


def test_after_git_takes_too_long_no_more_of_the_workspaces_runs_is_read(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each run that makes git work for SECONDS would cost SECONDS again: the first is enough."""
    for body in ("return 4", "return 5", "return 6"):
        model(workspace, body)
        run(workspace, "test")
    asked: list[str] = []

    def slow(folder: Path, name: str, read: code.Read, runs: Sequence[Line] = ()) -> code.Code:
        asked.append(name)
        raise objects.TookTooLongError("git took over 30 s to read the runs")

    monkeypatch.setattr(code, "of_run", slow)
    warned: list[str] = []
    report.read_workspaces([workspace], warned.append)
    assert len(asked) == 1
    assert warned == [f"{workspace}: the code of 3 run(s) cannot be read from its git: not shown"]
