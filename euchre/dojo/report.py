"""`euchre dojo report DIR...`: the dashboard's page, written from workspaces' history files,
for a dojo without a network. Each pair is named as they joined a dojo, or by their folder."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from euchre.dojo.board import Pair
from euchre.kata.coach import dojo_client, lights


class ReportError(ValueError):
    """A folder that is not a practice workspace."""


def read_workspaces(folders: list[Path], warn: Callable[[str], None]) -> list[Pair]:
    pairs: list[Pair] = []
    for number, folder in enumerate(folders, start=1):
        if not (folder / lights.HISTORY).is_file():
            raise ReportError(f"{folder} has no {lights.HISTORY}: is it a kata workspace?")
        settings = dojo_client.load(folder)
        name = settings.pair if settings else folder.resolve().name
        taken = {pair.name for pair in pairs}
        unique, count = name, 1
        while unique in taken:
            count += 1
            unique = f"{name} ({count})"
        runs = lights.read(folder, _prefixed(warn, f"{folder}: "))
        pairs.append(Pair(number, unique, tuple(runs)))
    return pairs


def end_of(pairs: list[Pair]) -> datetime:
    """The time of the last run of all: the report's "now", so red stretches end with the dojo."""
    times = [run.time for pair in pairs for run in pair.runs]
    return max(times, default=datetime.now(UTC))


def _prefixed(warn: Callable[[str], None], prefix: str) -> Callable[[str], None]:
    return lambda line: warn(prefix + line)
