"""What the other seats' bids and plays say about the cards they hold, judged as if each seat
were the ``normal`` bot.

A seat that passed is unlikely to hold a hand the normal bot would call on; a seat that made
trump is unlikely to hold a hand it would pass (``bid_check``). A partner who did not overtake
likely could not, a defender who threw a low card likely had no winner to spare: a deal is
likelier the more of the other seats' plays the normal bot would have made holding it
(``play_check``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from euchre.actions import PLAY, NameTrump, OrderUp
from euchre.cards import Card, Suit
from euchre.players import Plays, SeatView
from euchre.players.expert.settings import ExpertSettings
from euchre.players.hand_value import expected_points
from euchre.players.normal import CALL_LINES, from_dealer
from euchre.players.normal_play import choose_card
from euchre.players.tables import SEAT_NUMBER, SEATS, SUIT_TABLE, Holdings, cards_of
from euchre.seats import Seat
from euchre.trick import legal_plays

Past = tuple[Seat, tuple[Plays, ...], Plays, Card, int]
"""One play by another seat: who, the tricks before it, the trick so far, the card, and the
cards that seat has played from then on (the card among them), as a bitmask."""


def bid_check(view: SeatView, settings: ExpertSettings) -> Callable[[Holdings], bool]:
    """A test that a deal fits the other seats' bids: each seat's hand, by the normal bot's
    value, lies no further than ``settings.slack`` the wrong side of the normal bot's line for
    that seat and round. The dealer's bids are not judged: the dealer's hand changes with the
    pick-up, and a stuck dealer had to call."""
    checks: list[tuple[Seat, Suit | None, bool]] = []  # seat, the suit it made, round 1
    first_round = True
    for seat, bid in view.bids:
        if seat is not view.seat and seat is not view.dealer:
            if isinstance(bid, OrderUp):
                checks.append((seat, view.upcard.suit, True))
            elif isinstance(bid, NameTrump):
                checks.append((seat, bid.suit, False))
            else:
                checks.append((seat, None, first_round))
        first_round = first_round and seat is not view.dealer
    played = {
        seat: [card for t in (*view.tricks, view.trick) for s, card in t if s is seat]
        for seat in SEATS
    }
    upcard, dealer, slack = view.upcard, view.dealer, settings.slack

    def believable(holdings: Holdings) -> bool:
        for seat, suit, round_one in checks:
            line = CALL_LINES[round_one][from_dealer(seat, dealer)]
            cards = cards_of(holdings[SEAT_NUMBER[seat]]) + played[seat]
            shown = upcard if round_one else None
            if suit is not None:
                if expected_points(cards, suit, seat, dealer, shown) < line - slack:
                    return False
            elif round_one:
                if expected_points(cards, upcard.suit, seat, dealer, upcard) >= line + slack:
                    return False
            elif any(
                expected_points(cards, other, seat, dealer, None) >= line + slack
                for other in Suit
                if other is not upcard.suit
            ):
                return False
        return True

    return believable


def play_check(view: SeatView, settings: ExpertSettings) -> Callable[[Holdings], float]:
    """The likelihood of a deal given the other seats' plays: each play the normal bot would
    not have made holding those cards multiplies it by ``settings.misfit``."""
    misfit = settings.misfit
    tricks = (*view.tricks, view.trick)
    past: list[Past] = []
    for number, trick in enumerate(tricks):
        for place, (seat, card) in enumerate(trick):
            if seat is view.seat:
                continue
            later = card.bit
            for after in tricks[number + 1 :]:
                later |= sum(c.bit for s, c in after if s is seat)
            past.append((seat, tricks[:number], trick[:place], card, later))
    choices: dict[tuple[int, int], Card] = {}

    def likelihood(holdings: Holdings) -> float:
        chance = 1.0
        for number, (seat, done, partial, card, later) in enumerate(past):
            held = holdings[SEAT_NUMBER[seat]] | later
            key = (number, held)
            if key not in choices:
                choices[key] = _normal_play(view, seat, done, partial, held)
            if choices[key] != card:
                chance *= misfit
        return chance

    return likelihood if past else lambda holdings: 1.0


def _normal_play(
    view: SeatView, seat: Seat, done: tuple[Plays, ...], partial: Plays, held: int
) -> Card:
    """The card the normal bot would have played in ``seat``'s place, holding ``held``."""
    trump, _ = view.made
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
