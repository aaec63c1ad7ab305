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

The first version, a plain level, plays exactly the games ``euchre simulate --seed`` plays.
Versions are written as for ``bench/expert_duplicate.py`` (a level, parts of levels,
``|setting=value``); the version sits North-South. A measurement, never a test.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import sys
from typing import Any

# bench/ is the script's own folder, so its sibling imports by name
from expert_duplicate import arguments, version

from euchre.game import Game
from euchre.measure.duplicate import paired
from euchre.measure.match import game_rng
from euchre.players.levels import make_player
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Seat, Team


def one(task: tuple[int, int, str, list[str]]) -> list[tuple[int, int, int]]:
    """Game ``number`` for each version: won by North-South (1 or 0), the points North-South
    made less East-West's, and the hands played."""
    number, seed, against, specs = task
    rows = []
    for spec in specs:
        rng = game_rng(seed, number)
        players = {
            seat: version(spec, random.Random(rng.random()))
            if seat.team is Team.NS
            else make_player(against, random.Random(rng.random()))
            for seat in Seat
        }
        game = play_game(Game(rng, Rules(), dealer=tuple(Seat)[number % 4]), players)
        margin = sum(result.points[Team.NS] - result.points[Team.EW] for result in game.results)
        rows.append((int(game.winner is Team.NS), margin, len(game.results)))
    return rows


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = arguments(__doc__.splitlines()[0], "games", 400, argv)
    tasks = [(n, args.seed, args.against, args.versions) for n in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        games = pool.map(one, tasks, chunksize=1)
    n = len(games)
    report: dict[str, Any] = {"games": n, "seed": args.seed, "against": args.against}
    for column, spec in enumerate(args.versions):
        wins = sum(game[column][0] for game in games)
        hands = sum(game[column][2] for game in games)
        margin = sum(game[column][1] for game in games)
        entry: dict[str, Any] = {"wins": wins, "points_a_hand": round(margin / hands, 4)}
        if column:
            mean, se, changed = paired([game[column][0] - game[0][0] for game in games])
            entry |= {"vs_first": mean, "se": se, "winner_changed": changed}
        report[spec] = entry
    return report


if __name__ == "__main__":
    json.dump(main(), sys.stdout, indent=1)
    print()
