"""A seat's view of a hand, built in card notation, as the players' tests show it to a bot."""

from __future__ import annotations

from euchre.actions import DISCARD, NAME_TRUMP, ORDER_UP, PASS, PLAY, Action, DefendAlone
from euchre.cards import Card, Suit
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.rules import Rules
from euchre.seats import Seat, Team
from euchre.trick import legal_plays
from euchre.trump import effective_suit

N, E, S, W = Seat


def view(
    seat: Seat = N,
    cards: str = "9C 10C QC KC AC",
    *,
    phase: Phase = Phase.ORDER_UP,
    dealer: Seat = W,
    upcard: str = "9H",
    trump: Suit | None = None,
    maker: Seat | None = None,
    trick: tuple[tuple[Seat, str], ...] = (),
    legal: tuple[Action, ...] = (),
) -> SeatView:
    """A seat's view of a hand, as the bot would be shown it, with the legal actions of its
    phase (or ``legal``, where given)."""
    plays = tuple((who, Card.parse(card)) for who, card in trick)
    lead = effective_suit(plays[0][1], trump) if plays and trump else None
    if phase is Phase.PLAY and trump is not None:
        legal = tuple(PLAY[card.index] for card in legal_plays(Card.parse_many(cards), lead, trump))
    if not legal:
        legal = legal_actions(phase, cards, upcard)
    return SeatView(
        seat=seat,
        phase=phase,
        dealer=dealer,
        upcard=Card.parse(upcard),
        rules=Rules(),
        cards=Card.parse_many(cards),
        bids=(),
        trump=trump,
        maker=maker,
        alone=False,
        sitting_out=(),
        tricks=(),
        trick_winners=(),
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
