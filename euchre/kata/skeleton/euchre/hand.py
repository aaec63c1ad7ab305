"""One hand of Euchre, from the deal to the score, driven by ``Hand.apply``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from euchre.actions import Action
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.rules import Rules
from euchre.seats import Seat, Team
from euchre.trick import Trick


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: trump (None if nobody made it), each team's tricks and points."""

    trump: Suit | None
    tricks_won: Mapping[Team, int]
    points: Mapping[Team, int]


class Hand:
    """A hand from the deal to the score."""

    def __init__(self, dealt: Deal, rules: Rules = Rules()) -> None:
        raise NotImplementedError("Hand")

    @property
    def dealer(self) -> Seat:
        """The seat that dealt this hand."""
        raise NotImplementedError("Hand.dealer")

    @property
    def turn(self) -> Seat | None:
        """Whose turn it is to act; None once the hand is over."""
        raise NotImplementedError("Hand.turn")

    @property
    def trump(self) -> Suit | None:
        raise NotImplementedError("Hand.trump")

    @property
    def maker(self) -> Seat | None:
        raise NotImplementedError("Hand.maker")

    @property
    def sitting_out(self) -> tuple[Seat, ...]:
        """The seats that play no card this hand."""
        raise NotImplementedError("Hand.sitting_out")

    @property
    def trick(self) -> Trick | None:
        """The trick being played; None before play begins and once the hand is over."""
        raise NotImplementedError("Hand.trick")

    @property
    def result(self) -> HandResult | None:
        """How the hand ended; None until it is over."""
        raise NotImplementedError("Hand.result")

    def cards(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""
        raise NotImplementedError("Hand.cards")

    def apply(self, action: Action, seat: Seat | None = None) -> None:
        """Carry out ``action`` for ``seat`` (by default, whoever's turn it is).

        An action the rules do not allow raises a EuchreError naming the rule, and changes nothing.
        """
        raise NotImplementedError("Hand.apply")
