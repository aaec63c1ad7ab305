"""Reading one EGN deal: the calls and the cards replayed through the rules model.

EGN leaves out what the rules deduce, and may leave out what nobody saw. A deal is read in two
passes. The first replays the calls on a stand-in deal, to learn who made trump, who plays and
who leads, and gives each card of the tricks to the seat whose turn it was (the winner of each
trick leads the next). Then the cards as dealt are worked out, as far as they are known, with
the rest placed where nobody saw them (``unseen.py``). The second pass replays every call and
card on that deal, so the rules check each one with everything known: a player's hand is the
cards they played, so a renege shows up as a card of the led suit played later.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from euchre.actions import Action, DefendAlone, Discard, Pass, Play
from euchre.cards import DECK, Card
from euchre.deal import Deal
from euchre.hand import Hand, Phase
from euchre.history.egn.game import EgnDeal
from euchre.history.egn.notation import (
    SEATS,
    EgnError,
    either,
    read_call,
    read_card,
    read_notes,
    read_seat,
)
from euchre.history.egn.unseen import Plays, as_dealt
from euchre.history.record import apply_checked, expected
from euchre.rules import Rules
from euchre.seats import Seat
from euchre.trump import effective_suit


def read_deal(raw: Any, rules: Rules = Rules()) -> EgnDeal:
    """One EGN deal, replayed through the rules model and checked with everything known."""
    if isinstance(raw, str):
        raise EgnError("a bitpacked deal (from .egnb) is not read: convert it to JSON first")
    if not isinstance(raw, Mapping):
        raise EgnError(expected("a deal (an object)", raw))
    state = raw.get("initialState")
    if not isinstance(state, Mapping):
        raise EgnError(f"initialState: {expected('an object', state)}")
    bidding, play = phases(raw)
    calls = _calls(state, bidding)
    # The first pass, on a stand-in deal: who plays, who leads, and who played each card.
    stand_in = _bid_on(_stand_in(calls.dealer, calls.upcard), rules, calls, bidding)
    trump = stand_in.trump
    discard = read_card(calls.discard, trump) if calls.discard is not None else None
    if discard is not None and stand_in.phase is not Phase.DISCARD:
        raise EgnError("discard: nobody ordered up the upcard, so nobody discards")
    _discard_and_defend(stand_in, stand_in.cards(calls.dealer)[0], calls.defender)
    tricks = play.get("tricks", [])
    if not isinstance(tricks, list):
        raise EgnError(f"tricks: {expected('a list of tricks', tricks)}")
    if tricks and stand_in.trick is None:
        raise EgnError("tricks: trump is not made, so no card is played")
    plays = _seat_the_plays(stand_in, tricks)
    # The second pass, on the cards as dealt: every call and card checked by the rules.
    dealt = as_dealt(state, stand_in, plays, discard)
    hand = Hand(dealt.deal, rules)
    for number, bid in enumerate(calls.bids, start=1):
        _apply(hand, bid, f"call {number}")
    if hand.phase is Phase.DISCARD:
        assert dealt.discard is not None
        _apply(hand, Discard(dealt.discard), "discard")
    _discard_and_defend(hand, None, calls.defender)
    for number, _, card in plays.cards:
        _apply(hand, Play(card), f"trick {number}")
    return EgnDeal(
        hand,
        dealt.unseen,
        dealt.discard_known,
        read_notes(either(bidding, "callAnnotations", "calls_annotations"), "callAnnotations"),
        read_notes(either(play, "playAnnotations", "tricks_annotations"), "playAnnotations"),
        raw,
    )


def phases(raw: Mapping[str, Any]) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """A deal's two phases, the bidding and the tricks, each empty if the deal lacks it."""
    found_phases = raw.get("phases", [])
    if not isinstance(found_phases, list):
        raise EgnError(f"phases: {expected('a list of phases', found_phases)}")
    found: dict[str, Mapping[str, Any]] = {}
    for phase in found_phases:
        kind = phase.get("type") if isinstance(phase, Mapping) else None
        if kind not in ("EUCHRE_BIDDING", "TRICK_PLAY"):
            raise EgnError(f"phases: {expected('EUCHRE_BIDDING or TRICK_PLAY', kind)}")
        if kind in found:
            raise EgnError(f"phases: two {kind} phases")
        found[kind] = phase
    return found.get("EUCHRE_BIDDING", {}), found.get("TRICK_PLAY", {})


def _apply(hand: Hand, action: Action, where: str) -> None:
    apply_checked(hand, action, where, EgnError)


