"""Ctrl-C in the middle of a run: no light is claimed, nothing of the run is recorded, nothing
is sent, and the learner is told. Run as the learner runs it: a real process, a real SIGINT."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import termios
import time
from contextlib import suppress
from pathlib import Path

import pytest

from euchre.kata.coach import loop
from euchre.kata.coach.record import history, joined
from euchre.kata.coach.record.stages import STAGES
from euchre.kata.coach.running import features, session
from euchre.kata.coach.telling.run import INTERRUPTED
from euchre.kata.coach.wrong_models import catching
from euchre.kata.coach.wrong_models.catalogue import CATALOGUE
from tests.cli.terminals import ctrl_c_as_at_a_terminal
from tests.workspaces import kept_runs, run, settle, write_stage

SLOW_STEP = """

@then("it takes its time")
def _slow() -> None:
    import pathlib, time
    pathlib.Path("started").write_text("the scenario is running")
    time.sleep(60)
"""


def slow_stage(workspace: Path) -> None:
    """Stage 1: a scenario that passes, then one that takes its time."""
    write_stage(workspace, 1, "passes", "takes its time")
    steps = workspace / "step_defs" / "test_dealing.py"
    steps.write_text(steps.read_text() + SLOW_STEP)


def interrupted(workspace: Path) -> subprocess.CompletedProcess[str]:
    """`make test`, and Ctrl-C once the slow scenario is running."""
    process = subprocess.Popen(
        [sys.executable, "-m", "euchre.kata.coach", "test"],
        cwd=workspace,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    deadline = time.monotonic() + 60
    while not (workspace / "started").exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the slow scenario never started"
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


@pytest.mark.e2e
def test_ctrl_c_in_a_slow_run_claims_no_light_and_records_nothing(workspace: Path) -> None:
    slow_stage(workspace)
    (workspace / ".kata-reached.json").write_text('{"stage": 1, "revealed": 2}')
    done = interrupted(workspace)
    assert done.returncode == 130, done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        "⏹ Interrupted: the run stopped before its light, and nothing of it is recorded."
    ]
    assert "Traceback" not in done.stderr
    assert not (workspace / history.HISTORY).exists()


@pytest.mark.e2e
def test_ctrl_c_after_a_green_run_is_no_refactor_and_leaves_the_green_the_last_light(
    workspace: Path,
) -> None:
    slow_stage(workspace)
    assert run(workspace, "test")[0] == 0  # the first scenario alone: green
    (workspace / ".kata-reached.json").write_text('{"stage": 1, "revealed": 2}')
    (workspace / "joined-later.txt").write_text("the learner's files changed")
    joined.save(workspace, joined.Joined("http://127.0.0.1:9", "KXRM-AWFH", "Ada"))
    done = interrupted(workspace)
    assert done.returncode == 130, done.stdout + done.stderr
    assert "🔁" not in done.stdout
    assert "🟢" not in done.stdout
    assert [line.light for line in kept_runs(workspace)] == ["green"]
    assert not (workspace / joined.OUTBOX).exists(), "nothing is sent to the dojo"


def caught(error: BaseException) -> pytest.ExceptionInfo[BaseException]:
    try:
        raise error
    except BaseException:
        return pytest.ExceptionInfo.from_current()


def test_only_a_real_ctrl_c_counts_not_pytests_stop_after_a_collection_error() -> None:
    recorder = session._Recorder(Path("."), {})
    for plugin in (recorder, catching._Reached(set())):
        plugin.pytest_keyboard_interrupt(caught(pytest.Session.Interrupted("1 error")))
        assert not plugin.interrupted
        plugin.pytest_keyboard_interrupt(caught(KeyboardInterrupt()))
        assert plugin.interrupted


# The same, in this process: a step that raises KeyboardInterrupt is what pytest sees of Ctrl-C.

CTRL_C_STEP = """

@then("it is stopped by Ctrl-C")
def _stopped() -> None:
    raise KeyboardInterrupt
"""


def test_a_run_stopped_by_ctrl_c_in_its_session_says_so_and_keeps_nothing(
    workspace: Path,
) -> None:
    write_stage(workspace, 1, "is stopped by Ctrl-C")
    steps = workspace / "step_defs" / "test_dealing.py"
    steps.write_text(steps.read_text() + CTRL_C_STEP)
    joined.save(workspace, joined.Joined("http://127.0.0.1:9", "KXRM-AWFH", "Ada"))
    code, out = run(workspace, "test")
    assert (code, out) == (130, INTERRUPTED)
    assert not (workspace / history.HISTORY).exists()
    assert not (workspace / joined.OUTBOX).exists()


def test_ctrl_c_outside_the_session_is_told_the_same(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stopped(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(loop, "test", stopped)
    assert run(workspace, "test") == (130, INTERRUPTED)


def test_ctrl_c_while_the_wrong_models_run_leaves_nothing_known(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_stage(workspace, 1)
    read = features.read(workspace, 1)
    monkeypatch.setattr(catching, "_session", lambda *args: catching._Session({}, True, {}, {}))
    catch = catching.check(workspace, read, {s.key for s in read.of(STAGES[0])}, CATALOGUE[:1])
    assert (catch.interrupted, catch.caught_by) == (True, {})
    assert not (workspace / catching.CAUGHT).exists(), "nothing is remembered of it"


def at_a_terminal() -> None:
    """In the child: a terminal of its own, whose Ctrl-C is its SIGINT, as a learner's is."""
    ctrl_c_as_at_a_terminal()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


@pytest.mark.e2e
def test_ctrl_c_at_the_predict_prompt_is_one_line_and_records_nothing(
    workspace_in_git: Path,
) -> None:
    """Ctrl-C typed at a terminal while the coach waits for red or green."""
    settle(workspace_in_git, "predict")
    leader, follower = os.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "euchre.kata.coach", "test"],
        cwd=workspace_in_git,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        start_new_session=True,
        preexec_fn=at_a_terminal,
    )
    os.close(follower)
    shown = b""
    deadline = time.monotonic() + 60
    while b"Red or green? (r/g) " not in shown:
        assert time.monotonic() < deadline, shown
        shown += os.read(leader, 1024)
    os.write(leader, b"\x03")  # the terminal makes it a SIGINT
    assert process.wait(timeout=60) == loop.EXIT["interrupted"]
    with suppress(OSError):  # the terminal is closed once the coach has gone
        while chunk := os.read(leader, 1024):
            shown += chunk
    os.close(leader)
    said = shown.decode().replace("\r\n", "\n").replace("^C", "")  # echoed, or not, as it lands
    assert "Traceback" not in said
    assert said.endswith(f"Red or green? (r/g) {INTERRUPTED}\n")
    assert not (workspace_in_git / history.HISTORY).exists()
