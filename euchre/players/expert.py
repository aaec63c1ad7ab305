"""The level ``expert``: a search player (determinized, or Perfect-Information Monte Carlo).

For every decision it deals the unseen cards many times over, each deal consistent with
everything its seat knows (``knowledge.sample``), likely given the bids it has seen
(``bids.bid_check``) and the cards the others have played (``inference.play_check``); on
each deal it scores every legal action exactly with the cards open (``search.TrickSolver``),
and it takes the action with the best average score for its team, in points as the game
score makes them worth (``points.Scale``, ``stakes.Stakes``).

- Cards: the double-dummy value of the remaining tricks after each legal card; of the cards
  within ``CLOSE`` of the best, the one the ``normal`` bot would play (``pick``).
- The discard: the double-dummy value of the whole hand after each discard.
- Bids: the rest of the bidding is played out by the ``normal`` bot's rules, then the
  contract it ends in is solved double-dummy; a hand thrown in scores nothing; a call must
  beat passing by more than ``CAUTION``.

It deals in batches and stops once the best action is clear (``settled``): a plain choice
costs few deals, a close one up to the most it is allowed. It draws its deals from the
``random.Random`` it is given, so a seed repeats a game exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from euchre.actions import (
    DISCARD,
    PASS,
    PLAY,
    Action,
    Bid,
    DefendAlone,
    Discard,
    NameTrump,
    OrderUp,
    Play,
)
from euchre.cards import Card, Suit
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.players.bids import Solvers, bid_check, bid_outcome, might_march
from euchre.players.inference import play_check
from euchre.players.knowledge import Knowledge, read, sample
from euchre.players.normal_play import choose_card
from euchre.players.points import Scale
from euchre.players.search import SEAT_NUMBER, SEATS, TrickSolver, cards_of, mask
from euchre.players.stakes import Stakes
from euchre.seats import Seat, Team
from euchre.trick import Trick, first_leader
from euchre.trump import SUIT_TABLE

TRIES = 20
"""Deals drawn, at most, to find one that fits the other seats' bids."""
BATCH = 8
"""Deals scored between two looks at whether the best action is clear."""
SURE = 2.0
"""Standard errors by which the best action must lead another for the choice to be clear."""
CLOSE = 0.05
"""Points by which two actions may differ and still count as equally good."""
CAUTION = 0.2
"""Points taken off every call's estimate: double-dummy, the makers see every card, and at
the table they lose more by not seeing them than the defenders do. Measured on 300 deals
played twice (seed 2): +0.05 points a deal against basic, +0.01 against normal."""

Estimates = list[tuple[Action, float]]
Holdings = tuple[int, ...]


def settled(rows: Sequence[Sequence[float]]) -> bool:
    """Whether the action best on average over ``rows`` (one row of points per deal) is clearly
    best: against every other, its lead is more than ``SURE`` standard errors, or the two
    could differ by no more than ``CLOSE`` points."""
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
        if SURE * math.sqrt(spread / n) - lead > CLOSE:
            return False
    return True


