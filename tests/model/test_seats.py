"""Seats and teams: four players, partners facing, play passing to the left."""

import pytest

from euchre.seats import Seat, Team


def test_seats_are_numbered_clockwise_from_north() -> None:
    assert [seat.number for seat in Seat] == [1, 2, 3, 4]
    assert [str(seat) for seat in Seat] == ["N", "E", "S", "W"]


@pytest.mark.parametrize(
    ("seat", "left"),
    [
        (Seat.NORTH, Seat.EAST),
        (Seat.EAST, Seat.SOUTH),
        (Seat.SOUTH, Seat.WEST),
        (Seat.WEST, Seat.NORTH),
    ],
)
def test_play_passes_to_the_left(seat: Seat, left: Seat) -> None:
    assert seat.left is left


def test_partners_face_each_other_and_odd_seats_are_team_1() -> None:
    assert Seat.NORTH.partner is Seat.SOUTH
    assert Seat.EAST.partner is Seat.WEST
    assert Seat.NORTH.team is Seat.SOUTH.team is Team.NS
    assert Seat.EAST.team is Seat.WEST.team is Team.EW
    assert Team.NS.number == 1
    assert Team.EW.number == 2
    assert Team.NS.opponents is Team.EW
    assert str(Team.EW) == "EW"


def test_rotation_from_a_seat_names_all_four_in_play_order() -> None:
    assert Seat.EAST.rotation() == (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)


def test_seats_parse_from_letters_and_names() -> None:
    assert Seat.parse("n") is Seat.NORTH
    assert Seat.parse("West") is Seat.WEST


@pytest.mark.parametrize("text", ["X", "", "north-east"])
def test_an_unknown_seat_is_refused(text: str) -> None:
    from euchre.errors import EuchreError

    with pytest.raises(EuchreError, match="is not a seat"):
        Seat.parse(text)
