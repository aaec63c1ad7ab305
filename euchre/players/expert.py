"""The level ``expert``: a search player (determinized, or Perfect-Information Monte Carlo).

For every decision it deals the unseen cards many times over, each deal consistent with
everything its seat knows (``knowledge.sample``), likely given the bids it has seen
(``bids.bid_check``) and the cards the others have played (``inference.play_check``); on
each deal it scores every legal action exactly with the cards open (``outcomes``: cards and
the discard by double-dummy search, bids by playing out the bidding and solving the contract),
and it takes the action with the best average score for its team, in points as the game
score makes them worth. Of the cards within ``close`` of the best, it plays the one the
``normal`` bot would (``pick``).

It deals in batches and stops once the best action is clear (``settled``): a plain choice
costs few deals, a close one up to the most it is allowed. It draws its deals from the
``random.Random`` it is given, so a seed repeats a game exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from euchre.actions import PLAY, Action, Bid, DefendAlone, Discard, Play
from euchre.cards import Card
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.players.bids import SLACK, bid_check
from euchre.players.inference import MISFIT, play_check
from euchre.players.knowledge import Knowledge, read, sample
from euchre.players.normal_play import choose_card
from euchre.players.outcomes import (
    CAUTION,
    Holdings,
    Score,
    bid_outcomes,
    card_outcomes,
    defend_outcomes,
    discard_outcomes,
)


@dataclass(frozen=True)
class ExpertSettings:
    """How the expert searches: the level's own settings, and a version of it for a bench to
    measure (``bench/expert_duplicate.py``) is these with some changed."""

    samples: int = 48
    """Deals, at most, for a card."""
    bid_samples: int = 48
    """Deals, at most, for a bid, the discard or defending alone."""
    least: int = 16
    """Deals, at least, before it judges whether the choice is clear."""
    tries: int = 20
    """Deals drawn, at most, to find one that fits the other seats' bids."""
    batch: int = 8
    """Deals scored between two looks at whether the best action is clear."""
    sure: float = 2.0
    """Standard errors by which the best action must lead another for the choice to be clear."""
    close: float = 0.05
    """Points by which two actions may differ and still count as equally good."""
    caution: float = CAUTION
    """Points by which a call must beat passing (``outcomes.CAUTION``)."""
    slack: float = SLACK
    """How far the other seats' hands may lie the wrong side of their bids (``bids.SLACK``)."""
    misfit: float = MISFIT
    """The likelihood of a play the normal bot would not have made (``inference.MISFIT``)."""


Estimates = list[tuple[Action, float]]


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


class ExpertPlayer:
    """A search player, searching as its ``settings`` say."""

    def __init__(self, rng: random.Random, settings: ExpertSettings = ExpertSettings()) -> None:
        self.rng = rng
        self.settings = settings

    # The Player interface

    def bid(self, view: SeatView) -> Bid:
        action = self.choose(view)
        assert not isinstance(action, Discard | Play | DefendAlone)
        return action

    def discard(self, view: SeatView) -> Card:
        action = self.choose(view)
        assert isinstance(action, Discard)
        return action.card

    def defend_alone(self, view: SeatView) -> bool:
        return isinstance(self.choose(view), DefendAlone)

    def play(self, view: SeatView) -> Card:
        action = self.choose(view)
        assert isinstance(action, Play)
        return action.card

    def choose(self, view: SeatView) -> Action:
        """The action ``pick`` takes from the estimates; the only one, without searching."""
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        return self.pick(view, self.estimates(view))

    def pick(self, view: SeatView, estimates: Estimates) -> Action:
        """The action with the best estimate; but of the cards within ``close`` of the best,
        the one the ``normal`` bot would play.

        With every card open, the search cannot tell apart cards that differ only in what
        they keep hidden or in reserve for tricks it cannot yet see; the rule bot's habits
        (keep the winners, throw the lowest) can. By duplicate deals, against the best
        estimate alone: +0.036 points a deal (standard error 0.024) over 1,000 of seed 8
        against basic, +0.07 (0.037) and -0.03 (0.041) over 400 each of seeds 5 and 6
        against normal; +0.031 (0.018) together.
        """
        top = max(points for _, points in estimates)
        if view.phase is Phase.PLAY:
            card, _ = choose_card(view)
            if dict(estimates)[PLAY[card.index]] >= top - self.settings.close:
                return PLAY[card.index]
        return max(estimates, key=lambda pair: pair[1])[0]

    # Estimates

    def estimates(self, view: SeatView) -> Estimates:
        """Each legal action with the points it is expected to bring the seat's team."""
        phase = view.phase
        if not view.legal_actions:
            return []
        settings = self.settings
        most = settings.bid_samples
        if phase is Phase.PLAY:
            actions, score = card_outcomes(view)
            most = settings.samples if len(view.tricks) < 4 else 1  # the last trick: nothing hidden
        elif phase is Phase.DISCARD:
            actions, score = discard_outcomes(view)
        elif phase is Phase.DEFEND:
            actions, score = defend_outcomes(view)
        else:
            actions, score = bid_outcomes(view, settings.caution)
        return list(zip(actions, self._average(view, most, score), strict=True))

    def _average(self, view: SeatView, most: int, score: Score) -> list[float]:
        """Each action's points averaged over deals, dealt until the choice is clear."""
        knowledge = read(view)
        settings = self.settings
        believable = bid_check(view, settings.slack)
        likely = play_check(view, settings.misfit)
        rows: list[list[float]] = []
        while len(rows) < most:
            rows.append(score(self._draw(knowledge, believable, likely)))
            count = len(rows)
            if count >= settings.least and count % settings.batch == 0 and settled(rows, settings):
                break
        return [sum(column) / len(rows) for column in zip(*rows, strict=True)]

    def _draw(
        self,
        knowledge: Knowledge,
        believable: Callable[[Holdings], bool],
        likely: Callable[[Holdings], float],
    ) -> Holdings:
        """A deal that fits the bids and is kept with the likelihood of the plays seen
        (``inference.play_check``), or after ``settings.tries`` draws the last one drawn."""
        holdings = sample(knowledge, self.rng)
        for _ in range(self.settings.tries - 1):
            if believable(holdings):
                chance = likely(holdings)
                if chance >= 1.0 or self.rng.random() < chance:
                    break
            holdings = sample(knowledge, self.rng)
        return holdings
