"""The wrong models of the trump suit and its Bars (stage 4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .kit import (
    Patcher,
    WrongModel,
    collector,
    rank,
)

TRUMP: list[WrongModel] = []
wrong = collector(TRUMP)

# Stage 4: the trump suit.

RANKS = "Trump ranks Right Bar, Left Bar, Ace, King, Queen, 10, 9"
BARS = (
    "The Right Bar is the Jack of trump, the Left Bar the other Jack of the same colour,"
    " and no other card is a Bar"
)


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
)(_ranked(_ace_first))

wrong(
    "left-bar-not-ranked",
    4,
    RANKS,
    "the Left Bar is left out of the trumps, so trump has six cards",
)(_ranked(lambda ranked, trump: [card for card in ranked if card.suit is trump]))

OTHER_COLOUR = {"H": "S", "D": "C", "C": "H", "S": "D"}


wrong(
    "left-bar-of-the-other-colour",
    4,
    BARS,
    "the Left Bar is a Jack of the other colour",
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
)(
    lambda patcher: patcher.function(
        "trump",
        "is_right_bower",
        lambda original: (
            lambda card, trump: original(card, trump) or (rank(card) == "A" and card.suit is trump)
        ),
    )
)
