"""`euchre dojo report DIR...`: the dashboard's page, written from workspaces' history files,
for a dojo without a network. Each pair is named as they joined a dojo, or by their folder, and
each run's code is read from the workspace's git, as a joined dojo would have been sent it.

A workspace handed over by a learner is untrusted: only its regular files are read (never a
pipe, a device or a link), and git reads its objects alone, so that nothing its config names
runs on the facilitator's machine (see coach/record/objects.py)."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from euchre.dojo.board import Pair
from euchre.kata.coach.record import code, history, joined, objects
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.files import NotARegularFileError
from euchre.kata.coach.record.runs import GitFailedError


class ReportError(ValueError):
    """A folder that is not a practice workspace."""


def read_workspaces(folders: list[Path], warn: Callable[[str], None]) -> list[Pair]:
    pairs: list[Pair] = []
    for number, folder in enumerate(folders, start=1):
        path = folder / history.HISTORY
        if not os.path.lexists(path):
            raise ReportError(f"{folder} has no {history.HISTORY}: is it a kata workspace?")
        said = _prefixed(warn, f"{folder}: ")
        try:
            runs = history.read(folder, said)
        except NotARegularFileError:
            raise ReportError(f"{path} is not a regular file: is it a kata workspace?") from None
        except OSError as error:
            raise ReportError(f"{path} cannot be read: {error.strerror}") from None
        settings = joined.load(folder, said)
        name = _text(settings.pair if settings else folder.resolve().name)
        taken = {pair.name for pair in pairs}
        unique, count = name, 1
        while unique in taken:
            count += 1
            unique = f"{name} ({count})"
        pairs.append(Pair(number, unique, tuple(runs), _code(folder, runs, warn)))
    return pairs


def _code(folder: Path, runs: list[history.Run], warn: Callable[[str], None]) -> dict[str, Code]:
    """The code of each run the workspace's git kept, as a dojo it joined would have it; one
    warning for the runs whose code cannot be read."""
    kept, missing = {}, 0
    named = [run.run for run in runs if run.run]
    try:
        objects.check(folder)
    except GitFailedError:
        named, missing = [], len(named)
    for index, name in enumerate(named):
        try:
            kept[name] = code.of_run(folder, name)
        except objects.TookTooLongError:  # each run after would take as long: none is read
            missing += len(named) - index
            break
        except GitFailedError:
            missing += 1
    if missing:
        warn(f"{folder}: the code of {missing} run(s) cannot be read from its git: not shown")
    return kept


def _text(name: str) -> str:
    """``name`` as the page can hold it: a lone surrogate (in the settings, or from a folder's
    name that is not UTF-8) as ``?``."""
    return name.encode("utf-8", "replace").decode("utf-8")


def end_of(pairs: list[Pair]) -> datetime:
    """The time of the last run of all: the report's "now", so red stretches end with the dojo."""
    times = [run.time for pair in pairs for run in pair.runs]
    return max(times, default=datetime.now(UTC))


def _prefixed(warn: Callable[[str], None], prefix: str) -> Callable[[str], None]:
    return lambda line: warn(prefix + line)
