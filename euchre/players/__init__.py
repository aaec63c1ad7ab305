"""Players: the one interface every player implements, and what a seat may see."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from euchre.actions import DISCARD, PLAY, Action, Bid, DefendAlone, Pass
from euchre.cards import Card, Suit
from euchre.hand import Hand, Phase
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
    bids: tuple[tuple[Seat, Action], ...]
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


class Player(Protocol):
    """A player decides a bid, a discard, whether to defend alone, and a card to play."""

    def bid(self, view: SeatView) -> Bid:
        """Round 1: pass or order up; round 2: pass or name a suit. Either may go alone."""

    def discard(self, view: SeatView) -> Card:
        """The dealer, holding six cards after picking up the upcard, lays one away."""

    def defend_alone(self, view: SeatView) -> bool:
        """Under the defend-alone variant, facing a lone maker: play alone too?"""

    def play(self, view: SeatView) -> Card:
        """A card to play to the trick: one of ``view.legal_actions``."""


def decide(player: Player, view: SeatView) -> Action:
    """Ask ``player`` the question that the hand's phase poses, as an action."""
    phase = view.phase
    if phase is Phase.DISCARD:
        return DISCARD[player.discard(view).index]
    if phase is Phase.PLAY:
        return PLAY[player.play(view).index]
    if phase is Phase.DEFEND:
        return DefendAlone() if player.defend_alone(view) else Pass()
    return player.bid(view)
