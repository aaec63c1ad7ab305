"""What each legal action brings the seat's team on one deal of the unseen cards, every card open.

The search player (``euchre.players.expert``) deals the cards it cannot see many times and
averages these over the deals. Each function takes the seat's view and gives its legal actions
with a ``Score``: the points each brings on one deal (holdings by seat number), counted as the
game score makes them worth (``points.Scale``, ``stakes.Stakes``).

- A card: the double-dummy value of the remaining tricks after it.
- The discard: the double-dummy value of the whole hand after it.
- Defending alone: the hand solved with and without the partner.
- A bid: the rest of the bidding played out by the ``normal`` bot's rules, the contract it ends
  in solved double-dummy (``bids.bid_outcome``); a call must beat passing by ``CAUTION``.
"""

from __future__ import annotations

from collections.abc import Callable

from euchre.actions import DISCARD, PASS, Action, DefendAlone, NameTrump, OrderUp, Play
from euchre.cards import Suit
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.players.bids import Solvers, bid_outcome, might_march
from euchre.players.points import Scale
from euchre.players.search import SEAT_NUMBER, SEATS, SUIT_TABLE, TrickSolver, cards_of, mask
from euchre.players.stakes import Stakes
from euchre.seats import Seat, Team
from euchre.trick import Trick, first_leader

CAUTION = 0.2
"""Points taken off every call's estimate: double-dummy, the makers see every card, and at
the table they lose more by not seeing them than the defenders do. Measured on 300 deals
played twice (seed 2): +0.05 points a deal against basic, +0.01 against normal."""

Holdings = tuple[int, ...]
Score = Callable[[Holdings], list[float]]
"""The points each action brings on one deal, in the order of the actions."""


def card_outcomes(view: SeatView) -> tuple[list[Action], Score]:
    """The legal cards, scored by the double-dummy value of the tricks left after each."""
    trump, maker = _contract(view)
    players = tuple(seat for seat in SEATS if seat not in view.sitting_out)
    solver = TrickSolver(trump, players)
    leader, ns_won = _trick_state(view, trump, players)
    trick = [(SEAT_NUMBER[seat], card.index) for seat, card in view.trick]
    plays = [action for action in view.legal_actions if isinstance(action, Play)]
    cards = [action.card.index for action in plays]
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

    return list(plays), score


def discard_outcomes(view: SeatView) -> tuple[list[Action], Score]:
    """The dealer's discards, scored by the double-dummy value of the whole hand after each;
    a card of trump only when every card is trump."""
    trump, maker = _contract(view)
    players = tuple(seat for seat in SEATS if seat not in view.sitting_out)
    solver = TrickSolver(trump, players)
    leader = SEAT_NUMBER[first_leader(view.dealer, maker, view.alone, players, view.rules)]
    me = SEAT_NUMBER[view.seat]
    scale = Scale(maker.team, view.seat.team, 5, 0, view.alone, False, Stakes.of(view), view.rules)
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

    return [DISCARD[card.index] for card in candidates], score


def defend_outcomes(view: SeatView) -> tuple[list[Action], Score]:
    """Against a lone maker: defending with the partner, and defending alone."""
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

    return [PASS, DefendAlone()], score


def left_out(view: SeatView) -> str:
    """Why the legal actions missing from these outcomes are not searched: a dealer's trump,
    kept while a card outside trump is left to throw (``discard_outcomes``), or going alone
    on a hand that cannot march (``bid_outcomes``)."""
    if view.phase is Phase.DISCARD:
        return "the expert keeps its trumps"
    return "alone, fewer than three trumps cannot take all five"


def bid_outcomes(view: SeatView, caution: float = CAUTION) -> tuple[list[Action], Score]:
    """The legal bids, each call less ``caution``; going alone only with a hand that might
    take all five (``bids.might_march``)."""
    legal = [
        bid
        for bid in view.legal_actions
        if not isinstance(bid, OrderUp | NameTrump) or not bid.alone or might_march(view, bid)
    ]
    solvers: Solvers = {}
    less = [caution if isinstance(bid, OrderUp | NameTrump) else 0.0 for bid in legal]
    stakes = Stakes.of(view)

    def score(holdings: Holdings) -> list[float]:
        hands = {seat: list(cards_of(holdings[n])) for n, seat in enumerate(SEATS)}
        hands[view.seat] = list(view.cards)
        outcomes: dict[object, float] = {}
        return [
            bid_outcome(view, bid, hands, solvers, outcomes, stakes) - less[number]
            for number, bid in enumerate(legal)
        ]

    return legal, score


def _contract(view: SeatView) -> tuple[Suit, Seat]:
    """Trump and its maker: asked of a view only once trump is made."""
    assert view.trump is not None, "trump is made"
    assert view.maker is not None, "trump has a maker"
    return view.trump, view.maker


def _trick_state(view: SeatView, trump: Suit, players: tuple[Seat, ...]) -> tuple[int, int]:
    """Who leads the current trick (the seat itself, if none is led yet: it is its turn), and
    how many tricks North-South have won, each trick's winner found by the rule's one home
    (``Trick.winner``)."""
    ns_won = 0
    for plays in view.tricks:
        trick = Trick(plays[0][0], trump, players)
        for seat, card in plays:
            trick.add_legal_play(seat, card)
        ns_won += trick.winner.team is Team.NS
    leader = view.trick[0][0] if view.trick else view.seat
    return SEAT_NUMBER[leader], ns_won
