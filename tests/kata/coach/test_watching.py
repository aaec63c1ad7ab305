"""`make watch`: a light after every save, each a run of `make test`, until Ctrl-C.

Driven as a learner drives it: a real process watching a real folder, real saves, a real SIGINT.
"""

from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from euchre.kata.coach import watching
from euchre.kata.coach.record import history
from tests.cli.terminals import ctrl_c_as_at_a_terminal
from tests.workspaces import kept_runs, write_stage

LIGHT = re.compile(r"^(🟥|🟢|🔶|🔁|⚡) Stage ", re.MULTILINE)


class Watching:
    """`python -m coach watch` in ``workspace``, and what it has said so far."""

    def __init__(self, workspace: Path) -> None:
        self.errors = (workspace.parent / "stderr").open("w+")
        # A group of its own, as a terminal's foreground job: Ctrl-C reaches all of it.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "euchre.kata.coach", "watch"],
            cwd=workspace,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            preexec_fn=ctrl_c_as_at_a_terminal,
            process_group=0,
        )
        self.said = ""

    def until(self, count: int, text: str = watching.WATCHING) -> str:
        """Read until ``text`` has been said ``count`` times; what was said."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + 60
        while self.said.count(text) < count:
            assert time.monotonic() < deadline, self.said
            chunk = os.read(self.process.stdout.fileno(), 4096)
            assert chunk, f"it ended: {self.said}"
            self.said += chunk.decode()
        return self.said

    def stop(self) -> tuple[int, str]:
        """Ctrl-C, as a terminal sends it: to every process of the job."""
        os.killpg(self.process.pid, signal.SIGINT)
        rest, _ = self.process.communicate(timeout=60)
        self.errors.seek(0)
        errors = [line for line in self.errors if "code is not kept" not in line]
        assert errors == [], "this small workspace has no git: that warning alone"
        return self.process.returncode, self.said + rest.decode()


@pytest.mark.e2e
def test_each_save_is_a_run_of_make_test_and_ctrl_c_ends_it_cleanly(workspace: Path) -> None:
    write_stage(workspace, 1, "is not written yet")
    steps = workspace / "step_defs" / "test_dealing.py"
    watched = Watching(workspace)
    said = watched.until(1)
    assert said.startswith("🟥 Stage 1 of 10, Dealing the hand, scenario 1 of 1")
    # An editor's swap and backup files, and the history itself, start no run.
    (workspace / "step_defs" / ".test_dealing.py.swp").write_text("swap")
    (workspace / "step_defs" / "test_dealing.py~").write_text("backup")
    (workspace / "step_defs" / ".#test_dealing.py").write_text("lock")
    with (workspace / history.HISTORY).open("a") as kept:
        kept.write("\n")
    # Two files saved together are one run: the scenario now passes.
    steps.write_text(steps.read_text().replace('raise NotImplementedError("the model")', "pass"))
    (workspace / "step_defs" / "helpers.py").write_text("HELPED = True\n")
    said = watched.until(2)
    assert len(LIGHT.findall(said)) == 2, said
    assert LIGHT.findall(said)[-1] == "🟢"
    status, said = watched.stop()
    assert status == 130
    assert said.rstrip().endswith(watching.STOPPED)
    assert "Traceback" not in said
    assert [run.light for run in kept_runs(workspace)] == ["red", "green"]


@pytest.mark.e2e
def test_ctrl_c_in_a_run_started_by_a_save_records_nothing_of_it(workspace: Path) -> None:
    write_stage(workspace, 1, "passes")
    watched = Watching(workspace)
    watched.until(1)
    steps = workspace / "step_defs" / "test_dealing.py"
    slow = (
        '\n\n@then("it passes")\ndef _slow_pass() -> None:\n    import pathlib, time\n'
        '    pathlib.Path("started").write_text("running")\n    time.sleep(60)\n'
    )
    steps.write_text(
        steps.read_text().replace('@then("it passes")\ndef _passes() -> None: ...', slow)
    )
    deadline = time.monotonic() + 60
    while not (workspace / "started").exists():
        assert time.monotonic() < deadline, watched.said
        time.sleep(0.05)
    status, said = watched.stop()
    assert status == 130
    assert "⏹ Interrupted: the run stopped before its light" in said
    assert said.rstrip().endswith(watching.STOPPED)
    assert [run.light for run in kept_runs(workspace)] == ["green"], "the first run alone"


@pytest.mark.parametrize(
    ("path", "runs"),
    [
        ("euchre/trick.py", True),
        ("step_defs/test_dealing.py", True),
        ("features/dealing.feature", True),
        ("tests/test_mine.py", True),
        ("euchre/.trick.py.swp", False),
        ("euchre/trick.py~", False),
        ("euchre/.#trick.py", False),
        ("euchre/#trick.py#", False),
        ("kata-history.jsonl", False),
        (".kata-reached.json", False),  # told, not run: `make next` ran it (see below)
        (".kata-prompted.json", False),
        ("euchre/__pycache__/trick.cpython-311.pyc", False),
        (".venv/lib/site.py", False),
        (".git/hooks/pre-commit.py", False),
        ("coach/cli.py", False),
        ("README.md", False),
    ],
)
def test_only_a_save_of_the_learners_python_or_gherkin_starts_a_run(
    tmp_path: Path, path: str, runs: bool
) -> None:
    assert watching.starts_a_run(str(tmp_path / path), tmp_path) is runs
    assert watching.starts_a_run("/elsewhere/trick.py", tmp_path) is False


# In this process, with the watcher and the terminal stood in for.


def test_the_runner_gives_each_run_a_fresh_fork_and_its_exit_status(workspace: Path) -> None:
    write_stage(workspace, 1, "is not written yet")
    runner = watching.Runner(workspace)
    try:
        assert runner.run() == 1
        steps = workspace / "step_defs" / "test_dealing.py"
        steps.write_text(
            steps.read_text().replace('raise NotImplementedError("the model")', "pass")
        )
        assert runner.run() == 0, "the steps imported anew: the fork saw the change"
    finally:
        runner.close()
    assert [run.light for run in kept_runs(workspace)] == ["red", "green"]


def test_a_ctrl_c_heard_as_the_runs_status_arrives_ends_the_watch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Met in CI: Ctrl-C handled just after the run's status was read. The status was lost, and
    the watch waited for another that would never come."""
    runner = object.__new__(watching.Runner)
    told, tells = os.pipe()
    asks, runner._ask = os.pipe()
    runner._told = told
    os.write(tells, bytes([130]))  # the run stopped by the Ctrl-C has ended
    reading = os.read

    def read_then_ctrl_c(fd: int, size: int) -> bytes:
        said = reading(fd, size)
        if fd == told:
            raise KeyboardInterrupt  # as Python raises it, once the read has returned
        return said

    monkeypatch.setattr(watching.os, "read", read_then_ctrl_c)
    raised: list[BaseException] = []

    def run() -> None:
        try:
            runner.run()
        except KeyboardInterrupt as interrupt:
            raised.append(interrupt)

    running = threading.Thread(target=run, daemon=True)
    running.start()
    running.join(10)
    stuck = running.is_alive()
    os.write(tells, bytes([1]))  # lets a runner that waits for a second status go
    running.join(10)
    for end in (told, tells, asks, runner._ask):
        os.close(end)
    assert not stuck, "the watch waited for a status already read"
    assert len(raised) == 1


