"""Scoring a hand, as the table in docs/rules.md gives it.

>>> score(Team.NS, maker_tricks=5, alone=True)
(<Team.NS: 'NS'>, 4)
>>> score(Team.NS, maker_tricks=2, alone=False)
(<Team.EW: 'EW'>, 2)
"""

from __future__ import annotations

from euchre.rules import Rules
from euchre.seats import Team

STANDARD = Rules()


def score(
    makers: Team,
    maker_tricks: int,
    alone: bool,
    defended_alone: bool = False,
    rules: Rules = STANDARD,
) -> tuple[Team, int]:
    """The partnership that scores, and how many points, once the makers' tricks are known.

    A lone maker's march and euchre score as ``rules`` say (4 and 2 unless changed).
    """
    if not 0 <= maker_tricks <= 5:
        raise ValueError(f"the makers won {maker_tricks} tricks: a hand has 0 to 5")
    if maker_tricks < 3:
        if defended_alone:
            return makers.opponents, 4
        return makers.opponents, rules.loner_euchred_score if alone else 2
    if maker_tricks == 5:
        return makers, rules.loner_march_score if alone else 2
    return makers, 1
