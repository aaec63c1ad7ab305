"""What the other seats' plays say about the cards they hold.

A deal of the unseen cards is likelier the more of the other seats' plays so far the ``normal``
bot would have made holding it: a partner who did not overtake likely could not, a defender
who threw a low card likely had no winner to spare. ``play_check`` gives each deal its
likelihood, ``MISFIT`` for every play the normal bot would not have made, and the search player
keeps a deal with that chance.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from euchre.actions import PLAY
from euchre.cards import Card
from euchre.players import Plays, SeatView
from euchre.players.normal_play import choose_card
from euchre.players.search import SEAT_NUMBER, SUIT_TABLE, cards_of
from euchre.seats import Seat
from euchre.trick import legal_plays

MISFIT = 0.3
"""The likelihood of a play the normal bot would not have made with the cards dealt, against
1 for one it would have made. Against 1 (no inference), by duplicate deals
(``bench/expert_duplicate.py``): +0.03 points a deal over 500 of seed 3 against basic, +0.004
(standard error 0.040) over 500 of seed 4 against normal; 0.1 did worse, -0.05 against basic.
No gain the deals can tell, so far."""

Past = tuple[Seat, tuple[Plays, ...], Plays, Card, int]
"""One play by another seat: who, the tricks before it, the trick so far, the card, and the
cards that seat has played from then on (the card among them), as a bitmask."""


def play_check(view: SeatView, misfit: float = MISFIT) -> Callable[[tuple[int, ...]], float]:
    """The likelihood of a deal (holdings by seat number) given the other seats' plays: each
    play the normal bot would not have made multiplies it by ``misfit``."""
    trump = view.trump
    tricks = (*view.tricks, view.trick)
    past: list[Past] = []
    for number, trick in enumerate(tricks):
        for place, (seat, card) in enumerate(trick):
            if seat is view.seat:
                continue
            later = 1 << card.index
            for after in tricks[number + 1 :]:
                later |= sum(1 << c.index for s, c in after if s is seat)
            past.append((seat, tricks[:number], trick[:place], card, later))
    choices: dict[tuple[int, int], Card] = {}

    def likelihood(holdings: tuple[int, ...]) -> float:
        chance = 1.0
        for number, (seat, done, partial, card, later) in enumerate(past):
            held = holdings[SEAT_NUMBER[seat]] | later
            key = (number, held)
            if key not in choices:
                choices[key] = _normal_play(view, seat, done, partial, held)
            if choices[key] != card:
                chance *= misfit
        return chance

    return likelihood if trump is not None and past else lambda holdings: 1.0


def _normal_play(
    view: SeatView, seat: Seat, done: tuple[Plays, ...], partial: Plays, held: int
) -> Card:
    """The card the normal bot would have played in ``seat``'s place, holding ``held``."""
    trump = view.trump
    assert trump is not None
    cards = cards_of(held)
    lead = SUIT_TABLE[trump][partial[0][1].index] if partial else None
    legal = legal_plays(cards, lead, trump)
    if len(legal) == 1:
        return legal[0]
    past = replace(
        view,
        seat=seat,
        cards=tuple(cards),
        tricks=done,
        trick=partial,
        lead_suit=lead,
        discarded=None,
        legal_actions=tuple(PLAY[card.index] for card in legal),
    )
    return choose_card(past)[0]
