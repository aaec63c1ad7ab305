"""Compare versions of a bot in whole games, paired by seed: each game is played by each version.

    .venv/bin/python bench/paired_games.py --games 400 --seed 3 --against basic \
        expert "expert|caution=0.3" --jobs 2

Game ``n`` of a seed is dealt the same cards hand after hand whichever bots play it: a game
shuffles from randomness of its own (``euchre.measure.match.game_rng``, as ``euchre simulate``
and the match seed their games), apart from the players'. So a version's games pair with the
first version's, and only the games whose winner changes count in the difference: a change of
the expert alters a few dozen of 400, and the paired difference in win rate has a standard
error of 1.6 to 2 points (seed 3), where two separate runs of 400 have 3. It takes out the luck
of the cards, not the search's own: a version that decides differently draws its deals
differently from then on, so versions compared with one first version share that version's
draw.

Versions are written as for ``bench/expert_duplicate.py`` (a level, parts of levels,
``|setting=value``); the version sits North-South, and with ``--duplicate`` each game is played
again with the version East-West: the same deals, the seats turned, so a version's win rate is
pooled over both. Each version's decisions with a choice are timed (the median, 90th and 95th
percentiles and the longest, on the clock and of the processor), side by side in the same run.
A measurement, never a test.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import platform
import random
import sys
from typing import Any

# bench/ is the script's own folder, so its sibling imports by name
from expert_duplicate import arguments, version

from euchre.game import Game
from euchre.measure.duplicate import paired
from euchre.measure.intervals import wilson_interval
from euchre.measure.match import Timed, game_rng
from euchre.players import Decision, Player, SeatView
from euchre.players.levels import make_player
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Seat, Team

Task = tuple[int, int, str, list[str], bool]
"""A game's number, the seed, the level played against, the versions, and whether each game
is played again with the seats turned."""
Row = tuple[int, int, int, list[float], list[float]]
"""One game of a version: won by the version (1 or 0), its points less the other side's, the
hands played, and the seconds of each of its decisions with a choice, on the clock and of the
processor."""


class Choosing(Timed):
    """A timed player that times only the decisions with a choice (a forced one costs nothing)."""

    def choose(self, view: SeatView) -> Decision:
        if len(view.legal_actions) == 1:
            return self.player.choose(view)
        return super().choose(view)


def game(number: int, seed: int, team: Team, mine: Player, theirs: Player) -> Row:
    """Game ``number`` of ``seed``, ``mine`` seated as ``team``: its deals are the game's own,
    whoever sits where."""
    rng = game_rng(seed, number)
    timed = Choosing(mine)
    players: dict[Seat, Player] = {seat: timed if seat.team is team else theirs for seat in Seat}
    played = play_game(Game(rng, Rules(), dealer=tuple(Seat)[number % 4]), players)
    margin = sum(r.points[team] - r.points[team.opponents] for r in played.results)
    won = int(played.winner is team)
    return won, margin, len(played.results), timed.seconds, timed.cpu_seconds


def one(task: Task) -> list[list[Row]]:
    """Game ``number`` for each version: North-South, and with ``--duplicate`` East-West too."""
    number, seed, against, specs, duplicate = task
    rows = []
    for spec in specs:
        seatings = []
        for team in (Team.NS, Team.EW) if duplicate else (Team.NS,):
            rng = random.Random(f"{seed}/{number}/{team}/players")
            mine = version(spec, random.Random(rng.random()))
            theirs = make_player(against, random.Random(rng.random()))
            seatings.append(game(number, seed, team, mine, theirs))
        rows.append(seatings)
    return rows


def ms(seconds: list[float], quantile: float) -> float | None:
    """A quantile of decision times, in milliseconds."""
    if not seconds:
        return None
    ordered = sorted(seconds)
    return round(ordered[min(len(ordered) - 1, int(quantile * len(ordered)))] * 1000, 2)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--duplicate", action="store_true", help="play each game again, the version East-West"
    )
    args = arguments("", "games", 400, argv, parser)
    tasks = [(n, args.seed, args.against, args.versions, args.duplicate) for n in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        games = pool.map(one, tasks, chunksize=1)
    report: dict[str, Any] = {"games": args.games, "seed": args.seed, "against": args.against}
    report["duplicate"] = args.duplicate
    report["machine"] = f"{platform.machine()}, Python {platform.python_version()}"
    first: list[int] = []
    for column, spec in enumerate(args.versions):
        played = [row for one_game in games for row in one_game[column]]
        wins = sum(row[0] for row in played)
        hands = sum(row[2] for row in played)
        margin = sum(row[1] for row in played)
        seconds = [s for row in played for s in row[3]]
        cpu = [s for row in played for s in row[4]]
        entry: dict[str, Any] = {
            "games": len(played),
            "wins": wins,
            "win_rate": round(wins / len(played), 4),
            "ci95": list(wilson_interval(wins, len(played))),
            "points_a_hand": round(margin / hands, 4),
            "decisions": len(seconds),
            "decision_ms": {q: ms(seconds, float(q)) for q in ("0.5", "0.9", "0.95", "1.0")},
            "decision_cpu_ms": {q: ms(cpu, float(q)) for q in ("0.5", "0.9", "0.95", "1.0")},
        }
        won = [row[0] for row in played]
        if column:
            mean, se, changed = paired([a - b for a, b in zip(won, first, strict=True)])
            entry |= {"vs_first": mean, "se": se, "winner_changed": changed}
        else:
            first = won
        report[spec] = entry
    return report


if __name__ == "__main__":
    json.dump(main(), sys.stdout, indent=1)
    print()
