"""What a player can do: pass, order up, name trump, discard, defend alone, play a card.

Actions print as the hand record writes bids ("pass", "order up", "hearts"), and
``parse_action`` reads back what they print, as ``Card.parse`` does for cards:

>>> parse_action("hearts alone"), parse_action("play J♥")
(NameTrump(suit=<Suit.HEARTS: 'H'>, alone=True), Play(card=Card.parse('JH')))
>>> str(parse_action("Order Up"))
'order up'
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.cards import DECK, Card, Suit
from euchre.euchre_error import EuchreError


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: to order up, to name trump, or to defend alone."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class OrderUp:
    """Round 1: make the upcard's suit trump; the dealer picks the upcard up."""

    alone: bool = False

    def __str__(self) -> str:
        return "order up alone" if self.alone else "order up"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Round 2: make a suit trump, any but the one turned down."""

    suit: Suit
    alone: bool = False

    def __str__(self) -> str:
        return f"{self.suit} alone" if self.alone else str(self.suit)


@dataclass(frozen=True, slots=True)
class Discard:
    """The dealer, having picked up the upcard, lays one of six cards away."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class DefendAlone:
    """Under the defend-alone variant: play alone against a lone maker."""

    def __str__(self) -> str:
        return "defend alone"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Action = Pass | OrderUp | NameTrump | Discard | DefendAlone | Play
Bid = Pass | OrderUp | NameTrump

# Actions are values, so the legal ones are made once and shared, not rebuilt every turn.
PASS = Pass()
ORDER_UP = (OrderUp(), OrderUp(alone=True))
NAME_TRUMP = {suit: (NameTrump(suit), NameTrump(suit, alone=True)) for suit in Suit}
PLAY = tuple(Play(card) for card in DECK)
DISCARD = tuple(Discard(card) for card in DECK)
DEFEND_ALONE = DefendAlone()

_NAMED: dict[str, Action] = {
    "pass": PASS,
    "defend alone": DEFEND_ALONE,
    "order up": ORDER_UP[0],
    "order up alone": ORDER_UP[1],
}


def parse_action(text: str) -> Action:
    """Read an action as ``str`` writes it: "pass", "order up", "order up alone", a suit
    ("hearts", "hearts alone"), "discard 9C", "play JH" or "defend alone".

    Case and spacing do not matter, and cards and suits may be written any way their own
    ``parse`` reads. The action is the shared one of this module, not a copy.
    """
    words = text.lower().split() if isinstance(text, str) else []
    named = _NAMED.get(" ".join(words))
    if named is not None:
        return named
    try:
        match words:
            case ["play", card]:
                return PLAY[Card.parse(card).index]
            case ["discard", card]:
                return DISCARD[Card.parse(card).index]
            case [suit]:
                return NAME_TRUMP[Suit.parse(suit)][0]
            case [suit, "alone"]:
                return NAME_TRUMP[Suit.parse(suit)][1]
    except EuchreError:
        pass
    raise EuchreError(
        f"{text!r} is not an action: write pass, order up or a suit such as hearts (either"
        " with alone after it), discard or play and a card such as play JH, or defend alone"
    )
