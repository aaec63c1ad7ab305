"""Shuffling and dealing: 2 cards to each player, then 3 each, from the dealer's left."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from euchre.cards import Card
from euchre.seats import Seat


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: five to each seat, and the kitty with the upcard on top."""

    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]
    kitty: tuple[Card, ...]

    @classmethod
    def from_hands(cls, dealer: Seat, hands: Mapping[Seat, Sequence[Card]], upcard: Card) -> Deal:
        """A deal given as its hands and upcard; the rest of the kitty is the cards left over."""
        raise NotImplementedError("Deal.from_hands")

    @property
    def upcard(self) -> Card:
        """The kitty's top card, turned face up."""
        raise NotImplementedError("Deal.upcard")


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 24 cards in an order drawn from ``rng``; the first card is the top of the deck."""
    raise NotImplementedError("shuffled_deck")


def deal(deck: Sequence[Card], dealer: Seat) -> Deal:
    """Deal ``deck`` from the top, the way the dealer would.

    A deck that is not the 24 different cards is refused with a EuchreError that names a card
    it holds twice.
    """
    raise NotImplementedError("deal")
