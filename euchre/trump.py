"""How cards rank once trump is known: the bowers, and the suit each card belongs to.

Cards have no order of their own. ``strength(card, trump, lead)`` is the key to rank them by.

>>> " ".join(map(str, trump_ranking(Suit.HEARTS)))
'JH JD AH KH QH 10H 9H'
"""

from __future__ import annotations

from euchre.cards import DECK, Card, Rank, Suit, bits

PLAIN_ORDER = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
"""Printed ranks in a plain suit, low to high; trump moves its two jacks to the top."""
_TRUMP_ORDER = tuple(rank for rank in PLAIN_ORDER if rank is not Rank.JACK)


def is_right_bower(card: Card, trump: Suit) -> bool:
    """The jack of trump, the highest card in the hand."""
    return card.rank is Rank.JACK and card.suit is trump


def is_left_bower(card: Card, trump: Suit) -> bool:
    """The other jack of trump's colour, the second highest card, and a trump."""
    return card.rank is Rank.JACK and card.suit is trump.same_colour_suit


def _effective_suit(card: Card, trump: Suit) -> Suit:
    return trump if is_left_bower(card, trump) else card.suit


def _strength(card: Card, trump: Suit, lead: Suit) -> int:
    if is_right_bower(card, trump):
        return 200
    if is_left_bower(card, trump):
        return 199
    suit = card.suit
    if suit is trump:
        return 100 + _TRUMP_ORDER.index(card.rank)
    if suit is lead:
        return 1 + PLAIN_ORDER.index(card.rank)
    return 0


# Tables indexed by Card.index, built once, so that play never recomputes a ranking.
SUIT_TABLE = {trump: tuple(_effective_suit(card, trump) for card in DECK) for trump in Suit}
STRENGTH_TABLE = {
    (trump, lead): tuple(_strength(card, trump, lead) for card in DECK)
    for trump in Suit
    for lead in Suit
}

SUIT_BITS = {
    trump: {
        suit: bits(card for card in DECK if _effective_suit(card, trump) is suit) for suit in Suit
    }
    for trump in Suit
}
"""For each trump, each suit's cards as a set of bits (see ``Card.bit``): the Left Bower is
in trump's set, not its printed suit's. A player's cards of the lead suit are one ``&``."""


def effective_suit(card: Card, trump: Suit) -> Suit:
    """The suit ``card`` belongs to: the Left Bower belongs to trump, not its printed suit."""
    return SUIT_TABLE[trump][card.index]


def strength(card: Card, trump: Suit, lead: Suit) -> int:
    """How high ``card`` ranks in a trick led in ``lead``: 0 if it cannot win it."""
    return STRENGTH_TABLE[trump, lead][card.index]


def trump_ranking(trump: Suit) -> tuple[Card, ...]:
    """The seven trumps, highest first."""
    trumps = [card for card in DECK if effective_suit(card, trump) is trump]
    return tuple(sorted(trumps, key=lambda card: strength(card, trump, trump), reverse=True))
