"""The coach: one scenario at a time, traffic lights, readable failures, history and progress.

These run the coach in this process on small made-up workspaces (not the real kata), so
that what they check is the coach itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from freezegun import freeze_time
from syrupy.assertion import SnapshotAssertion

from euchre.kata.coach.cli import main
from euchre.kata.coach.record import history, learner, progress, reach
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.stages import KATA_STAGES, STAGES
from euchre.kata.coach.running import features
from tests.transcripts import said
from tests.workspaces import (
    LEARNERS_IMPORT,
    LEARNERS_RED_TEST,
    STEPS,
    across_an_amber,
    forget_steps,
    kept_runs,
    run,
    write_learners_bug,
    write_stage,
)

# The rhythm: one scenario at a time.


def test_a_new_workspace_runs_only_the_first_scenario_of_stage_1(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1, "is not written yet", "is not written yet")
    write_stage(workspace, 2, "is not written yet")
    code, out = run(workspace, "test")
    assert code == 1
    assert "Scenario 2" not in out
    assert "Play order" not in out
    assert said("make test", out) == transcript


def test_a_red_run_shows_the_failing_step_as_written_and_its_definition(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1, "is not written yet")
    _, out = run(workspace, "test")
    assert said("make test", out) == transcript


def test_a_failed_comparison_shows_both_values_in_full(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1, "compares two hands")
    _, out = run(workspace, "test")
    assert said("make test", out) == transcript


def test_a_scenario_that_never_ends_is_stopped_and_the_run_is_red(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deal whose loop never got back to the dealer hung `make test` for ten minutes, and the
    dojo's board and retrospective saw no run at all: each scenario has a time limit (a real
    timer, here a short one), past which it fails, and the run is red, and kept."""
    from euchre.kata.coach.running import session

    monkeypatch.setattr(session, "TIME_LIMIT", 0.2)
    write_stage(workspace, 1, "loops")
    path = workspace / STAGES[0].steps
    path.write_text(
        path.read_text()
        + '\n@then("it loops")\ndef _loops() -> None:\n    while True:\n        pass\n'
    )
    code, out = run(workspace, "test")
    assert code == 1, out
    assert out.splitlines()[2:4] == [
        "  failed at: Then it loops  (step_defs/test_dealing.py:20)",
        "    TimeoutError: it ran over 0.2 s and was stopped: is there a loop that never ends?",
    ], out
    assert [line.light for line in kept_runs(workspace)] == ["red"]


@pytest.mark.parametrize(("platform", "timed"), [("linux", True), ("win32", False)])
def test_each_test_runs_on_a_timer_stopped_after_it_where_there_is_a_timer_s_signal(
    monkeypatch: pytest.MonkeyPatch, platform: str, timed: bool
) -> None:
    import signal

    from euchre.kata.coach.running import session

    monkeypatch.setattr(sys, "platform", platform)
    call = session.TimeLimit().pytest_runtest_call()
    next(call)
    assert (signal.getitimer(signal.ITIMER_REAL)[0] > 0) is timed
    with pytest.raises(StopIteration):
        call.send(None)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0), "stopped once the test ends"


def test_a_step_that_fails_before_its_function_runs_is_still_named(workspace: Path) -> None:
    write_stage(workspace, 1)
    path = workspace / STAGES[0].steps
    path.write_text(path.read_text().replace('@then("it passes")\ndef _passes() -> None: ...', ""))
    _, out = run(workspace, "test")
    # Not a transcript: pytest-bdd's own words name the feature by its path on this machine.
    assert "failed at: Then it passes  (no step definition matches this text yet)" in out
    assert "raised at" not in out, "inside pytest-bdd, which is no help to the learner"


def test_next_after_a_red_run_refuses_in_one_line(workspace: Path) -> None:
    write_stage(workspace, 1, "is not written yet", "passes")
    run(workspace, "test")
    code, out = run(workspace, "next")
    assert (code, out) == (
        2,
        "make next: make your last run green first (it was red).",
    )
    assert reach.load(workspace) == reach.Reach(1, 1)


def test_next_before_any_run_refuses(workspace: Path) -> None:
    write_stage(workspace, 1, "passes", "passes")
    assert run(workspace, "next") == (
        2,
        "make next: run the tests first, with `make test`: there is no run yet.",
    )


