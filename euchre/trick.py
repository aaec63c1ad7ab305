"""A trick: each player plays one card in turn; the lead suit must be followed if possible."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from euchre.cards import Card, Suit, bits
from euchre.errors import (
    CardNotHeldError,
    IllegalPlayError,
    MustFollowSuitError,
    OutOfTurnError,
    TrickCompleteError,
)
from euchre.rules import LonerLead, Rules
from euchre.seats import Seat
from euchre.trump import STRENGTH_TABLE, SUIT_BITS, SUIT_TABLE


def follow_suit(held: int, lead_cards: int) -> int:
    """The follow-suit rule: of the cards ``held``, those that may be played to the trick.

    Both are sets of bits (see ``Card.bit``); ``lead_cards`` are the cards of the lead suit,
    none before the lead. A player who holds any of them must play one; a player who holds
    none may play any card.
    """
    return held & lead_cards or held


def legal_plays(held: Sequence[Card], lead: Suit | None, trump: Suit) -> tuple[Card, ...]:
    """The cards ``held`` by a player that may be played to a trick led in ``lead``."""
    allowed = follow_suit(bits(held), SUIT_BITS[trump][lead] if lead else 0)
    return tuple(card for card in held if allowed & card.bit)


@cache
def play_order(leader: Seat, players: tuple[Seat, ...]) -> tuple[Seat, ...]:
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

    __slots__ = (
        "_best",
        "_plays",
        "_power",
        "_winning",
        "lead_cards",
        "lead_suit",
        "order",
        "trump",
    )

    def __init__(self, leader: Seat, trump: Suit, players: Sequence[Seat] = tuple(Seat)) -> None:
        self.trump = trump
        self.order = play_order(leader, tuple(players))
        self.lead_suit: Suit | None = None
        # The cards of the lead suit as a set of bits, for follow_suit: none before the lead.
        self.lead_cards = 0
        self._plays: list[tuple[Seat, Card]] = []
        # The card winning so far, kept as the cards fall, so the winner is known at once.
        self._power: tuple[int, ...] = ()
        self._best = -1
        self._winning = leader

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
            raise TrickCompleteError(f"the trick is complete: {len(self._plays)} cards played")
        if seat is not turn:
            raise OutOfTurnError.waiting_for(turn, seat)
        if card not in held:
            raise CardNotHeldError(f"{seat} does not hold {card}")
        allowed = legal_plays(held, self.lead_suit, self.trump)
        if card not in allowed:
            following = " ".join(map(str, allowed))
            raise MustFollowSuitError(f"{seat} must follow {self.lead_suit} (holds {following})")

    def add_legal_play(self, seat: Seat, card: Card) -> Seat | None:
        """Add a play already known to be legal, such as one a hand offered this turn, and
        return whose turn it is next (None once every player has played).

        ``play`` checks the rules first; a hand checks them once, when it lists the legal plays.
        """
        plays = self._plays
        if not plays:  # the lead: it sets the suit to follow, and how each card ranks
            trump = self.trump
            lead = self.lead_suit = SUIT_TABLE[trump][card.index]
            self.lead_cards = SUIT_BITS[trump][lead]
            self._power = STRENGTH_TABLE[trump, lead]
        power = self._power[card.index]
        if power > self._best:
            self._best, self._winning = power, seat
        plays.append((seat, card))
        played, order = len(plays), self.order
        return order[played] if played < len(order) else None

    @property
    def winner(self) -> Seat:
        """The seat that played the highest trump, or else the highest card of the lead suit."""
        if len(self._plays) < len(self.order):
            raise IllegalPlayError("the trick is not complete: no winner yet")
        return self._winning

    def next_trick(self) -> Trick:
        """An empty trick led by this one's winner, with the same trump and players."""
        return Trick(self.winner, self.trump, self.order)

    def __str__(self) -> str:
        return " ".join(f"{seat}:{card}" for seat, card in self._plays)
