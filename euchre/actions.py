"""What a player can do: pass, order up, name trump, discard, defend alone, play a card.

Actions print as the hand record writes bids ("pass", "order up", "hearts").
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.cards import DECK, Card, Suit


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: to order up, to name trump, or to defend alone."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class OrderUp:
    """Round 1: make the upcard's suit trump; the dealer picks the upcard up."""

    alone: bool = False

    def __str__(self) -> str:
        return "order up alone" if self.alone else "order up"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Round 2: make a suit trump, any but the one turned down."""

    suit: Suit
    alone: bool = False

    def __str__(self) -> str:
        return f"{self.suit} alone" if self.alone else str(self.suit)


@dataclass(frozen=True, slots=True)
class Discard:
    """The dealer, having picked up the upcard, lays one of six cards away."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class DefendAlone:
    """Under the defend-alone variant: play alone against a lone maker."""

    def __str__(self) -> str:
        return "defend alone"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Action = Pass | OrderUp | NameTrump | Discard | DefendAlone | Play
Bid = Pass | OrderUp | NameTrump

# Actions are values, so the legal ones are made once and shared, not rebuilt every turn.
PASS = Pass()
ORDER_UP = (OrderUp(), OrderUp(alone=True))
NAME_TRUMP = {suit: (NameTrump(suit), NameTrump(suit, alone=True)) for suit in Suit}
PLAY = tuple(Play(card) for card in DECK)
DISCARD = tuple(Discard(card) for card in DECK)
