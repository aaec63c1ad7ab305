"""The trump suit: its two named cards, and its ranking (features/trump_suit.feature)."""

from __future__ import annotations

from euchre.cards import Card, Suit

SAME_COLOUR = {
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
}


def is_right_bower(card: Card, trump: Suit) -> bool:
    """Whether ``card`` is "the Right Bar" when ``trump`` is trump."""
    raise NotImplementedError("is_right_bower")


def is_left_bower(card: Card, trump: Suit) -> bool:
    """Whether ``card`` is "the Left Bar" when ``trump`` is trump."""
    raise NotImplementedError("is_left_bower")


def trump_ranking(trump: Suit) -> tuple[Card, ...]:
    """Every trump when ``trump`` is trump, the best first."""
    left = SAME_COLOUR[trump]
    others = (Card(rank, trump) for rank in ("A", "K", "Q", "10", "9"))
    return (Card("J", trump), Card("J", left), *others)