class ExpertPlayer:
    """A search player: up to ``samples`` deals for a card, ``bid_samples`` for a bid or
    discard, and at least ``least`` before it judges whether the choice is clear."""

    def __init__(
        self, rng: random.Random, samples: int = 48, bid_samples: int = 48, least: int = 16
    ) -> None:
        self.rng = rng
        self.samples = samples
        self.bid_samples = bid_samples
        self.least = least

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
        """The action with the best estimate; but of the cards within ``CLOSE`` of the best,
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
            if dict(estimates)[PLAY[card.index]] >= top - CLOSE:
                return PLAY[card.index]
        return max(estimates, key=lambda pair: pair[1])[0]

    # Estimates

    def estimates(self, view: SeatView) -> Estimates:
        """Each legal action with the points it is expected to bring the seat's team."""
        phase = view.phase
        if not view.legal_actions:
            return []
        if phase is Phase.PLAY:
            return self._play_estimates(view)
        if phase is Phase.DISCARD:
            return self._discard_estimates(view)
        if phase is Phase.DEFEND:
            return self._defend_estimates(view)
        return self._bid_estimates(view)

    def _average(
        self, view: SeatView, most: int, score: Callable[[Holdings], list[float]]
    ) -> list[float]:
        """Each action's points averaged over deals, dealt until the choice is clear."""
        knowledge = read(view)
        believable, likely = bid_check(view), play_check(view)
        rows: list[list[float]] = []
        while len(rows) < most:
            rows.append(score(self._draw(knowledge, believable, likely)))
            count = len(rows)
            if count >= self.least and count % BATCH == 0 and settled(rows):
                break
        return [sum(column) / len(rows) for column in zip(*rows, strict=True)]

    def _draw(
        self,
        knowledge: Knowledge,
        believable: Callable[[Holdings], bool],
        likely: Callable[[Holdings], float],
    ) -> Holdings:
        """A deal that fits the bids and is kept with the likelihood of the plays seen
        (``inference.play_check``), or after ``TRIES`` draws the last one drawn."""
        holdings = sample(knowledge, self.rng)
        for _ in range(TRIES - 1):
            if believable(holdings):
                chance = likely(holdings)
                if chance >= 1.0 or self.rng.random() < chance:
                    break
            holdings = sample(knowledge, self.rng)
        return holdings

    def _play_estimates(self, view: SeatView) -> Estimates:
        trump, maker = _contract(view)
        players = [seat for seat in SEATS if seat not in view.sitting_out]
        solver = TrickSolver(trump, players)
        leader, ns_won = _trick_state(view, trump)
        trick = [(SEAT_NUMBER[seat], card.index) for seat, card in view.trick]
        legal = [action for action in view.legal_actions if isinstance(action, Play)]
        cards = [action.card.index for action in legal]
        remaining = 5 - len(view.tricks)
        defended = len(view.sitting_out) == 2  # a defender went alone too
        scale = Scale(
            maker.team,
            view.seat.team,
            remaining,
            ns_won,
            view.alone,
            defended,
            Stakes.of(view),
            view.rules,
        )

        def score(holdings: Holdings) -> list[float]:
            hands = [0 if SEATS[n] in view.sitting_out else holdings[n] for n in range(4)]
            points = scale.card_points(solver, hands, leader, trick, cards)
            return [points[card] for card in cards]

        most = self.samples if remaining > 1 else 1
        return list(zip(legal, self._average(view, most, score), strict=True))

    def _discard_estimates(self, view: SeatView) -> Estimates:
        trump, maker = _contract(view)
        players = tuple(seat for seat in SEATS if seat not in view.sitting_out)
        solver = TrickSolver(trump, players)
        leader = SEAT_NUMBER[first_leader(view.dealer, maker, view.alone, players, view.rules)]
        me = SEAT_NUMBER[view.seat]
        scale = Scale(
            maker.team, view.seat.team, 5, 0, view.alone, False, Stakes.of(view), view.rules
        )
        six = mask(view.cards)
        candidates = [card for card in view.cards if SUIT_TABLE[trump][card.index] is not trump]
        candidates = candidates or list(view.cards)

        def score(holdings: Holdings) -> list[float]:
            hands = [0 if SEATS[n] in view.sitting_out else holdings[n] for n in range(4)]
            points = []
            for card in candidates:
                hands[me] = six & ~(1 << card.index)
                points.append(scale.position_points(solver, hands, leader))
            return points

        averages = self._average(view, self.bid_samples, score)
        return [
            (DISCARD[card.index], points) for card, points in zip(candidates, averages, strict=True)
        ]

    def _defend_estimates(self, view: SeatView) -> Estimates:
        trump, maker = _contract(view)
        solvers = []
        stakes = Stakes.of(view)
        for alone in (False, True):
            out = {maker.partner, view.seat.partner} if alone else {maker.partner}
            players = tuple(seat for seat in SEATS if seat not in out)
            leader = SEAT_NUMBER[first_leader(view.dealer, maker, True, players, view.rules)]
            scale = Scale(maker.team, view.seat.team, 5, 0, True, alone, stakes, view.rules)
            solvers.append((TrickSolver(trump, players), out, leader, scale))

        def score(holdings: Holdings) -> list[float]:
            points = []
            for solver, out, leader, scale in solvers:
                hands = [0 if SEATS[n] in out else holdings[n] for n in range(4)]
                points.append(scale.position_points(solver, hands, leader))
            return points

        stay, lone = self._average(view, self.bid_samples, score)
        return [(PASS, stay), (DefendAlone(), lone)]

    def _bid_estimates(self, view: SeatView) -> Estimates:
        # Going alone is only worth searching with a hand that might take all five.
        legal = [
            bid
            for bid in view.legal_actions
            if not isinstance(bid, OrderUp | NameTrump) or not bid.alone or might_march(view, bid)
        ]
        solvers: Solvers = {}
        caution = [CAUTION if isinstance(bid, OrderUp | NameTrump) else 0.0 for bid in legal]
        stakes = Stakes.of(view)

        def score(holdings: Holdings) -> list[float]:
            hands = {seat: list(cards_of(holdings[n])) for n, seat in enumerate(SEATS)}
            hands[view.seat] = list(view.cards)
            outcomes: dict[object, float] = {}
            return [
                bid_outcome(view, bid, hands, solvers, outcomes, stakes) - caution[number]
                for number, bid in enumerate(legal)
            ]

        return list(zip(legal, self._average(view, self.bid_samples, score), strict=True))


def _contract(view: SeatView) -> tuple[Suit, Seat]:
    """Trump and its maker: asked of a view only once trump is made."""
    assert view.trump is not None, "trump is made"
    assert view.maker is not None, "trump has a maker"
    return view.trump, view.maker


def _trick_state(view: SeatView, trump: Suit) -> tuple[int, int]:
    """Who leads the current trick (the seat itself, if none is led yet: it is its turn), and
    how many tricks North-South have won, each trick's winner found by the rule's one home
    (``Trick.winner``)."""
    players = tuple(seat for seat in SEATS if seat not in view.sitting_out)
    ns_won = 0
    for plays in view.tricks:
        trick = Trick(plays[0][0], trump, players)
        for seat, card in plays:
            trick.add_legal_play(seat, card)
        ns_won += trick.winner.team is Team.NS
    leader = view.trick[0][0] if view.trick else view.seat
    return SEAT_NUMBER[leader], ns_won
