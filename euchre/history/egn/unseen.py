"""The cards of a deal that nobody saw: placed where nobody saw them, and said to be unseen.

EGN may leave out the dealt hands, the dealer's discard and the kitty. So that the rules model
can replay the deal all the same, the cards nobody saw are placed in the seats that still held
cards nobody saw, none in a suit the seat showed it lacked (else the model would see a renege
nobody made): a matching of cards to places, found by augmenting paths (``_place``). Which cards
were placed so is kept (``Dealt.unseen``), so that nothing unknown is ever shown or written as
known.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from euchre.cards import DECK, Card, Suit
from euchre.deal import Deal
from euchre.errors import EuchreError
from euchre.hand import Hand
from euchre.history.egn.notation import SEATS, EgnError, either, read_card
from euchre.history.record import expected
from euchre.seats import Seat
from euchre.trump import effective_suit


@dataclass
class Plays:
    """The cards of the tricks, each with its trick number and the seat that played it."""

    cards: list[tuple[int, Seat, Card]]
    voids: dict[Seat, set[Suit]]
    """The suits each seat showed it lacked, by not following them."""
    finished: bool


@dataclass(frozen=True)
class Dealt:
    """The cards as dealt, as far as they are known, with the rest placed unseen."""

    deal: Deal
    unseen: frozenset[Card]
    discard: Card | None
    discard_known: bool


def as_dealt(state: Mapping[str, Any], hand: Hand, plays: Plays, discard: Card | None) -> Dealt:
    """The cards as dealt, as far as they are known; the rest placed where nobody saw them.

    ``hand`` is the deal replayed on a stand-in deal, which knows who made trump and who sat
    out; ``discard`` is the dealer's discard if the file gives it.
    """
    dealer, upcard, trump = hand.dealer, hand.upcard, hand.trump
    played: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
    where: dict[Card, tuple[int, Seat]] = {}
    for number, seat, card in plays.cards:
        played[seat].append(card)
        where[card] = (number, seat)
    ordered_up = hand.contract is not None and hand.contract.ordered_up
    if upcard in where and where[upcard][1] is not dealer:
        number, seat = where[upcard]
        held = f"{dealer} picked it up" if ordered_up else "it was turned down"
        raise EgnError(f"trick {number}: {seat} plays {upcard}, the upcard, but {held}")
    if discard is not None and discard in where:
        number, seat = where[discard]
        raise EgnError(f"trick {number}: {seat} plays {discard}, which {dealer} discarded")
    given = _given_hands(state, trump)
    dealt: dict[Seat, list[Card]] = {}
    for seat in SEATS:
        if seat in given:
            dealt[seat] = list(given[seat])
            continue
        cards = [card for card in played[seat] if not (ordered_up and card == upcard)]
        if ordered_up and seat is dealer and discard is not None and discard != upcard:
            cards.append(discard)
        if len(cards) > 5:
            raise EgnError(
                f"discard: {dealer} picked up {upcard}, but played five other cards"
                f" and discarded {discard}"
            )
        dealt[seat] = cards
    discard_known = discard is not None or not ordered_up
    held_open: set[Seat] = set()  # seats whose unseen cards are still held as they play
    if ordered_up and discard is None:
        discard, discard_known = _the_discard(hand, plays, dealt[dealer], played[dealer], given)
    for seat in SEATS:
        if seat not in hand.sitting_out and len(dealt[seat]) < 5:
            held_open.add(seat)
    known_kitty = _given_kitty(state, upcard)
    known = {card for cards in dealt.values() for card in cards} | {upcard}
    known |= set(known_kitty) | ({discard} if discard is not None else set())
    pool = [card for card in DECK if card not in known]
    slots = {seat: 5 - len(dealt[seat]) for seat in SEATS}
    if ordered_up and discard is None:  # one of the dealer's unseen cards is the discard
        slots_open = {seat: slots[seat] - (seat is dealer) for seat in held_open}
    else:
        slots_open = {seat: slots[seat] for seat in held_open}
    placed = _place(pool, slots_open, plays.voids, trump)
    for seat, count in slots.items():
        extra = placed.get(seat, [])
        rest = [card for card in pool if card not in _all(placed)][: count - len(extra)]
        dealt[seat] += extra + rest
        placed[seat] = extra + rest
    if ordered_up and discard is None:
        discard = placed[dealer][-1]
    leftover = [card for card in pool if card not in _all(placed)]
    kitty = [upcard, *(known_kitty or leftover)]
    unseen = frozenset(_all(placed)) | (frozenset(leftover) if not known_kitty else frozenset())
    if not (unseen - frozenset(leftover)) and discard_known:
        unseen = frozenset()  # everything else is known: the kitty is what is left
    try:
        dealt_deal = Deal.from_hands(dealer, dealt, upcard, kitty)
    except EuchreError as error:
        raise EgnError(f"deal: {error}") from None
    return Dealt(dealt_deal, unseen, discard, discard_known)


def _all(placed: Mapping[Seat, list[Card]]) -> list[Card]:
    return [card for cards in placed.values() for card in cards]


def _the_discard(
    hand: Hand,
    plays: Plays,
    dealt: list[Card],
    played: list[Card],
    given: Mapping[Seat, Sequence[Card]],
) -> tuple[Card | None, bool]:
    """The dealer's discard when the file does not say: deduced when only one card can be it;
    otherwise unknown (None, placed unseen), or a card the dealer surely did not keep."""
    dealer, upcard, trump = hand.dealer, hand.upcard, hand.trump
    assert trump is not None
    if dealer in given:
        left = [card for card in (*given[dealer], upcard) if card not in played]
        if plays.finished and len(left) == 1:
            return left[0], True
        voids = plays.voids[dealer]
        left.sort(key=lambda card: effective_suit(card, trump) not in voids)
        return left[0], False
    if upcard not in played:
        return upcard, plays.finished and len(dealt) == 5
    return None, False


def _given_hands(state: Mapping[str, Any], trump: Suit | None) -> dict[Seat, tuple[Card, ...]]:
    """The hands the file gives (``playerCards``): five cards, or none for a hand not known."""
    value = either(state, "playerCards", "player_cards")
    if value is None:
        return {}
    if not isinstance(value, list) or len(value) > 4:
        raise EgnError(f"playerCards: {expected('a list of 4 hands', value)}")
    hands = {}
    for seat, cards in zip(SEATS, value, strict=False):
        if not isinstance(cards, list) or len(cards) not in (0, 5):
            raise EgnError(f"playerCards: {seat}: {expected('5 cards, or none', cards)}")
        if cards:
            try:
                hands[seat] = tuple(read_card(card, trump) for card in cards)
            except EgnError as error:
                raise EgnError(f"playerCards: {seat}: {error}") from None
    return hands


def _given_kitty(state: Mapping[str, Any], upcard: Card) -> list[Card]:
    """The kitty below the upcard, if an older file gives all of it (``kitty``)."""
    value = state.get("kitty")
    if not isinstance(value, list) or not value or not all(value):
        return []
    try:
        cards = [read_card(card) for card in value]
    except EgnError as error:
        raise EgnError(f"kitty: {error}") from None
    return cards[1:] if cards[0] == upcard else cards


def _place(
    pool: list[Card], slots: Mapping[Seat, int], voids: Mapping[Seat, set[Suit]], trump: Suit | None
) -> dict[Seat, list[Card]]:
    """Cards of ``pool`` for seats that still held unseen cards as they played: none of a
    suit the seat showed it lacked (else the model would see a renege nobody made).

    A matching by augmenting paths; when none exists, the plays themselves hold a renege.
    """
    wanted = [seat for seat, count in slots.items() for _ in range(count)]
    holder: dict[Card, int] = {}

    def fits(card: Card, seat: Seat) -> bool:
        return trump is None or effective_suit(card, trump) not in voids[seat]

    def augment(slot: int, tried: set[Card]) -> bool:
        for card in pool:
            if card in tried or not fits(card, wanted[slot]):
                continue
            tried.add(card)
            if card not in holder or augment(holder[card], tried):
                holder[card] = slot
                return True
        return False

    for slot, seat in enumerate(wanted):
        if not augment(slot, set()):
            lacks = " or ".join(sorted(str(suit) for suit in voids[seat]))
            raise EgnError(
                f"tricks: {seat} showed no {lacks}, but the cards nobody saw cannot all lie"
                " elsewhere: a renege"
            )
    placed: dict[Seat, list[Card]] = {}
    for card, slot in sorted(holder.items(), key=lambda item: item[1]):
        placed.setdefault(wanted[slot], []).append(card)
    return placed
