"""The rules as tables for the bots, who ask them millions of times a game: each card's suit and
strength under every trump, looked up by ``Card.index``, and cards as bits.

The tables are made once from the rules' own functions (``euchre.trump``), so the rule keeps
one home. Cards are their ``Card.index`` (0-23), a hand is a 24-bit mask, seats are numbered
North 0, East 1, South 2, West 3 (North-South are the even seats).
"""

from __future__ import annotations

from collections.abc import Iterable

from euchre.cards import DECK, Card, Suit
from euchre.seats import Seat
from euchre.trump import effective_suit, strength, trump_ranking

SEATS = tuple(Seat)
SEAT_NUMBER = {seat: number for number, seat in enumerate(SEATS)}
SUITS = tuple(Suit)
SUIT_NUMBER = {suit: number for number, suit in enumerate(SUITS)}

SUIT_TABLE = {trump: tuple(effective_suit(card, trump) for card in DECK) for trump in Suit}
"""For each trump, the suit each card belongs to, by ``Card.index``."""
STRENGTH_TABLE = {
    (trump, lead): tuple(strength(card, trump, lead) for card in DECK)
    for trump in Suit
    for lead in Suit
}
"""For each trump and lead suit, how high each card ranks, by ``Card.index``."""
RANKING = {trump: trump_ranking(trump) for trump in Suit}
"""For each trump, its seven cards from the Right Bower down."""

Holdings = tuple[int, ...]
"""Where the cards lie on one deal: a mask for each seat by number, then the kitty's."""


def mask(cards: Iterable[Card]) -> int:
    """The bitmask of ``cards``."""
    bits = 0
    for card in cards:
        bits |= card.bit
    return bits


def cards_of(bits: int) -> list[Card]:
    """The cards of a bitmask, lowest index first."""
    return [DECK[index] for index in range(24) if bits >> index & 1]
