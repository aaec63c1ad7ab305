"""The 24 cards of Euchre: suits, ranks, and the notation ``Card.parse`` reads ("JH", "10D")."""

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
        """Read a suit from its name ("hearts"), its letter ("H") or its symbol ("♥")."""
        raise NotImplementedError("Suit.parse")

    def __str__(self) -> str:
        """The suit's name in lower case, such as "hearts"."""
        raise NotImplementedError("Suit.__str__")


class Rank(Enum):
    """A card's printed rank, from nine to ace. How it ranks in play depends on trump."""

    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"


@dataclass(frozen=True)
class Card:
    """A playing card. Cards have no order of their own: their rank depends on trump."""

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as "JH", "10d", "TD" or "J♥"; raise a EuchreError for anything else."""
        raise NotImplementedError("Card.parse")

    @classmethod
    def parse_many(cls, text: str) -> tuple[Card, ...]:
        """Read cards separated by spaces, such as "9H 10D J♠"."""
        raise NotImplementedError("Card.parse_many")

    def __str__(self) -> str:
        """The card in plain notation, such as "10D"."""
        raise NotImplementedError("Card.__str__")


DECK: tuple[Card, ...] = ()
"""The 24 cards, unshuffled: clubs, diamonds, hearts, spades, each from nine up to ace."""
