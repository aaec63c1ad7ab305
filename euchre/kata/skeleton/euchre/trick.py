"""A trick: each player plays one card in turn; the lead suit must be followed if possible."""

from __future__ import annotations

from collections.abc import Sequence

from euchre.cards import Card, Suit
from euchre.seats import Seat


def legal_plays(held: Sequence[Card], lead: Suit | None, trump: Suit) -> tuple[Card, ...]:
    """The cards of ``held`` that may be played to a trick led in ``lead`` (None: not led yet)."""
    raise NotImplementedError("legal_plays")


class Trick:
    """One card from each player in turn, starting with ``leader``."""

    def __init__(self, leader: Seat, trump: Suit) -> None:
        raise NotImplementedError("Trick")

    @property
    def order(self) -> tuple[Seat, ...]:
        """The seats in the order they play to this trick."""
        raise NotImplementedError("Trick.order")

    @property
    def lead_suit(self) -> Suit | None:
        """The suit of the first card played (trump if it was the Left Bar); None before it."""
        raise NotImplementedError("Trick.lead_suit")

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards played so far, each with the seat that played it, in play order."""
        raise NotImplementedError("Trick.plays")

    @property
    def is_complete(self) -> bool:
        """Whether every player has played a card to this trick."""
        raise NotImplementedError("Trick.is_complete")

    def play(self, seat: Seat, card: Card, held: Sequence[Card]) -> None:
        """Play ``card`` from ``held`` for ``seat``; an illegal play raises and changes nothing."""
        raise NotImplementedError("Trick.play")

    @property
    def winner(self) -> Seat:
        """The seat that played the highest trump, or else the highest card of the lead suit.

        Before every player has played, there is no winner: raise a EuchreError.
        """
        raise NotImplementedError("Trick.winner")

    def next_trick(self) -> Trick:
        """An empty trick led by this one's winner, with the same trump."""
        raise NotImplementedError("Trick.next_trick")
