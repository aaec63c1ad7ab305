"""The coderetreat constraints' rules; which one a workspace has is in its settings
(record/learner.py).

- ``baby-steps``: when the light has not been green for ``minutes``, the learner's files go back
  to the last green run. The change is not lost: it is kept as the run that was reverted.
- ``predict``: before each run the learner says "red or green?", and the coach counts how often
  the light was the one they said.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TextIO

from ..record.history import Run
from ..record.learner import Settings

GUESSES = {"r": "red", "g": "green"}
Say = Callable[[str], None]
Key = Callable[[str], "str | None"]
"""Ask a question and read the one key answered, or None at the end of input."""


def predict(settings: Settings, key: Key, say: Say) -> str:
    """Under ``predict``, ask for the light until the answer is one; "" at the end of input."""
    if settings.constraint != "predict":
        return ""
    while True:
        answer = key("Red or green? (r/g) ")
        if answer is None:
            say("No guess: this run goes without one.")
            return ""
        if answer.strip().lower()[:1] in GUESSES:
            return GUESSES[answer.strip().lower()[:1]]
        say("Press r for red or g for green.")


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


def red_since(history: Sequence[Run]) -> datetime | None:
    """When the baby-steps clock started: the first run after the last green (or after the
    last revert); None if the light is green, or has never been."""
    since = None
    green = False
    for run in history:
        if run.light == "green":
            since, green = None, True
        elif green and since is None:
            since = run.time
        if run.reverted:
            since = run.time
    return since


def time_left(settings: Settings, runs: Sequence[Run], now: datetime) -> timedelta | None:
    """Under ``baby-steps``, how long after ``runs`` the light may stay not green at ``now``
    before the files go back (nothing, once the time is up); None when no clock is running:
    green, never green yet, or another constraint."""
    since = red_since(runs) if settings.constraint == "baby-steps" else None
    if since is None:
        return None
    return max(since + timedelta(minutes=settings.minutes) - now, timedelta(0))


def back_to(settings: Settings, earlier: Sequence[Run], light: str, now: datetime) -> Run | None:
    """Under ``baby-steps``, the last green run to put the files back to, if a run at ``now``
    with ``light`` leaves them not green for the minutes allowed; None otherwise."""
    left = time_left(settings, earlier, now)  # None: never green, or green until this run
    if light == "green" or left is None or left:  # green now, no clock, or time not up yet
        return None
    return next(r for r in reversed(earlier) if r.light == "green")  # red_since saw one
