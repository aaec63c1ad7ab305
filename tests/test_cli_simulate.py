"""`euchre simulate --hands`: random self-play, reported as one JSON object."""

from __future__ import annotations

import io
import json

from euchre.cli import main


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
