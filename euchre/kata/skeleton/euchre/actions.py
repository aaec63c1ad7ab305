"""What a player can do in a hand: pass, order up, name trump, discard, play a card."""

from __future__ import annotations

from dataclasses import dataclass

from euchre.cards import Card, Suit


@dataclass(frozen=True)
class Pass:
    """Decline to order up, or to name trump."""


@dataclass(frozen=True)
class OrderUp:
    """Round 1: make the upcard's suit trump; the dealer picks the upcard up."""

    alone: bool = False


@dataclass(frozen=True)
class NameTrump:
    """Round 2: make a suit trump, any but the one turned down."""

    suit: Suit
    alone: bool = False


@dataclass(frozen=True)
class Discard:
    """The dealer, having picked up the upcard, lays one of six cards away."""

    card: Card


@dataclass(frozen=True)
class Play:
    """Play a card to the trick."""

    card: Card


Action = Pass | OrderUp | NameTrump | Discard | Play
