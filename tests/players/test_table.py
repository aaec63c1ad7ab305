"""Playing whole games with bots, and the rule bots' strength against random bots."""

from __future__ import annotations

import random

import pytest

from euchre.actions import Action, NameTrump, OrderUp, Pass, Play
from euchre.cards import Suit
from euchre.errors import EuchreError, WrongPhaseError
from euchre.game import Game
from euchre.hand import Hand
from euchre.players import Decision, Player, SeatView
from euchre.players.random_player import RandomPlayer
from euchre.players.reasons import Motive, Reason
from euchre.players.rule_bot import RuleBot
from euchre.players.table import play_game
from euchre.seats import Seat, Team


def test_four_rule_bots_play_a_game_to_the_end_and_every_action_is_watched() -> None:
    seen: list[tuple[Seat, Action]] = []

    def watch(hand: Hand, seat: Seat, action: Action) -> None:
        seen.append((seat, action))

    game = play_game(Game(random.Random(1)), dict.fromkeys(Seat, RuleBot()), watch)
    assert game.winner is not None
    bids = [(seat, a) for seat, a in seen if isinstance(a, Pass | OrderUp | NameTrump)]
    plays = [(seat, a.card) for seat, a in seen if isinstance(a, Play)]
    assert bids == [bid for hand in game.hands for bid in hand.bids]
    assert plays == [play for hand in game.hands for t in hand.tricks for play in t.plays]


def test_a_person_who_chooses_an_illegal_action_is_told_why_and_asked_again() -> None:
    class Person(RuleBot):
        def __init__(self) -> None:
            self.refusals: list[str] = []

        def bid(self, view: SeatView) -> Decision:
            if not self.refusals:  # not allowed in round 1
                return Decision(NameTrump(Suit.CLUBS), Reason(Motive.OWN_CHOICE))
            return super().bid(view)

        def refused(self, error: EuchreError) -> None:
            self.refusals.append(str(error))

    person = Person()
    players: dict[Seat, Player] = {seat: RuleBot() for seat in Seat}
    players[Seat.NORTH] = person  # West deals, so North bids first
    game = play_game(Game(random.Random(2)), players)
    assert person.refusals == ["round 1: order up the upcard or pass"]
    assert game.winner is not None


def test_a_bot_that_breaks_a_rule_is_a_bug_and_stops_the_game() -> None:
    class Cheat(RuleBot):
        def bid(self, view: SeatView) -> Decision:
            return Decision(NameTrump(Suit.CLUBS), Reason(Motive.CALL))  # not allowed in round 1

    with pytest.raises(WrongPhaseError, match="round 1: order up the upcard or pass"):
        play_game(Game(random.Random(3)), dict.fromkeys(Seat, Cheat()))


def test_rule_bots_beat_random_bots() -> None:
    rng = random.Random(4)
    wins = 0
    for number in range(40):
        players = {
            Seat.NORTH: RuleBot(),
            Seat.SOUTH: RuleBot(),
            Seat.EAST: RandomPlayer(rng),
            Seat.WEST: RandomPlayer(rng),
        }
        game = play_game(Game(rng, dealer=tuple(Seat)[number % 4]), players)
        wins += game.winner is Team.NS
    assert wins >= 34  # 85% of 40; the 2,000-game figure is measured by `euchre simulate`
