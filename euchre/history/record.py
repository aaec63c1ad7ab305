"""The hand record (``docs/hand-record.md``): one hand as JSON, written from and replayed into
a Hand.

Replaying checks every bid, the discard and every card against the rules; a record that breaks
one raises ``RecordError`` naming the rule and where it was broken ("trick 3: ...").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import fields
from datetime import UTC, datetime
from enum import Enum
from typing import Any, TypeVar

from euchre.actions import (
    Action,
    DefendAlone,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    parse_action,
)
from euchre.cards import Card
from euchre.deal import Deal
from euchre.errors import EuchreError
from euchre.hand import Hand, HandResult, Phase
from euchre.rules import LonerLead, Rules
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
        name: value
        for name, value in rules_json(hand.rules).items()
        if getattr(hand.rules, name) != getattr(DEFAULT_RULES, name)
    }
    if changed:
        record["rules"] = changed
    if played_at is not None:
        record["played_at"] = played_at.astimezone(UTC).isoformat().replace("+00:00", "Z")
    return record


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rule settings as JSON values: a choice among names (``loner_lead``) as its name."""
    return {
        rule.name: value.value if isinstance(value, Enum) else value
        for rule in fields(Rules)
        for value in [getattr(rules, rule.name)]
    }


def _bid_text(bid: Action) -> str:
    """A bid as the action writes itself; a record keeps "alone" in a field of its own."""
    return str(bid).removesuffix(" alone")


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
        "tricks": {str(team): result.tricks_won[team] for team in Team},
        "points": {str(team): result.points[team] for team in Team},
    }


