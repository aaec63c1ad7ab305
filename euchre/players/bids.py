"""The bidding, as the search player sees it: which deals fit the bids it has seen, and what
a bid brings on one deal once the rest of the bidding is played out by the ``normal`` bot's
rules and the contract it ends in is solved double-dummy.
"""

from __future__ import annotations

from collections.abc import Callable

from euchre.actions import PASS, Action, NameTrump, OrderUp, Pass
from euchre.bidding import Bidding
from euchre.cards import Card, Suit
from euchre.players import SeatView
from euchre.players.normal import (
    CALL_LINES,
    choose_bid,
    choose_discard,
    from_dealer,
    hand_value,
)
from euchre.players.points import Scale
from euchre.players.search import SEAT_NUMBER, SEATS, SUIT_TABLE, TrickSolver, cards_of, mask
from euchre.players.stakes import Stakes
from euchre.seats import Seat
from euchre.trick import first_leader

SLACK = 0.6
"""How far from the normal bot's line for its seat and round (``CALL_LINES``) another seat's
bid may be and still be believed. Each seat is judged by its own line, as the normal bot
calls, rather than by one typical line: against basic, +0.04 points a deal (standard error
0.037) over 600 duplicate deals of seed 2 and -0.02 (0.048) over 500 of seed 3
(``bench/expert_duplicate.py``), no change the deals can tell; kept as the truer model."""

Solvers = dict[tuple[Suit, tuple[Seat, ...]], TrickSolver]


def might_march(view: SeatView, bid: OrderUp | NameTrump) -> bool:
    """Three trumps or more: the least a lone hand needs to be worth searching."""
    trump = view.upcard.suit if isinstance(bid, OrderUp) else bid.suit
    cards = list(view.cards)
    if isinstance(bid, OrderUp) and view.seat is view.dealer:
        cards.append(view.upcard)
    trumps = sum(SUIT_TABLE[trump][card.index] is trump for card in cards)
    return trumps >= 3


def bid_outcome(
    view: SeatView,
    bid: Action,
    hands: dict[Seat, list[Card]],
    solvers: Solvers,
    outcomes: dict[object, float],
    stakes: Stakes,
) -> float:
    """The points for the seat's team if it bids ``bid`` on this deal and play is perfect,
    worth what ``stakes`` makes them at the game score."""
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
        maker, alone = contract.maker, contract.alone
        leader = SEAT_NUMBER[first_leader(dealer, maker, alone, players, view.rules)]
        masks = [0 if seat in out else mask(cards[seat]) for seat in SEATS]
        scale = Scale(maker.team, view.seat.team, 5, 0, alone, False, stakes, view.rules)
        outcomes[key] = scale.position_points(solver, masks, leader)
    return outcomes[key]


def bid_check(view: SeatView, slack: float = SLACK) -> Callable[[tuple[int, ...]], bool]:
    """A test that a deal fits the other seats' bids, judged by the normal bot's hand value
    against the normal bot's line for the seat and the round.

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
            line = CALL_LINES[round_one][from_dealer(seat, dealer)]
            cards = cards_of(holdings[SEAT_NUMBER[seat]]) + played[seat]
            shown = upcard if round_one else None
            if suit is not None:
                if hand_value(cards, suit, seat, dealer, shown) < line - slack:
                    return False
            elif round_one:
                if hand_value(cards, upcard.suit, seat, dealer, upcard) >= line + slack:
                    return False
            elif any(
                hand_value(cards, other, seat, dealer, None) >= line + slack
                for other in Suit
                if other is not upcard.suit
            ):
                return False
        return True

    return believable
