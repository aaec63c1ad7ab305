"""The history: one line of JSON in the workspace's history file for every run of the tests.

A line the coach cannot read (a corrupt, truncated or foreign one) is skipped with a warning,
never fatal: the history is the learner's record, and one bad line must not cost them the rest.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from .files import append_whole, read_regular
from .line import Line

HISTORY = "kata-history.jsonl"
MOST_HISTORY = 256 * 1024 * 1024
"""A million runs: far more than a workspace makes, far less than fills a memory."""


def append(workspace: Path, run: Line) -> None:
    """Add ``run`` as a line of its own, even after a last line that lost its newline; whole or
    not at all (files.append_whole): a full disk leaves the history as it was."""
    path = workspace / HISTORY
    data = run.to_json().encode("utf-8") + b"\n"
    if os.path.lexists(path) and not _ends_a_line(path):
        data = b"\n" + data
    append_whole(path, data)


def _ends_a_line(path: Path) -> bool:
    """Whether ``path`` is empty or ends with a line break."""
    with path.open("rb") as file:
        size = file.seek(0, os.SEEK_END)
        if not size:
            return True
        file.seek(size - 1)
        return file.read(1) == b"\n"


def read(workspace: Path, warn: Callable[[str], None]) -> list[Line]:
    """Every run in the history, oldest first; the lines that are not runs are skipped, and
    said in one warning, however many there are. NotARegularFileError if the history is a
    pipe, a device, a folder or a link (see files.read_regular)."""
    path = workspace / HISTORY
    if not os.path.lexists(path):
        return []
    runs = []
    skipped, first = 0, ""
    for number, line in enumerate(read_regular(path, MOST_HISTORY).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            runs.append(Line.from_json(line.decode("utf-8")))
        except ValueError as error:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            skipped += 1
            if skipped == 1:
                first = f"line {number}: {str(error).splitlines()[0][:80]}"
    if skipped == 1:
        where, reason = first.split(": ", 1)
        warn(f"{HISTORY} {where} skipped: it is not a run ({reason})")
    elif skipped:
        warn(f"{HISTORY}: {skipped:,} lines skipped, they are not runs (the first, {first})")
    return runs
