"""Actions in notation: what ``str`` writes, ``parse_action`` reads back, for every action."""

import pytest

from euchre.actions import (
    DEFEND_ALONE,
    DISCARD,
    NAME_TRUMP,
    ORDER_UP,
    PASS,
    PLAY,
    Action,
    DefendAlone,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    parse_action,
)
from euchre.cards import Card, Suit
from euchre.errors import EuchreError

EVERY_ACTION: list[Action] = [
    PASS,
    DEFEND_ALONE,
    *ORDER_UP,
    *(bid for bids in NAME_TRUMP.values() for bid in bids),
    *DISCARD,
    *PLAY,
]


def test_there_are_60_actions_each_made_once() -> None:
    assert len(EVERY_ACTION) == len(set(EVERY_ACTION)) == 60


@pytest.mark.parametrize("action", EVERY_ACTION, ids=str)
def test_every_action_round_trips_through_its_notation(action: Action) -> None:
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("action", EVERY_ACTION, ids=str)
def test_parse_gives_the_shared_action_not_a_copy(action: Action) -> None:
    assert parse_action(str(action)) is action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Pass", Pass()),
        ("  order   up  ", OrderUp()),
        ("ORDER UP ALONE", OrderUp(alone=True)),
        ("Hearts", NameTrump(Suit.HEARTS)),
        ("h", NameTrump(Suit.HEARTS)),
        ("♠ alone", NameTrump(Suit.SPADES, alone=True)),
        ("spades alone", NameTrump(Suit.SPADES, alone=True)),
        ("discard 10d", Discard(Card.parse("10D"))),
        ("play J♥", Play(Card.parse("JH"))),
        ("Defend Alone", DefendAlone()),
    ],
)
def test_parse_reads_any_case_spacing_and_card_notation(text: str, expected: Action) -> None:
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "bid",
        "order",
        "up",
        "pass alone",
        "hearts hearts",
        "play",
        "play 11H",
        "discard JH JD",
        "alone",
        "defend",
    ],
)
def test_parse_refuses_what_is_not_an_action_and_says_what_one_looks_like(text: str) -> None:
    with pytest.raises(EuchreError, match="is not an action: write pass, order up"):
        parse_action(text)


def test_parse_refuses_what_is_not_text() -> None:
    with pytest.raises(EuchreError, match="is not an action"):
        parse_action(None)  # type: ignore[arg-type]
