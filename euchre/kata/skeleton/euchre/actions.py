"""The actions a player gives ``Hand.apply``: values that say what the player does."""

from __future__ import annotations

from dataclasses import dataclass

from euchre.cards import Card, Suit


@dataclass(frozen=True)
class Pass:
    """A player passes."""


@dataclass(frozen=True)
class OrderUp:
    """A player orders up the upcard, going alone or not."""

    alone: bool = False


@dataclass(frozen=True)
class NameTrump:
    """A player names ``suit`` as trump, going alone or not."""

    suit: Suit
    alone: bool = False


@dataclass(frozen=True)
class Discard:
    """The dealer discards ``card``."""

    card: Card


@dataclass(frozen=True)
class Play:
    """A player plays ``card``."""

    card: Card


Action = Pass | OrderUp | NameTrump | Discard | Play
