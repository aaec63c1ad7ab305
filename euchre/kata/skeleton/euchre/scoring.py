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
    """The partnership that scores, and how many points, once the makers' tricks are known.

    A lone maker's march and euchre score as ``rules`` say (4 and 2 unless changed).
    """
    raise NotImplementedError("score")
