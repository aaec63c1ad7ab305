"""``euchre simulate``: random self-play, to measure the model's speed."""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any, TextIO

from euchre.deal import deal, shuffled_deck
from euchre.hand import Hand
from euchre.players.random_player import RandomPlayer
from euchre.seats import Seat, Team

Subparsers = Any


def add_parser(subcommands: Subparsers) -> None:
    command = subcommands.add_parser("simulate", help="play random hands and report their speed")
    command.add_argument("--hands", type=int, default=10_000, help="how many hands to play")
    command.add_argument("--seed", type=int, default=None, help="seed for repeatable play")
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.set_defaults(run=run)


def play_random_hands(count: int, rng: random.Random) -> dict[str, Any]:
    """Play ``count`` independent hands, each action drawn uniformly from the legal ones."""
    player = RandomPlayer(rng)
    dealers = tuple(Seat)
    points = dict.fromkeys(Team, 0)
    thrown_in = 0
    start = time.perf_counter()
    for number in range(count):
        hand = Hand(deal(shuffled_deck(rng), dealers[number % 4]))
        while hand.turn is not None:
            hand.apply(player.choose(hand.legal_actions()))
        result = hand.result
        assert result is not None
        for team, won in result.points.items():
            points[team] += won
        thrown_in += result.thrown_in
    seconds = time.perf_counter() - start
    return {
        "hands": count,
        "seconds": round(seconds, 4),
        "hands_per_second": round(count / seconds) if seconds else None,
        "points": {str(team): won for team, won in points.items()},
        "thrown_in": thrown_in,
    }


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    report = play_random_hands(args.hands, random.Random(args.seed))
    if args.json:
        print(json.dumps(report), file=stdout)
    else:
        print(
            f"{report['hands']} random hands in {report['seconds']:.2f} s:"
            f" {report['hands_per_second']} hands per second",
            file=stdout,
        )
    return 0
