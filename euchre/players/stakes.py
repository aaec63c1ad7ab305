"""What a hand's points are worth at the game score: the change they make to the chance to win.

A point early in a game is worth about a point; a point short of the target, a march wins no
more than a single point does, and with the other side a point short, being euchred loses no
more than letting them make their point. The search players count points this way, so they
play for the game, not the hand: ``Stakes.value`` gives a change in the chance to win in
points, the chance a point is worth at this score (an eighth of the difference between four
points won and four lost), so early in a game it reads as points, and never beyond four.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from euchre.players import SeatView
from euchre.seats import Team

SCORES = {1: 0.654, 2: 0.271, 4: 0.075}
"""How often a hand scores 1, 2 or 4 points, to one side or the other: measured over 20,000
hands of four ``normal`` bots (``bench/expert_stakes.py``, seed 1)."""


@functools.cache
def win_chance(ours: int, theirs: int, target: int) -> float:
    """The chance that a side at ``ours`` wins against one at ``theirs``, in a game to
    ``target``, if each hand is equally likely to go to either side."""
    if ours >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return sum(
        share
        / 2
        * (win_chance(ours + points, theirs, target) + win_chance(ours, theirs + points, target))
        for points, share in SCORES.items()
    )


class Stakes:
    """The worth of a hand's points to ``team``, at the game's score ``scores``; plain points in
    a game without a target, or one already over."""

    def __init__(self, scores: Mapping[Team, int], team: Team, target: int) -> None:
        self.ours, self.theirs, self.target = scores[team], scores[team.opponents], target
        self.now = win_chance(self.ours, self.theirs, target) if target else 0.0
        self.point = 0.0  # the chance a point is worth here: an eighth of four won less four lost
        if target and max(self.ours, self.theirs) < target:
            up = win_chance(self.ours + 4, self.theirs, target)
            down = win_chance(self.ours, self.theirs + 4, target)
            self.point = (up - down) / 8

    @classmethod
    def of(cls, view: SeatView) -> Stakes:
        """The stakes of the hand in ``view`` for the seat's team."""
        return cls(view.scores, view.seat.team, view.rules.points_to_win)

    def value(self, points: int) -> float:
        """The worth of ``points`` to the team (below 0: to the other side), in points."""
        if not self.point:
            return float(points)
        ours = self.ours + max(points, 0)
        theirs = self.theirs + max(-points, 0)
        return (win_chance(ours, theirs, self.target) - self.now) / self.point
