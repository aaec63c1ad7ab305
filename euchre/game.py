"""A game: hands dealt in turn round the table until a partnership reaches the target."""

from __future__ import annotations

import random
from collections.abc import Mapping

from euchre.actions import Action
from euchre.deal import Deal, deal, shuffled_deck
from euchre.errors import GameOverError
from euchre.hand import Hand, HandResult
from euchre.rules import Rules
from euchre.seats import Seat, Team


class Game:
    """Hands until one partnership reaches ``rules.points_to_win``; ``rng`` shuffles each deal."""

    def __init__(
        self, rng: random.Random, rules: Rules = Rules(), dealer: Seat = Seat.WEST
    ) -> None:
        self._start(rng, rules, {team: 0 for team in Team})
        self.hand = self._deal(dealer)

    @classmethod
    def resume(
        cls, rng: random.Random, scores: Mapping[Team, int], dealt: Deal, rules: Rules = Rules()
    ) -> Game:
        """A game already at ``scores``, whose next hand is ``dealt``; ``rng`` shuffles the rest."""
        for points in scores.values():
            if points < 0:
                raise ValueError(f"scores are 0 or more, not {points}")
        if rules.points_to_win and max(scores.values(), default=0) >= rules.points_to_win:
            ns, ew = scores.get(Team.NS, 0), scores.get(Team.EW, 0)
            raise ValueError(f"a game at {ns}-{ew} is already over")
        game = cls.__new__(cls)
        game._start(rng, rules, {team: scores.get(team, 0) for team in Team})
        game.hand = game._add(Hand(dealt, rules))
        return game

    def _start(self, rng: random.Random, rules: Rules, scores: dict[Team, int]) -> None:
        self.rng = rng
        self.rules = rules
        self.scores = scores
        self.hands: list[Hand] = []
        self.winner: Team | None = None
        self.over = False  # a game of so many hands may end drawn, with no winner

    @property
    def results(self) -> list[HandResult]:
        """The result of every finished hand, in order."""
        return [hand.result for hand in self.hands if hand.result is not None]

    @property
    def is_over(self) -> bool:
        return self.over

    def _deal(self, dealer: Seat) -> Hand:
        return self._add(Hand(deal(shuffled_deck(self.rng), dealer), self.rules))

    def _add(self, hand: Hand) -> Hand:
        self.hands.append(hand)
        return hand

    def apply(self, action: Action, seat: Seat | None = None) -> None:
        """Carry out ``action`` in the current hand; the next hand is dealt when it ends."""
        if self.over:
            raise GameOverError(self.winner, (self.scores[Team.NS], self.scores[Team.EW]))
        hand = self.hand
        hand.apply(action, seat)
        if hand.result is None:
            return
        for team, points in hand.result.points.items():
            self.scores[team] += points
        leader = max(Team, key=self.scores.__getitem__)
        target, deals = self.rules.points_to_win, self.rules.num_deals
        if target and self.scores[leader] >= target:
            self.winner, self.over = leader, True
        elif deals and len(self.hands) >= deals:  # the last hand: the higher score wins
            drawn = self.scores[Team.NS] == self.scores[Team.EW]
            self.winner, self.over = None if drawn else leader, True
        else:
            self.hand = self._deal(hand.dealer.left)
