"""Players: what a seat may see, the one question every player answers (``choose``), and the
advice a bot gives when asked for it (``advise``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from euchre.actions import Action, Bid
from euchre.cards import Card, Suit
from euchre.hand import Hand, Phase
from euchre.players.reasons import Motive, Reason
from euchre.rules import Rules
from euchre.seats import Seat, Team

Plays = tuple[tuple[Seat, Card], ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may see: its own cards and what lies open on the table; a copy."""

    seat: Seat
    phase: Phase
    dealer: Seat
    upcard: Card
    rules: Rules
    cards: tuple[Card, ...]
    bids: tuple[tuple[Seat, Bid], ...]
    trump: Suit | None
    maker: Seat | None
    alone: bool
    sitting_out: tuple[Seat, ...]
    tricks: tuple[Plays, ...]
    trick_winners: tuple[Seat, ...]
    """Who won each of ``tricks``, in order: the table sees each trick taken."""
    trick: Plays
    lead_suit: Suit | None
    discarded: Card | None
    legal_actions: tuple[Action, ...]
    scores: Mapping[Team, int]

    @property
    def made(self) -> tuple[Suit, Seat]:
        """Trump and its maker: asked only once trump is made."""
        if self.trump is None or self.maker is None:
            raise ValueError(f"{self.phase.value}: trump is not made yet")
        return self.trump, self.maker

    @classmethod
    def of(cls, hand: Hand, seat: Seat, scores: Mapping[Team, int] | None = None) -> SeatView:
        trick = hand.trick
        return cls(
            seat=seat,
            phase=hand.phase,
            dealer=hand.dealer,
            upcard=hand.upcard,
            rules=hand.rules,
            cards=hand.cards(seat),
            bids=tuple(hand.bids),
            trump=hand.trump,
            maker=hand.maker,
            alone=hand.alone,
            sitting_out=hand.sitting_out,
            tricks=tuple(done.plays for done in hand.tricks),
            trick_winners=tuple(done.winner for done in hand.tricks),
            trick=trick.plays if trick else (),
            lead_suit=trick.lead_suit if trick else None,
            discarded=hand.discarded if seat is hand.dealer else None,
            legal_actions=tuple(hand.legal_actions()) if seat is hand.turn else (),
            scores=dict(scores or dict.fromkeys(Team, 0)),
        )


@dataclass(frozen=True, slots=True)
class Decision:
    """A player's answer: the action, and why (``reasons``)."""

    action: Action
    reason: Reason


class Player(Protocol):
    """Every player, bot or person, answers one question: what to do now, and why."""

    def choose(self, view: SeatView) -> Decision:
        """One of ``view.legal_actions``, with the reason for it."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal choice as a bot weighs it: the points it expects from it for the seat's
    team (None: not weighed), and the reason."""

    action: Action
    value: float | None
    reason: Reason


@dataclass(frozen=True, slots=True)
class Advice:
    """Every legal choice, the best first, and the rule of thumb the bot weighed them against
    (what the ``normal`` bot would do, and why)."""

    choices: tuple[Choice, ...]
    rule_of_thumb: Decision


class Adviser(Protocol):
    """A bot that can say how it rates every legal choice, for a hint."""

    def advise(self, view: SeatView) -> Advice:
        """The legal choices ranked, each with its value and reason."""


class ByPhase:
    """The one adapter: a bot that answers each question of a hand by a method of its own is
    a ``Player``. A forced choice (one legal action) is made without asking."""

    def choose(self, view: SeatView) -> Decision:
        if len(view.legal_actions) == 1:
            return Decision(view.legal_actions[0], Reason(Motive.ONLY_CHOICE))
        phase = view.phase
        if phase is Phase.PLAY:
            return self.play(view)
        if phase is Phase.DISCARD:
            return self.discard(view)
        if phase is Phase.DEFEND:
            return self.defend(view)
        return self.bid(view)

    def bid(self, view: SeatView) -> Decision:
        """Round 1: pass or order up; round 2: pass or name a suit. Either may go alone."""
        raise NotImplementedError

    def discard(self, view: SeatView) -> Decision:
        """The dealer, holding six cards after picking up the upcard, lays one away."""
        raise NotImplementedError

    def defend(self, view: SeatView) -> Decision:
        """Under the defend-alone variant, facing a lone maker: pass, or defend alone."""
        raise NotImplementedError

    def play(self, view: SeatView) -> Decision:
        """A card to play to the trick."""
        raise NotImplementedError
