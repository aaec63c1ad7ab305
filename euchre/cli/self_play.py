"""``euchre simulate --games``: whole games between two partnerships, seeded as
``python -m euchre.measure.match`` seeds them, in as many processes as there are cores; the
results do not depend on how many.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Generator
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, TextIO

from rich.console import Console
from rich.progress import Progress

from euchre.game import Game
from euchre.history.record import rules_json
from euchre.measure.intervals import wilson_interval
from euchre.measure.match import seeded_game
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Team


def play_one(number: int, seed: int, ns: str, ew: str, rules: Rules) -> Game:
    """Game ``number`` of a run from ``seed``, seated as ``python -m euchre.measure.match``
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


def _block_ctrl_c() -> set[int | signal.Signals]:
    """Hold a Ctrl-C back (where signals can be held: not on Windows); the signals held before."""
    if sys.platform == "win32":
        return set()
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _unblock(held: set[int | signal.Signals]) -> None:
    if sys.platform != "win32":  # Windows holds no signal back
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def play_all(tasks: list[Batch], jobs: int) -> Generator[Tally, None, None]:
    """Each batch's tally, in this process or in ``jobs`` processes, as each is finished."""
    if jobs == 1:
        yield from map(play_batch, tasks)
        return
    # A Ctrl-C while the pool starts its workers waits until the pool can stop them all: heard
    # half-way, it left workers running with our output open after we had exited.
    blocked = _block_ctrl_c()
    pool = multiprocessing.Pool(jobs, initializer=ignore_ctrl_c)
    try:
        _unblock(blocked)
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
