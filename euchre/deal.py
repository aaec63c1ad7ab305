"""Shuffling and dealing: 2 cards to each player, then 3 each, from the dealer's left."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter

from euchre.cards import DECK, Card
from euchre.errors import EuchreError
from euchre.seats import Seat

# Where each player's cards come from in the deck, for the eldest hand and the three after:
# packets of 2 go round once, then packets of 3. The last four cards are the kitty.
_PACKETS = tuple(itemgetter(2 * n, 2 * n + 1, 8 + 3 * n, 9 + 3 * n, 10 + 3 * n) for n in range(4))
# For each dealer, each seat with its packets, from the dealer's left.
_DEALING = {dealer: tuple(zip(dealer.left.rotation(), _PACKETS, strict=True)) for dealer in Seat}


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards as dealt: five to each seat, and the kitty with the upcard on top."""

    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]
    kitty: tuple[Card, ...]

    @classmethod
    def from_hands(
        cls,
        dealer: Seat,
        hands: Mapping[Seat, Sequence[Card]],
        upcard: Card,
        kitty: Sequence[Card] | None = None,
    ) -> Deal:
        """A deal given as its hands and upcard; without a kitty, the rest of it is inferred."""
        if kitty is None:
            dealt = {card for cards in hands.values() for card in cards} | {upcard}
            kitty = [upcard, *(card for card in DECK if card not in dealt)]
        if not kitty or kitty[0] != upcard:
            raise EuchreError(f"the upcard {upcard} must be the top card of the kitty")
        for seat in Seat:
            if len(hands.get(seat, ())) != 5:
                raise EuchreError(f"{seat} must be dealt 5 cards, not {len(hands.get(seat, ()))}")
        deck = [card for seat in Seat for card in hands[seat]] + list(kitty)
        _check_whole(deck)
        return cls(dealer, {seat: tuple(hands[seat]) for seat in Seat}, tuple(kitty))

    @property
    def upcard(self) -> Card:
        """The kitty's top card, turned face up."""
        return self.kitty[0]


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 24 cards in an order drawn from ``rng``; the first card is the top of the deck."""
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def deal(deck: Sequence[Card], dealer: Seat) -> Deal:
    """Deal ``deck`` from the top, the way the dealer would."""
    _check_whole(deck)
    hands = {seat: packets(deck) for seat, packets in _DEALING[dealer]}
    return Deal(dealer, hands, tuple(deck[20:]))


def _check_whole(deck: Sequence[Card]) -> None:
    if len(deck) == 24 and len(set(deck)) == 24:
        return
    counts = Counter(deck)
    twice = [str(card) for card in DECK if counts[card] > 1]
    if twice:
        raise EuchreError(
            f"a deal needs the 24 different cards: {_listed(twice)} in the deck twice"
        )
    missing = [str(card) for card in DECK if not counts[card]]
    raise EuchreError(
        f"a deal needs the 24 different cards: {_listed(missing)} missing from the deck"
    )


def _listed(cards: list[str]) -> str:
    """Cards in a sentence, with their verb: "9C is", "9C and AS are", "9C, 10C and AS are"."""
    if len(cards) == 1:
        return f"{cards[0]} is"
    return f"{', '.join(cards[:-1])} and {cards[-1]} are"
