"""`euchre simulate --hands`: random self-play, reported as one JSON object."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from euchre.actions import Action
from euchre.cli import main
from euchre.history.record import rules_json
from euchre.rules import Rules
from tests.builders import Terminal


def simulate(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(["simulate", *args], stdout=out), out.getvalue()


def test_json_reports_hands_seconds_and_hands_per_second() -> None:
    status, out = simulate("--hands", "50", "--seed", "1", "--json")
    report = json.loads(out)
    assert status == 0
    assert report["hands"] == 50
    assert report["seconds"] > 0
    assert report["hands_per_second"] > 0
    assert sum(report["points"].values()) >= 50


def test_the_same_seed_plays_the_same_hands() -> None:
    first = json.loads(simulate("--hands", "30", "--seed", "4", "--json")[1])
    second = json.loads(simulate("--hands", "30", "--seed", "4", "--json")[1])
    assert first["points"] == second["points"]


def test_without_json_it_prints_a_sentence() -> None:
    status, out = simulate("--hands", "10", "--seed", "2")
    assert status == 0
    assert out.startswith("10 random hands in ")
    assert out.rstrip().endswith("hands per second")


def test_games_mode_reports_wins_the_win_rate_and_its_confidence_interval() -> None:
    status, out = simulate(
        "--games", "30", "--seed", "1", "--ns", "rule", "--ew", "random", "--json"
    )
    report = json.loads(out)
    assert status == 0
    assert report["games"] == 30
    assert report["players"] == {"NS": "rule", "EW": "random"}
    assert sum(report["wins"].values()) == 30
    assert report["win_rate"] == report["wins"]["NS"] / 30
    low, high = report["ci95"]
    assert low <= report["win_rate"] <= high
    assert report["hands"] >= 30
    assert report["hands_per_second"] > 0
    assert set(report["points_per_hand"]) == {"NS", "EW"}


def test_games_mode_in_words_with_rule_variants() -> None:
    status, out = simulate(
        "--games", "5", "--seed", "2", "--ns", "random", "--rules", "stick,defend-alone,points=3"
    )
    assert status == 0
    assert out.startswith("5 games: NS (random) won ")
    assert "95% confidence" in out
    assert "hands per second" in out


def test_a_progress_bar_shows_on_a_terminal_only() -> None:
    terminal = Terminal()
    assert main(["simulate", "--games", "3", "--seed", "3", "--json"], stdout=terminal) == 0
    assert "Playing games" in terminal.getvalue()
    assert "Playing games" not in simulate("--games", "3", "--seed", "3", "--json")[1]


def test_the_confidence_interval_of_no_games_is_everything() -> None:
    from euchre.cli.simulate import wilson_interval

    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("count", ["0", "-1", "-10000", "ten", "1.5", "\u0663"])
@pytest.mark.parametrize("mode", ["--hands", "--games"])
def test_counts_are_1_or_more_or_a_usage_error(
    mode: str, count: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        simulate(mode, count)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert f"{mode}: expected a whole number, 1 or more, got {count!r}" in err
    assert "Traceback" not in err


def test_random_hands_are_played_under_the_rules_given() -> None:
    from euchre.cli.simulate import play_random_hands

    default = play_random_hands(200, random.Random(5), Rules())
    variant = play_random_hands(200, random.Random(5), Rules(defend_alone=True))
    assert default["points"] != variant["points"]
    report = json.loads(simulate("--hands", "5", "--rules", "redeal,points=5", "--json")[1])
    assert report["rules"] == rules_json(Rules(stick_the_dealer=False, points_to_win=5))


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_ctrl_c_during_hands_prints_what_was_done_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, json_flag: list[str]
) -> None:
    from euchre.players.random_player import RandomPlayer

    real, calls = RandomPlayer.choose, []

    def choose(self: RandomPlayer, legal: Sequence[Action]) -> Action:
        calls.append(1)
        if len(calls) == 500:
            raise KeyboardInterrupt
        return real(self, legal)

    monkeypatch.setattr(RandomPlayer, "choose", choose)
    status, out = simulate("--hands", "1000", "--seed", "1", *json_flag)
    assert status == 130
    if json_flag:
        report = json.loads(out)
        assert report["interrupted"] is True
        assert 0 < report["hands"] < 1000
    else:
        assert out.startswith("Interrupted after ")
        assert " random hands in " in out


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_ctrl_c_during_games_prints_what_was_done_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, json_flag: list[str]
) -> None:
    from euchre.cli import simulate as simulate_module

    real, games = simulate_module.play_game, []

    def play_game(*args: Any, **kwargs: Any) -> Any:
        games.append(1)
        if len(games) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate_module, "play_game", play_game)
    status, out = simulate("--games", "10", "--seed", "1", *json_flag)
    assert status == 130
    if json_flag:
        report = json.loads(out)
        assert (report["interrupted"], report["games"]) == (True, 3)
        assert sum(report["wins"].values()) == 3
    else:
        assert out.startswith("Interrupted after 3 of 10 games: NS (rule) won ")


def test_ctrl_c_before_any_game_is_finished_reports_no_rate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from euchre.cli import simulate as simulate_module

    def play_game(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate_module, "play_game", play_game)
    status, out = simulate("--games", "10", "--json")
    assert status == 130
    assert json.loads(out)["win_rate"] is None
