"""A game: hands dealt in turn round the table until a partnership reaches 10 points."""

from __future__ import annotations

import random
from collections.abc import Mapping

from euchre.actions import Action
from euchre.deal import Deal
from euchre.hand import Hand
from euchre.rules import Rules
from euchre.seats import Seat, Team


class Game:
    """Hands until one partnership reaches 10 points; ``rng`` shuffles each new deal."""

    @classmethod
    def resume(
        cls, rng: random.Random, scores: Mapping[Team, int], dealt: Deal, rules: Rules = Rules()
    ) -> Game:
        """A game already at ``scores``, whose next hand is ``dealt``; ``rng`` shuffles the rest."""
        raise NotImplementedError("Game.resume")

    @property
    def hand(self) -> Hand:
        """The hand being played; a new one is dealt, by the next dealer, when one ends."""
        raise NotImplementedError("Game.hand")

    @property
    def scores(self) -> Mapping[Team, int]:
        raise NotImplementedError("Game.scores")

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: a team reached the target, or the last hand was played."""
        raise NotImplementedError("Game.is_over")

    @property
    def winner(self) -> Team | None:
        """The team that reached 10 points first; None while the game goes on."""
        raise NotImplementedError("Game.winner")

    def apply(self, action: Action, seat: Seat | None = None) -> None:
        """Carry out ``action`` in the current hand; the next hand is dealt when it ends."""
        raise NotImplementedError("Game.apply")
