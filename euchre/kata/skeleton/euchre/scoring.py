"""Scoring a hand."""

from __future__ import annotations

from euchre.seats import Team


def score(makers: Team, maker_tricks: int, alone: bool) -> tuple[Team, int]:
    """The partnership that scores, and how many points, once the makers' tricks are known."""
    raise NotImplementedError("score")
