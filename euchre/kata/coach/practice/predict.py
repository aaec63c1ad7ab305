"""The predict constraint: before each run the learner says "red or green?", and the coach
counts how often the light was the one they said."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from ..hooks import Key, Say, hookimpl
from ..testrun import TestRun

GUESSES = {"r": "red", "g": "green"}


@hookimpl
def coach_guess(run: TestRun, key: Key, say: Say) -> str | None:
    """Under ``predict``, ask for the light until the answer is one; "" at the end of input."""
    if run.settings.constraint != "predict":
        return None
    while True:
        answer = key("Red or green? (r/g) ")
        if answer is None:
            say("No guess: this run goes without one.")
            return ""
        if answer.strip().lower()[:1] in GUESSES:
            return GUESSES[answer.strip().lower()[:1]]
        say("Press r for red or g for green.")


@hookimpl
def coach_line(run: TestRun) -> dict[str, str] | None:
    return {"constraint": "predict"} if run.settings.constraint == "predict" else None


def read_key(prompt: str, stream: TextIO = sys.stdin, out: TextIO = sys.stdout) -> str | None:
    """One key from a terminal (no Enter needed), else one line; None at the end of input."""
    out.write(prompt)
    out.flush()
    if not stream.isatty() or sys.platform == "win32":
        line = stream.readline()
        return line if line else None
    import termios

    descriptor = stream.fileno()
    before = termios.tcgetattr(descriptor)
    keys = termios.tcgetattr(descriptor)
    keys[3] &= ~(termios.ICANON | termios.ECHO)  # each key as it is typed, not shown twice
    keys[6][termios.VMIN], keys[6][termios.VTIME] = 1, 0
    try:
        # TCSANOW, not tty.setcbreak's TCSAFLUSH, which would drop a key typed a moment early.
        termios.tcsetattr(descriptor, termios.TCSANOW, keys)
        key = os.read(descriptor, 4).decode("utf-8", "replace")
    finally:
        termios.tcsetattr(descriptor, termios.TCSANOW, before)
    out.write(key + "\n")
    return None if key in ("", "\x04") else key
