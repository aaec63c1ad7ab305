"""`euchre simulate --hands`: random self-play, reported as one JSON object."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from euchre.cards import Card
from euchre.cli import main
from euchre.history.record import rules_json
from euchre.rules import Rules
from tests.builders import Terminal
from tests.cli.terminals import ctrl_c_as_at_a_terminal
from tests.paths import ROOT


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
    assert report["players"] == {"NS": "basic", "EW": "easy"}  # the levels' names now
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
    assert out.startswith("5 games: NS (easy) won ")
    assert "95% confidence" in out
    assert "hands per second" in out


def test_a_progress_bar_shows_on_a_terminal_only() -> None:
    terminal = Terminal()
    assert main(["simulate", "--games", "3", "--seed", "3", "--json"], stdout=terminal) == 0
    assert "Playing games" in terminal.getvalue()
    assert "Playing games" not in simulate("--games", "3", "--seed", "3", "--json")[1]


def test_the_confidence_interval_of_no_games_is_everything() -> None:
    from euchre.measure.intervals import wilson_interval

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
    from euchre.cli import simulate as module

    real, calls = module.shuffled_deck, []

    def shuffled(rng: random.Random) -> list[Card]:
        calls.append(1)
        if len(calls) == 50:  # Ctrl-C while the 50th hand is dealt
            raise KeyboardInterrupt
        return real(rng)

    monkeypatch.setattr(module, "shuffled_deck", shuffled)
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
    from euchre.cli import self_play

    real, games = self_play.play_game, []

    def play_game(*args: Any, **kwargs: Any) -> Any:
        games.append(1)
        if len(games) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(self_play, "play_game", play_game)
    status, out = simulate("--games", "10", "--seed", "1", "--jobs", "1", *json_flag)
    assert status == 130
    if json_flag:
        report = json.loads(out)
        assert (report["interrupted"], report["games"]) == (True, 3)
        assert sum(report["wins"].values()) == 3
    else:
        assert out.startswith("Interrupted after 3 of 10 games: NS (basic) won ")


def test_ctrl_c_before_any_game_is_finished_reports_no_rate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from euchre.cli import self_play

    def play_game(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(self_play, "play_game", play_game)
    status, out = simulate("--games", "10", "--jobs", "1", "--json")
    assert status == 130
    assert json.loads(out)["win_rate"] is None


# Levels by name, and games in several processes


@pytest.mark.parametrize(
    ("given", "level"), [("rule", "basic"), ("random", "easy"), ("Normal", "normal")]
)
def test_the_levels_are_named_as_in_play_and_the_old_names_still_work(
    given: str, level: str
) -> None:
    report = json.loads(simulate("--games", "2", "--seed", "1", "--ns", given, "--json")[1])
    assert report["players"]["NS"] == level


def test_an_unknown_level_is_a_usage_error_naming_the_levels(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        simulate("--games", "2", "--ew", "grandmaster")
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "'grandmaster' is not a level: choose easy (random cards), basic" in err


@pytest.mark.e2e
def test_two_processes_play_the_same_games_as_one() -> None:
    def totals(jobs: str) -> dict[str, Any]:
        out = simulate("--games", "24", "--seed", "7", "--ns", "normal", "--jobs", jobs, "--json")
        report = json.loads(out[1])
        assert report["jobs"] == int(jobs)
        for key in ("seconds", "games_per_second", "hands_per_second", "jobs"):
            assert report.pop(key) is not None
        return report

    serial, parallel = totals("1"), totals("2")
    assert serial == parallel
    assert serial["seed"] == 7


def test_games_per_second_and_the_processes_are_reported_in_words() -> None:
    status, out = simulate("--games", "4", "--seed", "3", "--jobs", "1")
    assert status == 0
    assert " games per second in 1 process; " in out
    status, out = simulate("--games", "4", "--seed", "3", "--jobs", "2")
    assert " games per second in 2 processes; " in out


def test_without_a_seed_the_report_gives_one_that_repeats_the_run() -> None:
    first = json.loads(simulate("--games", "3", "--jobs", "1", "--json")[1])
    again = json.loads(
        simulate("--games", "3", "--jobs", "1", "--seed", str(first["seed"]), "--json")[1]
    )
    assert (again["wins"], again["hands"]) == (first["wins"], first["hands"])


def test_no_more_processes_than_games_and_one_for_each_core_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert json.loads(simulate("--games", "1", "--jobs", "8", "--json")[1])["jobs"] == 1
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert json.loads(simulate("--games", "5", "--json")[1])["jobs"] == 2
    monkeypatch.setattr("os.cpu_count", lambda: None)
    assert json.loads(simulate("--games", "5", "--json")[1])["jobs"] == 1


def test_batches_cover_every_game_once() -> None:
    import argparse

    from euchre.cli.self_play import batches

    args = argparse.Namespace(games=203, ns="basic", ew="easy", rules=Rules())
    for jobs in (1, 2, 3):
        numbers = [n for b in batches(args, 1, jobs) for n in range(b.first, b.first + b.count)]
        assert numbers == list(range(203))
    assert {b.count for b in batches(args, 1, 2)} == {6, 5}
    args.games = 2000
    assert {b.count for b in batches(args, 1, 2)} == {10}


@pytest.mark.parametrize("count", ["0", "257", "two", "-1"])
def test_jobs_are_1_to_256_or_a_usage_error(count: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        simulate("--games", "2", "--jobs", count)
    assert exited.value.code == 2
    assert f"--jobs: expected a number of processes from 1 to 256, got {count!r}" in (
        capsys.readouterr().err
    )


def test_worker_processes_leave_ctrl_c_to_the_main_process() -> None:
    import signal

    from euchre.cli.self_play import ignore_ctrl_c

    before = signal.getsignal(signal.SIGINT)
    try:
        ignore_ctrl_c()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.e2e
def test_ctrl_c_stops_the_worker_processes_and_reports_what_was_done() -> None:
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    process = subprocess.Popen(
        [sys.executable, "-m", "euchre", "simulate", "--games", "100000", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    # Ctrl-C once the games are under way (its worker processes exist), not while Python is
    # still starting up, which on a loaded machine can take longer than any fixed wait.
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    deadline = time.monotonic() + 60
    while not children.read_text().split() and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert err == b""
    assert out.startswith(b"Interrupted after ")


def test_where_signals_cannot_be_held_ctrl_c_is_not_held_while_the_workers_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Windows has no pthread_sigmask: the pool starts as it would without the hold."""
    from euchre.cli import self_play

    held: list[object] = []
    monkeypatch.setattr(self_play.signal, "pthread_sigmask", lambda *args: held.append(args))
    monkeypatch.setattr(self_play.sys, "platform", "win32")
    assert self_play._block_ctrl_c() == set()
    self_play._unblock(set())
    assert held == []
