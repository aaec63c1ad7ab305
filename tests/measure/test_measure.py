"""Measuring the bots: how sure a rate or a mean is, and duplicate deals."""

from __future__ import annotations

import random

import pytest

from euchre.deal import Deal
from euchre.hand import Hand
from euchre.measure.duplicate import deal_for, margin, margins, paired, turned
from euchre.measure.intervals import mean_interval, wilson_interval
from euchre.players import Player, SeatView
from euchre.players.levels import make_player
from euchre.players.rule_bot import RuleBot
from euchre.seats import Seat, Team
from tests.builders import make_deal

N, E, S, W = Seat


def test_a_win_rate_has_its_wilson_interval() -> None:
    assert wilson_interval(90, 100) == (0.8256, 0.9448)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_mean_has_its_95_percent_interval_from_the_standard_error() -> None:
    mean, low, high = mean_interval([2, 0, 2, 0])
    assert mean == 1.0
    half = 1.96 * (4 / 3 / 4) ** 0.5  # the standard error of four values of spread 4/3
    assert (low, high) == pytest.approx((1 - half, 1 + half), abs=1e-4)
    assert mean_interval([1.5, 1.5]) == (1.5, 1.5, 1.5)
    with pytest.raises(ValueError, match="two values or more"):
        mean_interval([1.0])


def test_a_turned_deal_gives_each_hand_to_the_next_seat_and_the_deal_with_it() -> None:
    dealt = make_deal()
    again = turned(dealt)
    assert again.hands[E] == dealt.hands[N]
    assert again.hands[N] == dealt.hands[W]
    assert again.dealer is dealt.dealer.left
    assert again.kitty == dealt.kitty
    assert turned(turned(turned(turned(dealt)))) == dealt


def test_a_margin_is_one_sides_points_less_the_others_on_one_hand() -> None:
    players: dict[Seat, Player] = dict.fromkeys(Seat, RuleBot())
    looked: list[Seat] = []

    def look(hand: Hand, view: SeatView, player: Player) -> None:
        looked.append(view.seat)

    ns = margin(make_deal(), players, Team.NS, look)
    assert ns == -margin(make_deal(), players, Team.EW)
    assert ns != 0
    assert len(looked) > 20  # every decision, bids and cards


def test_each_deal_is_played_both_ways_round_and_its_margins_summed() -> None:
    dealt = deal_for(3, 7)
    assert isinstance(dealt, Deal)
    assert deal_for(3, 7) == dealt
    assert deal_for(3, 8) != dealt

    def make(spec: str, rng: random.Random) -> Player:
        return make_player(spec, rng)

    same, stronger = margins((7, 3, "easy", ["easy", "normal"]), make, margin)
    assert same == 0 or abs(same) <= 8  # the same level on both sides: luck alone
    assert stronger > same
    assert margins((7, 3, "easy", ["normal"]), make, margin) == [stronger]


def test_paired_differences_give_their_mean_standard_error_and_how_many_differ() -> None:
    assert paired([1, -1, 1, -1, 0]) == (0.0, 0.4472, 4)
