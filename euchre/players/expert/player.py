"""The level ``expert``: a search player (determinized, or Perfect-Information Monte Carlo), one
pipeline read top to bottom.

For every decision it deals the cards it cannot see many times over, and for each legal choice
averages what the choice brings its team over those deals:

1. ``sample``: a deal of the unseen cards consistent with what the table has shown, and likely
   given the other seats' bids and plays;
2. ``score``: how the hand ends after each choice on that deal, every card open, by the solver;
3. ``weigh``: what that ending is worth to its team, in points as the game score makes them.

It deals until the best choice is clear (``settled``) and ranks the choices by their average.
Of the choices within ``settings.close`` of the best, it takes the one the ``normal`` bot would
(the rule of thumb): with every card open, the search cannot tell apart choices that differ only
in what they keep hidden or in reserve for tricks it cannot yet see; the rule of thumb can.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import islice

from euchre.actions import Action, NameTrump, OrderUp
from euchre.hand import Phase
from euchre.players import Advice, Choice, Decision, SeatView
from euchre.players.expert import sample, score, weigh
from euchre.players.expert.settings import ExpertSettings
from euchre.players.normal import NormalBot
from euchre.players.reasons import Motive, Reason


class ExpertPlayer:
    """A search player, searching as its ``settings`` say, drawing its deals from ``rng``."""

    def __init__(self, rng: random.Random, settings: ExpertSettings = ExpertSettings()) -> None:
        self.rng = rng
        self.settings = settings
        self.rule_of_thumb = NormalBot()

    def choose(self, view: SeatView) -> Decision:
        best = self.advise(view).choices[0]
        return Decision(best.action, best.reason)

    def advise(self, view: SeatView) -> Advice:
        """Every legal choice, the one it takes first; a forced one without searching."""
        thumb = self.rule_of_thumb.choose(view)
        if len(view.legal_actions) == 1:
            return Advice((Choice(thumb.action, None, thumb.reason),), thumb)
        actions, left_out = score.searched(view)
        values = self.values(view, actions)
        return Advice((*self.ranked(view, actions, values, thumb.action), *left_out), thumb)

    def values(self, view: SeatView, actions: list[Action]) -> list[float]:
        """Each action's points for the seat's team, averaged over deals until the choice is
        clear: the pipeline."""
        settings = self.settings
        most = settings.bid_samples
        if view.phase is Phase.PLAY:
            most = settings.samples if len(view.tricks) < 4 else 1  # the last trick: all seen
        deals = sample.deals(view, self.rng, settings)
        outcomes = score.scorer(view, actions)
        worth = weigh.Weigh(view)
        less = [settings.caution * isinstance(a, OrderUp | NameTrump) for a in actions]
        rows: list[list[float]] = []
        for holdings in islice(deals, most):
            ended = outcomes(holdings)
            rows.append([worth.points(end) - c for end, c in zip(ended, less, strict=True)])
            looks = len(rows) >= settings.least and len(rows) % settings.batch == 0
            if looks and settled(rows, settings):
                break
        return [sum(column) / len(rows) for column in zip(*rows, strict=True)]

    def ranked(
        self, view: SeatView, actions: list[Action], values: list[float], thumb: Action
    ) -> list[Choice]:
        """The actions from the best value down; but first the rule of thumb's, in the phases
        ``settings.alike`` names, if its value is within ``settings.close`` of the best."""
        order = sorted(range(len(actions)), key=lambda n: -values[n])
        choices = [
            Choice(actions[n], values[n], Reason(Motive.EXPECTED, worth=values[n])) for n in order
        ]
        if view.phase in self.settings.alike and thumb in actions:
            mine = values[actions.index(thumb)]
            if mine >= values[order[0]] - self.settings.close and choices[0].action != thumb:
                alike = Choice(thumb, mine, Reason(Motive.ALIKE, worth=mine))
                choices = [alike, *(choice for choice in choices if choice.action != thumb)]
        return choices


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
