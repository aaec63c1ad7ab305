"""Making trump: round 1 on the upcard, round 2 naming another suit, and stick the dealer."""

from __future__ import annotations

from dataclasses import dataclass

from euchre.actions import NAME_TRUMP, ORDER_UP, PASS, Bid, NameTrump, OrderUp, Pass
from euchre.cards import Card, Suit
from euchre.errors import (
    CanadianLonerError,
    DealerMustCallError,
    OutOfTurnError,
    TurnedDownSuitError,
    WrongPhaseError,
)
from euchre.rules import Rules
from euchre.seats import Seat

ROUND_1 = "round 1: order up the upcard or pass"
"""What round 1 asks of each player in turn."""
ROUND_2 = "round 2: name a suit or pass"
"""What round 2 asks of each player in turn."""

# The bids each round allows, made once: in round 2, by the suit that was turned down.
_ROUND_1_BIDS: tuple[Bid, ...] = (PASS, *ORDER_UP)
_NAMES_BUT = {
    down: tuple(bid for suit in Suit if suit is not down for bid in NAME_TRUMP[suit])
    for down in Suit
}


@dataclass(frozen=True, slots=True)
class Contract:
    """What the bidding decided: who made trump, which suit, and whether they go alone."""

    maker: Seat
    trump: Suit
    alone: bool
    ordered_up: bool


class Bidding:
    """The two rounds of bidding, from the eldest hand, until a player makes trump."""

    __slots__ = ("bids", "contract", "dealer", "round", "rules", "turn", "upcard")

    def __init__(self, dealer: Seat, upcard: Card, rules: Rules) -> None:
        self.dealer = dealer
        self.upcard = upcard
        self.rules = rules
        self.round = 1
        self.turn: Seat | None = dealer.left
        self.bids: list[tuple[Seat, Bid]] = []
        self.contract: Contract | None = None

    def _dealer_is_stuck(self) -> bool:
        return self.round == 2 and self.turn is self.dealer and self.rules.stick_the_dealer

    def _must_go_alone(self) -> bool:
        """The Canadian loner: the dealer's partner who orders up the upcard plays alone."""
        return self.rules.canadian and self.round == 1 and self.turn is self.dealer.partner

    def legal_bids(self) -> list[Bid]:
        if self.round == 1:
            return [PASS, ORDER_UP[1]] if self._must_go_alone() else list(_ROUND_1_BIDS)
        names = _NAMES_BUT[self.upcard.suit]
        return list(names) if self._dealer_is_stuck() else [PASS, *names]

    def refuse_if_illegal(self, seat: Seat, bid: Bid) -> None:
        """Raise the error for the rule that ``bid`` would break, if any."""
        if seat is not self.turn:
            raise OutOfTurnError(self.turn, seat)
        if self.round == 1 and isinstance(bid, NameTrump):
            raise WrongPhaseError(bid, ROUND_1, trump_made=False)
        if isinstance(bid, OrderUp) and not bid.alone and self._must_go_alone():
            raise CanadianLonerError(seat)
        if self.round == 2:
            if isinstance(bid, OrderUp):
                raise TurnedDownSuitError(self.upcard.suit, ordered_up=True)
            if isinstance(bid, NameTrump) and bid.suit is self.upcard.suit:
                raise TurnedDownSuitError(bid.suit)
            if isinstance(bid, Pass) and self._dealer_is_stuck():
                raise DealerMustCallError(seat)

    def bid(self, seat: Seat, bid: Bid) -> None:
        """Make ``bid`` for ``seat``; an illegal bid raises and changes nothing."""
        self.refuse_if_illegal(seat, bid)
        self.bids.append((seat, bid))
        if isinstance(bid, Pass):
            if seat is not self.dealer:
                self.turn = seat.left
            elif self.round == 1:
                self.round, self.turn = 2, seat.left
            else:
                self.turn = None
            return
        if isinstance(bid, OrderUp):
            self.contract = Contract(seat, self.upcard.suit, bid.alone, ordered_up=True)
        else:
            self.contract = Contract(seat, bid.suit, bid.alone, ordered_up=False)
        self.turn = None
