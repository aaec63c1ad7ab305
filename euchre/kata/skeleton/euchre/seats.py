"""Four seats round the table, numbered clockwise; partners sit facing each other."""

from __future__ import annotations

from enum import Enum


class Seat(Enum):
    """A seat at the table: North is seat 1, and play passes clockwise to the left."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def number(self) -> int:
        """The seat number, 1 to 4 clockwise; odd seats are Team 1, even seats Team 2."""
        raise NotImplementedError("Seat.number")

    @property
    def left(self) -> Seat:
        """The player on this seat's left, who acts next."""
        raise NotImplementedError("Seat.left")

    @property
    def team(self) -> Team:
        """The partnership this seat plays for."""
        raise NotImplementedError("Seat.team")

    def __str__(self) -> str:
        """The seat's letter, such as "N"."""
        raise NotImplementedError("Seat.__str__")


class Team(Enum):
    """A partnership: North-South are Team 1, East-West Team 2."""

    NS = "NS"
    EW = "EW"

    @property
    def number(self) -> int:
        """1 for North-South, 2 for East-West."""
        raise NotImplementedError("Team.number")
