"""pytest's explanation of a failure, as the learner reads it."""

from __future__ import annotations

from typing import cast

import pytest

from euchre.kata.coach.running import explained


class Report:
    """What the explanation reads of pytest's report: its long form."""

    def __init__(self, longrepr: str) -> None:
        self.longrepr = longrepr


def test_an_enum_in_pytests_explanation_is_named_as_the_code_names_it() -> None:
    report = Report(
        "    def _wins(world, player, team):\n"
        ">       assert winner.team.number == team\n"
        "E       assert 2 == 1\n"
        "E        +  where 2 = <Team.EW: 'EW'>.number\n"
        "E        +    where <Team.EW: 'EW'> = <Seat.WEST: 'W'>.team\n"
    )
    assert explained.failure(cast(pytest.TestReport, report)) == [
        "assert 2 == 1",
        " +  where 2 = Team.EW.number",
        " +    where Team.EW = Seat.WEST.team",
    ]
