"""The level ``expert``: a search player (determinized, or Perfect-Information Monte Carlo).

For every decision it deals the unseen cards many times over, each deal consistent with
everything its seat knows (``knowledge.sample``) and likely given the bids it has seen; on
each deal it scores every legal action exactly with the cards open (``search.TrickSolver``),
and it takes the action with the best average score for its team, in points.

- Cards: the double-dummy value of the remaining tricks after each legal card.
- The discard: the double-dummy value of the whole hand after each discard.
- Bids: the rest of the bidding is played out by the ``normal`` bot's rules, then the
  contract it ends in is solved double-dummy; a hand thrown in scores nothing.

It draws its deals from the ``random.Random`` it is given, so a seed repeats a game exactly.
"""

from __future__ import annotations

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
    Pass,
    Play,
)
from euchre.bidding import Bidding
from euchre.cards import Card, Suit
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.players.knowledge import Knowledge, read, sample
from euchre.players.normal import CALL, choose_bid, choose_discard, hand_value
from euchre.players.search import SEAT_NUMBER, SEATS, TrickSolver, cards_of, mask
from euchre.scoring import score
from euchre.seats import Seat, Team
from euchre.trump import STRENGTH_TABLE, SUIT_TABLE

SLACK = 0.6
"""How far from the normal bot's call line another seat's bid may be and still be believed."""
TRIES = 20
"""Deals drawn, at most, to find one that fits the other seats' bids."""

Estimates = list[tuple[Action, float]]


class ExpertPlayer:
    """A search player: ``samples`` deals for a card, ``bid_samples`` for a bid or discard."""

    def __init__(self, rng: random.Random, samples: int = 20, bid_samples: int = 16) -> None:
        self.rng = rng
        self.samples = samples
        self.bid_samples = bid_samples

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
        """The legal action with the best estimate; the only one, without searching."""
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        estimates = self.estimates(view)
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

    def _deals(self, view: SeatView, count: int) -> list[tuple[int, ...]]:
        """``count`` deals of the unseen cards, each drawn until it fits the bids seen."""
        knowledge = read(view)
        believable = _bid_check(view)
        return [self._draw(knowledge, believable) for _ in range(count)]

    def _draw(
        self, knowledge: Knowledge, believable: Callable[[tuple[int, ...]], bool]
    ) -> tuple[int, ...]:
        """A deal that fits the bids, or after ``TRIES`` draws the last one drawn."""
        holdings = sample(knowledge, self.rng)
        for _ in range(TRIES - 1):
            if believable(holdings):
                break
            holdings = sample(knowledge, self.rng)
        return holdings

    def _play_estimates(self, view: SeatView) -> Estimates:
        trump, maker = _contract(view)
        players = [seat for seat in SEATS if seat not in view.sitting_out]
        solver = TrickSolver(trump, players)
        leader, ns_won = _trick_state(view, trump, players)
        trick = [(SEAT_NUMBER[seat], card.index) for seat, card in view.trick]
        legal = [action for action in view.legal_actions if isinstance(action, Play)]
        cards = [action.card.index for action in legal]
        totals = dict.fromkeys(cards, 0.0)
        remaining = 5 - len(view.tricks)
        defended = len(view.sitting_out) == 2  # a defender went alone too
        scale = _Scale(maker.team, view.seat.team, remaining, ns_won, view.alone, defended)
        count = self.samples if remaining > 1 else 1
        for holdings in self._deals(view, count):
            hands = [0 if SEATS[n] in view.sitting_out else holdings[n] for n in range(4)]
            for card, points in scale.card_points(solver, hands, leader, trick, cards).items():
                totals[card] += points
        return [(PLAY[index], totals[index] / count) for index in totals]

    def _discard_estimates(self, view: SeatView) -> Estimates:
        trump, maker = _contract(view)
        players = [seat for seat in SEATS if seat not in view.sitting_out]
        solver = TrickSolver(trump, players)
        leader = SEAT_NUMBER[next(s for s in view.dealer.left.rotation() if s in players)]
        me = SEAT_NUMBER[view.seat]
        scale = _Scale(maker.team, view.seat.team, 5, 0, view.alone, False)
        six = mask(view.cards)
        candidates = [card for card in view.cards if SUIT_TABLE[trump][card.index] is not trump]
        candidates = candidates or list(view.cards)
        totals = dict.fromkeys(candidates, 0.0)
        for holdings in self._deals(view, self.bid_samples):
            hands = [0 if SEATS[n] in view.sitting_out else holdings[n] for n in range(4)]
            for card in candidates:
                hands[me] = six & ~(1 << card.index)
                totals[card] += scale.position_points(solver, hands, leader)
        return [(DISCARD[card.index], totals[card] / self.bid_samples) for card in candidates]

    def _defend_estimates(self, view: SeatView) -> Estimates:
        trump, maker = _contract(view)
        leader_seat = view.dealer.left
        totals = {False: 0.0, True: 0.0}
        solvers = {}
        for alone in (False, True):
            out = {maker.partner, view.seat.partner} if alone else {maker.partner}
            players = [seat for seat in SEATS if seat not in out]
            solvers[alone] = (TrickSolver(trump, players), out, players)
        for holdings in self._deals(view, self.bid_samples):
            for alone, (solver, out, players) in solvers.items():
                hands = [0 if SEATS[n] in out else holdings[n] for n in range(4)]
                leader = SEAT_NUMBER[next(s for s in leader_seat.rotation() if s in players)]
                scale = _Scale(maker.team, view.seat.team, 5, 0, True, alone)
                totals[alone] += scale.position_points(solver, hands, leader)
        return [
            (PASS, totals[False] / self.bid_samples),
            (DefendAlone(), totals[True] / self.bid_samples),
        ]

    def _bid_estimates(self, view: SeatView) -> Estimates:
        # Going alone is only worth searching with a hand that might take all five.
        legal = [
            bid
            for bid in view.legal_actions
            if not isinstance(bid, OrderUp | NameTrump) or not bid.alone or _might_march(view, bid)
        ]
        totals = [0.0] * len(legal)
        solvers: dict[tuple[Suit, tuple[Seat, ...]], TrickSolver] = {}
        for holdings in self._deals(view, self.bid_samples):
            hands = {seat: list(cards_of(holdings[n])) for n, seat in enumerate(SEATS)}
            hands[view.seat] = list(view.cards)
            outcomes: dict[object, float] = {}
            for number, bid in enumerate(legal):
                totals[number] += _bid_outcome(view, bid, hands, solvers, outcomes)
        return [(bid, total / self.bid_samples) for bid, total in zip(legal, totals, strict=True)]


