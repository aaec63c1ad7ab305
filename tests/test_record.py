"""The hand record of hand-record.md: written by the model, read back and checked by replay."""

from __future__ import annotations

import copy
import json
import random
from datetime import UTC, datetime
from typing import Any

import pytest

from euchre.deal import deal, shuffled_deck
from euchre.hand import Hand
from euchre.history.record import RecordError, replay, result_json, write_record
from euchre.rules import Rules
from euchre.seats import Seat

EXAMPLE: dict[str, Any] = {
    "format": "euchre-hand/1",
    "dealer": "W",
    "hands": {
        "N": ["9S", "QS", "AS", "KC", "AC"],
        "E": ["JH", "9H", "KD", "10D", "QC"],
        "S": ["AH", "10H", "QD", "JC", "10C"],
        "W": ["10S", "JS", "JD", "9D", "9C"],
    },
    "upcard": "KH",
    "bids": ["pass", "order up"],
    "discard": "9C",
    "tricks": [
        ["AC", "QC", "10C", "9D"],
        ["KC", "10D", "JC", "KH"],
        ["JD", "9S", "JH", "10H"],
        ["9H", "AH", "JS", "QS"],
        ["QD", "10S", "AS", "KD"],
    ],
}


def example(**changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(EXAMPLE)
    for key, value in changes.items():
        if value is None:
            del record[key]
        else:
            record[key] = value
    return record


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


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "euchre-hand/2"}, "format: expected 'euchre-hand/1', not 'euchre-hand/2'"),
        ({"format": None}, "format: expected 'euchre-hand/1', not None"),
        ({"dealer": None}, "dealer: missing"),
        ({"dealer": "X"}, "dealer: 'X' is not a seat"),
        ({"upcard": "1H"}, "upcard: '1H' is not a card"),
        ({"hands": {"N": ["9S"]}}, "hands: N must be dealt 5 cards, not 1"),
        ({"hands": "none"}, "hands: expected an object of seat to 5 cards"),
        ({"upcard": "AC"}, "deal: a deal needs the 24 different cards"),
        ({"bids": ["order up", "pass"]}, "bid 2: trump is already made"),
        ({"bids": ["pass"] * 4 + ["hearts"]}, "bid 5: hearts was turned down"),
        ({"bids": ["pass"] * 8}, "bid 8: stick the dealer: W must name trump"),
        ({"bids": ["pass", "maybe"]}, "bid 2: 'maybe' is not a bid"),
        ({"bids": ["pass", "pass"]}, "bids: the bidding is not finished"),
        ({"discard": "AH"}, "discard: W does not hold AH"),
        ({"discard": None}, "discard: W picked up KH and must discard"),
        ({"bids": ["pass"] * 4 + ["spades"]}, "discard: only the dealer discards"),
        ({"alone": "yes"}, "alone: expected true or false"),
        ({"rules": {"stick_the_dealer": "no"}}, "rules: stick_the_dealer must be true or false"),
        ({"rules": {"points_to_win": True}}, "rules: points_to_win must be a whole number"),
        ({"rules": {"jokers": True}}, "rules: 'jokers' is not a rule"),
        ({"tricks": EXAMPLE["tricks"][:3]}, "tricks: the hand is not finished: 3 of 5 tricks"),
        ({"tricks": [*EXAMPLE["tricks"], ["AC"]]}, "trick 6: the hand is over"),
        ({"tricks": [["AC", "QC", "10C"]]}, "trick 1: 3 cards, but 4 players play"),
        (
            {
                "tricks": [
                    *EXAMPLE["tricks"][:3],
                    ["9H", "QD", "JS", "QS"],
                    ["AH", "10S", "AS", "KD"],
                ]
            },
            "trick 4: S must follow hearts (holds AH)",
        ),
        ({"tricks": [["AH", "QC", "10C", "9D"]]}, "trick 1: N does not hold AH"),
        ({"tricks": [["AC", "QC", "10C", "ZZ"]]}, "trick 1: 'ZZ' is not a card"),
        ({"lone_defender": "E"}, "lone_defender: nobody may defend alone in this hand"),
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


def test_kitty_and_hands_must_be_lists_of_cards() -> None:
    with pytest.raises(RecordError, match="kitty: expected a list of cards"):
        replay(example(kitty="KH"))
