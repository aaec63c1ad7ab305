"""Trump: the bowers, the ranking of trump, and which suit a card belongs to."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.cards import DECK, Card, Suit
from euchre.trump import effective_suit, is_left_bower, is_right_bower, strength, trump_ranking


@pytest.mark.parametrize(
    ("trump", "ranking"),
    [
        (Suit.HEARTS, "JH JD AH KH QH 10H 9H"),
        (Suit.DIAMONDS, "JD JH AD KD QD 10D 9D"),
        (Suit.CLUBS, "JC JS AC KC QC 10C 9C"),
        (Suit.SPADES, "JS JC AS KS QS 10S 9S"),
    ],
)
def test_trump_ranks_right_bower_left_bower_then_ace_down_to_nine(
    trump: Suit, ranking: str
) -> None:
    assert trump_ranking(trump) == Card.parse_many(ranking)


def test_the_bowers_are_the_two_jacks_of_trumps_colour() -> None:
    assert is_right_bower(Card.parse("JH"), Suit.HEARTS)
    assert is_left_bower(Card.parse("JD"), Suit.HEARTS)
    assert not is_left_bower(Card.parse("JH"), Suit.HEARTS)
    assert not is_right_bower(Card.parse("JD"), Suit.HEARTS)
    assert not is_left_bower(Card.parse("JC"), Suit.HEARTS)


def test_the_left_bower_belongs_to_trump_and_not_its_printed_suit() -> None:
    assert effective_suit(Card.parse("JD"), Suit.HEARTS) is Suit.HEARTS
    assert effective_suit(Card.parse("JD"), Suit.SPADES) is Suit.DIAMONDS
    assert effective_suit(Card.parse("QD"), Suit.HEARTS) is Suit.DIAMONDS


def test_strength_ranks_trump_over_the_lead_over_everything_else() -> None:
    hearts, clubs = Suit.HEARTS, Suit.CLUBS
    assert strength(Card.parse("9H"), hearts, clubs) > strength(Card.parse("AC"), hearts, clubs)
    assert strength(Card.parse("9C"), hearts, clubs) > strength(Card.parse("AS"), hearts, clubs)
    assert strength(Card.parse("AS"), hearts, clubs) == 0
    assert strength(Card.parse("JD"), hearts, clubs) > strength(Card.parse("AH"), hearts, clubs)


def test_a_plain_suit_ranks_ace_king_queen_jack_ten_nine() -> None:
    order = Card.parse_many("AC KC QC JC 10C 9C")
    strengths = [strength(card, Suit.HEARTS, Suit.CLUBS) for card in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 6


@given(trump=st.sampled_from(Suit), lead=st.sampled_from(Suit))
def test_strength_never_ties_between_two_cards_that_can_win(trump: Suit, lead: Suit) -> None:
    winners = [strength(card, trump, lead) for card in DECK if strength(card, trump, lead)]
    assert len(winners) == len(set(winners))
    assert len(winners) == 7 + (0 if lead is trump else 5 if lead.colour is trump.colour else 6)
