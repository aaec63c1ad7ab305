"""A saved game: the rules, the players, and every hand as a hand record with its time."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Any

from euchre.game import Game
from euchre.history.record import RecordError, write_record
from euchre.seats import Seat, Team

FORMAT = "euchre-game/1"


def save_game(
    game: Game, players: Mapping[Seat, str], played_at: Sequence[datetime]
) -> dict[str, Any]:
    """The game as JSON: every finished hand, when it ended, and the score after it.

    ``played_at`` holds one time (in UTC) for each finished hand. A hand left unfinished by an
    interrupted game is kept as ``unfinished``, and is not replayed.
    """
    finished = [hand for hand in game.hands if hand.result is not None]
    scores, running = [], dict.fromkeys(Team, 0)
    for hand in finished:
        assert hand.result is not None
        for team, points in hand.result.points.items():
            running[team] += points
        scores.append({str(team): points for team, points in running.items()})
    saved: dict[str, Any] = {
        "format": FORMAT,
        "rules": asdict(game.rules),
        "players": {str(seat): players[seat] for seat in Seat},
        "hands": [write_record(hand, when) for hand, when in zip(finished, played_at, strict=True)],
        "scores": scores,
        "winner": str(game.winner) if game.winner else None,
    }
    if game.hand.result is None and game.hand.bids:
        saved["unfinished"] = write_record(game.hand)
    return saved


def hand_records(saved: Mapping[str, Any]) -> list[Any]:
    """The hand records of a saved game, to replay."""
    if saved.get("format") != FORMAT or not isinstance(saved.get("hands"), list):
        raise RecordError(f"a saved game has format {FORMAT!r} and a list of hands")
    return list(saved["hands"])
