"""The hand record of docs/hand-record.md: written by the model, read back and checked by replay."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.deal import deal, shuffled_deck
from euchre.hand import Hand, Phase
from euchre.history.record import RecordError, replay, result_json, write_record
from euchre.rules import LonerLead, Rules
from euchre.seats import Seat
from tests.examples import at_most
from tests.history.records import EXAMPLE, example


def test_a_legal_record_replays_to_its_result() -> None:
    assert result_json(replay(EXAMPLE)) == {
        "trump": "hearts",
        "maker": "E",
        "alone": False,
        "trick_winners": ["N", "W", "E", "S", "E"],
        "tricks": {"NS": 2, "EW": 3},
        "points": {"NS": 0, "EW": 1},
    }


def test_fields_the_reader_does_not_know_are_ignored() -> None:
    assert replay(example(comment="a friendly game", played_at="2026-11-25T20:00:00Z"))


def test_a_thrown_in_hand_has_eight_passes_and_no_tricks() -> None:
    record = example(bids=["pass"] * 8, discard=None, tricks=[], rules={"stick_the_dealer": False})
    assert result_json(replay(record)) == {
        "trump": None,
        "maker": None,
        "alone": False,
        "trick_winners": [],
        "tricks": {"NS": 0, "EW": 0},
        "points": {"NS": 0, "EW": 0},
    }


TRICKS = EXAMPLE["tricks"]
ALONE_DEFENDED = {"alone": True, "rules": {"defend_alone": True}, "tricks": None}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "euchre-hand/2"}, 'format: expected "euchre-hand/1", got "euchre-hand/2"'),
        ({"format": None}, 'format: expected "euchre-hand/1", got nothing'),
        ({"dealer": None}, "dealer: missing"),
        ({"dealer": "X"}, 'dealer: expected a seat (N, E, S or W), got "X"'),
        ({"upcard": "1H"}, "upcard: '1H' is not a card"),
        ({"hands": {"N": ["9S"]}}, "hands: N must be dealt 5 cards, not 1"),
        ({"hands": "none"}, 'hands: expected an object of seat to 5 cards, got "none"'),
        ({"upcard": "AC"}, "deal: AC is dealt twice (to N and as the upcard)"),
        ({"bids": ["order up", "pass"]}, "bid 2: trump is already made"),
        ({"bids": ["pass"] * 4 + ["hearts"]}, "bid 5: hearts was turned down"),
        ({"bids": ["pass"] * 8}, "bid 8: stick the dealer: W must name trump"),
        (
            {"bids": ["pass", "maybe"]},
            'bid 2: "maybe" is not a bid: write pass, order up or a suit',
        ),
        ({"bids": ["pass", "pass"]}, "bids: the bidding is not finished"),
        ({"discard": "AH"}, "discard: W does not hold AH"),
        ({"discard": None}, "discard: W picked up KH and must discard"),
        ({"bids": ["pass"] * 4 + ["spades"]}, "discard: only the dealer discards"),
        ({"alone": "yes"}, 'alone: expected true or false, got "yes"'),
        (
            {"rules": {"stick_the_dealer": "no"}},
            'rules: stick_the_dealer: expected true or false, got "no"',
        ),
        ({"rules": {"points_to_win": True}}, "rules: points_to_win: expected a whole number"),
        ({"rules": {"jokers": True}}, 'rules: "jokers" is not a rule'),
        ({"tricks": TRICKS[:3]}, "tricks: the hand is not finished: 3 of 5 tricks"),
        ({"tricks": [*TRICKS, ["AC"]]}, "trick 6: the hand is over"),
        ({"tricks": [["AC", "QC", "10C"]]}, "trick 1: 3 cards, but 4 players play"),
        (
            {"tricks": [*TRICKS[:3], ["9H", "QD", "JS", "QS"], ["AH", "10S", "AS", "KD"]]},
            "trick 4: S must follow hearts (holds AH)",
        ),
        ({"tricks": [["AH", "QC", "10C", "9D"]]}, "trick 1: N does not hold AH"),
        ({"tricks": [["AC", "QC", "10C", "ZZ"]]}, "trick 1: 'ZZ' is not a card"),
        ({"lone_defender": "E"}, "lone_defender: nobody may defend alone in this hand"),
        # Python's words never reach the reader: the field says what it expected, in JSON.
        ({"dealer": 5}, "dealer: expected a seat (N, E, S or W), got 5"),
        ({"dealer": []}, "dealer: expected a seat (N, E, S or W), got a list"),
        ({"dealer": {}}, "dealer: expected a seat (N, E, S or W), got an object"),
        ({"dealer": True}, "dealer: expected a seat (N, E, S or W), got true"),
        ({"dealer": "x" * 500}, 'dealer: expected a seat (N, E, S or W), got "xxxxxxxx'),
        ({"upcard": 9}, 'upcard: expected a card such as "JH", got 9'),
        ({"upcard": 9.5}, 'upcard: expected a card such as "JH", got 9.5'),
        ({"discard": 5}, 'discard: expected a card such as "JH", got 5'),
        ({"kitty": "KH"}, 'kitty: expected a list of cards, got "KH"'),
        ({"kitty": ["KH", None]}, 'kitty: expected a card such as "JH", got null'),
        ({"hands": {**EXAMPLE["hands"], "N": "9S QS"}}, "hands: N: expected a list of 5 cards"),
        (
            {"hands": {**EXAMPLE["hands"], "X": []}},
            'hands: expected a seat (N, E, S or W), got "X"',
        ),
        (
            {"hands": {**EXAMPLE["hands"], "north": EXAMPLE["hands"]["N"]}},
            'hands: N is given twice, as "N" and as "north"',
        ),
        (
            {"hands": {**EXAMPLE["hands"], "N": ["9C", "QS", "AS", "KC", "AC"]}},
            "deal: 9C is dealt twice (to N and W)",
        ),
        (
            {"kitty": ["KH", "AD", "9C", "KS"]},
            "deal: 9C is dealt twice (to W and in the kitty)",
        ),
        ({"bids": "pass"}, 'bids: expected a list of bids, got "pass"'),
        ({"bids": ["pass", None]}, "bid 2: expected pass, order up or a suit, got null"),
        (
            {"bids": ["pass", {"suit": "hearts"}]},
            "bid 2: expected pass, order up or a suit, got an",
        ),
        ({"tricks": "AC QC 10C 9D"}, 'tricks: expected a list of tricks, got "AC QC 10C 9D"'),
        ({"tricks": ["AC QC 10C 9D"]}, 'trick 1: expected a list of 4 cards, got "AC QC 10C 9D"'),
        (
            {"tricks": [["AC", "QC", "10C", None]]},
            'trick 1: expected a card such as "JH", got null',
        ),
        ({"rules": ["redeal"]}, "rules: expected an object of rule settings, got a list"),
        # Optional fields that contradict the hand are refused.
        ({"rules": {"points_to_win": 0}}, "rules: points_to_win: expected 1 to 100, got 0"),
        ({"rules": {"points_to_win": 101}}, "rules: points_to_win: expected 1 to 100, got 101"),
        (
            {"rules": {"loner_lead": "LEFT"}},
            'rules: loner_lead: expected LEFT_OF_DEALER or LEFT_OF_LONER, got "LEFT"',
        ),
        (
            {"played_at": "yesterday"},
            'played_at: expected a time in UTC such as "2026-11-25T20:00:00Z", got "yesterday"',
        ),
        ({"played_at": 1764100800}, "played_at: expected a time in UTC such as"),
        (
            {"played_at": "2026-11-25T20:00:00"},
            'played_at: expected a time in UTC such as "2026-11-25T20:00:00Z", got "2026-11-25T2',
        ),
        (
            {
                "bids": ["pass"] * 8,
                "discard": None,
                "tricks": [],
                "alone": True,
                "rules": {"stick_the_dealer": False},
            },
            "alone: nobody went alone: the hand was thrown in",
        ),
        ({**ALONE_DEFENDED, "lone_defender": "E"}, "lone_defender: E is the maker, not a defender"),
        ({**ALONE_DEFENDED, "lone_defender": "W"}, "lone_defender: W sits out: E went alone"),
        ({**ALONE_DEFENDED, "lone_defender": 1}, "lone_defender: expected a seat (N, E, S or W)"),
    ],
)
def test_an_illegal_record_names_the_rule_and_where_it_was_broken(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(RecordError) as raised:
        replay(example(**changes))
    assert str(raised.value).startswith(message)


def test_a_record_must_be_an_object() -> None:
    with pytest.raises(RecordError, match="a hand record is a JSON object"):
        replay(["not", "a", "record"])  # type: ignore[arg-type]


def random_hand(rng: random.Random, rules: Rules) -> Hand:
    hand = Hand(deal(shuffled_deck(rng), rng.choice(tuple(Seat))), rules)
    while hand.turn is not None:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(stick_the_dealer=False, defend_alone=True)],
    ids=["default", "variants"],
)
def test_a_written_record_replays_to_the_same_result(rules: Rules) -> None:
    rng = random.Random(11)
    for _ in range(150):
        hand = random_hand(rng, rules)
        record = json.loads(json.dumps(write_record(hand)))
        assert replay(record).result == hand.result


def test_the_writer_uses_the_plain_form_and_only_the_rules_that_differ() -> None:
    hand = replay(EXAMPLE)
    when = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)
    record = write_record(hand, played_at=when)
    assert {key: record[key] for key in EXAMPLE} == EXAMPLE
    assert record["kitty"][0] == "KH"
    assert record["alone"] is False
    assert record["played_at"] == "2026-11-25T20:00:00Z"
    assert "rules" not in record
    assert write_record(Hand(hand.deal, Rules(points_to_win=5)))["rules"] == {"points_to_win": 5}
    lone = Rules(loner_lead=LonerLead.LEFT_OF_LONER, num_deals=8)
    written = write_record(Hand(hand.deal, lone))
    assert written["rules"] == {"loner_lead": "LEFT_OF_LONER", "num_deals": 8}
    assert replay(written, finished=False).rules == lone


def test_a_lone_defender_replays_when_the_record_says_who() -> None:
    hand = random_hand(random.Random(3), Rules(defend_alone=True))
    while hand.lone_defender is None:
        hand = random_hand(random.Random(), Rules(defend_alone=True))
    record = json.loads(json.dumps(write_record(hand)))
    assert replay(record).lone_defender is hand.lone_defender


def test_a_time_with_an_offset_is_a_time() -> None:
    assert replay(example(played_at="2026-11-25T21:00:00+01:00"))


PYTHON_WORDS = re.compile(
    r"NoneType|object has|attribute|argument|<class|unhashable|iterable|subscript|literal"
    r"|(?<![\w'\"])(None|True|False)(?![\w'\"])"
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
FIELDS = [*EXAMPLE, "kitty", "alone", "rules", "lone_defender", "played_at"]


@pytest.mark.usefixtures("uncovered")  # a property: other tests cover its lines
@at_most(500)  # each example is a whole record replayed
@given(st.sampled_from(FIELDS), JSON_VALUES)
def test_any_json_value_in_any_field_is_replayed_or_refused_in_the_domains_words(
    key: str, value: Any
) -> None:
    try:
        replay(example(**{key: value}) if value is not None else {**EXAMPLE, key: None})
    except RecordError as error:
        message = str(error)
    else:
        return
    assert message.startswith(
        (
            "format",
            "dealer",
            "hands",
            "upcard",
            "kitty",
            "deal",
            "bid",
            "alone",
            "discard",
            "lone_defender",
            "trick",
            "rules",
            "played_at",
        )
    )
    assert not PYTHON_WORDS.search(message), message
    assert len(message) < 300


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"kitty": ["AD", "KH", "QH", "KS"]},
            "deal: the upcard KH must be the top card of the kitty",
        ),
        (
            {"kitty": ["KH", "AD"]},
            "deal: a deal needs the 24 different cards: QH and KS are missing from the deck",
        ),
        ({"hands": {**EXAMPLE["hands"], "N": ["ZZ"]}}, "hands: N: 'ZZ' is not a card"),
    ],
)
def test_a_deal_that_does_not_add_up_is_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as raised:
        replay(example(**changes))
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize(
    ("changes", "phase"),
    [
        ({"bids": ["pass"], "discard": None, "tricks": None}, Phase.ORDER_UP),
        ({"discard": None, "tricks": None}, Phase.DISCARD),
        ({**ALONE_DEFENDED}, Phase.DEFEND),
        ({"tricks": [*TRICKS[:2], ["JD", "9S"]]}, Phase.PLAY),
        ({"tricks": [*TRICKS[:2], []]}, Phase.PLAY),
    ],
)
def test_an_unfinished_record_replays_as_far_as_it_went(
    changes: dict[str, Any], phase: Phase
) -> None:
    record = example(**changes)
    assert replay(record, finished=False).phase is phase
    with pytest.raises(RecordError, match=r"not finished|must discard|players play"):
        replay(record)


def test_an_unfinished_record_is_still_checked_as_far_as_it_went() -> None:
    with pytest.raises(RecordError, match="trick 3: N does not hold AH"):
        replay(example(tricks=[*TRICKS[:2], ["JD", "AH"]]), finished=False)
    with pytest.raises(RecordError, match="trick 2: 2 cards, but 4 players play"):
        replay(example(tricks=[TRICKS[0], ["KC", "10D"], TRICKS[2]]), finished=False)
