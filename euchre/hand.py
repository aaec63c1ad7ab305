"""One hand of Euchre as a state machine: bidding, the discard, defending alone, five tricks.

At every moment a hand knows whose turn it is and what they may do; ``apply`` carries out an
action or raises the error for the rule it breaks, leaving the hand exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from euchre.actions import (
    DEFEND_ALONE,
    PASS,
    Action,
    Bid,
    DefendAlone,
    Discard,
    Pass,
    Play,
)
from euchre.bidding import ROUND_1, ROUND_2, Bidding, Contract
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.errors import CardNotHeldError, HandOverError, OutOfTurnError, WrongPhaseError
from euchre.rules import Rules
from euchre.scoring import score
from euchre.seats import Seat, Team
from euchre.trick import Trick, first_leader
from euchre.trump import SUIT_BITS

__all__ = ["DEFEND_ALONE", "Hand", "HandResult", "Phase"]

_NOT_BIDS = (Play, Discard, DefendAlone)


class Phase(Enum):
    """The stages of a hand, each saying what is expected in it."""

    # Members are singletons compared by identity, so the C-level identity hash is
    # equivalent to Enum's own and keeps dictionary look-ups off the Python stack
    # (measured: 14% of a random hand's time, bench/engine.py; docs/speed.md).
    __hash__ = object.__hash__

    ORDER_UP = ROUND_1
    NAME_TRUMP = ROUND_2
    DISCARD = "the dealer discards"
    DEFEND = "the defenders may defend alone"
    PLAY = "play the tricks"
    OVER = "the hand is over"


_BIDDING = frozenset({Phase.ORDER_UP, Phase.NAME_TRUMP})


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended; a thrown-in hand has no trump and scores nothing."""

    trump: Suit | None
    maker: Seat | None
    alone: bool
    lone_defender: Seat | None
    trick_winners: tuple[Seat, ...]
    tricks_won: Mapping[Team, int]
    """How many tricks each team won."""
    points: Mapping[Team, int]

    @property
    def thrown_in(self) -> bool:
        return self.trump is None


