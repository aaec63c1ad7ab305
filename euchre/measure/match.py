"""A benchmark of the levels: whole games between two partnerships, with decision times.

    python -m euchre.measure.match --games 400 --ns expert --ew basic --seed 1 --jobs 2

It prints one JSON object: North-South's wins and win rate with its Wilson 95% interval,
points per hand, and for each level the median, 90th and 95th percentiles and the longest of
its decision times (every decision asked of it, forced ones included), on the clock and in
processor time.
Game ``n`` is played from its own seed, so the figures do not depend on ``--jobs``. It is a
measurement, never a test.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from euchre.game import Game
from euchre.measure.intervals import wilson_interval
from euchre.players import Decision, Player, SeatView
from euchre.players.levels import LEVELS, make_player
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Seat, Team


class Timed:
    """A player whose every decision is timed, in seconds: on the clock, and of processor time
    (which other work on a busy machine does not inflate)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.seconds: list[float] = []
        self.cpu_seconds: list[float] = []

    def choose(self, view: SeatView) -> Decision:
        start, cpu = time.perf_counter(), time.process_time()
        decision = self.player.choose(view)
        self.seconds.append(time.perf_counter() - start)
        self.cpu_seconds.append(time.process_time() - cpu)
        return decision


@dataclass(frozen=True)
class Task:
    number: int
    seed: int
    ns: str
    ew: str


def game_rng(seed: int, number: int) -> random.Random:
    """The randomness of game ``number`` of a run from ``seed``: its own, so that the games may
    be split between processes in any way and still be the same games."""
    return random.Random(f"{seed}/{number}")


def seeded_game(
    number: int, seed: int, ns: str, ew: str, rules: Rules = Rules()
) -> tuple[Game, dict[Seat, Player]]:
    """Game ``number`` of a run from ``seed``, and its players: its deals, and each bot's
    randomness, drawn from ``game_rng``; the first dealer moves round the table from game to
    game. ``euchre simulate`` and this match both seat their games here, so a seed plays the
    same games in both."""
    rng = game_rng(seed, number)
    players = {
        seat: make_player(ns if seat.team is Team.NS else ew, random.Random(rng.random()))
        for seat in Seat
    }
    return Game(rng, rules, dealer=tuple(Seat)[number % 4]), players


def play_one(task: Task) -> dict[str, Any]:
    """Game ``task.number``, seated by ``seeded_game``, every decision timed."""
    game, seated = seeded_game(task.number, task.seed, task.ns, task.ew)
    players = {seat: Timed(player) for seat, player in seated.items()}
    play_game(game, players)
    points = dict.fromkeys(Team, 0)
    for result in game.results:
        for team, won in result.points.items():
            points[team] += won
    return {
        "winner": str(game.winner),
        "hands": len(game.results),
        "points": {str(team): won for team, won in points.items()},
        "seconds": {
            str(team): [s for seat in Seat if seat.team is team for s in players[seat].seconds]
            for team in Team
        },
        "cpu_seconds": {
            str(team): [s for seat in Seat if seat.team is team for s in players[seat].cpu_seconds]
            for team in Team
        },
    }


def _ms(seconds: list[float], quantile: float) -> float | None:
    if not seconds:
        return None
    if quantile == 0.5:
        return round(statistics.median(seconds) * 1000, 2)
    ordered = sorted(seconds)
    return round(ordered[min(len(ordered) - 1, int(quantile * len(ordered)))] * 1000, 2)


def report(
    games: list[dict[str, Any]], ns: str, ew: str, seed: int, seconds: float
) -> dict[str, Any]:
    wins = sum(game["winner"] == "NS" for game in games)
    hands = sum(game["hands"] for game in games)
    points = {team: sum(game["points"][team] for game in games) for team in ("NS", "EW")}
    timing = {}
    for team, level in (("NS", ns), ("EW", ew)):
        times = [s for game in games for s in game["seconds"][team]]
        cpu = [s for game in games for s in game["cpu_seconds"][team]]
        timing[team] = {
            "level": level,
            "decisions": len(times),
            "median_ms": _ms(times, 0.5),
            "p90_ms": _ms(times, 0.9),
            "p95_ms": _ms(times, 0.95),
            "max_ms": _ms(times, 1.0),
            "median_cpu_ms": _ms(cpu, 0.5),
            "p90_cpu_ms": _ms(cpu, 0.9),
            "p95_cpu_ms": _ms(cpu, 0.95),
        }
    return {
        "games": len(games),
        "players": {"NS": ns, "EW": ew},
        "seed": seed,
        "wins": {"NS": wins, "EW": len(games) - wins},
        "win_rate": round(wins / len(games), 4) if games else None,
        "ci95": list(wilson_interval(wins, len(games))),
        "hands": hands,
        "points_per_hand": {t: round(p / hands, 3) if hands else 0 for t, p in points.items()},
        "decision_time": timing,
        "seconds": round(seconds, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m euchre.measure.match", description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--ns", choices=LEVELS, default="expert")
    parser.add_argument("--ew", choices=LEVELS, default="basic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    args = parser.parse_args(argv)
    tasks = [Task(number, args.seed, args.ns, args.ew) for number in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            games = pool.map(play_one, tasks, chunksize=1)
    else:
        games = [play_one(task) for task in tasks]
    result = report(games, args.ns, args.ew, args.seed, time.perf_counter() - start)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
