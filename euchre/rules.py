"""The rule settings a game is played under: one small value, passed in, never global."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rules:
    """Variants of RULES.md; the defaults are the project's (and pagat's) standard game."""

    stick_the_dealer: bool = True
    """When all pass twice, the dealer must name trump; otherwise the hand is thrown in."""
    points_to_win: int = 10
    """The game ends with the hand that brings a partnership to this score."""
    defend_alone: bool = False
    """A defender may play alone against a lone maker; euchring them so scores 4."""
