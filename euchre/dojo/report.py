"""`euchre dojo report DIR...`: the dashboard's page, written from workspaces' history files,
for a dojo without a network. Each pair is named as they joined a dojo, or by their folder, and
each run's code is read from the workspace's git, as a joined dojo would have been sent it.

A workspace handed over by a learner is untrusted: only its regular files are read (never a
pipe, a device or a link), and git reads its objects alone, so that nothing its config names
runs on the facilitator's machine (see objects.py)."""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from euchre.dojo import archive, objects
from euchre.dojo.board import Pair
from euchre.kata.coach.dojo_client.protocol import name_problem, run_problem
from euchre.kata.coach.record import code, history, joined
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.files import NotARegularFileError
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.runs import GitFailedError


class ReportError(ValueError):
    """A folder that is not a practice workspace."""


MOST_CODE = 2 * 1024 * 1024
"""Bytes of code one workspace may add to the page: its newest runs' code, until this."""


def read_workspaces(folders: list[Path], warn: Callable[[str], None]) -> list[Pair]:
    """A pair for each workspace, and each pair of a dojo's export (archive.py), held to the
    dashboard's checks: what a dashboard would refuse (a name, a run) is left out, with a
    warning, and so is code over ``MOST_CODE``."""
    pairs: list[Pair] = []
    now = datetime.now(UTC)
    for folder in folders:
        if archive.is_archive(folder):
            try:
                exported = archive.read(folder, warn)
            except (archive.ArchiveError, OSError, zipfile.BadZipFile) as error:
                raise ReportError(str(error)) from None
            for name, runs, kept in exported:
                pairs.append(Pair(len(pairs) + 1, _unique(name, pairs), tuple(runs), kept))
            continue
        number = len(pairs) + 1
        path = folder / history.HISTORY
        if not os.path.lexists(folder):
            raise ReportError(f"{folder}: no such file or folder")
        if not os.path.lexists(path):
            raise ReportError(f"{folder} has no {history.HISTORY}: is it a kata workspace?")
        said = _prefixed(warn, f"{folder}: ")
        try:
            runs = _shown(history.read(folder, said), now, said)
        except NotARegularFileError:
            raise ReportError(f"{path} is not a regular file: is it a kata workspace?") from None
        except OSError as error:
            raise ReportError(f"{path} cannot be read: {error.strerror}") from None
        name = _name(folder, number, joined.load(folder, said), said)
        kept, left_out = _code(folder, runs, said)
        pairs.append(Pair(number, _unique(name, pairs), tuple(runs), kept, left_out))
    return pairs


def _unique(name: str, pairs: list[Pair]) -> str:
    """``name``, or with a number after it if a pair read before has it."""
    taken = {pair.name for pair in pairs}
    unique, count = name, 1
    while unique in taken:
        count += 1
        unique = f"{name} ({count})"
    return unique


def _shown(runs: list[Line], now: datetime, warn: Callable[[str], None]) -> list[Line]:
    """The runs a dashboard would take at ``now``; one warning for the rest."""
    problems = [run_problem(run, now) for run in runs]
    refused = [problem for problem in problems if problem]
    if refused:
        warn(
            f"{len(refused)} run(s) the dashboard would refuse are left out"
            f" (the first: {refused[0]})"
        )
    return [run for run, problem in zip(runs, problems, strict=True) if problem is None]


def _name(
    folder: Path, number: int, settings: joined.Joined | None, warn: Callable[[str], None]
) -> str:
    """The pair's name as they joined a dojo, or their folder's, if a dashboard would take it."""
    if settings is not None:
        problem = name_problem(_text(settings.pair))
        if problem is None:
            return _text(settings.pair)
        warn(f"{problem}: named by its folder instead")
    name = _text(folder.resolve().name)
    return f"pair {number}" if name_problem(name) else name


def _code(
    folder: Path, runs: list[Line], warn: Callable[[str], None]
) -> tuple[dict[str, Code], int]:
    """The code of each distinct run the workspace's git kept, read once, the newest first
    until ``MOST_CODE``; and how many runs' code that left out. One warning for the runs whose
    code cannot be read."""
    named = list(dict.fromkeys(run.run for run in reversed(runs) if run.run))
    try:
        objects.check(folder)
        found = _commits(folder, named)
    except GitFailedError:
        found = []
    missing = len(named) - len(found)
    kept: dict[str, Code] = {}
    size, left_out = 0, 0
    for index, name in enumerate(found):
        try:
            read = code.of_run(folder, name, objects.read, runs)
        except objects.TookTooLongError:  # each run after would take as long: none is read
            missing += len(found) - index
            break
        except GitFailedError:
            missing += 1
            continue
        size += len(json.dumps(read.fields(), ensure_ascii=False).encode())
        if size > MOST_CODE:
            left_out = len(found) - index
            break
        kept[name] = read
    if missing:
        warn(f"the code of {missing} run(s) cannot be read from its git: not shown")
    return dict(reversed(kept.items())), left_out


def _commits(folder: Path, names: list[str]) -> list[str]:
    """Those of ``names`` that are commits in the workspace's git, asked of git at once."""
    asked = "".join(f"{name}\n" for name in names).encode()
    listed = objects.read(folder, "cat-file", "--batch-check", stdin=asked).decode()
    found = {line.split()[0] for line in listed.splitlines() if line.split()[1:2] == ["commit"]}
    return [name for name in names if name in found]


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
