"""Scoring a hand, as the table in RULES.md gives it.

>>> score(Team.NS, maker_tricks=5, alone=True)
(<Team.NS: 'NS'>, 4)
>>> score(Team.NS, maker_tricks=2, alone=False)
(<Team.EW: 'EW'>, 2)
"""

from __future__ import annotations

from euchre.seats import Team


def score(
    makers: Team, maker_tricks: int, alone: bool, defended_alone: bool = False
) -> tuple[Team, int]:
    """The partnership that scores, and how many points, once the makers' tricks are known."""
    if not 0 <= maker_tricks <= 5:
        raise ValueError(f"the makers won {maker_tricks} tricks: a hand has 0 to 5")
    if maker_tricks < 3:
        return makers.opponents, 4 if defended_alone else 2
    if maker_tricks == 5:
        return makers, 4 if alone else 2
    return makers, 1