def _contract(view: SeatView) -> tuple[Suit, Seat]:
    """Trump and its maker: asked of a view only once trump is made."""
    assert view.trump is not None, "trump is made"
    assert view.maker is not None, "trump has a maker"
    return view.trump, view.maker


def _might_march(view: SeatView, bid: OrderUp | NameTrump) -> bool:
    """Three trumps or more: the least a lone hand needs to be worth searching."""
    trump = view.upcard.suit if isinstance(bid, OrderUp) else bid.suit
    cards = list(view.cards)
    if isinstance(bid, OrderUp) and view.seat is view.dealer:
        cards.append(view.upcard)
    trumps = sum(SUIT_TABLE[trump][card.index] is trump for card in cards)
    return trumps >= 3


def _bid_outcome(
    view: SeatView,
    bid: Action,
    hands: dict[Seat, list[Card]],
    solvers: dict[tuple[Suit, tuple[Seat, ...]], TrickSolver],
    outcomes: dict[object, float],
) -> float:
    """The points for the seat's team if it bids ``bid`` on this deal and play is perfect."""
    bidding = Bidding(view.dealer, view.upcard, view.rules)
    for seat, made in (*view.bids, (view.seat, bid)):
        assert isinstance(made, Pass | OrderUp | NameTrump)  # bids are all the bidding holds
        bidding.bid(seat, made)
    while bidding.contract is None and bidding.turn is not None:
        seat = bidding.turn
        stuck = PASS not in bidding.legal_bids()
        made, _ = choose_bid(hands[seat], seat, view.dealer, view.upcard, bidding.round == 1, stuck)
        bidding.bid(seat, made)
    contract = bidding.contract
    if contract is None:
        return 0.0
    trump, dealer = contract.trump, view.dealer
    cards = dict(hands)
    if contract.ordered_up:
        six = [*cards[dealer], view.upcard]
        throw, _ = choose_discard(six, trump)
        cards[dealer] = [card for card in six if card != throw]
    out = (contract.maker.partner,) if contract.alone else ()
    key = (trump, out, mask(cards[dealer]), contract.maker.team, contract.alone)
    if key not in outcomes:
        players = tuple(seat for seat in SEATS if seat not in out)
        solver = solvers.setdefault((trump, players), TrickSolver(trump, players))
        leader = SEAT_NUMBER[next(s for s in dealer.left.rotation() if s in players)]
        masks = [0 if seat in out else mask(cards[seat]) for seat in SEATS]
        scale = _Scale(contract.maker.team, view.seat.team, 5, 0, contract.alone, False)
        outcomes[key] = scale.position_points(solver, masks, leader)
    return outcomes[key]


