"""The wrong models of stage 1's last rule, "Only a deck of the 24 cards, each once, can be
dealt": a deck dealt that the rules refuse, or refused naming another card. The stage's other
rules are dealing.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .dealing import WHOLE, dealt_in_packets
from .kit import Patcher, WrongModel, collector, model

WHOLE_DECK: list[WrongModel] = []
wrong = collector(WHOLE_DECK)


def _dealing_any(refuses: Callable[[list[Any]], bool]) -> Callable[..., Callable[..., Any]]:
    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def dealt(deck: list[Any], dealer: Any) -> Any:
            if refuses(list(deck)):
                return original(deck, dealer)
            return dealt_in_packets(list(deck), dealer, dealer.left, (2, 3))

        return dealt

    return wrap


def _has_a_card_twice(deck: list[Any]) -> bool:
    return len(set(map(str, deck))) < len(deck)


@wrong(
    "deals-23-cards",
    1,
    WHOLE,
    "a deck of 23 cards is dealt without complaint",
)
def _deals_23_cards(patch: Patcher) -> None:
    patch.function("deal", "deal", _dealing_any(_has_a_card_twice))


@wrong(
    "deals-a-card-twice",
    1,
    WHOLE,
    "a deck that holds a card twice is dealt without complaint",
)
def _deals_a_card_twice(patch: Patcher) -> None:
    patch.function("deal", "deal", _dealing_any(lambda deck: not _has_a_card_twice(deck)))


def _refusing(why: str, naming: Callable[[list[Any]], str]) -> Callable[..., Any]:
    """A patch of ``deal`` whose refusal for a card ``why`` (twice, missing) names another."""

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def dealt(deck: list[Any], dealer: Any) -> Any:
            try:
                return original(deck, dealer)
            except model("errors").EuchreError as refusal:
                if why not in str(refusal):
                    raise
                said = "in the deck twice" if why == "twice" else "missing from the deck"
                raise model("errors").EuchreError(f"{naming(list(deck))} is {said}") from None

        return dealt

    return wrap


@wrong(
    "twice-names-no-card",
    1,
    WHOLE,
    "a deck that holds a card twice is refused, but the refusal names no card",
)
def _twice_names_no_card(patch: Patcher) -> None:
    patch.function("deal", "deal", _refusing("twice", lambda deck: "a card"))


@wrong(
    "twice-names-the-last-card",
    1,
    WHOLE,
    "a deck that holds a card twice is refused, naming its last card, whichever is twice",
)
def _twice_names_the_last_card(patch: Patcher) -> None:
    patch.function("deal", "deal", _refusing("twice", lambda deck: str(deck[-1])))


@wrong(
    "missing-names-no-card",
    1,
    WHOLE,
    "a deck without a card is refused, but the refusal names no card",
)
def _missing_names_no_card(patch: Patcher) -> None:
    patch.function("deal", "deal", _refusing("missing", lambda deck: "a card"))


@wrong(
    "missing-is-always-the-ace-of-spades",
    1,
    WHOLE,
    "a deck without a card is refused, naming the Ace of spades, whichever is missing",
)
def _missing_is_always_the_ace_of_spades(patch: Patcher) -> None:
    patch.function("deal", "deal", _refusing("missing", lambda deck: "AS"))
