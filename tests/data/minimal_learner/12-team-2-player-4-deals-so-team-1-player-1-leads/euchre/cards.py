"""Cards and suits, and the notation the features write them in ("JH", "10D")."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Suit(Enum):
    """A suit, written by its letter in card notation."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit a feature names, such as "hearts"."""
        return cls[text.upper()]


@dataclass(frozen=True)
class Card:
    """A playing card: a rank and a suit."""

    rank: str
    """The rank as the features write it, "10" in "10D": make it a type of your own if you like."""
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card a feature writes, such as "JH" or "10D"."""
        return cls(text[:-1], Suit(text[-1]))

    def __str__(self) -> str:
        """The card as the features write it, such as "10D": what ``parse`` reads back."""
        return f"{self.rank}{self.suit.value}"


DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in Suit for rank in ("9", "10", "J", "Q", "K", "A")
)
"""Every card, as an unshuffled deck, top card first."""