def in_words(value: Any) -> str:
    """A JSON value in a few words, as a reader of the record would write it: ``null``, ``"X"``.

    >>> in_words(None), in_words("N" * 50), in_words([1]), in_words(10**200)
    ('null', '"NNNNNNNNNNNNNNNNNNNNNNNNNNNNNN…"', 'a list', 'a very large number')
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() < 100 else "a very large number"
    if isinstance(value, float):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value[:30] + ("…" if len(value) > 30 else ""), ensure_ascii=False)
    return "a list" if isinstance(value, list) else "an object"


def expected(what: str, value: Any) -> str:
    """What a reader says of a value of the wrong kind: ``expected true or false, got 1``."""
    return f"expected {what}, got {in_words(value)}"


def replay(record: Mapping[str, Any], finished: bool = True) -> Hand:
    """The finished hand that ``record`` describes, checked against the rules.

    With ``finished=False`` the record may stop anywhere (an interrupted game's last hand):
    what it holds is checked, and the hand is returned as far as it went.
    """
    if not isinstance(record, Mapping):
        raise RecordError(f"a hand record is a JSON object, not {in_words(record)}")
    if record.get("format") != FORMAT:
        got = in_words(record["format"]) if "format" in record else "nothing"
        raise RecordError(f"format: expected {json.dumps(FORMAT)}, got {got}")
    hand = Hand(_deal(record), read_rules(record))
    played_at(record)
    alone = _field(record, "alone", _boolean, False)
    bids = record.get("bids", [])
    if not isinstance(bids, list):
        raise RecordError(f"bids: {expected('a list of bids', bids)}")
    for number, text in enumerate(bids, start=1):
        if hand.phase not in (Phase.ORDER_UP, Phase.NAME_TRUMP):
            raise RecordError(f"bid {number}: trump is already made")
        apply_checked(hand, _bid(text, alone, f"bid {number}"), f"bid {number}")
    if hand.phase in (Phase.ORDER_UP, Phase.NAME_TRUMP) and not finished:
        return hand
    if hand.phase in (Phase.ORDER_UP, Phase.NAME_TRUMP):
        raise RecordError(f"bids: the bidding is not finished: {hand.phase.value}")
    if alone and hand.contract is None:
        raise RecordError("alone: nobody went alone: the hand was thrown in")
    if hand.phase is Phase.DISCARD and "discard" not in record and not finished:
        return hand
    _replay_discard(hand, record)
    if not finished and hand.phase is Phase.DEFEND and not record.get("tricks"):
        return hand
    _replay_defence(hand, record)
    _replay_tricks(hand, record.get("tricks", []), finished)
    return hand


def read_rules(record: Mapping[str, Any]) -> Rules:
    """The rules a record (or a saved game) was played under: the defaults unless it says."""
    return _field(record, "rules", _rules, DEFAULT_RULES)


def played_at(record: Mapping[str, Any]) -> datetime | None:
    """When the hand was played, if the record says; a time without its offset is refused."""
    return _field(record, "played_at", _time, None)


def _field(record: Mapping[str, Any], key: str, read: Callable[[Any], T], default: T) -> T:
    if key not in record:
        return default
    try:
        return read(record[key])
    except EuchreError as error:
        raise RecordError(f"{key}: {error}") from None


def _seat(value: Any) -> Seat:
    if isinstance(value, str) and value.isascii():
        try:
            return Seat.parse(value)
        except EuchreError:
            pass
    raise RecordError(expected("a seat (N, E, S or W)", value))


def _card(value: Any) -> Card:
    if not isinstance(value, str):
        raise RecordError(expected('a card such as "JH"', value))
    return Card.parse(value)


def _deal(record: Mapping[str, Any]) -> Deal:
    dealer = _field(record, "dealer", _seat, None) or _missing("dealer")
    hands = _field(record, "hands", _hands, None) or _missing("hands")
    upcard = _field(record, "upcard", _card, None) or _missing("upcard")
    kitty = _field(record, "kitty", _cards, None)
    _dealt_once(hands, upcard, kitty)
    try:
        return Deal.from_hands(dealer, hands, upcard, kitty)
    except EuchreError as error:
        raise RecordError(f"deal: {error}") from None


def _dealt_once(
    hands: Mapping[Seat, tuple[Card, ...]], upcard: Card, kitty: tuple[Card, ...] | None
) -> None:
    """Name a card dealt twice, and where it went."""
    places: dict[Card, list[str]] = {}
    for seat in Seat:
        for card in hands[seat]:
            places.setdefault(card, []).append(str(seat))
    for card in kitty if kitty is not None else (upcard,):
        places.setdefault(card, []).append("in the kitty" if kitty else "as the upcard")
    for card, where in places.items():
        if len(where) > 1:
            seats = sorted({place for place in where if len(place) == 1}, key="NESW".index)
            others = [place for place in where if len(place) > 1]
            told = " and ".join([*([f"to {' and '.join(seats)}"] if seats else []), *others])
            times = "twice" if len(where) == 2 else f"{len(where)} times"
            raise RecordError(f"deal: {card} is dealt {times} ({told})")


def _missing(key: str) -> Any:
    raise RecordError(f"{key}: missing")


def _hands(value: Any) -> dict[Seat, tuple[Card, ...]]:
    if not isinstance(value, Mapping):
        raise RecordError(expected("an object of seat to 5 cards", value))
    hands: dict[Seat, tuple[Card, ...]] = {}
    spelled: dict[Seat, str] = {}
    for key, cards in value.items():
        seat = _seat(key)
        if seat in hands:
            raise RecordError(
                f"{seat} is given twice, as {in_words(spelled[seat])} and as {in_words(key)}"
            )
        if not isinstance(cards, list):
            raise RecordError(f"{seat}: {expected('a list of 5 cards', cards)}")
        try:
            hands[seat], spelled[seat] = _cards(cards), key
        except EuchreError as error:
            raise RecordError(f"{seat}: {error}") from None
    for seat in Seat:
        if len(hands.get(seat, ())) != 5:
            raise RecordError(f"{seat} must be dealt 5 cards, not {len(hands.get(seat, ()))}")
    return hands


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RecordError(expected("a list of cards", value))
    return tuple(_card(text) for text in value)


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise RecordError(expected("true or false", value))
    return value


def _rules(value: Any) -> Rules:
    if not isinstance(value, Mapping):
        raise RecordError(expected("an object of rule settings", value))
    known = {rule.name: rule.type for rule in fields(Rules)}
    settings = dict(value)
    for name, setting in value.items():
        if name not in known:
            raise RecordError(f"{in_words(name)} is not a rule")
        if known[name] == "bool" and not isinstance(setting, bool):
            raise RecordError(f"{name}: {expected('true or false', setting)}")
        if known[name] == "int" and (isinstance(setting, bool) or not isinstance(setting, int)):
            raise RecordError(f"{name}: {expected('a whole number', setting)}")
        if name in SCORES and setting not in SCORES[name]:
            low, high = max(SCORES[name][0], 1), SCORES[name][-1]
            raise RecordError(f"{name}: {expected(f'{low} to {high}', setting)}")
        if name == "loner_lead":
            settings[name] = _loner_lead(setting)
    rules = Rules(**settings)
    if not rules.points_to_win and not rules.num_deals:  # a game must end somehow
        raise RecordError(f"points_to_win: {expected('1 to 100', 0)}")
    return rules


SCORES = {
    "points_to_win": range(101),
    "num_deals": range(101),
    "loner_march_score": range(1, 11),
    "loner_euchred_score": range(1, 11),
}
"""The numbers a record may set: a target of 1 to 100 points, or 0 for none with a number of
hands (1 to 100, 0 for no limit); a lone march or euchre scores 1 to 10."""


def _loner_lead(value: Any) -> LonerLead:
    for choice in LonerLead:
        if value == choice.value:
            return choice
    names = " or ".join(choice.value for choice in LonerLead)
    raise RecordError(f"loner_lead: {expected(names, value)}")


def _time(value: Any) -> datetime:
    try:
        when = datetime.fromisoformat(value) if isinstance(value, str) and value.isascii() else None
    except ValueError:
        when = None
    if when is None or when.tzinfo is None:
        raise RecordError(expected('a time in UTC such as "2026-11-25T20:00:00Z"', value))
    return when


def _bid(text: Any, alone: bool, where: str) -> Action:
    if not isinstance(text, str):
        raise RecordError(f"{where}: {expected('pass, order up or a suit', text)}")
    try:
        # The action's own notation, in the plain letters a record is written in.
        bid = parse_action(text if text.isascii() else "")
    except EuchreError:
        bid = None
    if isinstance(bid, Pass):
        return bid
    if isinstance(bid, OrderUp | NameTrump) and not bid.alone:
        return parse_action(f"{text} alone") if alone else bid
    raise RecordError(f"{where}: {in_words(text)} is not a bid: write pass, order up or a suit")


def apply_checked(
    hand: Hand, action: Action, where: str, error: type[RecordError] = RecordError
) -> None:
    """Carry out ``action``; a rule it breaks is ``error``, saying where: "trick 3: ..."."""
    try:
        hand.apply(action)
    except EuchreError as broken:
        raise error(f"{where}: {broken}") from None


def _replay_discard(hand: Hand, record: Mapping[str, Any]) -> None:
    if "discard" not in record:
        if hand.phase is Phase.DISCARD:
            raise RecordError(f"discard: {hand.dealer} picked up {hand.upcard} and must discard")
        return
    card = _field(record, "discard", _card, hand.upcard)
    apply_checked(hand, Discard(card), "discard")


def _replay_defence(hand: Hand, record: Mapping[str, Any]) -> None:
    defender = _field(record, "lone_defender", _seat, None)
    if defender is not None and hand.phase is not Phase.DEFEND:
        raise RecordError("lone_defender: nobody may defend alone in this hand")
    if defender is not None and defender is hand.maker:
        raise RecordError(f"lone_defender: {defender} is the maker, not a defender")
    if defender is not None and defender in hand.sitting_out:
        raise RecordError(f"lone_defender: {defender} sits out: {hand.maker} went alone")
    while hand.phase is Phase.DEFEND:
        apply_checked(hand, DefendAlone() if hand.turn is defender else Pass(), "lone_defender")


def _replay_tricks(hand: Hand, tricks: Any, finished: bool) -> None:
    if not isinstance(tricks, list):
        raise RecordError(f"tricks: {expected('a list of tricks', tricks)}")
    for number, cards in enumerate(tricks, start=1):
        where = f"trick {number}"
        if hand.trick is None:
            raise RecordError(f"{where}: the hand is over")
        players = len(hand.trick.order)
        if not isinstance(cards, list):
            raise RecordError(f"{where}: {expected(f'a list of {players} cards', cards)}")
        last = number == len(tricks)
        if len(cards) > players or (len(cards) < players and (finished or not last)):
            raise RecordError(f"{where}: {len(cards)} cards, but {players} players play")
        for text in cards:
            try:
                card = _card(text)
            except EuchreError as error:
                raise RecordError(f"{where}: {error}") from None
            apply_checked(hand, Play(card), where)
    if hand.result is None and finished:
        raise RecordError(f"tricks: the hand is not finished: {len(hand.tricks)} of 5 tricks")
