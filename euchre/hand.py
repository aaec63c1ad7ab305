"""One hand of Euchre as a state machine: bidding, the discard, defending alone, five tricks.

At every moment a hand knows whose turn it is and what they may do; ``apply`` carries out an
action or raises the error for the rule it breaks, leaving the hand exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from euchre.actions import DISCARD, PASS, PLAY, Action, Bid, DefendAlone, Discard, Pass, Play
from euchre.bidding import Bidding, Contract
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.errors import CardNotHeldError, HandOverError, OutOfTurnError, WrongPhaseError
from euchre.rules import Rules
from euchre.scoring import score
from euchre.seats import Seat, Team
from euchre.trick import Trick, legal_plays

DEFEND_ALONE = DefendAlone()


class Phase(Enum):
    """The stages of a hand, each saying what is expected in it."""

    ORDER_UP = "round 1: order up the upcard or pass"
    NAME_TRUMP = "round 2: name a suit or pass"
    DISCARD = "the dealer discards"
    DEFEND = "the defenders may defend alone"
    PLAY = "play the tricks"
    OVER = "the hand is over"


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended; a thrown-in hand has no trump and scores nothing."""

    trump: Suit | None
    maker: Seat | None
    alone: bool
    lone_defender: Seat | None
    trick_winners: tuple[Seat, ...]
    tricks: Mapping[Team, int]
    points: Mapping[Team, int]

    @property
    def thrown_in(self) -> bool:
        return self.trump is None


