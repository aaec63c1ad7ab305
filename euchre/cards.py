"""The 24 cards of Euchre: suits with colours, ranks, and the notation ``Card.parse`` reads.

>>> Card.parse("J♥")
Card.parse('JH')
>>> print(Card.parse("td"), Card.parse("10D").symbol)
10D 10♦
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from euchre.euchre_error import EuchreError

__all__ = ["DECK", "Card", "Colour", "InvalidCardError", "Rank", "Suit"]


class InvalidCardError(EuchreError):
    """``text`` that does not name what was asked for (``kind``): one of the 24 cards, or a suit."""

    def __init__(self, text: object, kind: Literal["card", "suit"]) -> None:
        super().__init__(text, kind)
        self.text, self.kind = text, kind

    def __str__(self) -> str:
        return f"{self.text!r} is not a {self.kind}: {_HOW_TO_WRITE[self.kind]}"


_HOW_TO_WRITE = {
    "card": "write a rank (9 10 J Q K A) then a suit (C D H S), as in 'JH' or '10D'",
    "suit": "write clubs, diamonds, hearts or spades (or C D H S)",
}


class Colour(Enum):
    """The colour of a suit: the two suits of one colour share the bowers."""

    # Members are singletons compared by identity, so the C-level identity hash is
    # equivalent to Enum's own and keeps dictionary look-ups off the Python stack
    # (measured: 14% of a random hand's time, bench/engine.py; docs/speed.md).
    __hash__ = object.__hash__

    RED = "red"
    BLACK = "black"


class Suit(Enum):
    """One of the four suits, written by its letter in card notation."""

    # Members are singletons compared by identity, so the C-level identity hash is
    # equivalent to Enum's own and keeps dictionary look-ups off the Python stack
    # (measured: 14% of a random hand's time, bench/engine.py; docs/speed.md).
    __hash__ = object.__hash__

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def colour(self) -> Colour:
        return _COLOUR[self]

    @property
    def same_colour_suit(self) -> Suit:
        """The other suit of this colour: its jack is the Left Bower when this suit is trump."""
        return _SAME_COLOUR[self]

    @property
    def symbol(self) -> str:
        return _SYMBOL[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its name, its letter or its symbol.

        >>> Suit.parse("hearts"), Suit.parse("♠")
        (<Suit.HEARTS: 'H'>, <Suit.SPADES: 'S'>)
        """
        suit = _SUIT_NAMES.get(text.strip().lower())
        if suit is None:
            raise InvalidCardError(text, "suit")
        return suit

    def __str__(self) -> str:
        return self.name.lower()


class Rank(Enum):
    """A card's printed rank, from nine to ace. How it ranks in play depends on trump."""

    # Members are singletons compared by identity, so the C-level identity hash is
    # equivalent to Enum's own and keeps dictionary look-ups off the Python stack
    # (measured: 14% of a random hand's time, bench/engine.py; docs/speed.md).
    __hash__ = object.__hash__

    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    def __str__(self) -> str:
        return self.value


_COLOUR = {
    Suit.CLUBS: Colour.BLACK,
    Suit.SPADES: Colour.BLACK,
    Suit.DIAMONDS: Colour.RED,
    Suit.HEARTS: Colour.RED,
}
_SAME_COLOUR = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}
_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_NAMES = {
    **{suit.name.lower(): suit for suit in Suit},
    **{suit.value.lower(): suit for suit in Suit},
    **{symbol: suit for suit, symbol in _SYMBOL.items()},
}
_RANK_NAMES = {**{rank.value: rank for rank in Rank}, "T": Rank.TEN}
# Spelled out in both cases, not IGNORECASE: that folds in Unicode, where the Kelvin sign and
# the long s match K and S. A card is ASCII ranks and suit letters, or the four suit symbols.
_CARD_PATTERN = re.compile(r"(9|10|[TtJjQqKkAa])([CcDdHhSs♣♦♥♠])")
PLAIN_CARD = re.compile(r"\b(?:9|10|J|Q|K|A)[CDHS]\b")
"""A card in the plain form writers use, to find cards in a sentence."""


@dataclass(frozen=True, slots=True, repr=False)
class Card:
    """A playing card. Cards have no order of their own: see ``euchre.trump``."""

    rank: Rank
    suit: Suit
    # The card's place in DECK, 0 to 23, and the card as a one-card set of bits (bit
    # ``index``): a hand keeps what each seat holds as one int of these (see Hand), and the
    # bots' search a whole deal.
    index: int = field(init=False, compare=False, hash=False)
    bit: int = field(init=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", _SUIT_ORDER[self.suit] * 6 + _RANK_ORDER[self.rank])
        object.__setattr__(self, "bit", 1 << self.index)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``"JH"``, ``"10d"``, ``"TD"`` or ``"J♥"``."""
        match = _CARD_PATTERN.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise InvalidCardError(text, "card")
        rank, suit = match.groups()
        return _BY_NAME[_RANK_NAMES[rank.upper()], _SUIT_NAMES[suit.lower()]]

    @classmethod
    def parse_many(cls, text: str) -> tuple[Card, ...]:
        """Read cards separated by spaces, such as ``"9H 10D J♠"``."""
        return tuple(cls.parse(word) for word in text.split())

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, such as ``10♥``."""
        return f"{self.rank.value}{_SYMBOL[self.suit]}"

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_SUIT_ORDER = {suit: number for number, suit in enumerate(Suit)}
_RANK_ORDER = {rank: number for number, rank in enumerate(Rank)}

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 24 cards, clubs to spades and nine to ace; ``DECK[card.index] == card``."""

_BY_NAME = {(card.rank, card.suit): card for card in DECK}
