"""A trick, and the cards a player may play to it."""

from __future__ import annotations

from collections.abc import Sequence

from euchre.cards import Card, Suit
from euchre.errors import (
    CardNotHeldError,
    MustFollowSuitError,
    OutOfTurnError,
    TrickCompleteError,
)
from euchre.seats import Seat

SAME_COLOUR = {
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
}


def legal_plays(held: Sequence[Card], lead: Suit | None, trump: Suit) -> tuple[Card, ...]:
    """The cards of ``held`` that may be played to a trick led in ``lead`` (None: not led yet)
    when ``trump`` is trump."""
    if lead is None:
        return tuple(held)
    left = [card for card in held if card.rank == "J" and card.suit is SAME_COLOUR[trump]]
    following = [card for card in held if card.suit is lead and card not in left]
    if lead is trump:
        following += left
    return tuple(following) or tuple(held)


def first_leader(dealer: Seat) -> Seat:
    """The seat that leads the first trick of the hand ``dealer`` dealt."""
    seats = list(Seat)
    return seats[(seats.index(dealer) + 1) % 4]


class Trick:
    """A trick led by ``leader`` when ``trump`` is trump."""

    def __init__(self, leader: Seat, trump: Suit) -> None:
        self.leader = leader
        self.trump = trump
        self.played: list[tuple[Seat, Card]] = []

    @property
    def order(self) -> tuple[Seat, ...]:
        """The seats in the order they play to this trick."""
        seats = list(Seat)
        first = seats.index(self.leader)
        return tuple(seats[first:] + seats[:first])

    @property
    def lead_suit(self) -> Suit | None:
        """The suit the trick was led in; None before the lead."""
        if not self.played:
            return None
        led = self.played[0][1]
        if led.rank == "J" and led.suit is SAME_COLOUR[self.trump]:
            return self.trump
        return led.suit

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards played so far, each with the seat that played it, in play order."""
        return tuple(self.played)

    @property
    def is_complete(self) -> bool:
        """Whether the trick takes no more cards."""
        raise NotImplementedError("Trick.is_complete")

    def play(self, seat: Seat, card: Card, held: Sequence[Card]) -> None:
        """Play ``card`` for ``seat``, who holds ``held``.

        A play the rules do not allow raises a EuchreError naming the rule, and changes nothing.
        """
        if len(self.played) == 4:
            raise TrickCompleteError("the trick is complete")
        turn = self.order[len(self.played)]
        if seat is not turn:
            raise OutOfTurnError(f"it is {turn}'s turn")
        if card not in held:
            raise CardNotHeldError(f"{card} is not held")
        allowed = legal_plays(held, self.lead_suit, self.trump)
        if card not in allowed:
            raise MustFollowSuitError(" ".join(map(str, allowed)))
        self.played.append((seat, card))

    @property
    def winner(self) -> Seat:
        """The seat that won the trick; a EuchreError while the rules say it has no winner yet."""
        ranks = ["9", "10", "J", "Q", "K", "A"]
        lead = self.lead_suit

        def power(card: Card) -> int:
            return ranks.index(card.rank) if card.suit is lead else -1

        winner, _ = max(self.played, key=lambda play: power(play[1]))
        return winner

    def next_trick(self) -> Trick:
        """The next trick of the hand, with no card played yet."""
        return Trick(self.winner, Suit.SPADES)