class Hand:
    """A hand from the deal to the score."""

    def __init__(self, dealt: Deal, rules: Rules = Rules()) -> None:
        self.deal = dealt
        self.rules = rules
        self.phase = Phase.ORDER_UP
        self.turn: Seat | None = dealt.dealer.left  # the eldest hand
        self.discarded: Card | None = None
        self.lone_defender: Seat | None = None
        self.sitting_out: tuple[Seat, ...] = ()
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self.result: HandResult | None = None
        self._bidding = Bidding(dealt.dealer, dealt.kitty[0], rules)
        # What each seat holds, in the order received (a picked-up card last), by Card.bit: the
        # keys are one-card sets of bits, so their sum is the seat's cards as one int, and the
        # follow-suit rule is one ``&`` with the lead suit's cards (trump.SUIT_BITS). Measured,
        # it saves a fifth of a random hand's time against lists of cards (docs/speed.md).
        self._held = {
            seat: {card.bit: card for card in cards} for seat, cards in dealt.hands.items()
        }
        # The cards legal_actions offered the seat whose turn it is, as bits: apply takes one
        # of them without checking the rules again. None until asked, and after every action.
        self._offered = 0

    @property
    def dealer(self) -> Seat:
        return self.deal.dealer

    @property
    def upcard(self) -> Card:
        return self.deal.upcard

    @property
    def bids(self) -> list[tuple[Seat, Bid]]:
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
        """The cards ``seat`` holds now, in the order they were dealt (a picked-up card last)."""
        return tuple(self._held[seat].values())

    def legal_actions(self) -> list[Action]:
        """What the player whose turn it is may do; nothing once the hand is over."""
        phase, turn, trick = self.phase, self.turn, self.trick
        if phase is Phase.PLAY and turn is not None and trick is not None:
            holding = self._held[turn]
            held, lead = sum(holding), trick.lead_suit
            # Follow suit: the cards of the lead suit if the seat holds any; else any card.
            following = held & SUIT_BITS[trick.trump][lead] if lead else 0
            offered = self._offered = following or held
            return [Play(card) for bit, card in holding.items() if offered & bit]
        if phase in _BIDDING:
            return list(self._bidding.legal_bids())
        if phase is Phase.DISCARD:  # the dealer holds all six cards: none is played yet
            return [Discard(card) for card in self._held[self.deal.dealer].values()]
        if phase is Phase.DEFEND:
            return [PASS, DEFEND_ALONE]
        return []

    def apply(self, action: Action, seat: Seat | None = None) -> None:
        """Carry out ``action`` for ``seat`` (by default, whoever's turn it is).

        An illegal action raises the error for the rule it breaks and changes nothing.
        """
        turn, trick = self.turn, self.trick
        if turn is None:
            raise HandOverError(action)
        if seat is None:
            seat = turn
        if trick is not None and isinstance(action, Play):  # the tricks are being played
            card = action.card
            if seat is not turn or not self._offered & card.bit:
                # Not a play legal_actions offered for this turn: find the rule it breaks.
                trick.refuse_if_illegal(seat, card, self.cards(seat))
            trick.add_legal_play(seat, card)
            del self._held[seat][card.bit]
            self._offered = 0
            if trick.is_complete:
                self._trick_done(trick)
            else:
                self.turn = trick.turn
        else:
            self._act(action, seat)
            self._offered = 0

    def _act(self, action: Action, seat: Seat) -> None:
        """Any action but a play: a bid, the discard, or a defender's decision."""
        phase = self.phase
        if phase in _BIDDING:
            if isinstance(action, _NOT_BIDS):
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
                dealer, upcard = bidding.dealer, bidding.upcard
                self._held[dealer][upcard.bit] = upcard
                self.phase, self.turn = Phase.DISCARD, dealer
            else:
                self._defend_or_play()
        elif bidding.turn is None:
            self._finish(trick_winners=())  # thrown in
        else:
            self.phase = Phase.ORDER_UP if bidding.round == 1 else Phase.NAME_TRUMP
            self.turn = bidding.turn

    def _discard(self, seat: Seat, card: Card) -> None:
        dealer = self.deal.dealer
        if seat is not dealer:
            raise OutOfTurnError(dealer, seat)
        held = self._held[seat]
        if card.bit not in held:
            raise CardNotHeldError(seat, card)
        del held[card.bit]
        self.discarded = card
        self._defend_or_play()

    def _defend_or_play(self) -> None:
        contract = self._bidding.contract
        assert contract is not None  # trump is made
        if contract.alone and self.rules.defend_alone:
            self.phase, self.turn = Phase.DEFEND, contract.maker.left
        else:
            self._start_play()

    def _defend(self, seat: Seat, action: Pass | DefendAlone) -> None:
        if seat is not self.turn:
            raise OutOfTurnError(self.turn, seat)
        if isinstance(action, DefendAlone):
            self.lone_defender = seat
            self.sitting_out += (seat.partner,)
            self._start_play()
        elif self.maker is not None and seat is self.maker.left:
            self.turn = seat.partner
        else:
            self._start_play()

    def _start_play(self) -> None:
        contract = self._bidding.contract
        assert contract is not None  # play starts only once trump is made
        players = tuple(seat for seat in Seat if seat not in self.sitting_out)
        leader = first_leader(self.deal.dealer, contract.maker, contract.alone, players, self.rules)
        self.trick = Trick(leader, contract.trump, players)
        self.phase, self.turn = Phase.PLAY, leader

    def _trick_done(self, trick: Trick) -> None:
        """Every player has played to ``trick``: its winner leads the next, or the hand ends."""
        self.tricks.append(trick)
        if len(self.tricks) < 5:
            following = self.trick = trick.next_trick()
            self.turn = following.turn  # the winner leads
        else:
            self.trick = None
            self._finish(tuple(done.winner for done in self.tricks))

    def _finish(self, trick_winners: tuple[Seat, ...]) -> None:
        tricks_won = dict.fromkeys(Team, 0)
        points = dict.fromkeys(Team, 0)
        contract = self._bidding.contract
        if contract is None:  # all passed twice, without stick the dealer: thrown in
            self.result = HandResult(None, None, False, None, trick_winners, tricks_won, points)
        else:
            maker, alone = contract.maker, contract.alone
            makers = maker.team
            # The makers' tricks are those the maker or the maker's partner won.
            made = trick_winners.count(maker) + trick_winners.count(maker.partner)
            tricks_won[makers], tricks_won[makers.opponents] = made, len(trick_winners) - made
            defended = self.lone_defender is not None
            scorer, won = score(makers, made, alone, defended, self.rules)
            points[scorer] = won
            self.result = HandResult(
                contract.trump,
                maker,
                alone,
                self.lone_defender,
                trick_winners,
                tricks_won,
                points,
            )
        self.phase, self.turn = Phase.OVER, None


def _wrong_phase(phase: Phase, action: Action) -> WrongPhaseError:
    return WrongPhaseError(action, phase.value, trump_made=phase not in _BIDDING)
