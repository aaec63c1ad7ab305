"""The rule settings a hand is played under: one small value, passed in, never global."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    """Variants of the rules; the defaults are the standard game."""

    stick_the_dealer: bool = True
    """When all pass twice, the dealer must name trump; otherwise the hand is thrown in."""
