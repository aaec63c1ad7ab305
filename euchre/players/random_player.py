"""The random player of the seeds' bots: uniform among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from euchre.actions import Action, Bid, DefendAlone, Discard, Play
from euchre.cards import Card
from euchre.players import SeatView


class RandomPlayer:
    """Chooses uniformly among the legal actions, with its own ``random.Random``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)

    def bid(self, view: SeatView) -> Bid:
        action = self.choose(view.legal_actions)
        assert not isinstance(action, Discard | Play | DefendAlone)
        return action

    def discard(self, view: SeatView) -> Card:
        action = self.choose(view.legal_actions)
        assert isinstance(action, Discard)
        return action.card

    def defend_alone(self, view: SeatView) -> bool:
        return isinstance(self.choose(view.legal_actions), DefendAlone)

    def play(self, view: SeatView) -> Card:
        action = self.choose(view.legal_actions)
        assert isinstance(action, Play)
        return action.card