class Hand:
    """A hand from the deal to the score."""

    __slots__ = (
        "_bidding",
        "_hands",
        "deal",
        "discarded",
        "lone_defender",
        "phase",
        "result",
        "rules",
        "sitting_out",
        "trick",
        "tricks",
        "turn",
    )

    def __init__(self, dealt: Deal, rules: Rules = Rules()) -> None:
        self.deal = dealt
        self.rules = rules
        self.phase = Phase.ORDER_UP
        self.turn: Seat | None = dealt.eldest
        self.discarded: Card | None = None
        self.lone_defender: Seat | None = None
        self.sitting_out: tuple[Seat, ...] = ()
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self.result: HandResult | None = None
        self._bidding = Bidding(dealt.dealer, dealt.upcard, rules)
        self._hands = {seat: list(cards) for seat, cards in dealt.hands.items()}

    @property
    def dealer(self) -> Seat:
        return self.deal.dealer

    @property
    def upcard(self) -> Card:
        return self.deal.upcard

    @property
    def bids(self) -> list[tuple[Seat, Action]]:
        """Every bid in turn, from the eldest hand, each with the seat that made it."""
        return list(self._bidding.bids)

    @property
    def contract(self) -> Contract | None:
        return self._bidding.contract

    @property
    def trump(self) -> Suit | None:
        return self.contract.trump if self.contract else None

    @property
    def maker(self) -> Seat | None:
        return self.contract.maker if self.contract else None

    @property
    def alone(self) -> bool:
        return self.contract.alone if self.contract else False

    def cards(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""
        return tuple(self._hands[seat])

    def legal_actions(self) -> list[Action]:
        """What the player whose turn it is may do; nothing once the hand is over."""
        phase, turn = self.phase, self.turn
        if phase is Phase.PLAY and self.trick is not None and turn is not None:
            trick = self.trick
            return [
                PLAY[c.index] for c in legal_plays(self._hands[turn], trick.lead_suit, trick.trump)
            ]
        if phase is Phase.ORDER_UP or phase is Phase.NAME_TRUMP:
            return list(self._bidding.legal_bids())
        if phase is Phase.DISCARD:
            return [DISCARD[card.index] for card in self._hands[self.dealer]]
        if phase is Phase.DEFEND:
            return [PASS, DEFEND_ALONE]
        return []

    def apply(self, action: Action, seat: Seat | None = None) -> None:
        """Carry out ``action`` for ``seat`` (by default, whoever's turn it is)."""
        phase, turn = self.phase, self.turn
        if turn is None:
            raise HandOverError("the hand is over: it takes no more actions")
        seat = turn if seat is None else seat
        if phase is Phase.PLAY and isinstance(action, Play):
            self._play(seat, action.card)
        elif phase is Phase.ORDER_UP or phase is Phase.NAME_TRUMP:
            if isinstance(action, Play | Discard | DefendAlone):
                raise _wrong_phase(phase, action)
            self._bid(seat, action)
        elif phase is Phase.DISCARD and isinstance(action, Discard):
            self._discard(seat, action.card)
        elif phase is Phase.DEFEND and isinstance(action, Pass | DefendAlone):
            self._defend(seat, action)
        else:
            raise _wrong_phase(phase, action)

    def _bid(self, seat: Seat, bid: Bid) -> None:
        bidding = self._bidding
        bidding.bid(seat, bid)
        contract = bidding.contract
        if contract is not None:
            if contract.alone:
                self.sitting_out = (contract.maker.partner,)
            if contract.ordered_up:
                self._hands[self.dealer].append(self.upcard)
                self.phase, self.turn = Phase.DISCARD, self.dealer
            else:
                self._defend_or_play()
        elif bidding.turn is None:
            self._finish(trick_winners=())
        else:
            self.phase = Phase.ORDER_UP if bidding.round == 1 else Phase.NAME_TRUMP
            self.turn = bidding.turn

    def _discard(self, seat: Seat, card: Card) -> None:
        if seat is not self.dealer:
            raise OutOfTurnError(f"it is {self.dealer}'s turn, not {seat}'s")
        if card not in self._hands[seat]:
            raise CardNotHeldError(f"{seat} does not hold {card}")
        self._hands[seat].remove(card)
        self.discarded = card
        self._defend_or_play()

    def _defend_or_play(self) -> None:
        maker = self.maker
        if self.alone and self.rules.defend_alone and maker is not None:
            self.phase, self.turn = Phase.DEFEND, maker.left
        else:
            self._start_play()

    def _defend(self, seat: Seat, action: Pass | DefendAlone) -> None:
        if seat is not self.turn:
            raise OutOfTurnError(f"it is {self.turn}'s turn, not {seat}'s")
        if isinstance(action, DefendAlone):
            self.lone_defender = seat
            self.sitting_out += (seat.partner,)
            self._start_play()
        elif self.maker is not None and seat is self.maker.left:
            self.turn = seat.partner
        else:
            self._start_play()

    def _start_play(self) -> None:
        trump = self.trump
        assert trump is not None  # play starts only once trump is made
        players = tuple(seat for seat in Seat if seat not in self.sitting_out)
        leader = next(seat for seat in self.deal.eldest.rotation() if seat in players)
        self.trick = Trick(leader, trump, players)
        self.phase, self.turn = Phase.PLAY, leader

    def _play(self, seat: Seat, card: Card) -> None:
        trick = self.trick
        assert trick is not None  # the PLAY phase always has a trick
        held = self._hands[seat]
        trick.play(seat, card, held)
        held.remove(card)
        if not trick.is_complete:
            self.turn = trick.turn
            return
        self.tricks.append(trick)
        if len(self.tricks) < 5:
            self.trick = trick.next_trick()
            self.turn = self.trick.order[0]
        else:
            self.trick = None
            self._finish(tuple(done.winner for done in self.tricks))

    def _finish(self, trick_winners: tuple[Seat, ...]) -> None:
        tricks = {team: 0 for team in Team}
        points = {team: 0 for team in Team}
        for winner in trick_winners:
            tricks[winner.team] += 1
        contract = self.contract
        if contract is not None:
            makers = contract.maker.team
            scorer, won = score(
                makers, tricks[makers], contract.alone, self.lone_defender is not None
            )
            points[scorer] = won
        self.result = HandResult(
            self.trump, self.maker, self.alone, self.lone_defender, trick_winners, tricks, points
        )
        self.phase, self.turn = Phase.OVER, None


def _wrong_phase(phase: Phase, action: Action) -> WrongPhaseError:
    if isinstance(action, Play) and phase in (Phase.ORDER_UP, Phase.NAME_TRUMP):
        reason = "trump is not made yet"
    elif isinstance(action, Discard):
        reason = "only the dealer discards, after the upcard is ordered up"
    elif isinstance(action, DefendAlone):
        reason = "only a defender facing a lone maker may defend alone, under that variant"
    else:  # a bid, or a card played while the dealer discards or a defender decides
        reason = "trump is already made"
    return WrongPhaseError(f"{reason}: {phase.value}")
