"""The rule settings a game is played under: one small value, passed in, never global."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    """Variants of the rules; the defaults are the standard game."""

    stick_the_dealer: bool = True
    points_to_win: int = 10
    defend_alone: bool = False