LINGERING = """
import os
from pathlib import Path

if os.fork() == 0:  # a process the learner's code started and left running
    with (Path(__file__).parent.parent / "hold").open() as held:
        held.read()  # until the test lets it go
    os._exit(0)
"""


def test_a_process_a_run_leaves_behind_does_not_hold_up_the_next_run(workspace: Path) -> None:
    write_stage(workspace, 1)
    os.mkfifo(workspace / "hold")
    (workspace / "step_defs" / "lingering.py").write_text(LINGERING)
    steps = workspace / "step_defs" / "test_dealing.py"
    steps.write_text("from step_defs import lingering  # noqa: F401\n" + steps.read_text())
    runner = watching.Runner(workspace)
    ran: list[int] = []
    running = threading.Thread(target=lambda: ran.append(runner.run()), daemon=True)
    running.start()
    try:
        running.join(60)
        assert ran == [0], "the runner waited for a process the run left behind"
    finally:
        with (workspace / "hold").open("w"):
            pass  # the process left behind reads the end, and ends
        running.join(60)
        runner.close()


class ClosedOutput(io.StringIO):
    """An output whose flush fails in the runs, as a terminal gone away might."""

    def __init__(self) -> None:
        super().__init__()
        self.watcher = os.getpid()

    def flush(self) -> None:
        if os.getpid() != self.watcher:
            raise BrokenPipeError


