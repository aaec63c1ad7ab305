"""A trick: each player plays one card in turn; the lead suit must be followed if possible."""

from __future__ import annotations

from collections.abc import Sequence

from euchre.cards import Card, Suit
from euchre.errors import (
    CardNotHeldError,
    MustFollowSuitError,
    OutOfTurnError,
    TrickCompleteError,
    TrickIncompleteError,
)
from euchre.rules import LonerLead, Rules
from euchre.seats import Seat
from euchre.trump import effective_suit, strength


def legal_plays(held: Sequence[Card], lead: Suit | None, trump: Suit) -> tuple[Card, ...]:
    """The cards ``held`` by a player that may be played to a trick led in ``lead``.

    A player who holds a card of the lead suit must play one; a player who holds none, or who
    leads, may play any card.
    """
    following = tuple(card for card in held if lead and effective_suit(card, trump) is lead)
    return following or tuple(held)


def play_order(leader: Seat, players: Sequence[Seat]) -> tuple[Seat, ...]:
    """The ``players`` in the order they play, clockwise from ``leader``."""
    return tuple(seat for seat in leader.rotation() if seat in players)


def first_leader(
    dealer: Seat,
    maker: Seat | None = None,
    alone: bool = False,
    players: tuple[Seat, ...] = tuple(Seat),
    rules: Rules = Rules(),
) -> Seat:
    """Who leads the first trick of the hand ``dealer`` dealt: the eldest hand, or under
    ``LonerLead.LEFT_OF_LONER`` the player on a lone ``maker``'s left; the next of the
    ``players`` if that one sits out."""
    first = dealer.left
    if alone and maker is not None and rules.loner_lead is LonerLead.LEFT_OF_LONER:
        first = maker.left
    return play_order(first, players)[0]


class Trick:
    """One card from each player in turn, starting with ``leader``.

    ``players`` are the seats taking part, in play order from North; a player
    whose partner went alone is left out, so that trick has three cards.
    """

    def __init__(self, leader: Seat, trump: Suit, players: Sequence[Seat] = tuple(Seat)) -> None:
        self.trump = trump
        self.order = play_order(leader, players)
        self._plays: list[tuple[Seat, Card]] = []

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards played so far, each with the seat that played it, in play order."""
        return tuple(self._plays)

    @property
    def lead_suit(self) -> Suit | None:
        """The suit of the card led (a Left Bower leads trump); None before the lead."""
        if not self._plays:
            return None
        _, led = self._plays[0]
        return effective_suit(led, self.trump)

    @property
    def is_complete(self) -> bool:
        return len(self._plays) == len(self.order)

    @property
    def turn(self) -> Seat | None:
        """Whose turn it is, or None once every player has played."""
        played = len(self._plays)
        return self.order[played] if played < len(self.order) else None

    def play(self, seat: Seat, card: Card, held: Sequence[Card]) -> None:
        """Play ``card`` for ``seat``, whose cards are ``held``.

        An illegal play raises the error for the rule it breaks, and changes nothing.
        """
        self.refuse_if_illegal(seat, card, held)
        self.add_legal_play(seat, card)

    def refuse_if_illegal(self, seat: Seat, card: Card, held: Sequence[Card]) -> None:
        """Raise the error for the rule that playing ``card`` would break, if any."""
        turn = self.turn
        if turn is None:
            raise TrickCompleteError(len(self._plays))
        if seat is not turn:
            raise OutOfTurnError(turn, seat)
        if card not in held:
            raise CardNotHeldError(seat, card)
        allowed = legal_plays(held, self.lead_suit, self.trump)
        if card not in allowed:
            assert self.lead_suit is not None  # a card that may not be played follows a lead
            raise MustFollowSuitError(seat, self.lead_suit, tuple(allowed))

    def add_legal_play(self, seat: Seat, card: Card) -> Seat | None:
        """Add a play already known to be legal and return whose turn it is next (None once
        every player has played). ``play`` checks the rules first."""
        self._plays.append((seat, card))
        return self.turn

    @property
    def winner(self) -> Seat:
        """The seat that played the highest trump, or else the highest card of the lead suit."""
        if not self.is_complete:
            raise TrickIncompleteError(len(self._plays))
        trump, lead = self.trump, self.lead_suit
        assert lead is not None  # a complete trick has a lead
        seat, _ = max(self._plays, key=lambda play: strength(play[1], trump, lead))
        return seat

    def next_trick(self) -> Trick:
        """An empty trick led by this one's winner, with the same trump and players."""
        return Trick(self.winner, self.trump, self.order)

    def __str__(self) -> str:
        return " ".join(f"{seat}:{card}" for seat, card in self._plays)
