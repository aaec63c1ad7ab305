"""What a hand's points are worth at the game score: the change in the chance to win."""

from __future__ import annotations

import pytest

from euchre.players.expert.weigh import Stakes, win_chance
from euchre.seats import Team


def stakes(ours: int, theirs: int, target: int = 10) -> Stakes:
    return Stakes({Team.NS: ours, Team.EW: theirs}, Team.NS, target)


def test_the_chance_to_win_is_even_at_an_even_score_and_certain_at_the_target() -> None:
    assert win_chance(0, 0, 10) == pytest.approx(0.5)
    assert win_chance(10, 9, 10) == 1.0
    assert win_chance(9, 11, 10) == 0.0
    assert win_chance(9, 0, 10) > win_chance(5, 0, 10) > win_chance(0, 5, 10)


def test_early_in_the_game_points_are_worth_about_their_number() -> None:
    early = stakes(0, 0)
    assert early.value(0) == 0.0
    assert early.value(4) == pytest.approx(4.0)
    assert early.value(-4) == pytest.approx(-4.0)
    assert early.value(1) == pytest.approx(1.0, abs=0.05)
    assert early.value(-2) == pytest.approx(-2.0, abs=0.05)


def test_a_point_short_of_the_target_a_march_wins_no_more_than_one_trick_more() -> None:
    near = stakes(9, 5)
    assert near.value(2) == near.value(1) == near.value(4)


def test_with_the_other_side_a_point_short_a_euchre_loses_no_more_than_their_point() -> None:
    behind = stakes(5, 9)
    assert behind.value(-2) == behind.value(-1)
    assert behind.value(1) > 0


def test_four_points_short_a_lone_march_is_worth_more_than_four_single_points() -> None:
    six = stakes(6, 6)
    assert six.value(4) > 2 * six.value(2)


@pytest.mark.parametrize(("ours", "theirs", "target"), [(3, 7, 0), (10, 7, 10)])
def test_a_game_without_a_target_or_already_won_counts_plain_points(
    ours: int, theirs: int, target: int
) -> None:
    plain = stakes(ours, theirs, target)
    assert [plain.value(points) for points in (-4, -2, -1, 0, 1, 2, 4)] == [
        -4,
        -2,
        -1,
        0,
        1,
        2,
        4,
    ]
