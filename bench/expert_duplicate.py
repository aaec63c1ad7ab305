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
``expert|caution=0.3|sure=3``. It prints each version's mean margin per deal and, for each
version after the first, its paired difference from the first with the standard error. It is a
measurement, never a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import random
import sys
from collections.abc import Callable
from typing import Any

from euchre.actions import Bid
from euchre.cards import Card
from euchre.deal import Deal, deal, shuffled_deck
from euchre.hand import Hand
from euchre.players import Player, SeatView, decide
from euchre.players.expert import ExpertPlayer, ExpertSettings
from euchre.players.levels import make_player
from euchre.seats import Seat, Team

PARTS = ("bid", "discard", "play")


class Mix:
    """A player that takes each kind of decision from the level named for it."""

    def __init__(self, parts: dict[str, Player]) -> None:
        self.parts = parts

    def bid(self, view: SeatView) -> Bid:
        return self.parts["bid"].bid(view)

    def discard(self, view: SeatView) -> Card:
        return self.parts["discard"].discard(view)

    def defend_alone(self, view: SeatView) -> bool:
        return self.parts["bid"].defend_alone(view)

    def play(self, view: SeatView) -> Card:
        return self.parts["play"].play(view)


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
        kind = type(getattr(settings, name))  # an int or a float, as the setting's default
        settings = dataclasses.replace(settings, **{name: kind(value)})
    if "=" not in named:
        return named, settings
    parts = dict(part.split("=") for part in named.split(","))
    return {part: parts.get(part, "expert") for part in PARTS}, settings


def level_player(level: str, settings: ExpertSettings, rng: random.Random) -> Player:
    """A player of ``level``; the expert searches as ``settings`` say."""
    return ExpertPlayer(rng, settings) if level == "expert" else make_player(level, rng)


def turned(dealt: Deal) -> Deal:
    """The same deal with every hand moved one seat clockwise (North's cards to East)."""
    hands = {seat.left: cards for seat, cards in dealt.hands.items()}
    return Deal(hands=hands, kitty=dealt.kitty, dealer=dealt.dealer.left)


Look = Callable[[Hand, SeatView, Player], None]
"""Shown each decision before it is taken: the hand, the deciding seat's view, its player."""


def margin(dealt: Deal, players: dict[Seat, Player], team: Team, look: Look | None = None) -> int:
    """``team``'s points less the other side's, on one hand of ``dealt`` played by ``players``."""
    hand = Hand(dealt)
    while hand.turn is not None:
        player, view = players[hand.turn], SeatView.of(hand, hand.turn)
        if look is not None:
            look(hand, view, player)
        hand.apply(decide(player, view))
    assert hand.result is not None
    return hand.result.points[team] - hand.result.points[team.opponents]


Task = tuple[int, int, str, list[str]]
"""A deal's number, the seed, the level played against, and the versions."""
Make = Callable[[str, random.Random], Player]
Margin = Callable[[Deal, dict[Seat, Player], Team], int]


def one(task: Task) -> list[int]:
    """Deal ``number``'s margin for each version."""
    return margins(task, version, margin)


def margins(task: Task, make: Make, play: Margin) -> list[int]:
    """Deal ``number``'s margin for each version, each player made by ``make`` and each hand
    played by ``play``."""
    number, seed, against, specs = task
    rng = random.Random(f"duplicate/{seed}/{number}")
    dealt = deal(shuffled_deck(rng), tuple(Seat)[number % 4])
    found = []
    for spec in specs:
        total = 0
        for team, cards in ((Team.NS, dealt), (Team.EW, turned(dealt))):
            players_rng = random.Random(f"duplicate/{seed}/{number}/{team}")
            players = {
                seat: make(spec, random.Random(players_rng.random()))
                if seat.team is team
                else make_player(against, random.Random(players_rng.random()))
                for seat in Seat
            }
            total += play(cards, players, team)
        found.append(total)
    return found


def arguments(
    description: str, count: str, default: int, argv: list[str] | None
) -> argparse.Namespace:
    """The options a comparison of versions takes: the versions, how many deals or games
    (``count``), the seed, the level against them and the processes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("versions", nargs="+")
    parser.add_argument(f"--{count}", type=int, default=default)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default="basic")
    parser.add_argument("--jobs", type=int, default=2)
    return parser.parse_args(argv)


def paired(diffs: list[int]) -> tuple[float, float, int]:
    """The mean of paired differences, its standard error, and how many are not 0."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return round(mean, 4), round(math.sqrt(var / n), 4), sum(d != 0 for d in diffs)


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
