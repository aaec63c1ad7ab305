"""Compare versions of the expert by duplicate deals: every deal is played by each version.

    .venv/bin/python bench/expert_duplicate.py --deals 300 --seed 1 --against basic \
        expert normal bid=normal,play=expert --jobs 2

Each deal is played twice by each version: once with the version North-South against
``--against``, once with the seats turned (the version East-West, holding the same cards North-
South held). The version's points less the other side's, summed over the two plays, is its
margin on that deal; the luck of the cards cancels in the sum, and versions are compared on
the same deals, so a difference in margin needs far fewer deals than a difference in games won.

A version is a level, or parts taken from levels: ``bid=`` (bids and defending alone),
``discard=`` and ``play=`` (cards); a part not named is ``expert``'s. After a ``|``, the
expert's settings that differ from its own (``euchre.players.expert.ExpertSettings``):
``expert|caution=0.3|sure=3``, ``expert|alike=play+discard``. The deals and their margins are
``euchre.measure.duplicate``'s. It prints each version's mean margin per deal and, for each
version after the first, its paired difference from the first with the standard error. It is a
measurement, never a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import random
import sys
from collections.abc import Callable
from typing import Any

from euchre.hand import Phase
from euchre.measure.duplicate import Task, margin, margins, paired
from euchre.players import Decision, Player, SeatView
from euchre.players.expert import ExpertPlayer, ExpertSettings
from euchre.players.levels import make_player

PARTS = ("bid", "discard", "play")
PART = {Phase.DISCARD: "discard", Phase.PLAY: "play"}
"""The part of a version that makes each kind of decision: bids and defending alone are "bid"."""


class Mix:
    """A player that takes each kind of decision from the level named for it."""

    def __init__(self, parts: dict[str, Player]) -> None:
        self.parts = parts

    def choose(self, view: SeatView) -> Decision:
        return self.parts[PART.get(view.phase, "bid")].choose(view)


def version(spec: str, rng: random.Random) -> Player:
    """The player a version names: ``normal``, ``bid=normal,play=expert``, or either with the
    expert's settings after a ``|``: ``expert|caution=0.3``."""
    levels, settings = read_version(spec)
    if isinstance(levels, str):
        return level_player(levels, settings, rng)
    made = {
        level: level_player(level, settings, random.Random(rng.random()))
        for level in sorted(set(levels.values()))
    }
    return Mix({part: made[level] for part, level in levels.items()})


def read_version(spec: str) -> tuple[str | dict[str, str], ExpertSettings]:
    """A version's level (or its levels by part) and the expert's settings it plays with."""
    named, *changes = spec.split("|")
    settings = ExpertSettings()
    for change in changes:
        name, value = change.split("=")
        settings = dataclasses.replace(settings, **{name: setting(settings, name, value)})
    if "=" not in named:
        return named, settings
    parts = dict(part.split("=") for part in named.split(","))
    return {part: parts.get(part, "expert") for part in PARTS}, settings


def setting(settings: ExpertSettings, name: str, value: str) -> Any:
    """A setting's value as written: a number like its default, or phases by name
    (``alike=play+discard``)."""
    default = getattr(settings, name)
    if isinstance(default, frozenset):
        return frozenset(PHASES[word] for word in value.split("+"))
    return type(default)(value)


PHASES = {"bid": Phase.ORDER_UP, "name": Phase.NAME_TRUMP, "discard": Phase.DISCARD}
PHASES |= {"defend": Phase.DEFEND, "play": Phase.PLAY}


def level_player(level: str, settings: ExpertSettings, rng: random.Random) -> Player:
    """A player of ``level``; the expert searches as ``settings`` say."""
    return ExpertPlayer(rng, settings) if level == "expert" else make_player(level, rng)


def one(task: Task) -> list[int]:
    """Deal ``number``'s margin for each version."""
    return margins(task, version, margin)


def arguments(
    description: str,
    count: str,
    default: int,
    argv: list[str] | None,
    parser: argparse.ArgumentParser | None = None,
) -> argparse.Namespace:
    """The options a comparison of versions takes: the versions, how many deals or games
    (``count``), the seed, the level against them and the processes; and ``parser``'s own."""
    parser = parser or argparse.ArgumentParser(description=description)
    parser.add_argument("versions", nargs="+")
    parser.add_argument(f"--{count}", type=int, default=default)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default="basic")
    parser.add_argument("--jobs", type=int, default=2)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    return compare(__doc__.splitlines()[0], one, argv)


def compare(
    description: str, deal_margins: Callable[[Task], list[int]], argv: list[str] | None
) -> dict[str, Any]:
    """Each deal's margins by ``deal_margins`` (a module's own function, for the processes),
    over the deals and versions the command line names, summed up."""
    args = arguments(description, "deals", 200, argv)
    tasks = [(n, args.seed, args.against, args.versions) for n in range(args.deals)]
    with multiprocessing.Pool(args.jobs) as pool:
        rows = pool.map(deal_margins, tasks, chunksize=4)
    return summary(rows, args)


def summary(rows: list[list[int]], args: argparse.Namespace) -> dict[str, Any]:
    """Each version's mean margin a deal, and after the first, its paired difference."""
    n = len(rows)
    report: dict[str, Any] = {"deals": n, "seed": args.seed, "against": args.against}
    for column, spec in enumerate(args.versions):
        values = [row[column] for row in rows]
        entry: dict[str, Any] = {"margin": round(sum(values) / n, 4)}
        if column:
            mean, se, differ = paired([row[column] - row[0] for row in rows])
            entry |= {"vs_first": mean, "se": se, "differ": differ}
        report[spec] = entry
    return report


if __name__ == "__main__":
    json.dump(main(), sys.stdout, indent=1)
    print()
