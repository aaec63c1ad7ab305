"""Step 1 of the expert's pipeline: deals of the cards its seat cannot see, each consistent with
what the table has shown (``knowledge.read``: the cards played, the voids shown, where the
upcard lies), and likely given the other seats' bids and plays (``belief``).

A deal is the place of every card not yet played: the four seats' hands and the kitty, as
bitmasks by seat number (``tables.Holdings``). Deals are drawn from the ``random.Random`` the
expert is given, so a seed repeats a game exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from euchre.players import SeatView
from euchre.players.expert.belief import bid_check, play_check
from euchre.players.expert.settings import ExpertSettings
from euchre.players.knowledge import Knowledge, read
from euchre.players.tables import SEAT_NUMBER, SUIT_TABLE, Holdings


def deals(view: SeatView, rng: random.Random, settings: ExpertSettings) -> Iterator[Holdings]:
    """Deals without end, each fitting what the seat knows: drawn again, up to
    ``settings.tries`` times, while it does not fit the other seats' bids or, with the
    likelihood of their plays (``settings.misfit`` for each the ``normal`` bot would not have
    made), is not kept; after that, the last one drawn."""
    knowledge = read(view)
    if settings.told is not None:
        knowledge = knowledge.told(settings.told(view))
    believable = bid_check(view, settings)
    likely = play_check(view, settings)
    while True:
        holdings = deal(knowledge, rng)
        for _ in range(settings.tries - 1):
            if believable(holdings):
                chance = likely(holdings)
                if chance >= 1.0 or rng.random() < chance:
                    break
            holdings = deal(knowledge, rng)
        yield holdings


class InconsistentError(Exception):
    """No deal fits what the seat knows (only ever raised for a made-up view)."""


def deal(knowledge: Knowledge, rng: random.Random) -> Holdings:
    """One deal of the unseen cards that fits everything the seat knows.

    Returns the five holdings (four seats, then the kitty) as bitmasks. Each unseen card goes
    to a holder that has room and has not shown a void in the card's suit, drawn in proportion
    to its room, the most constrained cards first. Once any seat has shown a void, a holder
    is drawn only if the cards still to place can all go somewhere after it (``_slack``), so
    a deal is found in one pass: placing first and checking after, where a seat had room for
    one suit's cards only, one draw in 200 ran out of its hundred tries.
    """
    me = SEAT_NUMBER[knowledge.seat]
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
