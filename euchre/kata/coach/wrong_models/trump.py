"""The wrong models of the trump suit and its Bars (stage 4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .kit import (
    Patcher,
    WrongModel,
    collector,
    model,
    rank,
    shown,
    suit,
)

TRUMP: list[WrongModel] = []
wrong = collector(TRUMP)

# Stage 4: the trump suit.

RANKS = "Trump ranks Right Bar, Left Bar, Ace, King, Queen, 10, 9"
BARS = (
    "The Right Bar is the Jack of trump, the Left Bar the other Jack of the same colour,"
    " and no other card is a Bar"
)


def ranking(trump: str) -> object:
    return shown(model("trump").trump_ranking(suit(trump)))


def _ranked(reorder: Callable[[list[Any], Any], list[Any]]) -> Callable[[Patcher], None]:
    def patch(patcher: Patcher) -> None:
        patcher.function(
            "trump",
            "trump_ranking",
            lambda original: lambda trump: tuple(reorder(list(original(trump)), trump)),
        )

    return patch


def _ace_first(ranked: list[Any], trump: Any) -> list[Any]:
    ace = next(card for card in ranked if rank(card) == "A")
    return [ace, *(card for card in ranked if card is not ace)]


wrong(
    "ace-above-the-bars",
    4,
    RANKS,
    "the Ace of trump ranks above both Bars",
    lambda: ranking("hearts"),
)(_ranked(_ace_first))

wrong(
    "left-bar-not-ranked",
    4,
    RANKS,
    "the Left Bar is left out of the trumps, so trump has six cards",
    lambda: ranking("clubs"),
)(_ranked(lambda ranked, trump: [card for card in ranked if card.suit is trump]))

OTHER_COLOUR = {"H": "S", "D": "C", "C": "H", "S": "D"}


def bars(trump: str, bar: str) -> object:
    found = getattr(model("trump"), bar)
    return shown([card for card in model("cards").DECK if found(card, suit(trump))])


wrong(
    "left-bar-of-the-other-colour",
    4,
    BARS,
    "the Left Bar is a Jack of the other colour",
    lambda: bars("hearts", "is_left_bower"),
)(
    lambda patcher: patcher.function(
        "trump",
        "is_left_bower",
        lambda original: lambda card, trump: str(card) == f"J{OTHER_COLOUR[str(trump.value)]}",
    )
)

wrong(
    "every-jack-is-a-right-bar",
    4,
    BARS,
    "every Jack is a Right Bar",
    lambda: bars("hearts", "is_right_bower"),
)(
    lambda patcher: patcher.function(
        "trump", "is_right_bower", lambda original: lambda card, trump: rank(card) == "J"
    )
)

wrong(
    "ace-of-trump-is-a-bar",
    4,
    BARS,
    "the Ace of trump is a Right Bar too",
    lambda: bars("hearts", "is_right_bower"),
)(
    lambda patcher: patcher.function(
        "trump",
        "is_right_bower",
        lambda original: (
            lambda card, trump: original(card, trump) or (rank(card) == "A" and card.suit is trump)
        ),
    )
)
