"""Scoring a hand."""

from __future__ import annotations

from euchre.rules import Rules
from euchre.seats import Team


def score(
    makers: Team,
    maker_tricks: int,
    alone: bool,
    defended_alone: bool = False,
    rules: Rules = Rules(),
) -> tuple[Team, int]:
    """The team that scores the hand, and how many points, given the ``makers``, the tricks they
    won, whether the maker went alone, and the house ``rules``."""
    raise NotImplementedError("score")
