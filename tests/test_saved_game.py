"""A saved game: written from a game, and checked as a game when replayed, not only hand by hand."""

from __future__ import annotations

import copy
import json
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from euchre.game import Game
from euchre.hand import Hand
from euchre.history.record import RecordError
from euchre.history.saved_game import replay_game, save_game
from euchre.players import SeatView
from euchre.players.rule_bot import RuleBot
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Seat

START = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)
RULE_BOTS = dict.fromkeys(Seat, "rule")


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


@pytest.fixture(scope="module")
def whole() -> dict[str, Any]:
    return saved(played())


def outcomes(game: dict[str, Any]) -> list[Hand | RecordError]:
    return [outcome for _, outcome in replay_game(game)]


def errors(game: dict[str, Any]) -> list[str]:
    return [f"{label}: {out}" for label, out in replay_game(game) if isinstance(out, RecordError)]


def test_a_whole_game_replays_hand_by_hand_and_as_a_game(whole: dict[str, Any]) -> None:
    assert whole["finished"] is True
    assert whole["winner"] in ("NS", "EW")
    assert "unfinished" not in whole
    assert errors(whole) == []
    hands = outcomes(whole)
    assert len(hands) == len(whole["hands"])
    assert all(isinstance(hand, Hand) for hand in hands)


def test_the_labels_are_the_hands_in_order(whole: dict[str, Any]) -> None:
    labels = [label for label, _ in replay_game(whole)]
    assert labels == [f"hand {n}" for n in range(1, len(whole["hands"]) + 1)]


def test_editing_the_final_score_is_caught(whole: dict[str, Any]) -> None:
    game = copy.deepcopy(whole)
    last = len(game["hands"])
    right = game["scores"][-1]
    game["scores"][-1] = {"NS": 99, "EW": 0}
    assert errors(game) == [
        f"hand {last}: scores: after this hand NS has {right['NS']} and EW {right['EW']},"
        " not NS 99 and EW 0"
    ]


def test_swapping_two_hands_is_caught_by_the_dealer(whole: dict[str, Any]) -> None:
    game = copy.deepcopy(whole)
    game["hands"][1], game["hands"][2] = game["hands"][2], game["hands"][1]
    first = errors(game)[0]
    assert first.startswith("hand 2: dealer: N dealt hand 1, so E deals hand 2, not S")


def test_a_hand_after_the_game_was_won_is_caught(whole: dict[str, Any]) -> None:
    game = copy.deepcopy(whole)
    extra = copy.deepcopy(game["hands"][-4])
    game["hands"].append(extra)
    game["scores"].append(game["scores"][-1])
    count = len(game["hands"])
    assert f"hand {count}: the game was over: {whole['winner']} reached 10 in hand {count - 1}" in (
        errors(game)
    )


def test_a_game_that_stops_short_of_the_target_has_no_winner(whole: dict[str, Any]) -> None:
    game = copy.deepcopy(whole)
    del game["hands"][-1], game["scores"][-1]
    assert errors(game) == [
        f"game: winner: nobody has reached 10, so nobody has won, not {whole['winner']}"
    ]


def test_the_winner_is_the_team_that_reached_the_target(whole: dict[str, Any]) -> None:
    game = copy.deepcopy(whole)
    loser = "EW" if whole["winner"] == "NS" else "NS"
    game["winner"] = loser
    assert errors(game) == [
        f"game: winner: {whole['winner']} reached 10 in hand {len(whole['hands'])},"
        f" so {whole['winner']} won, not {loser}"
    ]
    game["winner"] = None
    assert errors(game)[0].endswith(f"so {whole['winner']} won, not null")


def test_played_at_never_goes_backwards(whole: dict[str, Any]) -> None:
    game = copy.deepcopy(whole)
    game["hands"][2]["played_at"] = "2026-11-25T19:00:00Z"
    assert errors(game) == [
        "hand 3: played_at: 2026-11-25T19:00:00Z is before hand 2's 2026-11-25T20:01:00Z"
    ]


