"""The practice scored: each episode of a history classified as Zorro did, and the size of the
steps and how even they are, as Fucci et al. measured them."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from euchre.kata.coach.record import episodes
from euchre.kata.coach.record.line import Line

START = datetime(2026, 3, 14, 9, 0, tzinfo=UTC)


def run(minute: float, light: str, reached: int, passed: int | None = None, **more: object) -> Line:
    passed = reached if passed is None else passed
    time = START + timedelta(minutes=minute)
    return Line(time, 1, f"at {minute}", light, passed, reached, **more)  # type: ignore[arg-type]


HISTORY = [
    run(0, "red", 1, 0),  # test-first: a new scenario red, then made green
    run(2, "green", 1),
    run(3, "green", 2, passed_at_once=True),  # test-addition: a new scenario green at once
    run(4, "green", 2, refactor=True),  # refactoring
    run(5, "amber", 2),  # production-first: code first, no red seen, then a new scenario green
    run(9, "green", 3),
    run(10, "red", 3, 2),  # regression: a scenario that passed fails, no new one
    run(11, "green", 3),
    run(12, "green", 3),  # nothing changed: no episode
    run(13, "red", 4, 3),  # unfinished: not an episode yet
]


def test_each_episode_ends_with_a_green_and_is_classified_as_zorro_did() -> None:
    found = episodes.of(HISTORY)
    assert [(e.kind, e.first, e.last) for e in found] == [
        ("test-first", 0, 1),
        ("test-addition", 2, 2),
        ("refactoring", 3, 3),
        ("production-first", 4, 5),
        ("regression", 6, 7),
    ]
    assert [e.minutes for e in found] == [2, 1, 1, 5, 2]


def test_the_step_size_is_the_lines_from_red_to_green_and_its_evenness_their_spread() -> None:
    lines = {1: 12, 7: 4}
    words = episodes.summary(HISTORY, lambda red, green: lines.get(green))
    assert words == [
        "Episodes: 1 test-first, 1 test-addition, 1 refactoring, 1 production-first, 1 regression",
        "Steps from red to green: 8 lines (median of 2), spread 4 lines (median absolute"
        " deviation); episodes 2 min long (median of 5), spread 1 min",
    ]


def test_where_the_learner_writes_the_specification_a_green_added_is_a_test_addition() -> None:
    """At levels steps, examples and stories the learner writes no code: a green with more
    passing and no red before it is an example or a step added, not code first."""
    spec = [run(m, "green", m + 1, specified=f"{m}", files_hash=f"{m}") for m in (0, 1)]
    model = [run(m, "green", m + 1, examples=m + 1, files_hash=f"{m}") for m in (0, 1)]
    assert [e.kind for e in episodes.of(spec)] == ["test-addition", "test-addition"]
    assert [e.kind for e in episodes.of(model)] == ["production-first", "production-first"]


def test_where_the_learner_writes_the_examples_one_taken_away_between_greens_is_a_refactoring() -> (
    None
):
    """A pair at level stories removed a weak example, green before and after: a facilitator
    read "9 test-addition" where nothing was added. Nothing more is specified."""
    before = run(0, "green", 7, examples=10, specified="a", files_hash="a", level="stories")
    fewer = run(1, "green", 6, examples=9, specified="b", files_hash="b", level="stories")
    assert [e.kind for e in episodes.of([before, fewer])] == ["test-addition", "refactoring"]


def test_episodes_under_a_minute_are_said_in_seconds() -> None:
    """A "cycle" is the red-to-green one elsewhere: here the measure is each episode's length,
    and a quick one reads as seconds, not as 0.0833 min."""
    quick = [
        run(0, "red", 1, 0),
        run(0.05, "green", 1),
        run(0.1, "red", 2, 1),
        run(0.3, "green", 2),
    ]
    assert episodes.summary(quick, lambda red, green: None)[1] == (
        "Steps from red to green: lines not known; episodes 9 s long (median of 2), spread 6 s"
    )


def test_episodes_over_a_minute_are_said_in_minutes_and_seconds_and_lines_whole() -> None:
    """As the room reads times everywhere else ("1 min 15 s"): "2.08 min" and "1.02 min" read
    badly aloud; a step of 1,290 lines was said "1.29e+03 lines"."""
    runs = [
        run(0, "red", 1, 0),
        run(2 + 5 / 60, "green", 1),
        run(3, "red", 2, 1),
        run(5 + 10 / 60, "green", 2),  # episodes of 2 min 5 s and 3 min 5 s
    ]
    assert episodes.summary(runs, lambda red, green: {1: 1290, 3: 1291}[green])[1] == (
        "Steps from red to green: 1290.5 lines (median of 2), spread 0.5 lines (median absolute"
        " deviation); episodes 2 min 35 s long (median of 2), spread 30 s"
    )


def test_a_history_with_no_episode_says_so() -> None:
    assert episodes.summary([run(0, "red", 1, 0)], lambda red, green: None) == [
        "Episodes: none yet (an episode ends with a green run)"
    ]
    assert episodes.summary(HISTORY[:2], lambda red, green: None)[1] == (
        "Steps from red to green: lines not known; one episode, 2 min long"
    )


def test_one_step_is_said_as_one_and_one_line_as_a_line() -> None:
    """A median of one and a spread of nothing say nothing a facilitator can read out."""
    assert episodes.summary(HISTORY, lambda red, green: {1: 1}.get(green))[1].startswith(
        "Steps from red to green: 1 line (one step); episodes"
    )
    assert episodes.summary(HISTORY, lambda red, green: {1: 3, 7: 1}[green])[1].startswith(
        "Steps from red to green: 2 lines (median of 2), spread 1 line (median absolute"
    )


def test_a_history_with_no_red_made_green_has_no_steps_rather_than_lines_not_known() -> None:
    """A pair at level examples who was never red: "lines not known" read as missing data."""
    greens = [run(m, "green", m + 1, examples=m + 1, files_hash=f"{m}") for m in (0, 1)]
    assert episodes.summary(greens, lambda red, green: None)[1] == (
        "Steps from red to green: none, no red run went green; episodes 30 s long (median of 2),"
        " spread 30 s"
    )


def test_a_red_after_the_specification_changed_is_test_first_not_a_regression() -> None:
    """At level steps a pair made a step check more, and scenarios that had passed went red:
    the check did its job, a new test red first (a facilitator heard "regression" as untrue).
    A red with what is specified unchanged is still one."""
    before = run(0, "green", 2, specified="a", files_hash="1")
    stricter = [before, run(1, "red", 2, 1, specified="b"), run(2, "green", 2, specified="b")]
    broken = [before, run(1, "red", 2, 1, specified="a"), run(2, "green", 2, specified="a")]
    assert [e.kind for e in episodes.of(stricter)] == ["test-addition", "test-first"]
    assert [e.kind for e in episodes.of(broken)] == ["test-addition", "regression"]


def test_a_step_is_measured_from_its_first_red_to_its_green_across_ambers_on_the_way() -> None:
    """Two ambers between a red and its green: the step was measured from the last amber, 4
    lines of the 41 the pair changed; and from the last of its reds (facilitators)."""
    runs = [
        run(0, "red", 1, 0),
        run(1, "red", 1, 0),
        run(2, "amber", 1),
        run(3, "amber", 1),
        run(4, "green", 1),
    ]
    measured: list[tuple[int, int]] = []

    def size(red: int, green: int) -> int:
        measured.append((red, green))
        return 41

    assert episodes.summary(runs, size)[1].startswith("Steps from red to green: 41 lines (one")
    assert measured == [(0, 4)]


def test_a_step_after_baby_steps_put_the_files_back_starts_from_the_green_they_went_back_to() -> (
    None
):
    runs = [
        run(0, "green", 1, run="a"),
        run(1, "red", 2, 1, run="b"),
        run(2, "amber", 2, run="c", reverted=True),
        run(3, "green", 2, run="d"),
    ]
    assert episodes.step_start(runs, 1, 3) == runs[0], "the amber's files were put back"
    assert episodes.step_start(runs, 1, 2) == runs[1]
    assert episodes.step_start(runs[1:], 0, 2) is None, "no green to go back to"
    assert [episodes.started_from(runs, n) for n in range(4)] == [None, runs[0], runs[1], runs[0]]


def test_at_level_steps_a_green_again_that_checks_no_more_is_a_refactoring() -> None:
    """A helper pulled out of the steps, the steps changed and nothing more reached or caught:
    four facilitators read "1 test-addition" where nothing was added. Steps that catch a wrong
    model they let through, or a Then that now checks something, are a check added."""
    measured = {"level": "steps", "caught": 6, "wrong_models": 7}
    before = run(0, "green", 4, specified="a", files_hash="a", through=("x",), **measured)
    tidy = run(1, "green", 4, specified="b", files_hash="b", through=("x",), **measured)
    assert [e.kind for e in episodes.of([before, tidy])] == ["test-addition", "refactoring"]
    caught = replace(tidy, through=())
    filled = replace(before, empty_thens=("the players are dealt:",))
    assert [e.kind for e in episodes.of([before, caught])][1] == "test-addition"
    assert [e.kind for e in episodes.of([filled, tidy])][1] == "test-addition"
    more = replace(tidy, reached=5, passed=5)
    assert [e.kind for e in episodes.of([before, more])][1] == "test-addition"
    # Code the steps reach, written between two greens, made them catch 3 more wrong models
    # of as many measured (a facilitator's pair): a check added, not a tidy.
    measuring = replace(before, through=(), caught=0, wrong_models=3)
    catching = replace(tidy, through=(), caught=3, wrong_models=3)
    assert [e.kind for e in episodes.of([measuring, catching])][1] == "test-addition"
    assert [e.kind for e in episodes.of([catching, replace(catching, files_hash="c")])] == [
        "test-addition",
        "refactoring",
    ]
    # The model changed, the steps not: a tidy of the model, though the steps now catch one
    # more that had met a part not yet written; no check was added (two facilitators: "they
    # tidied", of "DECK" pulled out and of a deal rewritten with `Seat.left`).
    unwritten = replace(before, caught=5, through=("x",))
    more = replace(unwritten, files_hash="b", caught=6)
    assert [e.kind for e in episodes.of([unwritten, more])][1] == "refactoring"
    assert not episodes.checks_more(unwritten, more)


def test_a_green_again_after_ambers_alone_is_no_code_first() -> None:
    """Green, two ambers from a syntax error, green with nothing more passing: a facilitator
    read "1 production-first" of a pair who had written no code ahead of a test. With the
    files as they were, nothing was done; with them changed, it is a refactoring."""
    before = run(0, "green", 4, files_hash="a")
    ambers = [run(1, "amber", 4, 0, files_hash="b"), run(2, "amber", 4, 0, files_hash="c")]
    back = run(3, "green", 4, files_hash="a")
    assert [e.kind for e in episodes.of([before, *ambers, back])] == ["production-first"]
    tidied = replace(back, files_hash="d")
    assert [e.kind for e in episodes.of([before, *ambers, tidied])][1] == "refactoring"
    ahead = replace(tidied, reached=5, passed=5)  # code for a scenario not yet revealed
    assert [e.kind for e in episodes.of([before, *ambers, ahead])][1] == "production-first"
    examples = [replace(line, specified="s") for line in (before, *ambers)]
    added = replace(tidied, specified="t")  # at level examples: an example added
    assert [e.kind for e in episodes.of([*examples, added])][1] == "test-addition"
