"""The wrong models of the game played to its end (stage 10)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from .hands import with_rules
from .kit import (
    Patcher,
    WrongModel,
    collector,
    model,
)

THE_GAME: list[WrongModel] = []
wrong = collector(THE_GAME)

# Stage 10: the game.

SCORED = "A hand is played out trick by trick, and the tricks each team wins decide its score"
TEN = "The first team to reach 10 points wins the game, at the end of that hand"
GOES_ON = "Until a team has 10 points the game goes on, and the next player on the left deals"
HANDS = (
    "Under the house rule of a game of so many hands, it ends after the last of them: the higher"
    " score wins, and equal scores draw"
)


def _swapped(made: Any, original: Callable[[], Any]) -> Any:
    result = original()
    if result is None:
        return None
    first, second = result.points
    points = {first: result.points[second], second: result.points[first]}
    return dataclasses.replace(result, points=points)


wrong(
    "points-to-the-other-team",
    10,
    SCORED,
    "a hand's points go to the team that did not earn them",
)(lambda patch: patch.attribute("hand", "Hand", "result", _swapped))

wrong(
    "game-to-11",
    10,
    TEN,
    "a game is played to 11 points, not 10",
)(lambda patch: with_rules(patch, "Game", "resume", points_to_win=lambda: 11))


class DealtBy:
    """A hand that says another seat dealt it."""

    def __init__(self, dealt: Any, dealer: Any) -> None:
        self._hand, self.dealer = dealt, dealer

    def __getattr__(self, name: str) -> Any:
        return getattr(self._hand, name)


def _same_dealer(patch: Patcher) -> None:
    firsts: dict[int, tuple[Any, Any]] = {}

    def current(game: Any, original: Callable[[], Any]) -> Any:
        now = original()
        _, first = firsts.setdefault(id(game), (game, now))
        return now if now is first else DealtBy(now, first.dealer)

    patch.attribute("game", "Game", "hand", current)


wrong(
    "same-dealer-again",
    10,
    GOES_ON,
    "the same player deals every hand of the game",
)(_same_dealer)


wrong(
    "game-of-hands-goes-on",
    10,
    HANDS,
    "a game of so many hands goes on after the last of them",
)(lambda patch: with_rules(patch, "Game", "resume", num_deals=lambda: 0))

wrong(
    "drawn-game-won-by-team-1",
    10,
    HANDS,
    "a game that ends level is won by Team 1",
)(
    lambda patch: patch.attribute(
        "game",
        "Game",
        "winner",
        lambda game, original: original() or (model("seats").Team.NS if game.is_over else None),
    )
)
