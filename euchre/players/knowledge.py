"""What one seat knows of the cards: what is out, who showed a void, where the upcard lies.

Everything here is read from a ``SeatView`` alone, so it never knows more than the seat does.
Cards are bitmasks of ``Card.index`` (see ``euchre.players.tables``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from euchre.actions import OrderUp
from euchre.cards import Card, Suit
from euchre.players import SeatView
from euchre.players.tables import SEAT_NUMBER, SEATS, SUIT_TABLE, mask
from euchre.seats import Seat

KITTY = 4
"""The kitty's number among the holders of cards, after the four seats."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Where the cards are, as far as one seat can tell."""

    seat: Seat
    trump: Suit | None
    played: int
    """Every card played to a trick, the current one included."""
    held: tuple[int, ...]
    """How many cards each seat holds now, by seat number."""
    known: tuple[int, ...]
    """Cards known to lie in each seat's hand, by seat number, then in the kitty (``KITTY``)."""
    voids: tuple[frozenset[Suit], ...]
    """The suits each seat has shown it no longer holds, by failing to follow them."""
    unseen: int
    """The cards whose place this seat does not know."""

    def out(self, card: Card) -> bool:
        """Whether ``card`` can no longer be played: played already, or lying in the kitty."""
        return bool((self.played | self.known[KITTY]) >> card.index & 1)

    def void(self, seat: Seat, suit: Suit) -> bool:
        return suit in self.voids[SEATS.index(seat)]

    def told(self, cards: Mapping[Seat, Sequence[Card]]) -> Knowledge:
        """What the seat knows once it is told where ``cards`` lie, by the seat holding them."""
        known, unseen = list(self.known), self.unseen
        for seat, held in cards.items():
            bits = mask(held) & unseen
            known[SEAT_NUMBER[seat]] |= bits
            unseen &= ~bits
        return replace(self, known=tuple(known), unseen=unseen)


def read(view: SeatView) -> Knowledge:
    """What ``view``'s seat knows of where every card is."""
    me = SEATS.index(view.seat)
    trump = view.trump
    plays = [play for trick in (*view.tricks, view.trick) for play in trick]
    played = mask(card for _, card in plays)
    voids: list[set[Suit]] = [set() for _ in SEATS]
    if trump is not None:
        suit_of = SUIT_TABLE[trump]
        for trick in (*view.tricks, view.trick):
            if trick:
                lead = suit_of[trick[0][1].index]
                for seat, card in trick[1:]:
                    if suit_of[card.index] is not lead:
                        voids[SEATS.index(seat)].add(lead)
    ordered_up = any(isinstance(bid, OrderUp) for _, bid in view.bids)
    dealer = SEATS.index(view.dealer)
    held = [5 - sum(1 for seat, _ in plays if seat is SEATS[n]) for n in range(4)]
    known = [0, 0, 0, 0, 0]
    known[me] = mask(view.cards)
    held[me] = len(view.cards)
    upcard = view.upcard
    if view.discarded is not None:
        known[KITTY] |= 1 << view.discarded.index
    if not ordered_up:
        known[KITTY] |= 1 << upcard.index
    elif me != dealer and not played >> upcard.index & 1:
        threw_it_away = not held[dealer] or (
            trump is not None and SUIT_TABLE[trump][upcard.index] in voids[dealer]
        )
        if threw_it_away:  # the dealer has played out, or shown a void in trump
            known[KITTY] |= 1 << upcard.index
        else:
            known[dealer] |= 1 << upcard.index
    everything = (1 << 24) - 1
    unseen = everything & ~played & ~(known[0] | known[1] | known[2] | known[3] | known[4])
    return Knowledge(
        seat=view.seat,
        trump=trump,
        played=played,
        held=tuple(held),
        known=tuple(known),
        voids=tuple(frozenset(v) for v in voids),
        unseen=unseen,
    )
