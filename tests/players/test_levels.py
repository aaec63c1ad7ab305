"""The levels by name, the glossary, and the benchmark of the levels."""

from __future__ import annotations

import json
import random

import pytest

from euchre.actions import Pass
from euchre.cli.options import LEVELS_HELP
from euchre.game import Game
from euchre.glossary import GLOSSARY
from euchre.measure.intervals import wilson_interval
from euchre.measure.match import Timed, main
from euchre.players import SeatView
from euchre.players.expert import ExpertPlayer
from euchre.players.levels import DESCRIPTIONS, LEVELS, make_player
from euchre.players.normal import NormalBot
from euchre.players.random_player import RandomPlayer
from euchre.players.rule_bot import RuleBot
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Seat, Team
from tests.builders import make_hand, run


def test_the_levels_from_the_weakest() -> None:
    assert LEVELS == ("easy", "basic", "normal", "expert")
    assert set(DESCRIPTIONS) == set(LEVELS)
    kinds = [type(make_player(level, random.Random(1))) for level in LEVELS]
    assert kinds == [RandomPlayer, RuleBot, NormalBot, ExpertPlayer]


def test_an_unknown_level_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="easy, basic, normal, expert"):
        make_player("grandmaster", random.Random(1))


@pytest.mark.parametrize("level", ["easy", "basic", "normal"])
def test_a_short_game_at_each_rule_level_ends(level: str) -> None:
    rng = random.Random(4)
    players = {seat: make_player(level if seat.team is Team.NS else "basic", rng) for seat in Seat}
    game = play_game(Game(rng, Rules(points_to_win=3)), players)
    assert game.winner is not None


def test_a_hand_at_the_expert_level_is_played_through() -> None:
    rng = random.Random(6)
    players = {seat: make_player("expert", rng) for seat in (Seat.NORTH, Seat.SOUTH)}
    players.update({seat: RuleBot() for seat in (Seat.EAST, Seat.WEST)})
    hand = make_hand()
    while hand.turn is not None:
        view = SeatView.of(hand, hand.turn)
        hand.apply(players[hand.turn].choose(view).action)
    assert hand.result is not None
    assert len(hand.result.trick_winners) == 5  # bid, played through, not thrown in
    assert sum(hand.result.tricks_won.values()) == 5


def test_the_levels_are_described_once_and_the_help_says_them_all() -> None:
    assert LEVELS_HELP == (
        "easy (random cards), basic (the first rule bot), normal (a rule bot that says why),"
        " or expert (searches many deals)"
    )


def test_the_glossary_explains_the_words_a_beginner_meets_in_the_kata_s_own_words() -> None:
    for needed in ("Order up", "Pick up", "Loner", "Euchred", "March", "Stick the dealer"):
        assert needed in GLOSSARY
    # docs/rules.md: the kata calls the bowers the Right Bar and the Left Bar; the glossary
    # says both
    assert "Right Bar (right bower)" in GLOSSARY
    assert "Left Bar (left bower)" in GLOSSARY
    assert all(meaning.endswith(".") for meaning in GLOSSARY.values())


def test_the_benchmark_prints_wins_an_interval_and_decision_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--games", "2", "--ns", "normal", "--ew", "easy", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2
    assert report["players"] == {"NS": "normal", "EW": "easy"}
    assert report["wins"]["NS"] + report["wins"]["EW"] == 2
    assert report["ci95"] == list(wilson_interval(report["wins"]["NS"], 2))
    assert report["decision_time"]["NS"]["level"] == "normal"
    assert report["decision_time"]["NS"]["median_ms"] >= 0
    assert report["decision_time"]["NS"]["median_cpu_ms"] >= 0
    ns = report["decision_time"]["NS"]
    assert ns["median_ms"] <= ns["p90_ms"] <= ns["p95_ms"] <= ns["max_ms"]
    assert ns["p95_cpu_ms"] >= ns["median_cpu_ms"]


def test_the_benchmark_gives_the_same_games_whatever_the_number_of_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["--games", "2", "--ns", "basic", "--ew", "easy", "--seed", "5"])
    alone = json.loads(capsys.readouterr().out)
    main(["--games", "2", "--ns", "basic", "--ew", "easy", "--seed", "5", "--jobs", "2"])
    shared = json.loads(capsys.readouterr().out)
    assert alone["wins"] == shared["wins"]
    assert alone["hands"] == shared["hands"]


def test_no_games_give_no_rate_and_no_times(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "0"])
    report = json.loads(capsys.readouterr().out)
    assert report["win_rate"] is None
    assert report["ci95"] == [0.0, 1.0]
    assert report["decision_time"]["NS"]["median_ms"] is None
    assert report["decision_time"]["NS"]["p90_ms"] is None


def test_a_timed_player_times_every_question() -> None:
    timed = Timed(NormalBot())
    hand = run(make_hand(Rules(defend_alone=True)), "order up alone, discard 9C")
    assert timed.choose(SeatView.of(hand, Seat.EAST)).action == Pass()
    assert len(timed.seconds) == len(timed.cpu_seconds) == 1


def test_python_dash_m_runs_the_benchmark(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import runpy
    import sys

    argv = ["bench", "--games", "1", "--ns", "basic", "--ew", "easy", "--seed", "2"]
    monkeypatch.setattr(sys, "argv", argv)
    monkeypatch.delitem(sys.modules, "euchre.measure.match")  # run afresh, as `python -m` does
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("euchre.measure.match", run_name="__main__")
    assert exited.value.code == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_the_match_and_simulate_play_the_same_games_from_the_same_seed() -> None:
    from euchre.cli.self_play import play_one as simulated
    from euchre.measure.match import Task
    from euchre.measure.match import play_one as matched

    for number in range(4):
        game = simulated(number, 7, "basic", "easy", Rules())
        played = matched(Task(number, 7, "basic", "easy"))
        points = {str(team): sum(result.points[team] for result in game.results) for team in Team}
        assert (played["winner"], played["hands"], played["points"]) == (
            str(game.winner),
            len(game.results),
            points,
        )
