"""A seat's view of a hand, built in card notation, as the players' tests show it to a bot."""

from __future__ import annotations

from euchre.actions import (
    DISCARD,
    NAME_TRUMP,
    ORDER_UP,
    PASS,
    PLAY,
    Action,
    DefendAlone,
    OrderUp,
)
from euchre.cards import Card, Suit
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.rules import Rules
from euchre.seats import Seat, Team
from euchre.trick import Trick, legal_plays
from euchre.trump import effective_suit

N, E, S, W = Seat
Plays = tuple[tuple[Seat, str], ...]


def view(
    seat: Seat = N,
    cards: str = "9C 10C QC KC AC",
    *,
    phase: Phase = Phase.ORDER_UP,
    dealer: Seat = W,
    upcard: str = "9H",
    trump: Suit | None = None,
    maker: Seat | None = None,
    alone: bool = False,
    tricks: tuple[Plays, ...] = (),
    trick: Plays = (),
    legal: tuple[Action, ...] = (),
) -> SeatView:
    """A seat's view of a hand, as the bot would be shown it, with the legal actions of its
    phase (or ``legal``, where given); a ``maker`` of the upcard's suit ordered it up."""
    played = tuple(tuple((who, Card.parse(card)) for who, card in done) for done in tricks)
    plays = tuple((who, Card.parse(card)) for who, card in trick)
    lead = effective_suit(plays[0][1], trump) if plays and trump else None
    if phase is Phase.PLAY and trump is not None:
        legal = tuple(PLAY[card.index] for card in legal_plays(Card.parse_many(cards), lead, trump))
    if not legal:
        legal = legal_actions(phase, cards, upcard)
    bids: tuple[tuple[Seat, Action], ...] = ()
    if maker is not None and trump is not None and trump.value == upcard[-1]:
        bids = ((maker, OrderUp(alone)),)
    return SeatView(
        seat=seat,
        phase=phase,
        dealer=dealer,
        upcard=Card.parse(upcard),
        rules=Rules(),
        cards=Card.parse_many(cards),
        bids=bids,
        trump=trump,
        maker=maker,
        alone=alone,
        sitting_out=(maker.partner,) if alone and maker else (),
        tricks=played,
        trick_winners=tuple(taken(done, trump) for done in played if trump is not None),
        trick=plays,
        lead_suit=lead,
        discarded=None,
        legal_actions=legal,
        scores=dict.fromkeys(Team, 0),
    )


def legal_actions(phase: Phase, cards: str, upcard: str) -> tuple[Action, ...]:
    """The legal actions of a bid, the discard or a defence, for a dealer not yet stuck."""
    if phase is Phase.ORDER_UP:
        return (PASS, *ORDER_UP)
    if phase is Phase.NAME_TRUMP:
        turned = Card.parse(upcard).suit
        return (PASS, *(bid for suit in Suit if suit is not turned for bid in NAME_TRUMP[suit]))
    if phase is Phase.DISCARD:
        return tuple(DISCARD[card.index] for card in Card.parse_many(cards))
    return (PASS, DefendAlone())


def taken(plays: tuple[tuple[Seat, Card], ...], trump: Suit) -> Seat:
    """Who won a finished trick, as the table saw."""
    trick = Trick(plays[0][0], trump)
    for seat, card in plays:
        trick.add_legal_play(seat, card)
    return trick.winner
