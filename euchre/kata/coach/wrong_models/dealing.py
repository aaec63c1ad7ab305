"""The wrong models of dealing the hand (stage 1).

Each is the learner's own model with one rule changed, made from the skeleton's public names.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .kit import Patcher, WrongModel, collector, model, seat

DEALING: list[WrongModel] = []
wrong = collector(DEALING)

# Stage 1: dealing the hand.

PACKETS = "Each player is dealt 2 cards, then each player 3 cards, starting on the dealer's left"
FIRST = "Whoever deals, the player on the dealer's left is dealt to first"
SHUFFLE = "Shuffling puts the same 24 cards in a new order"
SEED = (
    "A shuffle is drawn from a random seed: the same seed gives the same order,"
    " so a deal can be replayed"
)
KITTY = "Every player ends with 5 cards, and the 4 cards left over are the kitty"
UPCARD = "The top card of the kitty is turned face up: it is the upcard"
WHOLE = "Only a deck of the 24 cards, each once, can be dealt"


def dealt_in_packets(deck: list[Any], dealer: Any, first: Any, sizes: tuple[int, ...]) -> Any:
    """A deal made by hand: packets of ``sizes`` to each player in turn from ``first``."""
    seats = [first]
    while len(seats) < 4:
        seats.append(seats[-1].left)
    hands: dict[Any, list[Any]] = {player: [] for player in seats}
    top = 0
    for size in sizes:
        for player in seats:
            hands[player] += deck[top : top + size]
            top += size
    held = {player: tuple(cards) for player, cards in hands.items()}
    return model("deal").Deal(dealer=dealer, hands=held, kitty=tuple(deck[top:]))


def dealing(sizes: tuple[int, ...] = (2, 3), from_dealer: bool = False) -> Any:
    """A patch of ``deal``: a deck it allows, dealt in ``sizes``, maybe from the dealer."""

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def dealt(deck: Any, dealer: Any) -> Any:
            original(deck, dealer)  # a deck the rules refuse is still refused
            first = dealer if from_dealer else dealer.left
            return dealt_in_packets(list(deck), dealer, first, sizes)

        return dealt

    return wrap


@wrong(
    "three-then-two",
    1,
    PACKETS,
    "the cards are dealt 3 to each player first, then 2",
)
def _three_then_two(patch: Patcher) -> None:
    patch.function("deal", "deal", dealing((3, 2)))


@wrong(
    "dealer-dealt-first",
    1,
    FIRST,
    "the dealer deals the first cards to themselves, not to the player on their left",
)
def _dealer_dealt_first(patch: Patcher) -> None:
    patch.function("deal", "deal", dealing(from_dealer=True))


def _threes_from_player_1(original: Callable[..., Any]) -> Callable[..., Any]:
    def dealt(deck: Any, dealer: Any) -> Any:
        made = original(deck, dealer)
        twos = dealt_in_packets(list(deck), dealer, dealer.left, (2,))
        threes = dealt_in_packets(list(deck)[8:], dealer, seat(1), (3,))
        hands = {player: twos.hands[player] + threes.hands[player] for player in made.hands}
        return model("deal").Deal(dealer=dealer, hands=hands, kitty=made.kitty)

    return dealt


@wrong(
    "threes-from-player-1",
    1,
    FIRST,
    "the 2 cards each go round from the dealer's left, but the 3 cards each from Team 1 Player 1",
)
def _threes(patch: Patcher) -> None:
    patch.function("deal", "deal", _threes_from_player_1)


@wrong(
    "shuffle-keeps-the-order",
    1,
    SHUFFLE,
    "shuffling leaves the deck in its unshuffled order",
)
def _shuffle_keeps_the_order(patch: Patcher) -> None:
    patch.function("deal", "shuffled_deck", lambda original: lambda rng: list(model("cards").DECK))


def _losing_a_card(original: Callable[..., Any]) -> Callable[..., Any]:
    def shuffled(rng: random.Random) -> list[Any]:
        deck = list(original(rng))
        return [*deck[:-1], deck[0]]

    return shuffled


@wrong(
    "shuffle-loses-a-card",
    1,
    SHUFFLE,
    "a shuffle puts the top card in twice and loses the bottom one",
)
def _shuffle_loses_a_card(patch: Patcher) -> None:
    patch.function("deal", "shuffled_deck", _losing_a_card)


@wrong(
    "shuffle-ignores-its-seed",
    1,
    SEED,
    "a shuffle ignores the random generator it is given, so a deal cannot be replayed",
)
def _shuffle_ignores_its_seed(patch: Patcher) -> None:
    patch.function("deal", "shuffled_deck", lambda original: lambda rng: original(random.Random()))


@wrong(
    "shuffle-always-the-same",
    1,
    SEED,
    "every shuffle is the same shuffle, whatever its seed",
)
def _shuffle_always_the_same(patch: Patcher) -> None:
    patch.function("deal", "shuffled_deck", lambda original: lambda rng: original(random.Random(0)))


def _kitty_of_three(original: Callable[..., Any]) -> Callable[..., Any]:
    def dealt(deck: list[Any], dealer: Any) -> Any:
        made = original(deck, dealer)
        return model("deal").Deal(dealer=made.dealer, hands=made.hands, kitty=made.kitty[:-1])

    return dealt


@wrong(
    "kitty-of-three",
    1,
    KITTY,
    "the last card of the deck is lost, so the kitty holds 3 cards",
)
def _kitty_of_three_patch(patch: Patcher) -> None:
    patch.function("deal", "deal", _kitty_of_three)


@wrong(
    "upcard-at-the-bottom",
    1,
    UPCARD,
    "the upcard is the bottom card of the kitty, not the top one",
)
def _upcard_at_the_bottom(patch: Patcher) -> None:
    patch.attribute("deal", "Deal", "upcard", lambda dealt, original: dealt.kitty[-1])
