"""The history and the reach, kept in git too, and read again from there when their files go.

``kata-history.jsonl`` and ``.kata-reached.json`` are ignored by git, so that ``git status``
shows only the learner's changes; ``git clean -fdx`` deletes them with the other ignored files.
So each run's commit on ``refs/kata/runs`` (runs.py) carries, below its subject, the run's
history line and the reach in force, one a line, each after its file's name:

    Run 7: green, stage 2, Team 1 Player 1 leads

    kata-history.jsonl: {"time": "…", "stage": 2, …}
    .kata-reached.json: {"stage": 2, "revealed": 3}

When the history's file is missing, the commands that read it (``make test``, ``next``,
``progress``, ``review``, ``join``) read the runs' commits instead and write the file again,
and the reach's too if it is missing. A run's line names its own commit, which it cannot hold
before it is made: it is given back as the commit's name.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from . import history, reach, runs
from .files import write_atomically
from .history import HISTORY
from .line import Line
from .reach import REACHED, Reach
from .stages import STAGES

Warn = Callable[[str], None]


def message(subject: str, line: Line, reached: Reach) -> str:
    """A run's commit message: ``subject``, then its history line and its reach."""
    kept = {"stage": reached.stage, "revealed": reached.revealed}
    return f"{subject}\n\n{HISTORY}: {line.to_json()}\n{REACHED}: {json.dumps(kept)}\n"


def read(workspace: Path, warn: Warn) -> tuple[list[Line], Reach]:
    """The workspace's history and reach: from their files, or, if the history's file is
    missing, from the runs' commits (the files written again)."""
    if os.path.lexists(workspace / HISTORY):
        return history.read(workspace, warn), reach.load(workspace, warn)
    lines, reached = _from_runs(workspace, warn)
    if lines:
        write_atomically(workspace / HISTORY, "".join(run.to_json() + "\n" for run in lines))
    if reached is not None and not os.path.lexists(workspace / REACHED):
        reach.save(workspace, reached)
    return lines, reach.load(workspace, warn)


def _from_runs(workspace: Path, warn: Warn) -> tuple[list[Line], Reach | None]:
    """The lines and the newest reach the runs' commits carry, oldest first; none without git."""
    try:
        said = runs.git_bytes(
            workspace, "-c", "log.showSignature=false", "log", "-z", "--reverse", "--format=%H%n%B",
            runs.REF, "--",
        )  # fmt: skip
    except runs.GitFailedError:  # no git, or no run yet
        return [], None
    lines: list[Line] = []
    reached, skipped = None, 0
    for kept in filter(None, said.decode("utf-8", "replace").split("\0")):
        commit, _, body = kept.partition("\n")
        fields = dict(_field(text) for text in body.splitlines() if ": " in text)
        try:
            if HISTORY in fields:
                lines.append(replace(Line.from_json(fields[HISTORY]), run=commit.strip()))
            if REACHED in fields:
                saved = json.loads(fields[REACHED])
                reached = Reach(int(saved["stage"]), int(saved["revealed"]))
                if not 1 <= reached.stage <= len(STAGES) or reached.revealed < 1:
                    raise ValueError("no such stage or scenario")
        except (ValueError, TypeError, KeyError, RecursionError):
            skipped += 1
    if skipped:
        warn(f"{HISTORY} is read again from your runs in git: {skipped:,} line(s) there skipped")
    return lines, reached


def _field(text: str) -> tuple[str, str]:
    name, _, value = text.partition(": ")
    return name, value
