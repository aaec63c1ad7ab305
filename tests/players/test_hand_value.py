"""What the rule bots know of a hand, in one home: what it holds, its worth, the discard."""

from __future__ import annotations

import pytest

from euchre.cards import Card, Suit
from euchre.hand import Phase
from euchre.players.hand_value import (
    after_pick_up,
    counts,
    dealer_discard,
    expected_points,
    rule_value,
)
from euchre.players.normal import NormalBot
from euchre.players.reasons import Motive
from euchre.players.rule_bot import RuleBot
from euchre.seats import Seat
from tests.players.views import view

N, E, S, W = Seat
HEARTS = Suit.HEARTS


def test_the_left_bar_is_counted_among_the_trumps_never_in_its_printed_suit() -> None:
    # Hearts are trump: JD is the Left Bar, so the nine of diamonds is a lone diamond.
    hand = Card.parse_many("JH AH JD 9D 10S QS")
    assert counts(hand, HEARTS)[:2] == (1.0, 1.0)  # both bowers
    card, reason = dealer_discard(hand, HEARTS)
    assert (card, reason.motive, reason.suit) == (Card.parse("9D"), Motive.VOID, Suit.DIAMONDS)


@pytest.mark.parametrize(
    ("six", "thrown", "motive"),
    [
        ("JH AH 10H KS AC 9H", "KS", Motive.VOID),
        ("JH AH 10H AS 9C 10C", "9C", Motive.LOWEST),
        ("JH AH 10H AS AC AD", "AS", Motive.LEAST_WORTH),
        ("JH JD AH KH QH 9H", "9H", Motive.LEAST_WORTH),
    ],
    ids=["void", "lowest", "only-aces-outside-trump", "only-trumps"],
)
def test_the_dealer_discards_by_one_rule(six: str, thrown: str, motive: Motive) -> None:
    card, reason = dealer_discard(Card.parse_many(six), HEARTS)
    assert (card, reason.motive) == (Card.parse(thrown), motive)


def test_the_dealer_counts_its_hand_after_the_pick_up_by_the_same_rule() -> None:
    assert after_pick_up(Card.parse_many("JH AH 10H KS AC"), Card.parse("9H")) == (
        Card.parse_many("JH AH 10H AC 9H")
    )


def test_basic_values_tricks_worth_and_normal_expected_points_over_the_same_counts() -> None:
    hand = Card.parse_many("JH AH 10H AS 9C")
    assert rule_value(hand, HEARTS) == 3.0 + 2.0 + 1.0 + 1.0  # right bower, ace, ten, off ace
    assert rule_value(Card.parse_many("JD 9C"), HEARTS) == 2.5  # the Left Bar alone
    # normal's: the constant, the right bower, the ace, the ten, the off ace, the void in
    # diamonds, North's side leading first, and an opponent (West) picking up a trump
    assert expected_points(hand, HEARTS, N, W, Card.parse("9H")) == pytest.approx(
        -1.87 + 1.16 + 0.57 + 0.33 + 0.34 + 0.34 + 0.50 - 0.50
    )


@pytest.mark.parametrize("six", ["JH AH 10H KS AC 9H", "JH AH JD 9D 10S QS", "JH JD AH KH QH 9H"])
def test_basic_and_normal_discard_alike(six: str) -> None:
    seen = view(W, six, phase=Phase.DISCARD, trump=HEARTS, maker=N)
    assert RuleBot().choose(seen) == NormalBot().choose(seen)
