"""Four seats round the table, numbered clockwise; partners sit facing each other."""

from __future__ import annotations

from enum import Enum


class Seat(Enum):
    """A seat at the table: North is seat 1 (Team 1 Player 1), and play passes to the left."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def left(self) -> Seat:
        """The player on this seat's left, who acts next."""
        raise NotImplementedError("Seat.left")

    @property
    def team(self) -> Team:
        """The partnership this seat plays for: odd seats are Team 1, even seats Team 2."""
        raise NotImplementedError("Seat.team")


class Team(Enum):
    """A partnership: North-South are Team 1, East-West Team 2."""

    NS = "NS"
    EW = "EW"

    @property
    def number(self) -> int:
        """1 for North-South, 2 for East-West."""
        raise NotImplementedError("Team.number")
