"""The verdict: one pure function decides a run's light and what it means, from what the run
found and the run recorded before it. Each row is a case a learner met."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from euchre.kata.coach.record.line import Line
from euchre.kata.coach.verdict import Verdict, decide


@dataclass(frozen=True)
class Found:
    """What a run found, as the verdict reads it (``verdict.Evidence``)."""

    files_hash: str
    reached: int
    examples: int
    failed: bool = False
    broken: bool = False
    interrupted: bool = False
    revealed: tuple[str, ...] = ()
    caught: int | None = None
    let_through: int = 0
    specified: str = ""
    unwritten: tuple[str, ...] = ()
    misshapen: tuple[str, ...] = ()
    stage_revealed: bool = False
    uncaught: int = 0


TIME = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)
GREEN = Line(TIME, 1, "x", "green", 7, 7, files_hash="ab12", examples=7, caught=3, wrong_models=5)
"""The run before: green, 7 examples reached, 3 of 5 wrong models caught."""
RED = Line(TIME, 1, "x", "red", 6, 7, files_hash="ab12", examples=7)
SPECIFIED = Line(
    TIME, 1, "x", "green", 7, 7, files_hash="ab12", examples=7, caught=3, specified="s1"
)
"""A green line that says what the learner's examples or steps specified."""
OLD = Line(TIME, 1, "x", "green", 2, 2, files_hash="ab12")
"""A green line written before examples were counted: its scenarios alone are compared."""
SAME = Found(files_hash="ab12", reached=7, examples=7, caught=3)
CHANGED = Found(files_hash="cd34", reached=7, examples=7, caught=3)


@pytest.mark.parametrize(
    ("before", "found", "verdict"),
    [
        # The light.
        pytest.param(None, SAME, Verdict("green"), id="green: everything reached passes"),
        pytest.param(None, Found("ab12", 1, 1, failed=True), Verdict("red"), id="red"),
        pytest.param(None, Found("ab12", 1, 1, broken=True), Verdict("amber"), id="amber"),
        pytest.param(
            None,
            Found("ab12", 1, 1, broken=True, failed=True),
            Verdict("amber"),
            id="amber before red: what does not import does not fail",
        ),
        pytest.param(
            None,
            Found("ab12", 0, 0),
            Verdict("amber"),
            id="nothing written is not green (level examples, 0 of 0)",
        ),
        pytest.param(
            GREEN,
            Found("cd34", 1, 1, interrupted=True),
            Verdict("interrupted"),
            id="Ctrl-C: interrupted, whatever passed before it",
        ),
        pytest.param(
            GREEN,
            Found("cd34", 1, 1, interrupted=True, failed=True, broken=True),
            Verdict("interrupted"),
            id="Ctrl-C outweighs every other light",
        ),
        # What a green means: passed at once.
        pytest.param(
            GREEN,
            Found("ab12", 8, 8, caught=3, revealed=("a scenario",)),
            Verdict("green", passed_at_once=True),
            id="a revealed scenario passing before any change: at once",
        ),
        pytest.param(
            GREEN,
            Found("ab12", 8, 8, failed=True, revealed=("a scenario",)),
            Verdict("red"),
            id="a revealed scenario failing: red, not at once",
        ),
        # What a green means: the stage done.
        pytest.param(
            None,
            Found("ab12", 7, 7, stage_revealed=True),
            Verdict("green", stage_done=True),
            id="the stage done: green, all of it revealed",
        ),
        pytest.param(
            None,
            Found("ab12", 7, 7, stage_revealed=True, uncaught=1),
            Verdict("green"),
            id="not done: all of it revealed, but a wrong model passes",
        ),
        pytest.param(
            None,
            Found("ab12", 7, 7, failed=True, stage_revealed=True),
            Verdict("red"),
            id="not done: all of it revealed, and red",
        ),
        # What a green means: a refactor, and what is not one.
        pytest.param(GREEN, CHANGED, Verdict("green", refactor=True), id="refactor"),
        pytest.param(GREEN, SAME, Verdict("green"), id="not a refactor: nothing changed"),
        pytest.param(RED, CHANGED, Verdict("green"), id="not a refactor: green after red"),
        pytest.param(None, CHANGED, Verdict("green"), id="not a refactor: the first run"),
        pytest.param(
            Line(TIME, 1, "x", "green", 7, 7, examples=7, caught=3),
            CHANGED,
            Verdict("green"),
            id="not a refactor: the run before kept no hash of the files",
        ),
        pytest.param(
            GREEN,
            Found("cd34", 7, 7, caught=4),
            Verdict("green"),
            id="not a refactor: a stronger example (caught 3 to 4)",
        ),
        pytest.param(
            GREEN,
            Found("cd34", 6, 6, caught=3),
            Verdict("green"),
            id="not a refactor: a deleted example (7 to 6)",
        ),
        pytest.param(
            GREEN,
            Found("cd34", 8, 8, caught=3),
            Verdict("green"),
            id="not a refactor: an example more",
        ),
        pytest.param(
            GREEN,
            Found("cd34", 6, 7, caught=3),
            Verdict("green", refactor=True),
            id="refactor: two examples merged into an outline keep their rows",
        ),
        pytest.param(
            GREEN,
            Found("cd34", 7, 7, caught=3, let_through=1),
            Verdict("green"),
            id="not a refactor: a weakened Then lets a wrong model through (level steps)",
        ),
        pytest.param(
            SPECIFIED,
            Found("cd34", 7, 7, caught=3, specified="s2"),
            Verdict("green"),
            id="not a refactor: what the examples or the steps say changed (rows, a Then)",
        ),
        pytest.param(
            SPECIFIED,
            Found("cd34", 7, 7, caught=3, specified="s1"),
            Verdict("green", refactor=True),
            id="refactor: the code changed, what is specified did not",
        ),
        pytest.param(
            GREEN,  # nothing specified: no unit test yet, at level model
            Found("cd34", 7, 7, caught=3, specified="t1"),
            Verdict("green"),
            id="not a refactor: a first unit test, where nothing was specified before",
        ),
        pytest.param(
            GREEN,
            Found("cd34", 7, 7, caught=3, unwritten=("a Rule",)),
            Verdict("amber"),
            id="amber: a revealed Rule has no example yet (nothing written for it)",
        ),
        pytest.param(
            GREEN,
            Found("cd34", 7, 7, caught=3, misshapen=("two Whens",)),
            Verdict("amber"),
            id="amber: an example has no When, or two (levels examples and stories)",
        ),
        pytest.param(
            OLD,
            Found("cd34", 2, 9),
            Verdict("green", refactor=True),
            id="refactor after a line from before examples were counted: same scenarios",
        ),
        pytest.param(
            OLD,
            Found("cd34", 3, 9),
            Verdict("green"),
            id="not a refactor after such a line: a scenario more",
        ),
    ],
)
def test_the_verdict_decides_the_light_and_what_it_means(
    before: Line | None, found: Found, verdict: Verdict
) -> None:
    assert decide(before, found) == verdict


def test_an_interrupted_run_is_the_only_one_not_recorded() -> None:
    assert not Verdict("interrupted").recorded
    assert all(Verdict(light).recorded for light in ("green", "red", "amber"))  # type: ignore[arg-type]
