"""``euchre simulate``: random hands to measure speed, or whole games between two partnerships."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any, TextIO

from euchre.cli import self_play
from euchre.cli.options import LEVELS_HELP, RULES_HELP, parse_level, parse_rules
from euchre.deal import deal, shuffled_deck
from euchre.hand import Hand
from euchre.history.record import rules_json
from euchre.rules import Rules
from euchre.seats import Seat, Team

Subparsers = Any


def add_parser(subcommands: Subparsers) -> None:
    command = subcommands.add_parser(
        "simulate", help="self-play: random hands for speed, or games between two kinds of bot"
    )
    mode = command.add_mutually_exclusive_group()
    mode.add_argument(
        "--hands", type=count("--hands"), help="play this many random hands (the default: 10000)"
    )
    mode.add_argument("--games", type=count("--games"), help="play this many whole games")
    command.add_argument(
        "--ns", type=parse_level, default="basic", help=f"North-South's level: {LEVELS_HELP}"
    )
    command.add_argument("--ew", type=parse_level, default="easy", help="East-West's level")
    command.add_argument(
        "--jobs",
        type=jobs,
        default=None,
        help="play the games in this many processes (the default: one for each core);"
        " the results do not depend on it",
    )
    command.add_argument("--rules", type=parse_rules, default=Rules(), help=RULES_HELP)
    command.add_argument("--seed", type=int, default=None, help="seed for repeatable play")
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.set_defaults(run=run)


def count(option: str) -> Callable[[str], int]:
    """An argument type: a whole number of hands or games, 1 or more."""

    def read(text: str) -> int:
        if text.isascii() and text.isdigit() and len(text) <= 12 and int(text) > 0:
            return int(text)
        raise argparse.ArgumentTypeError(
            f"{option}: expected a whole number, 1 or more, got {text[:20]!r}"
        )

    return read


def jobs(text: str) -> int:
    """An argument type: a number of processes, 1 to ``MOST_JOBS``."""
    if text.isascii() and text.isdigit() and len(text) <= 4 and 0 < int(text) <= MOST_JOBS:
        return int(text)
    raise argparse.ArgumentTypeError(
        f"--jobs: expected a number of processes from 1 to {MOST_JOBS}, got {text[:20]!r}"
    )


MOST_JOBS = 256


def play_random_hands(count: int, rng: random.Random, rules: Rules = Rules()) -> dict[str, Any]:
    """Play ``count`` independent hands under ``rules``, each action drawn uniformly from the
    legal ones. Ctrl-C stops early: the report says how many hands were played, and that it was
    ``interrupted``. No view is made for a seat: the engine's speed is what is measured."""
    dealers = tuple(Seat)
    points = dict.fromkeys(Team, 0)
    thrown_in = played = 0
    start = time.perf_counter()
    try:
        for number in range(count):
            hand = Hand(deal(shuffled_deck(rng), dealers[number % 4]), rules)
            while hand.turn is not None:
                hand.apply(rng.choice(hand.legal_actions()))
            result = hand.result
            assert result is not None
            for team, won in result.points.items():
                points[team] += won
            thrown_in += result.thrown_in
            played += 1
    except KeyboardInterrupt:
        interrupted = True
    else:
        interrupted = False
    seconds = time.perf_counter() - start
    return {
        "hands": played,
        "rules": rules_json(rules),
        "seconds": round(seconds, 4),
        "hands_per_second": round(played / seconds) if seconds else None,
        "points": {str(team): won for team, won in points.items()},
        "thrown_in": thrown_in,
    } | ({"interrupted": True} if interrupted else {})


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Exit status 0, or 130 when Ctrl-C stopped it (after printing what was done)."""
    if args.games is not None:
        report = self_play.game_report(args, stdout)
    else:
        report = play_random_hands(args.hands or 10_000, random.Random(args.seed), args.rules)
    status = 130 if report.get("interrupted") else 0
    if args.json:
        print(json.dumps(report), file=stdout)
        return status
    so_far = "Interrupted after " if status else ""
    if args.games is None:
        print(
            f"{so_far}{report['hands']} random hands in {report['seconds']:.2f} s:"
            f" {report['hands_per_second']} hands per second",
            file=stdout,
        )
        return status
    if status:
        so_far += f"{report['games']} of {args.games} games: "
    else:
        so_far = f"{report['games']} games: "
    low, high = report["ci95"]
    per_hand = report["points_per_hand"]
    rate = report["win_rate"]
    print(
        f"{so_far}NS ({args.ns}) won {report['wins']['NS']},"
        f" EW ({args.ew}) won {report['wins']['EW']}.",
        f"NS win rate {rate:.1%} (95% confidence {low:.1%} to {high:.1%})."
        if rate is not None
        else "No game was finished.",
        f"Points per hand: NS {per_hand['NS']}, EW {per_hand['EW']}.",
        f"{report['games_per_second']} games per second in {report['jobs']}"
        f" process{'es' if report['jobs'] > 1 else ''}; {report['hands']} hands,"
        f" {report['hands_per_second']} hands per second.",
        sep="\n",
        file=stdout,
    )
    return status
