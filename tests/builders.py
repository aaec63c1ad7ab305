"""Deals and hands for tests, written in card notation."""

from __future__ import annotations

import io

from euchre.actions import Action, parse_action
from euchre.cards import Card
from euchre.deal import Deal
from euchre.hand import Hand
from euchre.rules import Rules
from euchre.seats import Seat

N, E, S, W = Seat

# The hand record example of docs/hand-record.md: West deals, the upcard is KH.
EXAMPLE = {
    N: "9S QS AS KC AC",
    E: "JH 9H KD 10D QC",
    S: "AH 10H QD JC 10C",
    W: "10S JS JD 9D 9C",
}


def make_deal(hands: dict[Seat, str] = EXAMPLE, upcard: str = "KH", dealer: Seat = W) -> Deal:
    return Deal.from_hands(
        dealer, {seat: Card.parse_many(text) for seat, text in hands.items()}, Card.parse(upcard)
    )


def make_hand(rules: Rules = Rules(), **kwargs: object) -> Hand:
    return Hand(make_deal(**kwargs), rules)  # type: ignore[arg-type]


def action(text: str) -> Action:
    """Read an action in its own notation ("pass", "order up alone", "hearts", "discard 9C",
    "play AC"): the model's one parser of it."""
    return parse_action(text)


def run(hand: Hand, *texts: str) -> Hand:
    for text in texts:
        for part in text.split(","):
            hand.apply(action(part.strip()))
    return hand


def play_out(hand: Hand) -> Hand:
    """Finish the hand, each player playing their first legal card."""
    while hand.turn is not None:
        hand.apply(hand.legal_actions()[0])
    return hand


def snapshot(hand: Hand) -> object:
    """Everything a player or a record could see of the hand, to show nothing changed."""
    return (
        hand.phase,
        hand.turn,
        tuple(hand.bids),
        {seat: hand.cards(seat) for seat in Seat},
        hand.trump,
        hand.maker,
        hand.alone,
        hand.lone_defender,
        hand.discarded,
        tuple(str(trick) for trick in hand.tricks),
        hand.result,
    )


class Terminal(io.StringIO):
    """An output stream that says it is a terminal, as a person's would."""

    def isatty(self) -> bool:
        return True
