"""``euchre simulate``: random hands to measure speed, or whole games between two partnerships."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import signal
import time
from collections.abc import Callable, Generator
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, TextIO

from rich.console import Console
from rich.progress import Progress

from euchre.cli.options import LEVELS_HELP, RULES_HELP, parse_level, parse_rules
from euchre.deal import deal, shuffled_deck
from euchre.game import Game
from euchre.hand import Hand
from euchre.history.record import rules_json
from euchre.players.match import seeded_game
from euchre.players.random_player import RandomPlayer
from euchre.players.table import play_game
from euchre.players.win_rate import wilson_interval
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
    ``interrupted``."""
    player = RandomPlayer(rng)
    dealers = tuple(Seat)
    points = dict.fromkeys(Team, 0)
    thrown_in = played = 0
    start = time.perf_counter()
    try:
        for number in range(count):
            hand = Hand(deal(shuffled_deck(rng), dealers[number % 4]), rules)
            while hand.turn is not None:
                hand.apply(player.choose(hand.legal_actions()))
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


def play_one(number: int, seed: int, ns: str, ew: str, rules: Rules) -> Game:
    """Game ``number`` of a run from ``seed``, seated as ``python -m euchre.players.match``
    seats it (``seeded_game``)."""
    return play_game(*seeded_game(number, seed, ns, ew, rules))


@dataclass
class Tally:
    """What some games came to: how many, won by whom, their hands and points."""

    games: int = 0
    hands: int = 0
    wins: dict[Team, int] = field(default_factory=lambda: dict.fromkeys(Team, 0))
    points: dict[Team, int] = field(default_factory=lambda: dict.fromkeys(Team, 0))

    def add(self, game: Game) -> None:
        assert game.winner is not None
        self.games += 1
        self.wins[game.winner] += 1
        self.hands += len(game.results)
        for result in game.results:
            for team, won in result.points.items():
                self.points[team] += won

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.hands += other.hands
        for team in Team:
            self.wins[team] += other.wins[team]
            self.points[team] += other.points[team]


@dataclass(frozen=True)
class Batch:
    """Games ``first`` to ``first + count - 1`` of a run: one task for a process."""

    first: int
    count: int
    seed: int
    ns: str
    ew: str
    rules: Rules


def play_batch(batch: Batch) -> Tally:
    tally = Tally()
    for number in range(batch.first, batch.first + batch.count):
        tally.add(play_one(number, batch.seed, batch.ns, batch.ew, batch.rules))
    return tally


def batches(args: argparse.Namespace, seed: int, jobs: int) -> list[Batch]:
    """The games in batches: one game each when serial (Ctrl-C keeps every finished game);
    in parallel, enough batches to keep every process busy, few enough to cost little."""
    size = 1 if jobs == 1 else max(1, min(MOST_IN_A_BATCH, args.games // (jobs * 16)))
    return [
        Batch(first, min(size, args.games - first), seed, args.ns, args.ew, args.rules)
        for first in range(0, args.games, size)
    ]


MOST_IN_A_BATCH = 10
"""Games in one task, at most: the progress bar moves, and the processes end nearly together
(the last batches are short, even of the expert's games, which take seconds each)."""


def ignore_ctrl_c() -> None:
    """In a worker process: Ctrl-C is for the main process, which stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_all(tasks: list[Batch], jobs: int) -> Generator[Tally, None, None]:
    """Each batch's tally, in this process or in ``jobs`` processes, as each is finished."""
    if jobs == 1:
        yield from map(play_batch, tasks)
        return
    pool = multiprocessing.Pool(jobs, initializer=ignore_ctrl_c)
    try:
        yield from pool.imap_unordered(play_batch, tasks)
    finally:
        pool.terminate()  # at the end, on Ctrl-C, or on an error: no process is left behind
        pool.join()


def game_report(args: argparse.Namespace, stdout: TextIO) -> dict[str, Any]:
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    jobs = min(args.jobs or os.cpu_count() or 1, args.games)
    tally, interrupted = Tally(), False
    start = time.perf_counter()
    with Progress(console=Console(file=stdout), transient=True, disable=not stdout.isatty()) as bar:
        task = bar.add_task("Playing games", total=args.games)
        with closing(play_all(batches(args, seed, jobs), jobs)) as tallies:
            try:
                for done in tallies:
                    tally.merge(done)
                    bar.advance(task, done.games)
            except KeyboardInterrupt:
                interrupted = True
    seconds = time.perf_counter() - start
    played, hands, wins = tally.games, tally.hands, tally.wins
    return {
        "games": played,
        "players": {"NS": args.ns, "EW": args.ew},
        "rules": rules_json(args.rules),
        "seed": seed,
        "jobs": jobs,
        "wins": {str(team): won for team, won in wins.items()},
        "win_rate": round(wins[Team.NS] / played, 4) if played else None,
        "ci95": list(wilson_interval(wins[Team.NS], played)),
        "hands": hands,
        "points_per_hand": {
            str(t): round(p / hands, 3) if hands else 0 for t, p in tally.points.items()
        },
        "seconds": round(seconds, 4),
        "games_per_second": round(played / seconds, 1) if seconds else None,
        "hands_per_second": round(hands / seconds) if seconds else None,
    } | ({"interrupted": True} if interrupted else {})


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Exit status 0, or 130 when Ctrl-C stopped it (after printing what was done)."""
    if args.games is not None:
        report = game_report(args, stdout)
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
