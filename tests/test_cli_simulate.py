"""`euchre simulate --hands`: random self-play, reported as one JSON object."""

from __future__ import annotations

import io
import json

from euchre.cli import main
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
    assert simulate("--games", "0", "--json")[0] == 0
