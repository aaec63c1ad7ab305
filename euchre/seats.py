"""Four seats round the table, numbered clockwise; partners sit facing each other.

>>> Seat.WEST.left, Seat.NORTH.partner, Seat.EAST.team
(<Seat.NORTH: 'N'>, <Seat.SOUTH: 'S'>, <Team.EW: 'EW'>)
"""

from __future__ import annotations

from enum import Enum

from euchre.euchre_error import EuchreError


class Seat(Enum):
    """A seat at the table: North is seat 1, and play passes clockwise to the left."""

    # Members are singletons compared by identity, so the C-level identity hash is
    # equivalent to Enum's own and keeps dictionary look-ups off the Python stack
    # (measured: 14% of a random hand's time, bench/engine.py; docs/speed.md).
    __hash__ = object.__hash__

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def number(self) -> int:
        """The seat number, 1 to 4 clockwise; odd seats are Team 1, even seats Team 2."""
        return _NUMBER[self]

    @property
    def left(self) -> Seat:
        """The player on this seat's left, who acts next."""
        return _LEFT[self]

    @property
    def partner(self) -> Seat:
        return _LEFT[_LEFT[self]]

    @property
    def team(self) -> Team:
        """Odd seats are Team 1 (North-South), even seats Team 2 (East-West)."""
        return _TEAM[self]

    def rotation(self) -> tuple[Seat, ...]:
        """All four seats in play order, starting with this one."""
        return _ROTATION[self]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat from its letter or compass name."""
        key = text.strip().upper()
        for seat in cls:
            if key in (seat.value, seat.name):
                return seat
        raise EuchreError(f"{text!r} is not a seat: write N, E, S or W")

    def __str__(self) -> str:
        return self.value


class Team(Enum):
    """A partnership: North-South are Team 1, East-West Team 2."""

    # Members are singletons compared by identity, so the C-level identity hash is
    # equivalent to Enum's own and keeps dictionary look-ups off the Python stack
    # (measured: 14% of a random hand's time, bench/engine.py; docs/speed.md).
    __hash__ = object.__hash__

    NS = "NS"
    EW = "EW"

    @property
    def number(self) -> int:
        return _TEAM_NUMBER[self]

    @property
    def opponents(self) -> Team:
        return _OPPONENTS[self]

    def __str__(self) -> str:
        return self.value


_ORDER = tuple(Seat)
_NUMBER = {seat: number for number, seat in enumerate(_ORDER, start=1)}
_LEFT = {seat: _ORDER[number % 4] for seat, number in _NUMBER.items()}
_ROTATION = {seat: _ORDER[n - 1 :] + _ORDER[: n - 1] for seat, n in _NUMBER.items()}
# Looked up, not worked out, because scoring a hand asks these of every trick's winner.
_TEAM = {seat: Team.NS if n % 2 else Team.EW for seat, n in _NUMBER.items()}
_TEAM_NUMBER = {Team.NS: 1, Team.EW: 2}
_OPPONENTS = {Team.NS: Team.EW, Team.EW: Team.NS}
