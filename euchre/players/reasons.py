"""Why a player chose as it did, in the game's words: a motive, and the cards, suit, seat and
values it speaks of. The words a person reads are the front door's (``euchre.cli``); here a
reason is a value that a test, a bench or a hint can compare.

>>> Reason(Motive.VOID, suit=Suit.SPADES) == Reason(Motive.VOID, (), Suit.SPADES)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from euchre.cards import Card, Suit
from euchre.seats import Seat


class Motive(Enum):
    """What a choice was made for, named as a player of the game would name it."""

    # Any player
    ONLY_CHOICE = "only choice"
    """One legal choice: nothing to decide."""
    CHANCE = "chance"
    """Drawn at random among the legal choices."""
    OWN_CHOICE = "own choice"
    """The person at the table chose it."""

    # The search: ``worth`` is the points it expects for the seat's team
    EXPECTED = "expected"
    """The points it expects over the deals it searched."""
    ALIKE = "alike"
    """Rated within a few hundredths of a point of the best: the rule of thumb's choice."""
    KEEP_TRUMPS = "keep trumps"
    """A dealer's trump, not searched while a card outside trump is left to throw."""
    NO_LONE_MARCH = "no lone march"
    """Going alone with fewer than three trumps, not searched: it cannot take all five."""

    # Bidding: ``cards`` the hand valued, ``suit`` the trump, ``worth`` its value, ``line``
    # the value the seat wants
    CALL = "call"
    SHORT = "short"
    MARCH = "march"
    """Alone: the hand should take all five."""
    ALONE = "alone"
    """Alone: worth enough without the partner."""
    STUCK = "stuck"
    """The dealer must name a suit: the best one."""
    DEFEND_ALONE = "defend alone"
    DEFEND_TOGETHER = "defend together"

    # The dealer's discard
    VOID = "void"
    """It leaves the dealer void in ``suit``, to trump it."""
    LOWEST = "lowest"
    """The lowest card outside trump that is not an ace."""
    LEAST_WORTH = "least worth"
    """Every other card is worth more."""

    # Leading
    DRAW_TRUMP = "draw trump"
    """The highest trump left; ``cards`` the top trumps already out."""
    DRAW_AS_MAKER = "draw as maker"
    """As maker, trump while it holds ``cards``."""
    SURE_WINNER = "sure winner"
    """The highest card left of its suit."""
    TRUMP_TO_MAKER = "trump to the maker"
    LOW_LEAD = "low lead"
    """A low card of a side suit, keeping the trumps."""
    ONLY_TRUMPS = "only trumps"

    # Following
    PARTNER_WINNING = "partner wins"
    """The partner's ``cards`` are winning: it does not overtake."""
    PARTNER_LAST = "partner wins, last"
    """The partner is winning and it plays last: the cheapest card."""
    PARTNER_SAFE = "partner wins, safe"
    """The partner is winning and no one after can beat ``cards``."""
    OVERTAKE = "overtake"
    """``seat`` can still beat the partner's ``cards``: it overtakes."""
    PARTNER_MAY_HOLD = "partner may hold"
    """The partner's ``cards`` may hold; overtaking would not make it safer."""
    TAKE_CHEAPLY = "take cheaply"
    """The cheapest card that takes the trick, playing last."""
    WIN_SAFELY = "win safely"
    """The cheapest card no one after can beat."""
    WIN_FOR_NOW = "win for now"
    KEEP_WINNERS = "keep winners"
    """Against a lone maker: it cannot win, and keeps the cards that still can."""
    THROW_OFF = "throw off"
    """It cannot win the trick: its least useful card."""


@dataclass(frozen=True, slots=True)
class Reason:
    """A motive and what it speaks of; the fields a motive does not use stay empty."""

    motive: Motive
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None
    seat: Seat | None = None
    worth: float | None = None
    line: float | None = None
