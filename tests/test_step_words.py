"""What a failing step says, as a learner reads it (issue 35).

pytest's own explanation of a failed comparison shows the steps' values in the features' words
("Team 2 Player 4", not ``<Seat.WEST: 'W'>``), or pytest's own repr for a value that the steps
do not know how to word, such as a learner's own kind of seat.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import pytest

from euchre.cards import Card, Suit
from euchre.seats import Seat, Team
from step_defs.conftest import pytest_assertrepr_compare as explained

ROOT = Path(__file__).parent.parent


# The hook itself, value by value: the features' words, or pytest's own explanation (None).


def test_seats_teams_suits_and_cards_are_explained_in_the_features_words() -> None:
    assert explained("is", Seat.WEST, Seat.NORTH) == ["Team 2 Player 4 is Team 1 Player 1"]
    assert explained("is", Team.EW, Team.NS) == ["Team 2 is Team 1"]
    assert explained("is", Suit.HEARTS, None) == ["hearts is None"]
    assert explained("is not", None, Seat.EAST) == ["None is not Team 2 Player 2"]
    card = Card.parse("JH")
    assert explained("in", card, [Card.parse("9C")]) == ["JH in 9C"]
    assert explained("==", card, Card.parse("QH")) == ["JH == QH"]
    assert explained("==", {card}, {Card.parse("QH")}) == [
        "{JH} == {QH}",
        "In the features' words:",
        "  left:  {JH}",
        "  right: {QH}",
    ]
    assert explained("==", (Team.NS, 2), (Team.EW, 1)) == [
        "(Team 1, 2) == (Team 2, 1)",
        "At index 0 diff: Team 1 != Team 2",
        "In the features' words:",
        "  left:  (Team 1, 2)",
        "  right: (Team 2, 1)",
    ]


def test_a_list_that_begins_the_other_is_told_without_an_index() -> None:
    short, longer = [Seat.NORTH], [Seat.NORTH, Seat.EAST]
    assert explained("==", short, longer) == [
        "(Team 1 Player 1) == (Team 1 Player 1, Team 2 Player 2)",
        "In the features' words:",
        "  left:  (Team 1 Player 1)",
        "  right: (Team 1 Player 1, Team 2 Player 2)",
    ]


class Compass(Enum):
    """A learner's own seats: not the Seat the steps number."""

    N = "N"


class Other:
    """A value of no kind the features name."""


def seat_of_a_learner() -> object:
    """A seat of a learner's model that is no member of the Seat the steps read."""
    return type("Seat", (), {})()


def card_that_cannot_say_itself() -> object:
    def refuse(_: object) -> str:
        raise TypeError("a learner's half-written Card.__str__")

    return type("Card", (), {"__str__": refuse})()


def suit_with_no_name() -> object:
    return type("Suit", (), {})()


@pytest.mark.parametrize(
    ("op", "left", "right"),
    [
        ("==", 1, 2),  # no value of the features
        ("==", [1], [2]),
        ("is", Other(), Seat.NORTH),  # a value the steps cannot word
        ("==", [Seat.NORTH, Other()], [Seat.NORTH]),
        ("==", {Seat.NORTH: 1}, {Seat.NORTH: 2}),  # a mapping: pytest's diff says more
        ("is", seat_of_a_learner(), Seat.NORTH),  # wording it raises: never the hook
        ("is", Compass.N, Seat.NORTH),
        ("==", card_that_cannot_say_itself(), Card.parse("JH")),
        ("is", suit_with_no_name(), Suit.HEARTS),
    ],
)
def test_a_value_the_steps_cannot_word_is_left_to_pytest(
    op: str, left: object, right: object
) -> None:
    assert explained(op, left, right) is None


def test_a_learners_seat_is_left_to_pytest_in_a_failing_step(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("from step_defs.conftest import pytest_assertrepr_compare\n")
    pytester.makepyfile(
        test_learner="""
        from enum import Enum

        class Seat(Enum):
            SOUTH = 1

        def test_turn():
            assert Seat.SOUTH is None
        """
    )
    pytester.syspathinsert(ROOT)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["E       assert <Seat.SOUTH: 1> is None"])
