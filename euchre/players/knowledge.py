"""What one seat knows of the cards: what is out, who showed a void, where the upcard lies.

Everything here is read from a ``SeatView`` alone, so it never knows more than the seat does.
Cards are bitmasks of ``Card.index`` (see ``euchre.players.search``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from euchre.actions import OrderUp
from euchre.cards import Card, Suit
from euchre.players import SeatView
from euchre.players.search import SEATS, SUIT_TABLE, mask
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


class InconsistentError(Exception):
    """No deal fits what the seat knows (only ever raised for a made-up view)."""


def sample(knowledge: Knowledge, rng: random.Random) -> tuple[int, ...]:
    """One deal of the unseen cards that fits everything the seat knows.

    Returns the five holdings (four seats, then the kitty) as bitmasks. Each unseen card goes
    to a holder that has room and has not shown a void in the card's suit, drawn in proportion
    to its room, the most constrained cards first. Once any seat has shown a void, a holder
    is drawn only if the cards still to place can all go somewhere after it (``_slack``), so
    a deal is found in one pass: placing first and checking after, where a seat had room for
    one suit's cards only, one draw in 200 ran out of its hundred tries.
    """
    me = SEATS.index(knowledge.seat)
    room = [0 if n == me else knowledge.held[n] - knowledge.known[n].bit_count() for n in range(4)]
    room.append(knowledge.unseen.bit_count() - sum(room))
    unseen = [index for index in range(24) if knowledge.unseen >> index & 1]
    barred = _barred(knowledge)
    # The holders each card may go to, as a bitmask of holder numbers.
    allowed = {
        index: sum(1 << n for n in range(5) if not barred[n] >> index & 1) for index in unseen
    }
    rng.shuffle(unseen)
    unseen.sort(key=lambda index: allowed[index].bit_count())  # the most constrained first
    waiting = Counter(allowed.values())
    if min(room) < 0 or _slack(waiting, room) < 0:
        raise InconsistentError(f"no deal fits what {knowledge.seat} knows")
    constrained = any(barred)
    hands = list(knowledge.known)
    left = list(room)
    for index in unseen:
        waiting[allowed[index]] -= 1
        open_ = [n for n in range(5) if left[n] and allowed[index] >> n & 1]
        # One card placed takes at most one place of room spare from any group of the rest:
        # only once some group has none spare may a holder leave the rest no room.
        if constrained and _slack(waiting, left) < 1:
            open_ = [n for n in open_ if _slack(waiting, _taken(left, n)) >= 0]
        holder = rng.choices(open_, weights=[left[n] for n in open_])[0]
        hands[holder] |= 1 << index
        left[holder] -= 1
    return tuple(hands)


def _slack(waiting: Counter[int], left: list[int]) -> int:
    """The least room to spare, over every group of the cards still to place (counted by the
    holders each may go to), among the holders its cards may go to; below 0, they cannot all
    be placed in the room ``left`` (Hall's condition)."""
    groups = [(holders, count) for holders, count in waiting.items() if count]
    least = sum(left)
    for chosen in range(1, 1 << len(groups)):
        cards, holders = 0, 0
        for number, (group, count) in enumerate(groups):
            if chosen >> number & 1:
                cards += count
                holders |= group
        least = min(least, sum(left[n] for n in range(5) if holders >> n & 1) - cards)
    return least


def _taken(left: list[int], holder: int) -> list[int]:
    """The room ``left`` once ``holder`` has taken one more card."""
    return [room - (n == holder) for n, room in enumerate(left)]


def _barred(knowledge: Knowledge) -> list[int]:
    """For each holder, the cards it cannot hold: those of the suits it showed void in."""
    barred = [0] * 5
    if knowledge.trump is not None:
        suit_of = SUIT_TABLE[knowledge.trump]
        for n in range(4):
            for index in range(24):
                if suit_of[index] in knowledge.voids[n]:
                    barred[n] |= 1 << index
    return barred