def test_every_hand_is_played_under_the_games_rules(whole: dict[str, Any]) -> None:
    game = copy.deepcopy(whole)
    game["hands"][0]["rules"] = {"defend_alone": True}
    assert errors(game)[0] == "hand 1: rules: this hand's rules are not the game's"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"scores": "none"}, "game: scores: expected a list of scores, one for each hand, got"),
        ({"scores": []}, "game: scores: 0 scores for "),
        ({"rules": {"points_to_win": 0}}, "game: rules: points_to_win: expected 1 to 100, got 0"),
        ({"finished": False}, "game: finished: a team reached 10, so the game is finished"),
        ({"finished": "yes"}, 'game: finished: expected true or false, got "yes"'),
    ],
)
def test_the_games_own_fields_are_checked(
    whole: dict[str, Any], change: dict[str, Any], message: str
) -> None:
    assert errors({**whole, **change})[0].startswith(message)


def test_a_score_that_is_not_a_score_is_named(whole: dict[str, Any]) -> None:
    game = copy.deepcopy(whole)
    game["scores"][0] = [1, 0]
    assert errors(game) == [
        'hand 1: scores: expected an object such as {"NS": 1, "EW": 0}, got a list'
    ]


def test_a_record_error_in_one_hand_is_that_hands_and_the_game_stops_being_summed(
    whole: dict[str, Any],
) -> None:
    game = copy.deepcopy(whole)
    game["hands"][1]["tricks"] = game["hands"][1]["tricks"][:3]
    assert errors(game) == ["hand 2: tricks: the hand is not finished: 3 of 5 tricks"]


# A game that stopped before its end


def test_a_stopped_game_is_marked_unfinished_with_the_hand_in_progress() -> None:
    game = played(hands=2)
    hand = game.hand
    for _ in range(3):
        hand.apply(hand.legal_actions()[0])
    stopped = saved(game, stopped_by="Ctrl-C")
    assert stopped["finished"] is False
    assert stopped["stopped_by"] == "Ctrl-C"
    assert stopped["winner"] is None
    assert len(stopped["hands"]) == 2
    assert len(stopped["unfinished"]["bids"]) == 3
    assert errors(stopped) == []
    labels = [label for label, _ in replay_game(stopped)]
    assert labels == ["hand 1", "hand 2", "hand 3 (unfinished)"]


def test_a_game_stopped_before_anyone_bid_keeps_the_deal() -> None:
    stopped = saved(played(hands=0), stopped_by="end of input")
    assert stopped["hands"] == []
    assert stopped["unfinished"]["bids"] == []
    assert errors(stopped) == []


def test_a_hand_that_finishes_as_the_game_stops_gets_the_time_it_was_saved() -> None:
    game = played(hands=3)
    later = START + timedelta(hours=1)
    written = save_game(game, RULE_BOTS, [START, START], now=later)
    assert [hand["played_at"] for hand in written["hands"]] == [
        "2026-11-25T20:00:00Z",
        "2026-11-25T20:00:00Z",
        "2026-11-25T21:00:00Z",
    ]


def test_an_unfinished_hand_is_checked_as_far_as_it_went() -> None:
    stopped = saved(played(hands=1), stopped_by="SIGTERM")
    stopped["unfinished"]["bids"] = ["pass", "maybe"]
    assert errors(stopped) == [
        'hand 2 (unfinished): bid 2: "maybe" is not a bid: write pass, order up or a suit'
    ]
    stopped = saved(played(hands=1), stopped_by="SIGTERM")
    stopped["unfinished"]["dealer"] = "N"
    assert errors(stopped)[0].startswith("hand 2 (unfinished): dealer: N dealt hand 1, so E")


def test_an_unfinished_hand_after_the_game_was_won_is_caught(whole: dict[str, Any]) -> None:
    game = {**whole, "unfinished": whole["hands"][0], "finished": True}
    assert f"hand {len(whole['hands']) + 1} (unfinished): the game was over" in errors(game)[0]


def test_a_saved_game_needs_a_list_of_hands() -> None:
    assert errors({"format": "euchre-game/1", "hands": "none"}) == [
        "game: a saved game has format 'euchre-game/1' and a list of hands"
    ]
