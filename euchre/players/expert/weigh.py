"""Step 3 of the expert's pipeline: what a hand's outcome is worth to the seat's team, in points
as the game score makes them worth; averaged over the deals until the best choice is clear, and
the choices ranked.

A hand is scored as the rules score it (``euchre.scoring``): 1 for three or four tricks, 2 for
a march (4 alone), 2 to the defenders for a euchre (4 against a lone defender). A point early
in a game is worth about a point; a point short of the target, a march wins no more than a
single point does, and with the other side a point short, being euchred loses no more than
letting them make their point. ``Stakes.value`` gives a change in the chance to win in points:
the chance a point is worth at this score (an eighth of the difference between four points won
and four lost), so early in a game it reads as points, and never beyond four.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from euchre.actions import Action, NameTrump, OrderUp
from euchre.players import Choice, SeatView
from euchre.players.expert.settings import ExpertSettings
from euchre.players.reasons import Motive, Reason
from euchre.scoring import score
from euchre.seats import Team

MAKE, MARCH = 3, 5
"""The makers' tricks at which a hand's score steps up: made, then a march (docs/rules.md)."""

SCORES = {1: 0.654, 2: 0.271, 4: 0.075}
"""How often a hand scores 1, 2 or 4 points, to one side or the other, among hands of four
``normal`` bots (``bench/expert_stakes.py``; docs/bots.md)."""


@dataclass(frozen=True, slots=True)
class Contract:
    """Who made trump, whether alone, and whether a defender went alone against them."""

    makers: Team
    alone: bool = False
    defended: bool = False


Outcome = tuple[Contract, int] | None
"""How a hand ends: the contract and the makers' tricks (any count within a step of the score
scores alike: 0, ``MAKE`` or ``MARCH`` will do); None for a hand thrown in."""


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

    def value(self, points: int) -> float:
        """The worth of ``points`` to the team (below 0: to the other side), in points."""
        if not self.point:
            return float(points)
        ours = self.ours + max(points, 0)
        theirs = self.theirs + max(-points, 0)
        return (win_chance(ours, theirs, self.target) - self.now) / self.point


class Weigh:
    """The searched actions weighed deal by deal: what each one's outcome is worth to the seat's
    team at the game score, a call less ``settings.caution``; and at the end, ranked."""

    def __init__(self, view: SeatView, actions: Sequence[Action], settings: ExpertSettings) -> None:
        self.view, self.actions, self.settings = view, actions, settings
        self.team = view.seat.team
        self.stakes = Stakes(view.scores, self.team, view.rules.points_to_win)
        self.less = [settings.caution * isinstance(a, OrderUp | NameTrump) for a in actions]
        self.known: dict[tuple[Contract, int], float] = {}
        self.rows: list[list[float]] = []

    def points(self, outcome: Outcome) -> float:
        """What ``outcome`` is worth to the seat's team: nothing for a hand thrown in."""
        if outcome is None:
            return 0.0
        worth = self.known.get(outcome)
        if worth is None:
            contract, tricks = outcome
            team, points = score(
                contract.makers, tricks, contract.alone, contract.defended, self.view.rules
            )
            worth = self.known[outcome] = self.stakes.value(
                points if team is self.team else -points
            )
        return worth

    def add(self, outcomes: Sequence[Outcome]) -> None:
        """One more deal: how the hand ended after each action."""
        self.rows.append(
            [self.points(end) - less for end, less in zip(outcomes, self.less, strict=True)]
        )

    def settled(self) -> bool:
        """Whether the best action is clear yet, looked at every ``settings.batch`` deals once
        there are ``settings.least``."""
        n, settings = len(self.rows), self.settings
        return n >= settings.least and n % settings.batch == 0 and settled(self.rows, settings)

    def ranked(self, thumb: Action) -> list[Choice]:
        """The actions by their average over the deals (``rank``)."""
        return rank(self.view, self.actions, self.rows, thumb, self.settings)


def settled(rows: Sequence[Sequence[float]], settings: ExpertSettings = ExpertSettings()) -> bool:
    """Whether the action best on average over ``rows`` (one row of points per deal) is clearly
    best: against every other, its lead is more than ``settings.sure`` standard errors, or the
    two could differ by no more than ``settings.close`` points."""
    n = len(rows)
    if n < 2:
        return False
    means = [sum(column) / n for column in zip(*rows, strict=True)]
    best = max(range(len(means)), key=means.__getitem__)
    for other in range(len(means)):
        if other == best:
            continue
        lead = means[best] - means[other]
        spread = sum((row[best] - row[other] - lead) ** 2 for row in rows) / (n - 1)
        if settings.sure * math.sqrt(spread / n) - lead > settings.close:
            return False
    return True


def rank(
    view: SeatView,
    actions: Sequence[Action],
    rows: Sequence[Sequence[float]],
    thumb: Action,
    settings: ExpertSettings,
) -> list[Choice]:
    """The actions from the best average over ``rows`` (one row of points per deal) down; but
    first the rule of thumb's, in the phases ``settings.alike`` names, where the best does not
    lead it by more than ``settings.close``, or, in those ``settings.doubted`` names, by more
    than ``settings.doubt`` standard errors: the deals cannot tell the two apart."""
    n = len(rows)
    values = [sum(column) / n for column in zip(*rows, strict=True)]
    order = sorted(range(len(actions)), key=lambda number: -values[number])
    choices = [
        Choice(actions[i], values[i], Reason(Motive.EXPECTED, worth=values[i])) for i in order
    ]
    if view.phase not in settings.alike or thumb not in actions or choices[0].action == thumb:
        return choices
    best, mine = order[0], actions.index(thumb)
    lead = values[best] - values[mine]
    spread = sum((row[best] - row[mine] - lead) ** 2 for row in rows) / (n - 1) if n > 1 else 0.0
    doubt = settings.doubt if view.phase in settings.doubted else 0.0
    if lead <= settings.close or lead <= doubt * math.sqrt(spread / n):
        alike = Choice(thumb, values[mine], Reason(Motive.ALIKE, worth=values[mine]))
        choices = [alike, *(choice for choice in choices if choice.action != thumb)]
    return choices