@dataclass
class _Calls:
    """A deal's bidding, as read: what decides who plays and who leads."""

    dealer: Seat
    upcard: Card
    bids: list[Action]
    discard: Any
    defender: Seat | None


def _calls(state: Mapping[str, Any], bidding: Mapping[str, Any]) -> _Calls:
    dealer = read_seat(state.get("dealer"), "dealer")
    try:
        upcard = read_card(state.get("upCard"))
    except EgnError as error:
        raise EgnError(f"upCard: {error}") from None
    calls = bidding.get("calls", [])
    if not isinstance(calls, list):
        raise EgnError(f"calls: {expected('a list of calls', calls)}")
    alone = bidding.get("isAlone", False)
    if not isinstance(alone, bool):
        raise EgnError(f"isAlone: {expected('true or false', alone)}")
    if bidding.get("cardExchanges"):
        raise EgnError("cardExchanges: exchanging cards is not supported")
    bids = [read_call(call, alone, f"call {number}") for number, call in enumerate(calls, start=1)]
    defender = bidding.get("aloneDefender", -1)
    return _Calls(
        dealer,
        upcard,
        bids,
        bidding.get("discard"),
        None if defender == -1 else read_seat(defender, "aloneDefender"),
    )


def _stand_in(dealer: Seat, upcard: Card) -> Deal:
    rest = [card for card in DECK if card != upcard]
    hands = {seat: tuple(rest[5 * n : 5 * n + 5]) for n, seat in enumerate(SEATS)}
    return Deal.from_hands(dealer, hands, upcard)


def _bid_on(dealt: Deal, rules: Rules, calls: _Calls, bidding: Mapping[str, Any]) -> Hand:
    hand = Hand(dealt, rules)
    for number, bid in enumerate(calls.bids, start=1):
        if hand.phase not in (Phase.ORDER_UP, Phase.NAME_TRUMP):
            raise EgnError(f"call {number}: trump is already made")
        _apply(hand, bid, f"call {number}")
    if bidding.get("isAlone") and not hand.alone:
        raise EgnError("isAlone: nobody made trump, so nobody goes alone")
    if calls.defender is not None and not hand.alone:
        raise EgnError("aloneDefender: nobody went alone, so nobody defends alone")
    if calls.defender is not None and not hand.rules.defend_alone:
        raise EgnError("aloneDefender: the ruleset does not allow defend_alone")
    maker = hand.maker
    if calls.defender is not None and maker is not None and calls.defender.team is maker.team:
        raise EgnError(f"aloneDefender: {calls.defender} is on the maker's side")
    return hand


def _discard_and_defend(hand: Hand, discard: Card | None, defender: Seat | None) -> None:
    if hand.phase is Phase.DISCARD and discard is not None:
        _apply(hand, Discard(discard), "discard")
    while hand.phase is Phase.DEFEND:
        _apply(hand, DefendAlone() if hand.turn is defender else Pass(), "aloneDefender")


def _seat_the_plays(hand: Hand, tricks: list[Any]) -> Plays:
    """Give each card of ``tricks`` to the seat whose turn it was; the winner leads next."""
    plays = Plays([], {seat: set() for seat in SEATS}, False)
    if hand.trick is None:
        return plays
    trick, trump, seen = hand.trick, hand.trick.trump, dict[Card, int]()
    if len(tricks) > 5:
        raise EgnError(f"tricks: {len(tricks)} tricks, but a deal has 5")
    for number, cards in enumerate(tricks, start=1):
        where = f"trick {number}"
        players = len(trick.order)
        if not isinstance(cards, list):
            raise EgnError(f"{where}: {expected(f'a list of {players} cards', cards)}")
        if len(cards) > players or (len(cards) < players and number < len(tricks)):
            raise EgnError(f"{where}: {len(cards)} cards, but {players} players play")
        for text in cards:
            try:
                card = read_card(text, trump)
            except EgnError as error:
                raise EgnError(f"{where}: {error}") from None
            seat = trick.order[len(trick.plays)]
            if card in seen:
                raise EgnError(
                    f"{where}: {seat} plays {card}, already played in trick {seen[card]}"
                )
            seen[card] = number
            if trick.lead_suit is not None and effective_suit(card, trump) is not trick.lead_suit:
                plays.voids[seat].add(trick.lead_suit)
            trick.add_legal_play(seat, card)
            plays.cards.append((number, seat, card))
        if trick.is_complete and number < 5:
            trick = trick.next_trick()
    plays.finished = len(tricks) == 5 and trick.is_complete
    return plays
