"""Dealing: 2 cards each, then 3 cards each, from the dealer's left; 4 left as the kitty."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.cards import DECK, Card
from euchre.deal import Deal, deal, shuffled_deck
from euchre.errors import EuchreError
from euchre.seats import Seat

STACKED = Card.parse_many(
    "9C 10C JC QC KC AC 9D 10D JD QD KD AD 9H 10H JH QH KH AH 9S 10S JS QS KS AS"
)


def test_the_eldest_hand_gets_the_first_two_cards_then_the_ninth_to_eleventh() -> None:
    dealt = deal(STACKED, dealer=Seat.WEST)
    assert dealt.hands[Seat.NORTH] == Card.parse_many("9C 10C JD QD KD")
    assert dealt.hands[Seat.EAST] == Card.parse_many("JC QC AD 9H 10H")
    assert dealt.hands[Seat.SOUTH] == Card.parse_many("KC AC JH QH KH")
    assert dealt.hands[Seat.WEST] == Card.parse_many("9D 10D AH 9S 10S")


def test_the_last_four_cards_are_the_kitty_with_the_upcard_on_top() -> None:
    dealt = deal(STACKED, dealer=Seat.WEST)
    assert dealt.kitty == Card.parse_many("JS QS KS AS")
    assert dealt.upcard == Card.parse("JS")


def test_the_deal_starts_on_the_dealers_left_whoever_deals() -> None:
    dealt = deal(STACKED, dealer=Seat.NORTH)
    assert dealt.hands[Seat.EAST][:2] == Card.parse_many("9C 10C")
    assert dealt.dealer is Seat.NORTH


def test_a_deal_needs_the_whole_deck() -> None:
    import pytest

    from euchre.errors import EuchreError

    with pytest.raises(EuchreError, match="a deal needs the 24 different cards"):
        deal(STACKED[:23], dealer=Seat.WEST)
    with pytest.raises(EuchreError, match="a deal needs the 24 different cards"):
        deal(STACKED[:23] + STACKED[:1], dealer=Seat.WEST)


def test_a_deck_with_a_card_twice_is_refused_naming_the_card() -> None:
    import pytest

    from euchre.errors import EuchreError

    with pytest.raises(EuchreError, match="9C is in the deck twice"):
        deal(STACKED[:1] + STACKED[:23], dealer=Seat.WEST)
    with pytest.raises(EuchreError, match="9C and 10C are in the deck twice"):
        deal(STACKED[:2] + STACKED[:22], dealer=Seat.WEST)


def test_shuffling_is_repeatable_with_the_same_seed() -> None:
    assert shuffled_deck(random.Random(7)) == shuffled_deck(random.Random(7))
    assert shuffled_deck(random.Random(7)) != shuffled_deck(random.Random(8))


@given(seed=st.integers(), dealer=st.sampled_from(Seat))
def test_every_deal_splits_the_24_cards_into_four_hands_of_5_and_a_kitty_of_4(
    seed: int, dealer: Seat
) -> None:
    dealt = deal(shuffled_deck(random.Random(seed)), dealer)
    assert sorted(len(hand) for hand in dealt.hands.values()) == [5, 5, 5, 5]
    assert len(dealt.kitty) == 4
    everything = [card for hand in dealt.hands.values() for card in hand] + list(dealt.kitty)
    assert sorted(card.index for card in everything) == sorted(card.index for card in DECK)


def test_a_deal_from_hands_infers_the_rest_of_the_kitty() -> None:
    from tests.builders import make_deal

    dealt = make_deal()
    assert dealt.upcard == Card.parse("KH")
    assert set(dealt.kitty) == set(Card.parse_many("KH AD QH KS"))


def test_a_deal_from_hands_keeps_a_given_kitty() -> None:
    import pytest

    from euchre.errors import EuchreError
    from tests.builders import EXAMPLE

    hands = {seat: Card.parse_many(text) for seat, text in EXAMPLE.items()}
    kitty = Card.parse_many("KH QH KS AD")
    upcard = Card.parse("KH")
    assert Deal.from_hands(Seat.WEST, hands, upcard, kitty).kitty == kitty
    with pytest.raises(EuchreError, match="the upcard QH must be the top card of the kitty"):
        Deal.from_hands(Seat.WEST, hands, Card.parse("QH"), kitty)
    with pytest.raises(EuchreError, match="N must be dealt 5 cards, not 4"):
        Deal.from_hands(Seat.WEST, {**hands, Seat.NORTH: hands[Seat.NORTH][:4]}, upcard)
    with pytest.raises(EuchreError, match="a deal needs the 24 different cards"):
        Deal.from_hands(Seat.WEST, {**hands, Seat.NORTH: hands[Seat.EAST]}, upcard, kitty)


def test_a_deal_given_as_hands_names_the_first_player_without_five_cards() -> None:
    hands = {
        Seat.NORTH: list(DECK[0:6]),
        Seat.EAST: list(DECK[6:10]),
        Seat.SOUTH: list(DECK[10:15]),
        Seat.WEST: list(DECK[15:20]),
    }
    with pytest.raises(EuchreError, match=r"^N must be dealt 5 cards, not 6$"):
        Deal.from_hands(Seat.WEST, hands, DECK[20])
