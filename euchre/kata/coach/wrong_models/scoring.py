"""The wrong models of scoring a hand (stage 6)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .kit import (
    Patcher,
    WrongModel,
    collector,
    other,
)

SCORING: list[WrongModel] = []
wrong = collector(SCORING)

# Stage 6: scoring a hand.

POINTS = "The makers score 1 point for 3 or 4 tricks and 2 points for all 5"
EUCHRED = "Makers who win fewer than 3 tricks are euchred, and the defenders score 2 points"
ALONE = "A maker who goes alone scores 4 points for all 5 tricks, and 1 for 3 or 4"
HOUSE = "House rules may score a lone march and a euchred loner otherwise"


def scoring(
    instead: Callable[[Any, int, bool], tuple[Any, int] | None],
) -> Callable[[Patcher], None]:
    """A patch of ``score``: ``instead(makers, tricks, alone)`` says what scores, or None."""

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def score(makers: Any, tricks: int, alone: bool, *rest: Any, **named: Any) -> Any:
            return instead(makers, tricks, alone) or original(makers, tricks, alone, *rest, **named)

        return score

    return lambda patcher: patcher.function("scoring", "score", wrap)


wrong("march-scores-1", 6, POINTS, "the makers score 1 point for all 5 tricks")(
    scoring(lambda makers, tricks, alone: (makers, 1) if tricks == 5 and not alone else None)
)
wrong(
    "three-tricks-euchred",
    6,
    POINTS,
    "the makers need 4 tricks, so 3 tricks are a euchre",
)(scoring(lambda makers, tricks, alone: (other(makers), 2) if tricks == 3 else None))
wrong(
    "euchre-scores-1",
    6,
    EUCHRED,
    "euchring the makers scores the defenders 1 point",
)(scoring(lambda makers, tricks, alone: (other(makers), 1) if tricks < 3 else None))
wrong(
    "lone-march-scores-2",
    6,
    ALONE,
    "a lone maker scores 2 points for all 5 tricks, as with a partner",
)(scoring(lambda makers, tricks, alone: (makers, 2) if tricks == 5 and alone else None))


def _house_scores_ignored(original: Callable[..., Any]) -> Callable[..., Any]:
    def score(makers: Any, tricks: int, alone: bool, *rest: Any, **named: Any) -> Any:
        named.pop("rules", None)
        return original(makers, tricks, alone, *rest[:1], **named)

    return score


wrong(
    "house-scores-ignored",
    6,
    HOUSE,
    "a lone maker scores 4 and a euchred loner 2, whatever the house rules say",
)(lambda patcher: patcher.function("scoring", "score", _house_scores_ignored))
