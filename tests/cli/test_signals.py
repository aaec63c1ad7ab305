"""`euchre play --save` as a real process: a signal at a prompt or mid-watch saves the game so
far, marked unfinished, and the saved file replays."""

from __future__ import annotations

import fcntl
import json
import os
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tests.paths import ROOT

pytestmark = pytest.mark.e2e  # whole processes: `make quick` leaves them out
STOPS = [
    (signal.SIGINT, 130, "Ctrl-C"),
    (signal.SIGTERM, 143, "SIGTERM"),
    (signal.SIGHUP, 129, "SIGHUP"),
]


def start(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "euchre", "play", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )


def read_until(
    process: subprocess.Popen[bytes], text: bytes, after: bytes = b"", timeout: float = 120
) -> bytes:
    """Read the output until ``text`` shows (after ``after``, if given), then stop reading (the
    process may block). One read for both: a chunk may hold them together, and what a read
    leaves unseen is gone."""
    assert process.stdout is not None
    seen, deadline = b"", time.monotonic() + timeout
    while not (after in seen and text in seen[seen.index(after) + len(after) :]):
        assert time.monotonic() < deadline, seen[-500:]
        ready, _, _ = select.select([process.stdout], [], [], 1)
        if ready:
            chunk = os.read(process.stdout.fileno(), 4096)
            assert chunk, seen[-500:]
            seen += chunk
    return seen


def test_reading_until_a_prompt_after_a_heading_finds_both_in_one_chunk() -> None:
    """As the game may write them in one go: reading "Hand 2" first, then "(1-" in a read of
    its own, lost the prompt with the chunk and waited for output that never came."""
    both = "import sys, time; print('Hand 2\\nYour cards (1-5): ', flush=True); time.sleep(60)"
    process = subprocess.Popen([sys.executable, "-c", both], stdout=subprocess.PIPE)
    try:
        assert read_until(process, b"(1-", after=b"Hand 2", timeout=30).startswith(b"Hand 2")
    finally:
        process.kill()
        process.communicate()


def check_saved(path: Path, stopped_by: str) -> dict[str, object]:
    game = json.loads(path.read_text())
    assert game["finished"] is False
    assert game["stopped_by"] == stopped_by
    assert game["winner"] is None
    replayed = subprocess.run(
        [sys.executable, "-m", "euchre", "replay", "--json", str(path)],
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert replayed.returncode == 0, replayed.stdout[-2000:]
    assert replayed.stderr == b""
    return game  # type: ignore[no-any-return]


@pytest.mark.parametrize(("stop", "status", "name"), STOPS, ids=[name for *_, name in STOPS])
def test_a_signal_at_a_prompt_saves_the_game_so_far(
    tmp_path: Path, stop: signal.Signals, status: int, name: str
) -> None:
    saved = tmp_path / "game.json"
    process = start("--seed", "3", "--save", str(saved))
    assert process.stdin is not None
    process.stdin.write(b"1\n" * 12)
    process.stdin.flush()
    read_until(process, b"(1-", after=b"Hand 2")  # a prompt of the second hand
    process.send_signal(stop)
    out, err = process.communicate(timeout=30)
    assert process.returncode == status, err
    assert b"Traceback" not in err
    assert f"Saved the game to {saved}".encode() in out.replace(b"\n", b"")
    game = check_saved(saved, name)
    assert len(game["hands"]) >= 1  # type: ignore[arg-type]


@pytest.mark.parametrize(("stop", "status", "name"), STOPS, ids=[name for *_, name in STOPS])
def test_a_signal_mid_watch_saves_the_game_so_far(
    tmp_path: Path, stop: signal.Signals, status: int, name: str
) -> None:
    # A game to 100 writes more than a pipe holds: once we stop reading, the game waits mid-way.
    saved = tmp_path / "game.json"
    process = start("--watch", "--seed", "1", "--rules", "points=100", "--save", str(saved))
    read_until(process, b"Hand 3:")  # two hands are over: the signal comes mid-game
    process.send_signal(stop)
    out, err = process.communicate(timeout=30)
    assert process.returncode == status, err
    assert b"Traceback" not in err
    assert b"won the game" not in out
    game = check_saved(saved, name)
    assert len(game["hands"]) >= 2  # type: ignore[arg-type]


def test_end_of_input_in_a_real_terminal_session_saves_and_replays(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    process = start("--seed", "3", "--save", str(saved))
    out, err = process.communicate(b"1\n" * 20, timeout=30)
    assert process.returncode == 0, err
    assert out.rstrip().endswith(f"Saved the game to {saved}.".encode())
    check_saved(saved, "end of input")


def test_bytes_that_are_not_text_are_answers_not_a_crash(tmp_path: Path) -> None:
    process = start("--seed", "3")
    out, err = process.communicate(b"\xff\xfe\n1\n" * 5, timeout=30)
    assert process.returncode == 0, err
    assert b"is not a choice" in out


def test_closing_the_terminal_saves_the_game_then_exits_129(tmp_path: Path) -> None:
    """The terminal hangs up (SIGHUP, then every write to it fails): the game is saved before
    anything is said to the terminal that is gone, and the status is 128 + SIGHUP."""
    saved = tmp_path / "game.json"
    controller, terminal = os.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "euchre", "play", "--seed", "3", "--save", str(saved)],
        stdin=terminal,
        stdout=terminal,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        start_new_session=True,  # a session of its own, whose controlling terminal is the pty
        preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
    )
    os.close(terminal)
    try:
        read_terminal(controller, b"(1-")
        os.write(controller, b"1\n")
        read_terminal(controller, b"(1-")
    finally:
        os.close(controller)  # the terminal closes: the kernel hangs up on its session
    _, err = process.communicate(timeout=30)
    assert process.returncode == 129, err
    assert b"Traceback" not in err
    check_saved(saved, "SIGHUP")


def read_terminal(controller: int, text: bytes, timeout: float = 30) -> bytes:
    """What the pty shows, read until ``text`` appears."""
    seen, deadline = b"", time.monotonic() + timeout
    while text not in seen:
        assert time.monotonic() < deadline, seen[-500:]
        ready, _, _ = select.select([controller], [], [], 1)
        if ready:
            seen += os.read(controller, 4096)
    return seen
