"""Games, saved games, hand records and EGN documents, built for the tests of history/ and cli/."""

from __future__ import annotations

import copy
import json
import random
from datetime import UTC, datetime, timedelta
from typing import Any

from euchre.game import Game
from euchre.hand import Hand
from euchre.history.egn import (
    egn_from_hands,
    write_egn,
)
from euchre.history.saved_game import save_game
from euchre.players import SeatView
from euchre.players.rule_bot import RuleBot
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Seat
from tests.builders import make_hand, play_out, run
from tests.paths import DATA


def annotated() -> dict[str, Any]:
    return json.loads((DATA / "egn" / "annotated.egn").read_text())


def document(*hands: Hand, rules: Rules | None = None, **metadata: Any) -> dict[str, Any]:
    return write_egn(egn_from_hands(list(hands), rules, metadata=metadata))


def unknown(doc: dict[str, Any], discard: bool = True) -> dict[str, Any]:
    """The document with the dealt hands (and the discard) left out, as a live logger writes."""
    doc = copy.deepcopy(doc)
    for deal in doc["deals"]:
        deal["initialState"].pop("playerCards", None)
        if discard:
            deal["phases"][0].pop("discard", None)
    return doc


def ordered_up() -> Hand:
    return play_out(run(make_hand(), "pass, order up, discard 9C"))


def played(seed: int = 1, rules: Rules = Rules(), hands: int | None = None) -> Game:
    """A game between rule bots, whole or stopped after ``hands`` finished hands."""
    game = Game(random.Random(seed), rules, dealer=Seat.NORTH)
    players = {seat: RuleBot() for seat in Seat}
    if hands is None:
        return play_game(game, players)
    while len(game.results) < hands:
        seat = game.hand.turn
        assert seat is not None
        game.apply(players[seat].choose(SeatView.of(game.hand, seat, game.scores)).action, seat)
    return game


def saved(game: Game, **kwargs: Any) -> dict[str, Any]:
    times = [START + timedelta(minutes=n) for n in range(len(game.results))]
    written: dict[str, Any] = json.loads(json.dumps(save_game(game, RULE_BOTS, times, **kwargs)))
    return written


EXAMPLE: dict[str, Any] = {
    "format": "euchre-hand/1",
    "dealer": "W",
    "hands": {
        "N": ["9S", "QS", "AS", "KC", "AC"],
        "E": ["JH", "9H", "KD", "10D", "QC"],
        "S": ["AH", "10H", "QD", "JC", "10C"],
        "W": ["10S", "JS", "JD", "9D", "9C"],
    },
    "upcard": "KH",
    "bids": ["pass", "order up"],
    "discard": "9C",
    "tricks": [
        ["AC", "QC", "10C", "9D"],
        ["KC", "10D", "JC", "KH"],
        ["JD", "9S", "JH", "10H"],
        ["9H", "AH", "JS", "QS"],
        ["QD", "10S", "AS", "KD"],
    ],
}


START = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)
RULE_BOTS = dict.fromkeys(Seat, "rule")


def example(**changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(EXAMPLE)
    for key, value in changes.items():
        if value is None:
            del record[key]
        else:
            record[key] = value
    return record
