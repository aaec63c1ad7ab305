"""A trick: each player plays one card in turn; the lead suit must be followed if possible."""

from __future__ import annotations

from collections.abc import Sequence

from euchre.cards import Card, Suit
from euchre.errors import (
    CardNotHeldError,
    IllegalPlayError,
    MustFollowSuitError,
    OutOfTurnError,
    TrickCompleteError,
)
from euchre.seats import Seat
from euchre.trump import STRENGTH_TABLE, SUIT_TABLE


def legal_plays(hand: Sequence[Card], lead: Suit | None, trump: Suit) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to a trick led in ``lead``."""
    if lead is None:
        return tuple(hand)
    suit_of = SUIT_TABLE[trump]
    following = tuple(card for card in hand if suit_of[card.index] is lead)
    return following or tuple(hand)


class Trick:
    """One card from each player in turn, starting with ``leader``.

    ``players`` are the seats taking part, in play order from North; a player
    whose partner went alone is left out, so that trick has three cards.
    """

    __slots__ = ("_plays", "_suit_of", "lead_suit", "order", "trump")

    def __init__(self, leader: Seat, trump: Suit, players: Sequence[Seat] = tuple(Seat)) -> None:
        self.trump = trump
        self.order = tuple(seat for seat in leader.rotation() if seat in players)
        self.lead_suit: Suit | None = None
        self._plays: list[tuple[Seat, Card]] = []
        self._suit_of = SUIT_TABLE[trump]

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards played so far, each with the seat that played it, in play order."""
        return tuple(self._plays)

    @property
    def is_complete(self) -> bool:
        return len(self._plays) == len(self.order)

    @property
    def turn(self) -> Seat | None:
        """Whose turn it is, or None once every player has played."""
        played = len(self._plays)
        return self.order[played] if played < len(self.order) else None

    def play(self, seat: Seat, card: Card, hand: Sequence[Card]) -> None:
        """Play ``card`` from ``hand`` for ``seat``; an illegal play changes nothing."""
        plays, suit_of, lead = self._plays, self._suit_of, self.lead_suit
        played = len(plays)
        # Bots and simulations play millions of cards: test cheaply, explain only on failure.
        if (
            played >= len(self.order)
            or seat is not self.order[played]
            or card not in hand
            or (
                lead is not None
                and suit_of[card.index] is not lead
                and any(suit_of[held.index] is lead for held in hand)
            )
        ):
            self.check(seat, card, hand)
        if not played:
            self.lead_suit = suit_of[card.index]
        plays.append((seat, card))

    def check(self, seat: Seat, card: Card, hand: Sequence[Card]) -> None:
        """Raise the error for the rule that playing ``card`` would break, if any."""
        turn = self.turn
        if turn is None:
            raise TrickCompleteError(f"the trick is complete: {len(self._plays)} cards played")
        if seat is not turn:
            raise OutOfTurnError(f"it is {turn}'s turn, not {seat}'s")
        if card not in hand:
            raise CardNotHeldError(f"{seat} does not hold {card}")
        lead, suit_of = self.lead_suit, self._suit_of
        if lead is not None and suit_of[card.index] is not lead:
            following = [str(held) for held in hand if suit_of[held.index] is lead]
            if following:
                raise MustFollowSuitError(
                    f"{seat} must follow {lead} (holds {' '.join(following)})"
                )

    @property
    def winner(self) -> Seat:
        """The seat that played the highest trump, or else the highest card of the lead suit."""
        if not self.is_complete or self.lead_suit is None:
            raise IllegalPlayError("the trick is not complete: no winner yet")
        power = STRENGTH_TABLE[self.trump, self.lead_suit]
        return max(self._plays, key=lambda play: power[play[1].index])[0]

    def next_trick(self) -> Trick:
        """An empty trick led by this one's winner, with the same trump and players."""
        return Trick(leader=self.winner, trump=self.trump, players=self.order)

    def __str__(self) -> str:
        return " ".join(f"{seat}:{card}" for seat, card in self._plays)
