"""How cards rank once trump is known: the bowers, and the suit each card belongs to.

Cards have no order of their own. ``strength(card, trump, lead)`` is the key to rank them by.

>>> " ".join(map(str, trump_ranking(Suit.HEARTS)))
'JH JD AH KH QH 10H 9H'
"""

from __future__ import annotations

from euchre.cards import DECK, Card, Rank, Suit

PLAIN_ORDER = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
"""Printed ranks in a plain suit, low to high; trump moves its two jacks to the top."""
_TRUMP_ORDER = tuple(rank for rank in PLAIN_ORDER if rank is not Rank.JACK)


def is_right_bower(card: Card, trump: Suit) -> bool:
    """The jack of trump, the highest card in the hand."""
    return card.rank is Rank.JACK and card.suit is trump


def is_left_bower(card: Card, trump: Suit) -> bool:
    """The other jack of trump's colour, the second highest card, and a trump."""
    return card.rank is Rank.JACK and card.suit is trump.same_colour_suit


def effective_suit(card: Card, trump: Suit) -> Suit:
    """The suit ``card`` belongs to: the Left Bower belongs to trump, not its printed suit."""
    return trump if is_left_bower(card, trump) else card.suit


def strength(card: Card, trump: Suit, lead: Suit) -> int:
    """How high ``card`` ranks in a trick led in ``lead``: 0 if it cannot win it.

    The Right Bower, then the Left, then the other trumps from ace down; then the cards of the
    lead suit from ace down; a card of another suit never wins.
    """
    if is_right_bower(card, trump):
        return 200
    if is_left_bower(card, trump):
        return 199
    if card.suit is trump:
        return 100 + _TRUMP_ORDER.index(card.rank)
    if card.suit is lead:
        return 1 + PLAIN_ORDER.index(card.rank)
    return 0


def trump_ranking(trump: Suit) -> tuple[Card, ...]:
    """The seven trumps, highest first."""
    trumps = [card for card in DECK if effective_suit(card, trump) is trump]
    return tuple(sorted(trumps, key=lambda card: strength(card, trump, trump), reverse=True))


SUIT_BITS = {
    trump: {
        suit: sum(card.bit for card in DECK if effective_suit(card, trump) is suit) for suit in Suit
    }
    for trump in Suit
}
"""For each trump, each suit's cards as one set of bits (see ``Card.bit``): the Left Bower is
in trump's set. The cards a seat holds of the lead suit are then one ``&`` (see Hand)."""
