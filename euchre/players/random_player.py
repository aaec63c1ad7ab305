"""The random player of the seeds' bots: uniform among the legal actions (the level ``easy``)."""

from __future__ import annotations

import random

from euchre.players import Decision, SeatView
from euchre.players.reasons import Motive, Reason

BY_CHANCE = Reason(Motive.CHANCE)


class RandomPlayer:
    """Chooses uniformly among the legal actions, with its own ``random.Random``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Decision:
        return Decision(self.rng.choice(view.legal_actions), BY_CHANCE)
