"""Points for one team from North-South's double-dummy tricks, as the score reads them.

A search counts tricks; a hand is scored in points, as the rules score it: 1 for three or four
tricks, 2 for a march (4 alone), 2 to the defenders for a euchre (4 against a lone defender),
with a lone hand's points as ``Rules`` may change them. ``Scale`` turns the two steps of that
table into two narrow searches, and counts the points as the game score makes them worth
(``stakes.Stakes``).
"""

from __future__ import annotations

from euchre.players.search import TrickSolver
from euchre.players.stakes import Stakes
from euchre.rules import Rules
from euchre.scoring import score
from euchre.seats import Team


class Scale:
    """Turns North-South's tricks from here into points for one team, as the score reads."""

    def __init__(
        self,
        makers: Team,
        team: Team,
        remaining: int,
        ns_won: int,
        alone: bool,
        defended: bool,
        stakes: Stakes,
        rules: Rules,
    ) -> None:
        self.remaining = remaining
        # North-South's tricks from here at which the makers reach 3, and all 5.
        makers_won = ns_won if makers is Team.NS else 5 - remaining - ns_won
        sign = 1 if makers is team else -1
        win, march, euchred = (
            score(makers, tricks, alone, defended, rules)[1] for tricks in (3, 5, 0)
        )
        if makers is Team.NS:
            # By North-South's tricks from here, f: euchred below 3 - won, a march from 5 - won.
            self.steps = (3 - makers_won, 5 - makers_won)
            points = (-euchred * sign, win * sign, march * sign)
        else:
            # The makers take remaining - f: a march up to remaining - (5 - won), euchred
            # beyond remaining - (3 - won).
            self.steps = (remaining - (5 - makers_won) + 1, remaining - (3 - makers_won) + 1)
            points = (march * sign, win * sign, -euchred * sign)
        self.points = tuple(stakes.value(value) for value in points)

    def _value(self, reaches: tuple[bool, bool]) -> float:
        return self.points[reaches[0] + reaches[1]]

    def card_points(
        self,
        solver: TrickSolver,
        hands: list[int],
        leader: int,
        trick: list[tuple[int, int]],
        legal: list[int],
    ) -> dict[int, float]:
        """Points for each legal card: two narrow searches, at the two steps of the score."""
        low, high = self.steps
        first = self._reached(solver, hands, leader, trick, low, legal)
        second = self._reached(solver, hands, leader, trick, high, legal)
        return {card: self._value((first[card], second[card])) for card in first}

    def _reached(
        self,
        solver: TrickSolver,
        hands: list[int],
        leader: int,
        trick: list[tuple[int, int]],
        target: int,
        legal: list[int],
    ) -> dict[int, bool]:
        if target <= 0 or target > self.remaining:
            return dict.fromkeys(legal, target <= 0)
        values = solver.card_values(hands, leader, trick, target - 1, target)
        return {card: value >= target for card, value in values.items()}

    def position_points(self, solver: TrickSolver, hands: list[int], leader: int) -> float:
        """Points from a trick about to be led."""
        low, high = self.steps
        first = low <= 0 or (low <= self.remaining and solver.at_least(hands, leader, low))
        second = first and (
            high <= 0 or (high <= self.remaining and solver.at_least(hands, leader, high))
        )
        return self._value((first, second))
