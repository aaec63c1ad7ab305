"""Players: what a seat may see, the one question every player answers, and the random player."""

from __future__ import annotations

import gc
import random

import pytest

from euchre.actions import Action
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.hand import Hand
from euchre.players import Decision, SeatView
from euchre.players.levels import LEVELS, make_player
from euchre.players.random_player import RandomPlayer
from euchre.players.reasons import Motive, Reason
from euchre.seats import Seat, Team
from tests.builders import make_hand, run

N, E, S, W = Seat


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by reference, as a debugger or a cheat could."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen[id(item)] = item
        stack.extend(gc.get_referents(item))
    return list(seen.values())


def test_a_view_shows_the_seat_its_own_cards_and_what_is_on_the_table() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC")
    view = SeatView.of(hand, E, scores={Team.NS: 3, Team.EW: 4})
    assert view.seat is E
    assert view.cards == hand.cards(E)
    assert view.upcard == Card.parse("KH")
    assert [str(bid) for _, bid in view.bids] == ["pass", "order up"]
    assert view.trick == ((N, Card.parse("AC")),)
    assert view.trump is not None
    assert view.scores == {Team.NS: 3, Team.EW: 4}
    assert view.discarded is None  # only the dealer saw the discard
    assert view.legal_actions == tuple(hand.legal_actions())


def test_the_dealer_sees_their_own_discard() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C")
    assert SeatView.of(hand, W).discarded == Card.parse("9C")


def test_a_view_cannot_reach_the_hand_or_any_other_players_cards() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC")
    objects = reachable(SeatView.of(hand, E))
    assert not any(isinstance(item, Hand | Deal) for item in objects)
    hidden = [hand.cards(seat) for seat in (N, S, W)]
    assert not any(isinstance(item, list | tuple) and item in hidden for item in objects)


def test_the_random_player_only_ever_chooses_legal_actions() -> None:
    rng = random.Random(5)
    players = {seat: RandomPlayer(rng) for seat in Seat}
    for _ in range(50):
        hand = make_hand()
        while hand.turn is not None:
            view = SeatView.of(hand, hand.turn)
            action: Action = players[hand.turn].choose(view).action
            assert action in view.legal_actions
            hand.apply(action)


def test_decide_asks_a_defender_whether_to_defend_alone() -> None:
    from euchre.rules import Rules

    hand = run(make_hand(Rules(defend_alone=True)), "order up alone, discard 9C")
    seen = set()
    for seed in range(20):
        action = RandomPlayer(random.Random(seed)).choose(SeatView.of(hand, E)).action
        seen.add(str(action))
    assert seen == {"pass", "defend alone"}


def test_trump_and_its_maker_are_asked_of_a_view_only_once_trump_is_made() -> None:
    hand = run(make_hand(), "pass, order up")
    assert SeatView.of(hand, W).made == (Suit.HEARTS, E)
    with pytest.raises(ValueError, match="trump is not made yet"):
        _ = SeatView.of(make_hand(), N).made


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_with_a_legal_action_and_its_reason(level: str) -> None:
    forced = SeatView.of(run(make_hand(), "pass, order up, discard 9C", "play AC"), E)
    assert len(forced.legal_actions) == 1  # East holds one club
    view = SeatView.of(run(make_hand(), "pass, order up, discard 9C", "play AC, play QC"), S)
    decision = make_player(level, random.Random(1)).choose(view)
    assert decision.action in view.legal_actions
    assert isinstance(decision.reason, Reason)
    if level != "easy":  # the random player says it chose at random, forced or not
        assert make_player(level, random.Random(1)).choose(forced) == Decision(
            forced.legal_actions[0], Reason(Motive.ONLY_CHOICE)
        )
    else:
        assert decision.reason == Reason(Motive.CHANCE)
