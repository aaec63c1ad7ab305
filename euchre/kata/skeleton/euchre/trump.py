"""How cards rank once trump is known: the Right and Left Bars (the bowers)."""

from __future__ import annotations

from euchre.cards import Card, Suit


def is_right_bower(card: Card, trump: Suit) -> bool:
    """The jack of trump (the Right Bar), the highest card in the hand."""
    raise NotImplementedError("is_right_bower")


def is_left_bower(card: Card, trump: Suit) -> bool:
    """The other jack of trump's colour (the Left Bar), the second highest card, and a trump."""
    raise NotImplementedError("is_left_bower")


def trump_ranking(trump: Suit) -> tuple[Card, ...]:
    """The seven trumps, highest first."""
    raise NotImplementedError("trump_ranking")