def _trick_state(view: SeatView, trump: Suit, players: Sequence[Seat]) -> tuple[int, int]:
    """Who leads the current trick, and how many tricks North-South have won."""
    ns_won = 0
    leader = next(seat for seat in view.dealer.left.rotation() if seat in players)
    for trick in view.tricks:
        lead = SUIT_TABLE[trump][trick[0][1].index]
        power = STRENGTH_TABLE[trump, lead]
        leader = max(trick, key=lambda play: power[play[1].index])[0]
        ns_won += leader.team is Team.NS
    if view.trick:
        leader = view.trick[0][0]
    return SEAT_NUMBER[leader], ns_won


class _Scale:
    """Turns North-South's tricks from here into points for one team, as the score reads."""

    def __init__(
        self, makers: Team, team: Team, remaining: int, ns_won: int, alone: bool, defended: bool
    ) -> None:
        self.remaining = remaining
        # North-South's tricks from here at which the makers reach 3, and all 5.
        makers_won = ns_won if makers is Team.NS else 5 - remaining - ns_won
        sign = 1 if makers is team else -1
        win, march = score(makers, 3, alone, defended)[1], score(makers, 5, alone, defended)[1]
        euchred = score(makers, 0, alone, defended)[1]
        if makers is Team.NS:
            # By North-South's tricks from here, f: euchred below 3 - won, a march from 5 - won.
            self.steps = (3 - makers_won, 5 - makers_won)
            self.points = (-euchred * sign, win * sign, march * sign)
        else:
            # The makers take remaining - f: a march up to remaining - (5 - won), euchred
            # beyond remaining - (3 - won).
            self.steps = (remaining - (5 - makers_won) + 1, remaining - (3 - makers_won) + 1)
            self.points = (march * sign, win * sign, -euchred * sign)

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


def _bid_check(view: SeatView) -> Callable[[tuple[int, ...]], bool]:
    """A test that a deal fits the other seats' bids, judged by the normal bot's hand value.

    A seat that passed is unlikely to hold a hand the normal bot would call on; a seat that
    made trump is unlikely to hold a hand it would pass. The dealer's bids are not judged:
    the dealer's hand changes with the pick-up, and a stuck dealer had to call.
    """
    checks: list[tuple[Seat, Suit | None, bool]] = []  # seat, the suit it made, round 1
    first_round = True
    for seat, bid in view.bids:
        if seat is not view.seat and seat is not view.dealer:
            if isinstance(bid, OrderUp):
                checks.append((seat, view.upcard.suit, True))
            elif isinstance(bid, NameTrump):
                checks.append((seat, bid.suit, False))
            else:
                checks.append((seat, None, first_round))
        first_round = first_round and seat is not view.dealer
    played = {
        seat: [card for t in (*view.tricks, view.trick) for s, card in t if s is seat]
        for seat in SEATS
    }
    upcard, dealer = view.upcard, view.dealer

    def believable(holdings: tuple[int, ...]) -> bool:
        for seat, suit, round_one in checks:
            cards = cards_of(holdings[SEAT_NUMBER[seat]]) + played[seat]
            shown = upcard if round_one else None
            if suit is not None:
                if hand_value(cards, suit, seat, dealer, shown) < CALL - SLACK:
                    return False
            elif round_one:
                if hand_value(cards, upcard.suit, seat, dealer, upcard) >= CALL + SLACK:
                    return False
            elif any(
                hand_value(cards, other, seat, dealer, None) >= CALL + SLACK
                for other in Suit
                if other is not upcard.suit
            ):
                return False
        return True

    return believable
