"""Shuffling and dealing."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from euchre.cards import DECK, Card
from euchre.errors import EuchreError
from euchre.seats import Seat


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: who dealt, what each seat holds, and the kitty."""

    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]
    kitty: tuple[Card, ...]

    @classmethod
    def from_hands(cls, dealer: Seat, hands: Mapping[Seat, Sequence[Card]], upcard: Card) -> Deal:
        """The deal whose ``hands`` a scenario gives, with its ``upcard``."""
        raise NotImplementedError("Deal.from_hands")

    @property
    def upcard(self) -> Card:
        """The card turned face up."""
        return self.kitty[0]


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A shuffled deck drawn from ``rng``, top card first."""
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def deal(deck: Sequence[Card], dealer: Seat) -> Deal:
    """The deal ``dealer`` makes from ``deck``, given top card first.

    A deck that cannot be dealt raises a EuchreError whose message names the card at fault.
    """
    for n, card in enumerate(deck):
        if card in deck[:n]:
            raise EuchreError(f"{card} is in the deck twice")
    for card in DECK:
        if card not in deck:
            raise EuchreError(f"{card} is missing from the deck")
    seats = list(Seat)
    first = seats.index(dealer) + 1
    order = seats[first:] + seats[:first]
    hands = {
        seat: (*deck[2 * n : 2 * n + 2], *deck[8 + 3 * n : 11 + 3 * n])
        for n, seat in enumerate(order)
    }
    return Deal(dealer, hands, tuple(deck[20:]))
