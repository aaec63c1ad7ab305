"""The coach names the command the learner typed: make's words in the workspace's Makefile (the
default), or `euchre kata ...` when the front door ran it, as on a laptop without make."""

from __future__ import annotations

from pathlib import Path

import pytest

from euchre.kata.coach import typed
from euchre.kata.coach.record import reach
from tests.workspaces import run, write_stage

FRONT_DOOR = "euchre kata"


@pytest.fixture
def through_the_front_door(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(typed.ENVIRONMENT, FRONT_DOOR)


@pytest.fixture
def through_make(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(typed.ENVIRONMENT, raising=False)


@pytest.mark.parametrize(
    ("name", "options", "make", "front_door"),
    [
        ("test", {}, "make test", "euchre kata test"),
        ("test", {"full": True}, "make test FULL=1", "euchre kata test --full"),
        ("next", {"stage": 2}, "make next STAGE=2", "euchre kata next --stage 2"),
        ("review", {"run": "N"}, "make review RUN=N", "euchre kata review --run N"),
        ("join", {}, "make join", "euchre kata join"),
    ],
)
def test_a_command_is_said_in_the_words_the_learner_types(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    options: dict[str, object],
    make: str,
    front_door: str,
) -> None:
    monkeypatch.delenv(typed.ENVIRONMENT, raising=False)
    assert typed.command(name, **options) == make
    monkeypatch.setenv(typed.ENVIRONMENT, FRONT_DOOR)
    assert typed.command(name, **options) == front_door


def test_an_option_is_said_in_the_words_the_learner_types(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(typed.ENVIRONMENT, raising=False)
    assert (typed.option("stage", 3), typed.option("dojo", "'x'")) == ("STAGE=3", "DOJO='x'")
    monkeypatch.setenv(typed.ENVIRONMENT, FRONT_DOOR)
    assert (typed.option("stage", 3), typed.option("dojo", "'x'")) == ("--stage 3", "'x'")


@pytest.mark.usefixtures("through_the_front_door")
def test_through_the_front_door_a_join_refused_names_its_command(workspace: Path) -> None:
    assert run(workspace, "join", "nowhere", "KXR-MAW", "Ada") == (
        2,
        "euchre kata join: 'nowhere' is not an address like http://192.168.1.20:8000 (http or"
        " https, a host, and a port from 1 to 65535 if one is given)",
    )


@pytest.mark.usefixtures("through_make")
def test_through_make_a_red_run_points_to_make_for_the_full_traceback(workspace: Path) -> None:
    write_stage(workspace, 1, "is not written yet")
    assert "The full traceback: make test FULL=1" in run(workspace, "test")[1]


@pytest.mark.usefixtures("through_the_front_door")
def test_through_the_front_door_a_red_run_points_to_its_own_command(workspace: Path) -> None:
    write_stage(workspace, 1, "is not written yet")
    _, out = run(workspace, "test")
    assert "The full traceback: euchre kata test --full" in out
    assert "make" not in out


@pytest.mark.usefixtures("through_the_front_door")
def test_through_the_front_door_next_is_named_as_typed(workspace: Path) -> None:
    write_stage(workspace, 1, "passes", "passes")
    write_stage(workspace, 2, "passes")
    assert run(workspace, "next") == (
        2,
        "euchre kata next: run the tests first, with `euchre kata test`: there is no run yet.",
    )
    _, green = run(workspace, "test")
    assert "Refactor while it is green, commit, then `euchre kata next` for scenario 2" in green
    assert run(workspace, "next", "--stage", "2")[1] == (
        "euchre kata next: --stage 2 is not open: take stage 1, one stage at a time"
    )
    run(workspace, "next")
    _, done = run(workspace, "test")
    assert "then `euchre kata next` for the next stage." in done
    assert reach.load(workspace) == reach.Reach(1, 2)


@pytest.mark.usefixtures("through_the_front_door")
def test_through_the_front_door_progress_and_review_name_their_commands(workspace: Path) -> None:
    assert run(workspace, "progress") == (
        0,
        "No runs yet: `euchre kata test` starts the history.",
    )
    assert run(workspace, "review") == (0, "No runs yet: `euchre kata test` starts the history.")