def test_a_run_whose_output_fails_at_its_end_still_ends_its_fork(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_stage(workspace, 1)
    monkeypatch.setattr(sys, "stdout", ClosedOutput())  # the runner and its runs inherit it
    runner = watching.Runner(workspace)
    ran: list[int] = []
    running = threading.Thread(target=lambda: ran.extend([runner.run(), runner.run()]))
    running.daemon = True
    running.start()
    running.join(60)
    assert ran == [0, 0], "a fork that went on past its run would be a second runner"
    runner.close()


class Plugin:
    """An entry point of pytest's plugins, as ``importlib.metadata`` lists them."""

    def __init__(self, loads: bool, loaded: list[str]) -> None:
        self.loads, self.loaded = loads, loaded

    def load(self) -> object:
        if not self.loads:
            raise ImportError("a plugin installed broken: pytest will say so in the run")
        self.loaded.append("loaded")
        return object()


def test_the_warm_process_imports_pytest_s_plugins_once_and_sets_its_objects_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What every run would import again (pytest's plugins, installed alongside) is imported
    before the first fork, and what the warm process holds is set aside from the collector,
    whose passes at the end of each run would otherwise go through it all again."""
    import gc
    import importlib.metadata

    loaded: list[str] = []
    groups: list[str] = []

    def entry_points(group: str) -> list[Plugin]:
        groups.append(group)
        return [Plugin(True, loaded), Plugin(False, loaded)]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", raising=False)
    try:
        watching.warm()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    assert (groups, loaded) == (["pytest11"], ["loaded"])


def test_the_warm_process_imports_what_every_session_imports_and_says_nothing(
    tmp_path: Path,
) -> None:
    """pytest's own plugins, and the debugger, unittest and XML modules they bring, are imported
    by a session on an empty folder: none of the learner's code runs, and nothing is printed."""
    session_modules = ["_pytest.junitxml", "_pytest.unittest", "pdb", "xml.etree.ElementTree"]
    session_modules.append("tomllib")  # the reader of the workspace's pyproject.toml
    probe = (
        "import sys\n"
        "from euchre.kata.coach import watching\n"
        "watching.warm()\n"
        f"print([name for name in {session_modules!r} if name not in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert done.stdout == "[]\n", "imported, and only the probe's own line printed"
    assert done.stderr == ""


def test_the_warm_process_imports_no_plugin_that_pytest_is_told_not_to_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: pytest.fail(group))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    try:
        watching.warm()
    finally:
        gc.unfreeze()


class FakeRunner:
    def __init__(self, workspace: Path) -> None:
        self.runs = 0
        self.closed = False
        RUNNERS.append(self)

    def run(self) -> int:
        self.runs += 1
        return 0

    def close(self) -> None:
        self.closed = True


RUNNERS: list[FakeRunner] = []


def test_watch_runs_once_at_the_start_then_for_each_batch_of_saves_until_ctrl_c(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import watchfiles

    def saves(*paths: object, **options: object) -> object:
        yield set()  # the watcher in place
        yield {(watchfiles.Change.modified, str(tmp_path / "euchre" / "trick.py"))}
        yield set()  # a wait with no save
        raise KeyboardInterrupt

    monkeypatch.setattr(watchfiles, "watch", saves)
    monkeypatch.setattr(watching, "Runner", FakeRunner)
    said: list[str] = []
    assert watching.watch(tmp_path, said.append) == 130
    assert said == [watching.WATCHING, watching.WATCHING, watching.STOPPED]
    assert (RUNNERS[-1].runs, RUNNERS[-1].closed) == (2, True)


def test_make_next_in_another_terminal_is_told_by_the_watch_without_a_run_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`make next` runs the new scenario where it was typed; the watch says where the learner
    now stands, and its next save runs that."""
    import watchfiles

    from euchre.kata.coach.record import reach

    def saves(*paths: object, **options: object) -> object:
        yield set()
        reach.save(tmp_path, reach.Reach(2, 3))
        yield {(watchfiles.Change.modified, str(tmp_path / reach.REACHED))}
        raise KeyboardInterrupt

    monkeypatch.setattr(watchfiles, "watch", saves)
    monkeypatch.setattr(watching, "Runner", FakeRunner)
    said: list[str] = []
    assert watching.watch(tmp_path, said.append) == 130
    assert said == [
        watching.WATCHING,
        "👀 Now at stage 2 of 10, Play order (`make next` moved you on): each save runs it.",
        watching.STOPPED,
    ]
    assert RUNNERS[-1].runs == 1


def test_without_fork_each_run_is_a_process_of_its_own(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on Windows."""
    import watchfiles

    write_stage(workspace, 1)
    monkeypatch.delattr(os, "fork")
    monkeypatch.setattr(watchfiles, "watch", lambda *paths, **options: iter([set()]))
    assert watching.watch(workspace, [].append) == 130
    assert [run.light for run in kept_runs(workspace)] == ["green"]


def test_ctrl_c_while_a_run_is_going_waits_for_it_then_stops(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_stage(workspace, 1)
    runner = watching.Runner(workspace)
    wait = select.select
    interrupted = [False]

    def ctrl_c_once(*waited: list[int]) -> tuple[list[int], list[int], list[int]]:
        if not interrupted[0]:
            interrupted[0] = True
            raise KeyboardInterrupt  # while the watch waits for the run
        return wait(*waited)

    monkeypatch.setattr(select, "select", ctrl_c_once)
    try:
        with pytest.raises(KeyboardInterrupt):
            runner.run()
    finally:
        monkeypatch.undo()
        runner.close()
    assert [run.light for run in kept_runs(workspace)] == ["green"], "the run was waited out"


def test_the_coach_s_watch_command_watches_the_workspace(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import watchfiles

    from euchre.kata.coach.cli import main

    monkeypatch.setattr(watchfiles, "watch", lambda *paths, **options: iter([set()]))
    monkeypatch.setattr(watching, "Runner", FakeRunner)
    said: list[str] = []
    assert main(["watch"], workspace, said.append) == 130
    assert said == [watching.WATCHING]