def test_next_after_green_reveals_one_scenario_shows_it_and_watches_it_fail(
    workspace: Path,
) -> None:
    write_stage(workspace, 1, "passes", "is not written yet", "passes")
    assert run(workspace, "test")[0] == 0
    code, out = run(workspace, "next")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == (
        "Next: scenario 2 of 3 in stage 1, Dealing the hand  (features/dealing.feature:11)"
    )
    assert lines[2:7] == [
        "    Rule: Rule 2 of Dealing the hand",
        "    ",
        "    Scenario: Scenario 2 of Dealing the hand",
        "      Given a start",
        "      Then it is not written yet",
    ]
    assert (
        "🟥 Stage 1 of 10, Dealing the hand, scenario 2 of 3: 1 of 2 reached scenarios pass" in out
    )
    assert "Scenario 3" not in out
    assert kept_runs(workspace)[-1].scenario == "Scenario 2 of Dealing the hand"
    assert not kept_runs(workspace)[-1].passed_at_once


def test_test_never_reveals_anything(workspace: Path) -> None:
    write_stage(workspace, 1, "passes", "passes")
    for _ in range(3):
        assert run(workspace, "test")[0] == 0
    assert [run.reached for run in kept_runs(workspace)] == [1, 1, 1]


def test_a_scenario_that_passes_as_soon_as_it_is_revealed_is_said_and_recorded(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1, "passes", "passes", "passes")
    run(workspace, "test")
    code, out = run(workspace, "next")
    assert code == 0
    assert said("make next", out) == transcript
    assert [run.passed_at_once for run in kept_runs(workspace)] == [False, True]
    assert run(workspace, "test")[0] == 0
    assert not kept_runs(workspace)[-1].passed_at_once  # only the run that revealed it


def test_a_stage_is_announced_as_done_once_with_its_scenarios_cycles_and_minutes(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1, "passes", "is not written yet")
    write_stage(workspace, 2, "passes")
    with freeze_time("2026-11-25 10:00:00") as clock:
        run(workspace, "test")
        clock.tick(timedelta(minutes=3))
        run(workspace, "next")
        clock.tick(timedelta(minutes=4))
        write_stage(workspace, 1, "passes", "passes")
        code, out = run(workspace, "test")
        again = run(workspace, "test")[1]
        revealed = run(workspace, "next")[1]  # on the same clock: its stage took 0 s
    assert code == 0
    assert "is done" not in again
    assert said("make test", out, "make test", again, "make next", revealed) == transcript
    kept = history.read(workspace, pytest.fail)
    # stage 2 of one scenario, which passes at once: done as soon as it is revealed
    assert [run.stage_done for run in kept] == [False, False, True, True, True]


