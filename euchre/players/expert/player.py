"""The level ``expert``: a search player (determinized, or Perfect-Information Monte Carlo), one
pipeline read top to bottom.

For every decision it deals the cards it cannot see many times over, and for each legal choice
averages what the choice brings its team over those deals:

1. ``sample``: a deal of the unseen cards consistent with what the table has shown, and likely
   given the other seats' bids and plays;
2. ``score``: how the hand ends after each choice on that deal, every card open, by the solver;
3. ``weigh``: what that ending is worth to its team, in points as the game score makes them.

It deals until the best choice is clear (``weigh.settled``) and ranks the choices by their
average. Of the cards as good as the best, and the discards its deals cannot tell from the best
(``weigh.rank``), it takes the one the ``normal`` bot would (the rule of thumb): with every card
open, the search cannot tell apart choices that differ only in what they keep hidden or in
reserve for tricks it cannot yet see; the rule of thumb can.
"""

from __future__ import annotations

import random
from itertools import islice

from euchre.hand import Phase
from euchre.players import Advice, Choice, Decision, SeatView
from euchre.players.expert import sample, score, weigh
from euchre.players.expert.settings import ExpertSettings
from euchre.players.normal import NormalBot


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
        """Every legal choice, the one it takes first: the pipeline, dealing until the best
        choice is clear; a forced choice without searching."""
        thumb = self.rule_of_thumb.choose(view)
        if len(view.legal_actions) == 1:
            return Advice((Choice(thumb.action, None, thumb.reason),), thumb)
        deals = sample.deals(view, self.rng, self.settings)
        actions, left_out = score.searched(view)
        outcomes = score.scorer(view, actions)
        worth = weigh.Weigh(view, actions, self.settings)
        for holdings in islice(deals, self.most(view)):
            worth.add(outcomes(holdings))
            if worth.settled():
                break
        return Advice((*worth.ranked(thumb.action), *left_out), thumb)

    def most(self, view: SeatView) -> int:
        """The most deals a decision may take: none hidden at the last trick."""
        if view.phase is not Phase.PLAY:
            return self.settings.bid_samples
        return self.settings.samples if len(view.tricks) < 4 else 1
