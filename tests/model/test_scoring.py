"""Scoring a hand: every row of the table in docs/rules.md."""

import pytest

from euchre.scoring import score
from euchre.seats import Team


@pytest.mark.parametrize(
    ("maker_tricks", "alone", "defended_alone", "scorer", "points"),
    [
        pytest.param(3, False, False, Team.NS, 1, id="makers win 3: 1"),
        pytest.param(4, False, False, Team.NS, 1, id="makers win 4: 1"),
        pytest.param(5, False, False, Team.NS, 2, id="makers march: 2"),
        pytest.param(5, True, False, Team.NS, 4, id="lone maker marches: 4"),
        pytest.param(3, True, False, Team.NS, 1, id="lone maker wins 3: 1"),
        pytest.param(4, True, False, Team.NS, 1, id="lone maker wins 4: 1"),
        pytest.param(2, False, False, Team.EW, 2, id="makers euchred with 2: 2 to defenders"),
        pytest.param(0, False, False, Team.EW, 2, id="makers euchred with 0: 2 to defenders"),
        pytest.param(1, True, False, Team.EW, 2, id="lone maker euchred: 2 to defenders"),
        pytest.param(2, True, True, Team.EW, 4, id="lone defender euchres lone maker: 4"),
        pytest.param(5, True, True, Team.NS, 4, id="lone maker marches on a lone defender: 4"),
        pytest.param(4, True, True, Team.NS, 1, id="lone maker wins 4 on a lone defender: 1"),
    ],
)
def test_the_scoring_table(
    maker_tricks: int, alone: bool, defended_alone: bool, scorer: Team, points: int
) -> None:
    assert score(Team.NS, maker_tricks, alone, defended_alone) == (scorer, points)


@pytest.mark.parametrize("tricks", [-1, 6])
def test_a_hand_has_five_tricks(tricks: int) -> None:
    with pytest.raises(ValueError, match="0 to 5"):
        score(Team.NS, tricks, alone=False)
