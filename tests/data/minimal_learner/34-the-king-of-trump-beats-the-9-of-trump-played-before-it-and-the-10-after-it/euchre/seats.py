"""The seats round the table, and the teams."""

from __future__ import annotations

from enum import Enum


class Seat(Enum):
    """A seat at the table, in the order the features number the players."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def left(self) -> Seat:
        """The seat on this seat's left."""
        raise NotImplementedError("Seat.left")

    @property
    def team(self) -> Team:
        """The team this seat plays for."""
        return Team.NS if self in (Seat.NORTH, Seat.SOUTH) else Team.EW


class Team(Enum):
    """A team, in the order the features number them."""

    NS = "NS"
    EW = "EW"

    @property
    def number(self) -> int:
        """The team's number in the features."""
        return 1 if self is Team.NS else 2
