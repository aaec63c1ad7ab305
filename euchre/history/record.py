"""The hand record of ``hand-record.md``: one hand as JSON, written from and replayed into a Hand.

Replaying checks every bid, the discard and every card against the rules; a record that breaks
one raises ``RecordError`` naming the rule and where it was broken ("trick 3: ...").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from datetime import UTC, datetime
from typing import Any, TypeVar

from euchre.actions import PASS, Action, DefendAlone, Discard, NameTrump, OrderUp, Pass, Play
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.errors import EuchreError
from euchre.hand import Hand, HandResult, Phase
from euchre.rules import Rules
from euchre.seats import Seat, Team

FORMAT = "euchre-hand/1"
DEFAULT_RULES = Rules()
T = TypeVar("T")


class RecordError(EuchreError):
    """A hand record that is malformed or breaks the rules."""


def write_record(hand: Hand, played_at: datetime | None = None) -> dict[str, Any]:
    """The record of ``hand``, finished or not, in the plain card notation."""
    dealt = hand.deal
    record: dict[str, Any] = {
        "format": FORMAT,
        "dealer": str(dealt.dealer),
        "hands": {str(seat): [str(card) for card in dealt.hands[seat]] for seat in Seat},
        "upcard": str(dealt.upcard),
        "kitty": [str(card) for card in dealt.kitty],
        "bids": [_bid_text(bid) for _, bid in hand.bids],
        "alone": hand.alone,
    }
    if hand.discarded is not None:
        record["discard"] = str(hand.discarded)
    if hand.lone_defender is not None:
        record["lone_defender"] = str(hand.lone_defender)
    tricks = [*hand.tricks, *([hand.trick] if hand.trick and hand.trick.plays else [])]
    record["tricks"] = [[str(card) for _, card in trick.plays] for trick in tricks]
    changed = {
        rule.name: getattr(hand.rules, rule.name)
        for rule in fields(Rules)
        if getattr(hand.rules, rule.name) != getattr(DEFAULT_RULES, rule.name)
    }
    if changed:
        record["rules"] = changed
    if played_at is not None:
        record["played_at"] = played_at.astimezone(UTC).isoformat().replace("+00:00", "Z")
    return record


def _bid_text(bid: Action) -> str:
    if isinstance(bid, OrderUp):
        return "order up"
    if isinstance(bid, NameTrump):
        return str(bid.suit)
    return "pass"


def result_json(hand: Hand) -> dict[str, Any]:
    """The one-line result ``euchre replay --json`` prints for a finished hand."""
    result = hand.result
    assert result is not None, "only a finished hand has a result"
    return _result_json(result)


def _result_json(result: HandResult) -> dict[str, Any]:
    return {
        "trump": str(result.trump) if result.trump else None,
        "maker": str(result.maker) if result.maker else None,
        "alone": result.alone,
        "trick_winners": [str(seat) for seat in result.trick_winners],
        "tricks": {str(team): result.tricks[team] for team in Team},
        "points": {str(team): result.points[team] for team in Team},
    }


def replay(record: Mapping[str, Any]) -> Hand:
    """The finished hand that ``record`` describes, checked against the rules."""
    if not isinstance(record, Mapping):
        raise RecordError("a hand record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, not {record.get('format')!r}")
    hand = Hand(_deal(record), _field(record, "rules", _rules, DEFAULT_RULES))
    alone = _field(record, "alone", _boolean, False)
    bids = record.get("bids", [])
    for number, text in enumerate(bids if isinstance(bids, list) else [bids], start=1):
        if hand.phase not in (Phase.ORDER_UP, Phase.NAME_TRUMP):
            raise RecordError(f"bid {number}: trump is already made")
        _apply(hand, _bid(text, alone, f"bid {number}"), f"bid {number}")
    if hand.phase in (Phase.ORDER_UP, Phase.NAME_TRUMP):
        raise RecordError(f"bids: the bidding is not finished: {hand.phase.value}")
    _replay_discard(hand, record)
    _replay_defence(hand, record)
    _replay_tricks(hand, record.get("tricks", []))
    return hand


def _field(record: Mapping[str, Any], key: str, read: Callable[[Any], T], default: T) -> T:
    if key not in record:
        return default
    try:
        return read(record[key])
    except (ValueError, TypeError, AttributeError) as error:
        raise RecordError(f"{key}: {error}") from None


def _deal(record: Mapping[str, Any]) -> Deal:
    dealer = _field(record, "dealer", Seat.parse, None) or _missing("dealer")
    hands = _field(record, "hands", _hands, None) or _missing("hands")
    upcard = _field(record, "upcard", Card.parse, None) or _missing("upcard")
    kitty = _field(record, "kitty", _cards, None)
    try:
        return Deal.from_hands(dealer, hands, upcard, kitty)
    except EuchreError as error:
        raise RecordError(f"deal: {error}") from None


def _missing(key: str) -> Any:
    raise RecordError(f"{key}: missing")


def _hands(value: Any) -> dict[Seat, tuple[Card, ...]]:
    if not isinstance(value, Mapping):
        raise TypeError("expected an object of seat to 5 cards")
    hands = {Seat.parse(seat): _cards(cards) for seat, cards in value.items()}
    for seat in Seat:
        if len(hands.get(seat, ())) != 5:
            raise TypeError(f"{seat} must be dealt 5 cards, not {len(hands.get(seat, ()))}")
    return hands


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise TypeError("expected a list of cards")
    return tuple(Card.parse(text) for text in value)


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("expected true or false")
    return value


def _rules(value: Any) -> Rules:
    settings = dict(value)
    known = {rule.name: rule.type for rule in fields(Rules)}
    for name, setting in settings.items():
        if name not in known:
            raise TypeError(f"{name!r} is not a rule")
        if known[name] == "bool" and not isinstance(setting, bool):
            raise TypeError(f"{name} must be true or false")
        if known[name] == "int" and (isinstance(setting, bool) or not isinstance(setting, int)):
            raise TypeError(f"{name} must be a whole number")
    return Rules(**settings)


def _bid(text: Any, alone: bool, where: str) -> Action:
    if text == "pass":
        return PASS
    if text == "order up":
        return OrderUp(alone)
    try:
        return NameTrump(Suit.parse(str(text)), alone)
    except EuchreError:
        raise RecordError(
            f"{where}: {text!r} is not a bid: write pass, order up or a suit"
        ) from None


def _apply(hand: Hand, action: Action, where: str) -> None:
    try:
        hand.apply(action)
    except EuchreError as error:
        raise RecordError(f"{where}: {error}") from None


def _replay_discard(hand: Hand, record: Mapping[str, Any]) -> None:
    if "discard" not in record:
        if hand.phase is Phase.DISCARD:
            raise RecordError(f"discard: {hand.dealer} picked up {hand.upcard} and must discard")
        return
    card = _field(record, "discard", Card.parse, hand.upcard)
    _apply(hand, Discard(card), "discard")


def _replay_defence(hand: Hand, record: Mapping[str, Any]) -> None:
    defender = _field(record, "lone_defender", Seat.parse, None)
    if defender is not None and hand.phase is not Phase.DEFEND:
        raise RecordError("lone_defender: nobody may defend alone in this hand")
    while hand.phase is Phase.DEFEND:
        _apply(hand, DefendAlone() if hand.turn is defender else Pass(), "lone_defender")


def _replay_tricks(hand: Hand, tricks: Any) -> None:
    for number, cards in enumerate(tricks if isinstance(tricks, list) else [tricks], start=1):
        where = f"trick {number}"
        if hand.trick is None:
            raise RecordError(f"{where}: the hand is over")
        players = len(hand.trick.order)
        if not isinstance(cards, list) or len(cards) != players:
            count = len(cards) if isinstance(cards, list) else "no list of"
            raise RecordError(f"{where}: {count} cards, but {players} players play")
        for text in cards:
            try:
                card = Card.parse(text)
            except (EuchreError, AttributeError) as error:
                raise RecordError(f"{where}: {error}") from None
            _apply(hand, Play(card), where)
    if hand.result is None:
        raise RecordError(f"tricks: the hand is not finished: {len(hand.tricks)} of 5 tricks")