def test_a_stage_done_takes_the_time_make_progress_gives_it_after_the_next_stage_begins(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    """A stage's time has one count (record/progress.py): the time before a run counts for
    that run's stage, so the time the done message gives is that `make progress` gives once
    the learner has moved on; to the second, as a room hears it ("0 min" of 42 s read as
    nothing done)."""
    write_stage(workspace, 1, "passes", "is not written yet")
    write_stage(workspace, 2, "is not written yet")
    with freeze_time("2026-11-25 10:00:00") as clock:
        run(workspace, "test")
        clock.tick(timedelta(minutes=1))
        run(workspace, "next")
        clock.tick(timedelta(seconds=20))
        write_stage(workspace, 1, "passes", "passes")
        out = run(workspace, "test")[1]
        assert (
            "✅ Stage 1, Dealing the hand, is done: 2 scenarios, 1 red-to-green cycle, 1 min 20 s."
            in out
        )
        clock.tick(timedelta(seconds=40))
        run(workspace, "next")
        clock.tick(timedelta(minutes=5))
        run(workspace, "test")
        out = run(workspace, "progress")[1]
    assert said("make progress", out) == transcript  # stage 1: 1 min 20 s; stage 2: 5 min 40 s


def test_a_stage_done_and_make_progress_give_the_same_seconds_between_runs_mid_second(
    workspace: Path,
) -> None:
    """The history keeps a run's time to the second: the message counted 36.7 s as "37 s",
    and `make progress`, from the kept times 10:00:00 and 10:00:36, "36 s"."""
    write_stage(workspace, 1, "passes", "is not written yet")
    write_stage(workspace, 2, "is not written yet")
    with freeze_time("2026-11-25 10:00:00") as clock:
        run(workspace, "test")
        run(workspace, "next")
        clock.tick(timedelta(seconds=36.7))
        write_stage(workspace, 1, "passes", "passes")
        out = run(workspace, "test")[1]
        progress = run(workspace, "progress")[1]
    assert "1 red-to-green cycle, 36 s." in out
    assert "  Stage 1, Dealing the hand: 36 s," in progress


def test_after_stage_5_the_kata_is_done_and_the_rest_is_optional(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    for stage in STAGES[:KATA_STAGES]:
        write_stage(workspace, stage.number)
    reach.save(workspace, reach.Reach(KATA_STAGES, 1))
    _, out = run(workspace, "test")
    assert said("make test", out) == transcript


def test_after_the_last_stage_every_stage_is_done_and_next_says_so(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    for stage in STAGES:
        write_stage(workspace, stage.number)
    reach.save(workspace, reach.Reach(len(STAGES), 1))
    _, out = run(workspace, "test")
    code, refused = run(workspace, "next")
    assert code == 0
    _, again = run(workspace, "test")  # green again, as after a refactor
    assert "for the next stage" not in again
    assert said("make test", out, "make next", refused, "make test", again) == transcript


def test_a_whole_stage_can_be_taken_at_once(workspace: Path) -> None:
    write_stage(workspace, 1, "passes", "passes", "is not written yet")
    write_stage(workspace, 2, "passes", "passes")
    run(workspace, "test")
    assert run(workspace, "next", "--stage", "2")[1] == (
        "make next: STAGE=2 is not open: take stage 1, one stage at a time"
    )
    code, out = run(workspace, "next", "--stage", "1")
    assert code == 1
    assert out.count("Next: scenario") == 2
    assert reach.load(workspace) == reach.Reach(1, 3)
    write_stage(workspace, 1, "passes", "passes", "passes")
    run(workspace, "test")
    code, out = run(workspace, "next", "--stage", "2")
    assert code == 0
    assert reach.load(workspace) == reach.Reach(2, 2)
    assert kept_runs(workspace)[-1].passed_at_once


# The history.


def test_code_that_does_not_import_is_amber_at_the_stage_in_force(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1)
    write_stage(workspace, 2, "passes", "passes")
    reach.save(workspace, reach.Reach(2, 2))
    (workspace / STAGES[1].steps).write_text("import euchre_that_is_not_there\n")
    code, out = run(workspace, "test")
    assert code == 3
    assert said("make test", out) == transcript
    kept = kept_runs(workspace)[-1]
    assert (kept.light, kept.stage, kept.amber) == ("amber", 2, "code")


def test_an_amber_shows_the_learners_lines_not_pythons_import_machinery(workspace: Path) -> None:
    write_stage(workspace, 1)
    (workspace / "tests").mkdir()
    (workspace / "tests" / "test_mine.py").write_text("from euchre.nothing import x\n")
    code, out = run(workspace, "test")
    assert code == 3
    assert out.splitlines()[1:] == [
        "  ImportError while importing test module 'tests/test_mine.py'.",
        "  tests/test_mine.py:1: in <module>",
        "      from euchre.nothing import x",
        "  E   ModuleNotFoundError: No module named 'euchre.nothing'",
    ]
    (workspace / "tests" / "test_mine.py").write_text("def x(:\n")
    code, out = run(workspace, "test")
    assert (code, out.splitlines()[1:]) == (
        3,
        [
            '  E     File "tests/test_mine.py", line 1',
            "  E       def x(:",
            "  E             ^",
            "  E   SyntaxError: invalid syntax",
        ],
    )


def test_a_stage_whose_step_module_collects_no_scenario_is_amber_never_green(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1)
    (workspace / STAGES[0].steps).write_text("# scenarios() is not called yet\n")
    code, out = run(workspace, "test")
    assert code == 3
    assert said("make test", out) == transcript


def test_a_missing_step_module_or_feature_is_amber(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1)
    (workspace / STAGES[0].steps).unlink()
    no_steps = run(workspace, "test")
    (workspace / STAGES[0].feature_path).unlink()
    no_feature = run(workspace, "test")
    assert (no_steps[0], no_feature[0]) == (3, 3)
    assert said("make test", no_steps[1], "make test", no_feature[1]) == transcript


@pytest.mark.parametrize("full", [False, True], ids=["the coach's words", "pytest's own (FULL=1)"])
def test_a_stray_line_in_a_feature_is_amber_and_named_by_its_line_and_column(
    workspace: Path, full: bool
) -> None:
    """The parser knows where it stopped: the learner is told the file, line and column, and
    the parser's own words, never a feature dropped and the rest green."""
    write_stage(workspace, 1, "passes", "passes")
    path = workspace / STAGES[0].feature_path
    lines = path.read_text().splitlines()
    lines.insert(6, "   a stray line")
    path.write_text("\n".join(lines) + "\n")
    code, out = run(workspace, "test", *(["--full"] if full else []))
    assert code == 3
    assert out.splitlines()[0].endswith("Dealing the hand: a feature cannot be read:")
    assert kept_runs(workspace)[-1].amber == "feature"
    assert (
        "  features/dealing.feature:7:4: expected: #EOF, #TableRow, #DocStringSeparator,"
        " #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty,"
        " got 'a stray line'"
    ) in out.splitlines()


def test_a_feature_that_is_not_text_is_amber_and_says_why(workspace: Path) -> None:
    write_stage(workspace, 1)
    (workspace / STAGES[0].feature_path).write_bytes(b"\xff\xfe")
    code, out = run(workspace, "test")
    assert code == 3
    assert out.splitlines()[1] == (
        "  features/dealing.feature: 'utf-8' codec can't decode byte 0xff in position 0:"
        " invalid start byte"
    )


def test_a_malformed_feature_is_amber(workspace: Path, transcript: SnapshotAssertion) -> None:
    write_stage(workspace, 1)
    (workspace / STAGES[0].feature_path).write_text("Scenario: before any Feature\n")
    code, out = run(workspace, "test")
    assert code == 3
    assert said("make test", out) == transcript


def test_the_learners_unit_tests_run_after_the_scenarios_and_count_in_the_light(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1)
    (workspace / "tests").mkdir()
    # The learner's own tests: one passes, one is red because their code has a bug in it.
    write_learners_bug(workspace)
    (workspace / "tests" / "test_mine.py").write_text(
        LEARNERS_IMPORT + "def test_passes() -> None: ...\n\n" + LEARNERS_RED_TEST
    )
    code, out = run(workspace, "test")
    assert code == 1
    assert said("make test", out) == transcript
    (workspace / "tests" / "test_mine.py").write_text("def test_passes() -> None: ...\n")
    assert run(workspace, "test")[0] == 0
    (workspace / "tests" / "test_mine.py").write_text("import not_a_module_anywhere\n")
    assert run(workspace, "test")[0] == 3


def test_full_shows_pytests_own_report(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_stage(workspace, 1, "is not written yet")
    code, _ = run(workspace, "test", "--full")
    assert code == 1
    assert "NotImplementedError: the model" in capsys.readouterr().out


# The history and progress.


def test_every_run_adds_one_line_of_json_with_its_light_at_the_time_in_utc(
    workspace: Path,
) -> None:
    write_stage(workspace, 1, "is not written yet")
    with freeze_time("2026-11-25 10:00:00"):
        run(workspace, "test")
    assert json.loads((workspace / history.HISTORY).read_text()) == {
        "time": "2026-11-25T10:00:00Z",
        "stage": 1,
        "scenario": "Scenario 1 of Dealing the hand",
        "light": "red",
        "passed": 0,
        "reached": 1,
        "passed_at_once": False,
        "files_hash": learner.fingerprint(workspace, "model"),
        "refactor": False,
        "examples": 1,
        "level": "model",
    }


def test_a_red_run_names_the_scenario_it_is_red_on_when_it_is_not_the_newest(
    workspace: Path,
) -> None:
    """The newest scenario passes and an earlier one broke again: the board and the
    retrospective say which one the pair is red on, not the one they were writing."""
    write_stage(workspace, 1, "is not written yet", "passes")
    reach.save(workspace, reach.Reach(1, 2))
    assert run(workspace, "test")[0] == 1
    last = history.read(workspace, pytest.fail)[-1]
    assert (last.scenario, last.failing) == (
        "Scenario 2 of Dealing the hand",
        "Scenario 1 of Dealing the hand",
    )
    assert last.red_on == "Scenario 1 of Dealing the hand"
    assert Line.from_json(last.to_json()) == last


def test_a_red_run_on_more_than_one_scenario_names_each_in_its_line(workspace: Path) -> None:
    """ "broke 2 scenarios that had passed before, “A” and one more": a room asked which one
    (three facilitators)."""
    write_stage(workspace, 1, "is not written yet", "is not written yet")
    reach.save(workspace, reach.Reach(1, 2))
    assert run(workspace, "test")[0] == 1
    last = history.read(workspace, pytest.fail)[-1]
    assert last.failures == ("Scenario 1 of Dealing the hand", "Scenario 2 of Dealing the hand")


def test_an_earlier_outline_that_broke_is_named_as_the_board_names_it_not_by_its_example(
    workspace: Path,
) -> None:
    """The room hears one name for a scenario: an outline broken again is named by its title,
    as the newest scenario is, not by the example that failed."""
    stage = STAGES[0]
    (workspace / stage.feature_path).write_text(
        "Feature: Dealing\n  Scenario Outline: Row <n>\n    Given a start\n    Then it <outcome>\n"
        "\n    Examples:\n      | n | outcome |\n      | 1 | passes |\n"
        "      | 2 | is not written yet |\n"
        "\n  Scenario: Newest\n    Given a start\n    Then it passes\n"
    )
    (workspace / stage.steps).write_text(STEPS.format(feature=stage.feature))
    reach.save(workspace, reach.Reach(1, 2))
    assert run(workspace, "test")[0] == 1
    last = history.read(workspace, pytest.fail)[-1]
    assert (last.scenario, last.failing) == ("Newest", "Row 1 or 2 (2 examples)")


def test_a_red_run_on_its_newest_scenario_says_it_once(workspace: Path) -> None:
    write_stage(workspace, 1, "passes", "is not written yet")
    reach.save(workspace, reach.Reach(1, 2))
    assert run(workspace, "test")[0] == 1
    last = history.read(workspace, pytest.fail)[-1]
    assert (last.failing, last.red_on) == ("", "Scenario 2 of Dealing the hand")
    assert "failing" not in json.loads(last.to_json())
    assert "failures" not in json.loads(last.to_json()), "one scenario failed"


def test_a_history_line_without_its_newline_is_not_appended_to(workspace: Path) -> None:
    write_stage(workspace, 1)
    (workspace / history.HISTORY).write_text('{"time": "2026-11-25T10:00:00Z", "stage"')
    run(workspace, "test")
    lines = (workspace / history.HISTORY).read_text().splitlines()
    assert lines[0] == '{"time": "2026-11-25T10:00:00Z", "stage"'
    assert json.loads(lines[1])["light"] == "green"


def test_corrupt_truncated_and_foreign_lines_are_skipped_with_a_warning(workspace: Path) -> None:
    good = Line(datetime(2026, 11, 25, 10, 0, tzinfo=UTC), 1, "First", "red", 0, 1)
    (workspace / history.HISTORY).write_bytes(
        b"\n".join(
            [
                good.to_json().encode(),
                b'{"time": "2026-11-25T10:01:00Z", "stage": 1, "scen',
                b"\xff\xfe not text",
                b"[1, 2, 3]",
                b'{"time": "2026-11-25T10:02:00Z", "stage": "one", "scenario": "x",'
                b' "light": "red", "passed": 0, "reached": 1}',
                b'{"time": "2026-11-25T10:03:00Z", "stage": 1, "scenario": "x",'
                b' "light": "blue", "passed": 0, "reached": 1}',
                b'{"kind": "something else"}',
                b"",
                good.to_json().encode(),
            ]
        )
    )
    warnings: list[str] = []
    assert history.read(workspace, warnings.append) == [good, good]
    assert warnings == [  # one warning, however many lines are skipped
        f"{history.HISTORY}: 6 lines skipped, they are not runs (the first, line 2: Unterminated"
        " string starting at: line 1 column 46 (char 45))"
    ]


def test_progress_shows_lights_minutes_and_cycles_per_stage_passes_at_once_and_the_longest_red(
    workspace: Path,
) -> None:
    start = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    seen = [
        (0, 1, "red", False),
        (4, 1, "red", False),
        (9, 1, "green", False),
        (10, 1, "green", True),
        (12, 2, "amber", False),
        (13, 2, "red", False),
        (20, 2, "green", False),
        (95, 3, "red", False),
    ]
    for minute, stage, light, at_once in seen:
        history.append(
            workspace,
            Line(start + timedelta(minutes=minute), stage, "A scenario", light, 0, 6, at_once),
        )
    reach.save(workspace, reach.Reach(3, 2))
    code, out = run(workspace, "progress")
    assert code == 0
    assert out.splitlines() == [
        "Lights: 🟥🟥🟢⚡🔶🟥🟢🟥",
        "  (🟥 red, 🔶 amber: the tests cannot run, 🟢 green, ⚡ green: a new"
        " scenario passed at once, 🔁 green again with your files changed and nothing more"
        " specified: a refactor)",
        "Each stage:",
        "  Stage 1, Dealing the hand: 10 min, 2 red, 2 green, 0 refactors, 1 red-to-green,"
        " 1 passed at once",
        "  Stage 2, Play order: 10 min, 1 red, 1 amber, 1 green, 0 refactors, 1 red-to-green",
        "  Stage 3, The lead suit: 1 h 15 min, 1 red, 0 green, 0 refactors, 0 red-to-green",
        "Red-to-green cycles in all: 2",
        "The three beats in all: 4 red, 1 amber, 3 green, 0 refactors",
        "Scenarios that passed at once: 1",
        "Longest stretch red: 9 min",
        "Episodes: 1 test-first, 1 test-addition, 0 refactoring, 0 production-first, 1 regression",
        "Steps from red to green: lines not known; episodes 9 min long (median of 3), spread 1 min",
        "Now: stage 3 of 10, The lead suit, scenario 2 (A scenario); last run 🟥 0 of 6 reached"
        " scenarios pass",
    ]


def test_progress_says_the_steps_lines_are_not_known_when_git_cannot_say(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    """Runs whose snapshots git does not have (a history copied from elsewhere): the episodes
    are counted, their lines are not known."""
    start = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    for minute, light, commit in [(0, "red", "a" * 40), (3, "green", "b" * 40)]:
        line = Line(start + timedelta(minutes=minute), 1, "x", light, 0, 1, run=commit)
        history.append(workspace, line)
    code, out = run(workspace, "progress")
    assert code == 0
    assert said("make progress", out) == transcript


def test_progress_measures_a_step_across_an_amber_from_its_red(workspace_in_git: Path) -> None:
    """An amber on the way is part of the step: measured from the amber alone, this step was
    the step module put back and a line of the model, not the 12 lines changed since the red."""
    across_an_amber(workspace_in_git)
    assert [line.light for line in kept_runs(workspace_in_git)] == [
        "green",
        "red",
        "amber",
        "green",
    ]
    said = run(workspace_in_git, "progress")[1]
    assert "Steps from red to green: 12 lines (one step)" in said, said


def test_times_out_of_order_never_give_negative_minutes() -> None:
    start = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    runs = [
        Line(start, 1, "x", "red", 0, 1),
        Line(start - timedelta(minutes=30), 1, "x", "green", 1, 1),
        Line(start + timedelta(minutes=5), 2, "y", "red", 1, 2),
    ]
    assert progress.time_in_stages(runs) == {1: timedelta(), 2: timedelta(minutes=35)}
    assert progress.longest_red(runs) == timedelta()
    assert progress.stage_time(runs, 1) == "0 s"


def test_a_red_stretch_still_open_counts_to_the_last_run() -> None:
    start = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    runs = [Line(start + timedelta(minutes=m), 1, "x", "red", 0, 1) for m in (0, 30)]
    assert progress.longest_red(runs) == timedelta(minutes=30)
    assert progress.cycles(runs) == 0


def test_progress_before_any_run(workspace: Path) -> None:
    assert run(workspace, "progress") == (0, "No runs yet: `make test` starts the history.")


def test_a_reach_file_that_cannot_be_read_starts_again_at_the_first_scenario(
    workspace: Path,
) -> None:
    for text in ("not json", '{"stage": 99, "revealed": 1}', '{"stage": 1}', "[]"):
        (workspace / reach.REACHED).write_text(text)
        assert reach.load(workspace) == reach.Reach(1, 1), text


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero"])
def test_a_reach_file_that_is_not_a_regular_file_is_not_read(workspace: Path, kind: str) -> None:
    """A pipe there hung every command of the coach, and a link to /dev/zero filled the memory
    until the system killed it."""
    kept = workspace / reach.REACHED
    if kind == "fifo":
        os.mkfifo(kept)
    else:
        kept.symlink_to("/dev/zero")
    done = subprocess.run(
        [sys.executable, "-m", "euchre.kata.coach", "progress"],
        cwd=workspace,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    said = (
        f"{reach.REACHED} cannot be read (not a regular file): starting again at stage 1,"
        " scenario 1"
    )
    assert (done.returncode, done.stderr) == (0, f"warning: {said}\n")
    assert done.stdout == "No runs yet: `make test` starts the history.\n"
    warned: list[str] = []
    assert reach.load(workspace, warned.append) == reach.Reach(1, 1)
    assert warned == [said]


def test_an_unknown_command_is_refused(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(workspace, "jump")[0] == 2
    assert "invalid choice: 'jump'" in capsys.readouterr().err


def test_python_dash_m_coach_runs_in_the_current_folder(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import runpy

    monkeypatch.chdir(workspace)
    monkeypatch.setattr(sys, "argv", ["coach", "progress"])
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("euchre.kata.coach", run_name="__main__")
    assert exited.value.code == 0


def test_after_a_closed_output_what_is_left_to_write_goes_nowhere(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """So that Python's last flush at exit does not end in a BrokenPipeError of its own."""
    import runpy

    from euchre.kata.coach import cli

    pointed: list[tuple[int, int]] = []
    monkeypatch.setattr(cli, "main", lambda argv, workspace: cli.CLOSED_OUTPUT)
    monkeypatch.setattr(os, "dup2", lambda source, target: pointed.append((source, target)))
    monkeypatch.setattr(sys, "stdout", open(os.devnull, "w"))  # noqa: SIM115
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("euchre.kata.coach", run_name="__main__")
    assert exited.value.code == 141
    assert [target for _, target in pointed] == [sys.stdout.fileno()]


@pytest.mark.e2e
@pytest.mark.parametrize("command", ["review", "progress", "test"])
def test_a_command_whose_reader_has_gone_ends_quietly_with_141(
    workspace: Path, command: str
) -> None:
    """`make review | head -2`: the reader is gone before the coach writes."""
    write_stage(workspace, 1, "is not written yet")
    run(workspace, "test")
    process = subprocess.Popen(
        [sys.executable, "-m", "euchre.kata.coach", command],
        cwd=workspace,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.close()
    _, err = process.communicate(timeout=60)
    assert process.returncode == 141
    said = [line for line in err.decode().splitlines() if "code is not kept" not in line]
    assert said == [], "no traceback, no BrokenPipeError: this small workspace has no git alone"
    assert len(kept_runs(workspace)) == 1 + (command == "test"), "a test run is recorded"


def test_a_failing_row_of_an_outline_is_told_whole_the_step_with_its_own_error(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    stage = STAGES[0]
    (workspace / stage.feature_path).write_text(
        "Feature: Dealing\n  Scenario Outline: Row <n>\n    Given a start\n    Then it <outcome>\n"
        "\n    Examples:\n      | n | outcome |\n      | 1 | passes |\n"
        "      | 2 | is not written yet |\n      | 3 | compares two hands |\n"
    )
    (workspace / stage.steps).write_text(STEPS.format(feature=stage.feature))
    _, out = run(workspace, "test")
    assert said("make test", out) == transcript  # row 2, the first that fails, told whole
    last = history.read(workspace, pytest.fail)[-1]
    assert (last.scenario, last.red_on) == (
        "Row 1, 2 or 3 (3 examples)",
        "Row 1, 2 or 3 (3 examples)",
    ), "the newest"
    assert "compares" not in out
    found = features.read(workspace, 1)
    assert "Rule:" not in "\n".join(found.gherkin(found.of(stage)[0]))


def test_every_failing_scenario_is_named_and_the_first_is_explained(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1, "is not written yet", "compares two hands")
    reach.save(workspace, reach.Reach(1, 2))
    _, out = run(workspace, "test")
    assert said("make test", out) == transcript
    assert "compares" not in out.split("Also failing")[0]


def test_a_reached_scenario_that_is_not_collected_is_red(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1, "passes", "passes")
    reach.save(workspace, reach.Reach(1, 2))
    path = workspace / STAGES[0].steps
    path.write_text(
        path.read_text().replace(
            'scenarios("dealing.feature")',
            "from pytest_bdd import scenario\n\n"
            '@scenario("dealing.feature", "Scenario 1 of Dealing the hand")\n'
            "def test_first() -> None: ...",
        )
    )
    code, out = run(workspace, "test")
    assert code == 1
    assert said("make test", out) == transcript


def test_a_missing_fixture_is_red_with_pytests_own_words(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1)
    path = workspace / STAGES[0].steps
    path.write_text(path.read_text().replace("def _passes()", "def _passes(no_such_fixture: int)"))
    code, out = run(workspace, "test")
    assert code == 1
    assert said("make test", out) == transcript
    assert "raised at" not in out


def test_a_step_made_at_run_time_is_shown_by_its_file(workspace: Path) -> None:
    write_stage(workspace, 1, "is made at run time")
    path = workspace / STAGES[0].steps
    path.write_text(
        path.read_text() + "\nmade: dict[str, object] = {}\n"
        "exec(compile('def made_step():\\n    raise NotImplementedError(\"made\")',"
        " '<made>', 'exec'), made)\n"
        'then("it is made at run time")(made["made_step"])\n'
    )
    _, out = run(workspace, "test")
    # Not a transcript: the file is named as Python resolves it from where pytest runs.
    assert "failed at: Then it is made at run time  (" in out
    assert "<made>:0)" in out


def test_a_red_stretch_ends_at_the_next_green_not_at_an_amber_on_the_way() -> None:
    start = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    runs = [
        Line(start + timedelta(minutes=minute), 1, "x", light, 0, 1)
        for minute, light in ((0, "red"), (5, "amber"), (6, "green"))
    ]
    assert progress.longest_red(runs) == timedelta(minutes=6)


def test_a_step_whose_arguments_cannot_be_read_is_named(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1, "has a seat N")
    path = workspace / STAGES[0].steps
    path.write_text(
        path.read_text() + "\nfrom pytest_bdd import parsers\n\n"
        "def seat(text: str) -> str:\n    raise NotImplementedError('Seat.parse')\n\n"
        'seat.pattern = r"[NESW]"\n\n'
        '@then(parsers.parse("it has a seat {seat:Seat}", extra_types={"Seat": seat}))\n'
        "def _seat(seat: str) -> None: ...\n"
    )
    _, out = run(workspace, "test")
    assert said("make test", out) == transcript


def test_a_feature_broken_after_a_green_run_stops_next_in_one_line(workspace: Path) -> None:
    write_stage(workspace, 1, "passes", "passes")
    run(workspace, "test")
    (workspace / STAGES[0].feature_path).write_text("Scenario: before any Feature\n")
    code, out = run(workspace, "next")
    assert code == 3
    assert out == (
        "make next: features/dealing.feature:1:1: expected: #EOF, #Language, #TagLine,"
        " #FeatureLine, #Comment, #Empty, got 'Scenario: before any Feature'"
    )


@pytest.mark.parametrize("where", ["workspace", "above it"])
def test_a_conftest_that_does_not_import_is_amber(
    workspace: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """pytest names a file from where it runs, or whole, whichever is shorter: the coach says it
    from the workspace either way."""
    monkeypatch.chdir(workspace if where == "workspace" else workspace.parent)
    write_stage(workspace, 1)
    (workspace / "step_defs" / "conftest.py").write_text("import not_a_module_anywhere\n")
    code, out = run(workspace, "test")
    assert code == 3
    assert out.splitlines()[1:] == [
        "  pytest could not start:",
        "  ImportError while loading conftest 'step_defs/conftest.py'.",
        "  step_defs/conftest.py:1: in <module>",
        "      import not_a_module_anywhere",
        "  E   ModuleNotFoundError: No module named 'not_a_module_anywhere'",
    ], "why, in the coach's words, which the dashboard shows too"
    assert "not_a_module_anywhere" not in capsys.readouterr().err, "said once"
    assert kept_runs(workspace)[-1].reached == 1


def test_a_test_whose_teardown_fails_too_is_told_by_its_first_failure(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    write_stage(workspace, 1)
    (workspace / "tests").mkdir()
    # A learner's test, red on their bug, whose fixture then fails again in teardown.
    write_learners_bug(workspace)
    (workspace / "tests" / "test_mine.py").write_text(
        "import pytest\n" + LEARNERS_IMPORT + "@pytest.fixture\ndef leaky():\n    yield\n"
        "    raise RuntimeError('teardown')\n\n"
        "@pytest.mark.usefixtures('leaky')\n" + LEARNERS_RED_TEST
    )
    _, out = run(workspace, "test")
    assert said("make test", out) == transcript
    assert "RuntimeError: teardown" not in out


def test_a_stage_done_is_not_announced_again_after_an_amber_run(workspace: Path) -> None:
    write_stage(workspace, 1)
    assert "is done" in run(workspace, "test")[1]
    steps = (workspace / STAGES[0].steps).read_text()
    (workspace / STAGES[0].steps).write_text("import not_a_module_anywhere\n")
    assert run(workspace, "test")[0] == 3
    (workspace / STAGES[0].steps).write_text(steps)
    code, out = run(workspace, "test")
    assert code == 0
    assert "is done" not in out


def test_a_closed_output_still_records_the_run_and_ends_quietly(workspace: Path) -> None:
    write_stage(workspace, 1, "passes", "is not written yet")
    run(workspace, "test")
    said: list[str] = []

    def closed_after_three_lines(line: str) -> None:
        if len(said) == 3:
            raise BrokenPipeError
        said.append(line)

    forget_steps()
    assert main(["next"], workspace, closed_after_three_lines) == 141
    assert said[0].startswith("Next: scenario 2 of 2")
    assert [run.light for run in kept_runs(workspace)] == ["green", "red"]
    assert kept_runs(workspace)[-1].scenario == "Scenario 2 of Dealing the hand"
