"""The 24 cards of Euchre: suits, and the notation ``Card.parse`` reads ("JH", "10D")."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Suit(Enum):
    """One of the four suits, written by its letter in card notation."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its name, such as "hearts"."""
        raise NotImplementedError("Suit.parse")


@dataclass(frozen=True)
class Card:
    """A playing card. Cards have no order of their own: their rank depends on trump."""

    rank: str
    """"9", "10", "J", "Q", "K" or "A": change it to a type of your own if you like."""
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as "JH" or "10D": its rank, then its suit's letter."""
        raise NotImplementedError("Card.parse")

    def __str__(self) -> str:
        """The card in the notation ``parse`` reads, such as "10D"."""
        raise NotImplementedError("Card.__str__")


DECK: tuple[Card, ...]
"""The 24 cards, unshuffled: clubs, diamonds, hearts, spades, each from nine up to ace."""


def __getattr__(name: str) -> object:
    """Until you write ``DECK = ...`` above, reading it raises NotImplementedError."""
    if name == "DECK":
        raise NotImplementedError("DECK: the 24 cards, clubs to spades, each from nine to ace")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
