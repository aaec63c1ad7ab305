"""A game: hand after hand, and the score."""

from __future__ import annotations

import random
from collections.abc import Mapping

from euchre.actions import Action
from euchre.deal import Deal
from euchre.hand import Hand
from euchre.rules import Rules
from euchre.seats import Seat, Team


class Game:
    """A game of hands; ``rng`` shuffles each new deal."""

    @classmethod
    def resume(
        cls, rng: random.Random, scores: Mapping[Team, int], dealt: Deal, rules: Rules = Rules()
    ) -> Game:
        """A game already at ``scores``, whose next hand is ``dealt``; ``rng`` shuffles the rest."""
        raise NotImplementedError("Game.resume")

    @property
    def hand(self) -> Hand:
        """The hand being played now."""
        raise NotImplementedError("Game.hand")

    @property
    def scores(self) -> Mapping[Team, int]:
        raise NotImplementedError("Game.scores")

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        raise NotImplementedError("Game.is_over")

    @property
    def winner(self) -> Team | None:
        """The team that won the game; None while it goes on, or if it ended drawn."""
        raise NotImplementedError("Game.winner")

    def apply(self, action: Action, seat: Seat | None = None) -> None:
        """Carry out ``action`` for ``seat`` (by default, whoever's turn it is) in the hand.

        An action the rules do not allow raises a EuchreError naming the rule, and changes nothing.
        """
        raise NotImplementedError("Game.apply")
