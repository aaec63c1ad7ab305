"""Every run's code kept in git, `make review`, and the coderetreat constraints.

A small made-up workspace in a real git repository, driven through reds and greens with real
files: the learner's unit test runs their model file, so what they write decides the light.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from freezegun import freeze_time
from syrupy.assertion import SnapshotAssertion

from euchre.kata.coach.cli import main
from euchre.kata.coach.practice import predict
from euchre.kata.coach.record import history, learner, runs
from euchre.kata.coach.record.line import Line
from tests.kata.installs import unpacked_coach
from tests.transcripts import said
from tests.workspaces import across_an_amber, forget_steps, git, kept_runs, model, run, settle


@pytest.fixture
def workspace(workspace_in_git: Path) -> Path:
    """Here a workspace of one stage, a model and the learner's test, in its own git."""
    return workspace_in_git


def test_every_run_is_a_commit_on_its_own_ref_and_the_learners_git_is_untouched(
    workspace: Path,
) -> None:
    git(workspace, "stash", "list")
    model(workspace, "return 4")
    git(workspace, "add", "euchre/hand.py")  # the learner has staged this
    status, head = git(workspace, "status", "--porcelain"), git(workspace, "rev-parse", "HEAD")
    assert run(workspace, "test")[0] == 1
    model(workspace, "return 5")
    assert run(workspace, "test")[0] == 0
    first, second = kept_runs(workspace)
    assert git(workspace, "rev-list", runs.REF).split() == [second.run, first.run]
    assert git(workspace, "show", f"{first.run}:euchre/hand.py").endswith("return 4\n")
    assert git(workspace, "show", f"{second.run}:euchre/hand.py").endswith("return 5\n")
    assert "tests/test_learners_hand.py" in git(
        workspace, "ls-tree", "-r", "--name-only", first.run
    )
    tree = git(workspace, "ls-tree", "-r", "--name-only", second.run).split()
    assert not [name for name in tree if name.startswith(("step_defs", "features"))]
    assert git(workspace, "rev-parse", "HEAD") == head
    assert git(workspace, "diff", "--cached", "--name-only") == "euchre/hand.py\n"
    assert git(workspace, "status", "--porcelain") == status.replace("M  ", "MM ")
    assert git(workspace, "stash", "list") == ""
    assert git(workspace, "log", "-1", "--format=%s", second.run) == (
        "Run 2: green, stage 1, Scenario 1 of Dealing the hand\n"
    )


def test_review_shows_each_runs_diff_and_the_rhythm_and_no_git_command_loses_a_run(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    with freeze_time("2026-11-25 10:00:00"):
        model(workspace, "return 4")
        run(workspace, "test")
    with freeze_time("2026-11-25 10:03:00"):
        model(workspace, "return 2 + 2")
        run(workspace, "test")
    with freeze_time("2026-11-25 10:05:00"):
        model(workspace, "return 5")
        run(workspace, "test")
    with freeze_time("2026-11-25 10:06:00"):
        model(workspace, "five = 5\n    return five")
        run(workspace, "test")
        run(workspace, "test")
    code, out = run(workspace, "review")
    assert code == 0
    assert "\033[" not in out, "no colours when the output is not a terminal"

    # The learner commits, then throws it all away and cleans up: every run is still there.
    git(workspace, "commit", "-q", "-am", "Five")
    git(workspace, "reset", "-q", "--hard", "HEAD~1")
    git(workspace, "reflog", "expire", "--expire=now", "--all")
    git(workspace, "gc", "-q", "--prune=now")
    for kept in kept_runs(workspace):
        assert git(workspace, "cat-file", "-t", kept.run) == "commit\n"
    code, one = run(workspace, "review", "--run", "3")
    assert code == 0
    code, between = run(workspace, "review", "--from", "1", "--to", "4")
    assert code == 0
    reviewed = [
        ("make review", out),
        ("make review RUN=3", one),
        ("make review FROM=1 TO=4", between),
    ]
    assert said(*(words for typed_and_said in reviewed for words in typed_and_said)) == transcript
    # After the gc the ref is packed, and the next run still follows the last.
    model(workspace, "return 5")
    run(workspace, "test")
    assert git(workspace, "rev-parse", f"{kept_runs(workspace)[-1].run}^").strip() == (
        kept_runs(workspace)[-2].run
    )


def test_the_rhythm_counts_the_refactors_the_runs_recorded(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    """One home for what a refactor is (history.is_refactor): a green after a green that
    reached a scenario more changed the code but is not one."""
    time = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    for minute, reached, refactor in [(0, 1, False), (1, 1, True), (2, 2, False)]:
        moment = time.replace(minute=minute)
        kept = Line(moment, 1, "x", "green", reached, reached, files_hash="f", refactor=refactor)
        history.append(workspace, kept)
    code, out = run(workspace, "review")
    assert code == 0
    assert said("make review", out) == transcript  # run 2 a refactor, run 3 not


def test_review_refuses_a_run_that_is_not_there_in_one_line(workspace: Path) -> None:
    assert run(workspace, "review") == (0, "No runs yet: `make test` starts the history.")
    run(workspace, "test")
    assert run(workspace, "review", "--run", "2") == (
        2,
        "make review: there is no run 2: the runs are 1 to 1",
    )
    assert run(workspace, "review", "--from", "0")[0] == 2
    assert run(workspace, "review", "--to", "1 2") == (
        2,
        "make review: TO='1 2' is not a run's number: the runs are 1 to 1",
    )
    assert run(workspace, "review", "--run", " 1 ")[0] == 0
    assert run(workspace, "next", "--stage", "²") == (
        2,
        "make next: STAGE='²' is not a stage's number: the stages are 1 to 10",
    )


def test_baby_steps_puts_the_files_back_after_minutes_without_green_and_keeps_the_change(
    workspace: Path, transcript: SnapshotAssertion
) -> None:
    settle(workspace, "baby-steps", minutes=2)
    with freeze_time("2026-11-25 10:00:00"):
        model(workspace, "return 5")
        assert run(workspace, "test")[0] == 0
    green = (workspace / "euchre" / "hand.py").read_text()
    with freeze_time("2026-11-25 10:00:30"):
        model(workspace, "return 4")
        assert run(workspace, "test")[0] == 1  # the clock starts: not green since 10:00:30
    with freeze_time("2026-11-25 10:02:29"):
        model(workspace, "return 3")
        code, out = run(workspace, "test")
        assert "⏰ Baby steps" not in out
    with freeze_time("2026-11-25 10:02:30"):
        model(workspace, "return 6")
        (workspace / "euchre" / "extra.py").write_text("EXTRA = 1\n")
        code, out = run(workspace, "test")
    assert code == 1
    reverted = kept_runs(workspace)[-1]
    assert reverted.reverted
    assert (reverted.constraint, reverted.minutes) == ("baby-steps", 2)  # the dojo shows them
    assert (workspace / "euchre" / "hand.py").read_text() == green
    assert not (workspace / "euchre" / "extra.py").exists()
    lines = out.splitlines()
    assert lines[-2] == (
        "⏰ Baby steps: not green for 2 min, so your files are back as they were at your last"
        " green run (10:00:00)."
    )
    assert lines[-1] == (
        f"  Nothing is lost: `git restore --source={reverted.run[:12]} -- euchre tests` brings"
        " this run's code back, and `make review` shows it."
    )
    code, shown = run(workspace, "review", "--run", "4")
    assert said("make review RUN=4", shown) == transcript  # the change the files lost
    # The clock starts again at the revert; the files as they were at the last green are green.
    with freeze_time("2026-11-25 10:03:00"):
        assert run(workspace, "test")[0] == 0
        assert "Reverted by baby steps: run 4" in run(workspace, "review")[1]
    # The command the coach gave brings the change back.
    command = lines[-1].split("`")[1]
    subprocess.run(shlex.split(command), cwd=workspace, check=True, capture_output=True)
    assert (workspace / "euchre" / "hand.py").read_text().endswith("return 6\n")
    assert (workspace / "euchre" / "extra.py").exists()


def test_baby_steps_waits_for_a_first_green_and_restarts_after_each_revert(
    workspace: Path,
) -> None:
    settle(workspace, "baby-steps", minutes=1)
    for minute in (0, 5):  # never green yet: there is nothing to go back to
        with freeze_time(f"2026-11-25 10:0{minute}:00"):
            # Silence here was read as the constraint not working (two facilitators).
            assert (
                "⏳ Baby steps: the clock starts at your first green run; until then there is no"
                " green to put your files back to."
            ) in run(workspace, "test")[1].splitlines()
    with freeze_time("2026-11-25 10:06:00"):
        model(workspace, "return 5")
        run(workspace, "test")
    with freeze_time("2026-11-25 10:07:00"):
        model(workspace, "return 4")
        run(workspace, "test")
    with freeze_time("2026-11-25 10:08:00"):
        assert "⏰ Baby steps" in run(workspace, "test")[1]  # the same files: red, time is up
    with freeze_time("2026-11-25 10:08:59"):
        model(workspace, "return 3")
        assert "⏰ Baby steps" not in run(workspace, "test")[1]
    assert [run.reverted for run in kept_runs(workspace)] == [False] * 4 + [True, False]


def test_under_baby_steps_a_run_not_green_says_how_long_is_left_before_the_files_go_back(
    workspace: Path,
) -> None:
    """The timer the learner cannot see otherwise: each run that is not green says it, and
    under `make watch` every save does."""
    settle(workspace, "baby-steps", minutes=2)
    with freeze_time("2026-11-25 10:00:00"):
        model(workspace, "return 5")
        assert "⏳" not in run(workspace, "test")[1]
    said = []
    # At 10:02:29.6, 0.4 s was said "0 s left", and the files stayed: a run's time is the
    # history's, to the second, so the time left is too.
    for when, source in (("10:00:30", "return 4"), ("10:01:15", "return 3"), ("10:02:29.6", "x")):
        with freeze_time(f"2026-11-25 {when}"):
            model(workspace, source)
            said.append(run(workspace, "test")[1].splitlines()[-1])
    # "left to be green again, or your files go back" promised a deadline the coach does not
    # keep: it reads the clock as a run ends, and a late green keeps the files (two
    # facilitators).
    assert said == [
        "⏳ Baby steps: 2 min left; a run after that which is not green puts your files back as"
        " they were at your last green run (10:00:00).",
        "⏳ Baby steps: 1 min 15 s left; a run after that which is not green puts your files back"
        " as they were at your last green run (10:00:00).",
        "⏳ Baby steps: 1 s left; a run after that which is not green puts your files back as they"
        " were at your last green run (10:00:00).",
    ]
    with freeze_time("2026-11-25 10:02:30"):
        out = run(workspace, "test")[1]
    assert "⏰ Baby steps: not green for 2 min" in out
    assert "⏳" not in out, "the files went back: the clock starts again at the next run"
    with freeze_time("2026-11-25 10:03:00"):
        assert "⏳" not in run(workspace, "test")[1], "green again"


def test_times_are_told_as_the_learner_s_own_clock_reads_them(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The history keeps UTC; a learner in New York reads 05:00 for a run at 10:00 UTC."""
    settle(workspace, "baby-steps", minutes=2)
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    with freeze_time("2026-11-25 10:00:00"):
        model(workspace, "return 5")
        run(workspace, "test")
    with freeze_time("2026-11-25 10:00:30"):
        model(workspace, "return 4")
        said = run(workspace, "test")[1].splitlines()[-1]
    assert said.endswith("as they were at your last green run (05:00:00).")
    with freeze_time("2026-11-25 10:02:30"):
        said = run(workspace, "test")[1]
    assert "your files are back as they were at your last green run (05:00:00)." in said
    assert "green  2026-11-25 05:00:00  stage 1" in run(workspace, "review", "--run", "1")[1]
    assert '"time": "2026-11-25T10:00:00Z"' in (workspace / history.HISTORY).read_text()


def test_predict_asks_red_or_green_again_until_it_is_one_and_counts_the_right_guesses(
    workspace: Path,
) -> None:
    settle(workspace, "predict")
    model(workspace, "return 4")
    out = run(workspace, "test", keys=("x\n", "R"))[1]
    assert out.splitlines()[:3] == [
        "Red or green? (r/g) ",
        "Press r for red or g for green.",
        "Red or green? (r/g) ",
    ]
    assert "🎯 You said red: right." in out.splitlines()  # said at once, not only in progress
    model(workspace, "return 5")
    assert "🎯 You said red: it is green." in run(workspace, "test", keys=("r",))[1].splitlines()
    out = run(workspace, "test", keys=(None,))[1]
    assert out.splitlines()[1] == "No guess: this run goes without one."
    assert [run.guess for run in kept_runs(workspace)] == ["red", "red", ""]
    assert {(run.constraint, run.minutes) for run in kept_runs(workspace)} == {("predict", 0)}
    assert "\nPredicted right: 1 of 2 (50%)\n" in run(workspace, "progress")[1]
    out = run(workspace, "review")[1]
    assert "  guessed red: wrong" in out
    assert out.endswith("\n  Predicted right: 1 of 2 (50%)")


def test_a_workspace_without_git_runs_with_one_warning(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    shutil.rmtree(workspace / ".git")
    assert run(workspace, "test")[0] == 1
    warnings = capsys.readouterr().err.splitlines()
    assert len(warnings) == 1
    assert warnings[0].startswith("warning: this run's code is not kept (")
    assert warnings[0].endswith("); the tests ran all the same")
    assert kept_runs(workspace)[0].run == ""
    assert "  its code was not kept" in run(workspace, "review")[1]
    # Baby steps has nothing to go back to: the files stay as they are.
    settle(workspace, "baby-steps", minutes=1)
    with freeze_time("2026-11-25 10:00:00"):
        model(workspace, "return 5")
        run(workspace, "test")
    with freeze_time("2026-11-25 10:00:10"):
        model(workspace, "return 4")
        run(workspace, "test")
    with freeze_time("2026-11-25 10:02:00"):
        assert "Baby steps" not in run(workspace, "test")[1]
    assert (workspace / "euchre" / "hand.py").read_text().endswith("return 4\n")


def test_a_run_with_none_of_the_learners_folders_keeps_an_empty_tree(workspace: Path) -> None:
    import shutil

    for name in ("euchre", "tests"):
        shutil.rmtree(workspace / name)
    assert run(workspace, "test")[0] == 0
    assert git(workspace, "ls-tree", "-r", kept_runs(workspace)[0].run) == ""


def test_a_workspace_inside_another_repository_keeps_nothing_there(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    shutil.rmtree(workspace / ".git")
    git(workspace.parent, "init", "-q")
    run(workspace, "test")
    assert "is not the top of a git repository of its own" in capsys.readouterr().err
    assert git(workspace.parent, "for-each-ref") == ""


def test_a_git_worktree_and_a_missing_folder_are_kept_by_asking_git(workspace: Path) -> None:
    other = workspace.parent / "other"
    git(workspace, "worktree", "add", "-q", str(other))  # its .git is a file, not a folder
    shutil_rmtree = __import__("shutil").rmtree
    shutil_rmtree(other / "tests")
    forget_steps()
    main(["test"], other, lambda line: None)
    kept = history.read(other, pytest.fail)[0].run
    names = git(other, "ls-tree", "-r", "--name-only", kept).split()
    assert names == ["euchre/hand.py"]
    (other / "tests").mkdir()
    (other / "tests" / "logo.bin").write_bytes(bytes(range(256)))
    forget_steps()
    main(["test"], other, lambda line: None)
    after = history.read(other, pytest.fail)[1].run
    assert runs.changes(other, kept, after) == [runs.Change("tests/logo.bin", 0, 0)]


def test_a_run_whose_code_is_gone_from_git_is_refused_in_one_line(workspace: Path) -> None:
    run(workspace, "test")
    run(workspace, "test")
    lines = (workspace / history.HISTORY).read_text().replace(kept_runs(workspace)[1].run, "f" * 40)
    (workspace / history.HISTORY).write_text(lines)
    code, out = run(workspace, "review", "--run", "2")
    assert code == 2
    assert out.splitlines()[-1].startswith("make review: the runs' code cannot be read: ")


def test_without_git_on_the_machine_the_run_is_still_recorded(
    workspace: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    shutil.rmtree(workspace / ".git")
    monkeypatch.setenv("PATH", str(workspace / "nowhere"))
    run(workspace, "test")
    assert "git cannot run: No such file or directory" in capsys.readouterr().err
    assert kept_runs(workspace)[0].run == ""


def test_review_between_runs_says_when_one_was_not_kept_and_when_nothing_changed(
    workspace: Path,
) -> None:
    run(workspace, "test")
    run(workspace, "test")
    lines = (workspace / history.HISTORY).read_text().splitlines()
    kept = Line.from_json(lines[0])
    lost = Line(kept.time, 1, "Lost", "red", 0, 1)
    (workspace / history.HISTORY).write_text("\n".join([*lines, lost.to_json()]) + "\n")
    assert run(workspace, "review", "--from", "1", "--to", "3")[1].endswith(
        "  the code of one of these runs was not kept"
    )
    out = run(workspace, "review", "--to", "2")[1]
    assert out.splitlines()[3:] == ["  no file changed"]
    out = run(workspace, "review")[1]
    assert (
        "  Longest red: run 1 to run 3, under a minute; changed during it: no file changed" in out
    )
    assert "  Largest step: no red went green yet" in out
    model(workspace, "return 5")
    run(workspace, "test")
    assert "  Longest red: never red" not in run(workspace, "review")[1]


def test_review_in_a_terminal_is_coloured_and_waits_after_each_run(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model(workspace, "return 5")
    for _ in range(3):
        run(workspace, "test")
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    code, out = run(workspace, "review", keys=("\n", "q"))
    assert code == 0
    assert out.count("Enter: the next run, q: stop ") == 2
    assert "\033[1mRun 2 of 3" in out
    assert "Run 3 of 3" not in out
    code, out = run(workspace, "review", keys=("\n", "\n"))
    assert "\033[1mThe rhythm\033[0m" in out
    assert "  Longest red: never red" in out
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    code, out = run(workspace, "review")
    assert "Enter" not in out
    assert "\033[1mRun 3 of 3" in out


def test_a_key_is_read_without_enter_in_a_terminal_and_as_a_line_otherwise() -> None:
    import io
    import os
    import termios

    out = io.StringIO()
    assert predict.read_key("? ", io.StringIO("green\n"), out) == "green\n"
    assert predict.read_key("? ", io.StringIO(""), out) is None
    assert out.getvalue() == "? ? "
    leader, follower = os.openpty()
    # Keys typed before the question are kept (read_key takes them as it sets this mode).
    keys = termios.tcgetattr(follower)
    keys[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(follower, termios.TCSANOW, keys)
    with open(follower, encoding="utf-8") as terminal:
        for typed, read in (("g", "g"), ("\x04", None)):
            os.write(leader, typed.encode())
            assert predict.read_key("? ", terminal, out) == read
    os.close(leader)


def test_a_history_line_with_a_guess_or_a_run_of_the_wrong_shape_is_skipped(
    workspace: Path,
) -> None:
    good = '{"time": "2026-11-25T10:00:00Z", "stage": 1, "scenario": "x", "light": "red",'
    lines = [
        good + ' "passed": 0, "reached": 1, "guess": "amber"}',
        good + ' "passed": 0, "reached": 1, "run": "HEAD"}',
        good + f' "passed": 0, "reached": 1, "run": "{"a" * 40}", "guess": "red"}}',
        good + ' "passed": 0, "reached": 1, "constraint": "slow-steps"}',
        good + ' "passed": 0, "reached": 1, "constraint": "predict", "minutes": 2}',
        good + ' "passed": 0, "reached": 1, "constraint": "baby-steps"}',
        good + ' "passed": 0, "reached": 1, "constraint": "baby-steps", "minutes": 2}',
    ]
    (workspace / history.HISTORY).write_text("\n".join(lines) + "\n")
    warnings: list[str] = []
    kept = history.read(workspace, warnings.append)
    assert [(run.guess, run.constraint, run.minutes) for run in kept] == [
        ("red", "", 0),
        ("", "baby-steps", 2),
    ]
    assert warnings == [
        f"{history.HISTORY}: 5 lines skipped, they are not runs"
        " (the first, line 1: 'amber' is not a guess)"
    ]
    for number, reason in (
        (1, "run is not a commit's name"),
        (3, "'slow-steps' is not a constraint"),
        (4, "minutes go with baby-steps, and with it alone"),
        (5, "minutes go with baby-steps, and with it alone"),
    ):
        (workspace / history.HISTORY).write_text(lines[number] + "\n")
        history.read(workspace, warnings.append)
        assert warnings[-1].endswith(f"({reason})")


def test_make_kata_chooses_a_constraint_and_keeps_the_starting_position_as_the_first_run(
    tmp_path: Path,
) -> None:
    from euchre.kata import workspace
    from euchre.kata.cli import main as kata

    folder = tmp_path / "kata"
    assert kata(["new", str(folder), "--constraint", "baby-steps", "--minutes", "3"]) == 0
    assert learner.load(folder) == learner.Settings("model", "baby-steps", 3)
    assert git(folder, "status", "--porcelain") == ""
    start = git(folder, "log", "--format=%s", runs.REF).splitlines()
    assert start == ["The kata's starting position"]
    for constraint, minutes, problem in (
        ("slow-steps", 2, "'slow-steps' is not a constraint: choose baby-steps or predict"),
        ("baby-steps", 0, "MINUTES=0 is too few: baby steps take 1 minute at least"),
    ):
        with pytest.raises(workspace.WorkspaceError, match=problem):
            workspace.create(tmp_path / "refused", "model", constraint, minutes)
    assert not (tmp_path / "refused").exists()


def test_a_starting_position_git_cannot_keep_leaves_no_workspace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre.kata import workspace

    def refuse(*args: object) -> str:
        raise runs.GitFailedError("no room")

    monkeypatch.setattr(runs, "record", refuse)
    with pytest.raises(workspace.WorkspaceError, match=r"could not make a workspace .*: no room"):
        workspace.create(tmp_path / "kata")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.e2e  # make, and the coach in processes of its own
def test_make_review_passes_run_from_and_to_to_the_coach(tmp_path: Path) -> None:
    from euchre.kata import workspace

    folder = tmp_path / "kata"
    workspace.create(folder)
    start = git(folder, "rev-parse", runs.REF).strip()
    first = Line(datetime(2026, 11, 25, 10, 0, tzinfo=UTC), 1, "First", "red", 0, 1, run=start)
    (folder / history.HISTORY).write_text(first.to_json() + "\n")
    # The test's own Python stands for the workspace's .venv, installed as the stamp says.
    stamp = tmp_path / "installed"
    stamp.touch()
    os.utime(stamp, (time.time() + 60, time.time() + 60))
    bin_folder = Path(sys.executable).parent
    make = ["make", "-s", "review", f"BIN={bin_folder}", f"STAMP={stamp}"]
    coached = {**os.environ, "PYTHONPATH": str(unpacked_coach(folder))}
    for extra, expected in (
        ([], "Run 1 of 1  🟥 red  2026-11-25 10:00:00  stage 1, Dealing the hand: First"),
        (["RUN=2"], "make review: there is no run 2: the runs are 1 to 1"),
        (["RUN=1 2"], "make review: RUN='1 2' is not a run's number: the runs are 1 to 1"),
        (["FROM=1", "TO=2;echo x"], "make review: TO='2;echo x' is not a run's number: the runs"),
        (["FROM=$(shell echo x)"], "make review: FROM='$(shell echo x)' is not a run's number"),
        (["RUN= 1"], "Run 1 of 1  🟥 red"),
    ):
        done = subprocess.run(
            [*make, *extra], cwd=folder, capture_output=True, text=True, check=False, env=coached
        )
        assert expected in done.stdout.splitlines()[0], done.stdout + done.stderr
        assert "usage" not in done.stderr
    make_next = ["make", "-s", "next", f"BIN={bin_folder}", f"STAMP={stamp}", "STAGE=1 2"]
    done = subprocess.run(
        make_next, cwd=folder, capture_output=True, text=True, check=False, env=coached
    )
    assert done.stdout == "make next: STAGE='1 2' is not a stage's number: the stages are 1 to 10\n"
    assert "usage" not in done.stderr


@pytest.mark.e2e  # make, and the coach in a process of its own
@pytest.mark.parametrize("command", ["review", "progress", "steps"])
def test_make_review_read_in_part_ends_without_an_error_from_make(
    tmp_path: Path, command: str
) -> None:
    """`make review | head -3`: the reader has seen enough, which is no error of make's."""
    from euchre.kata import workspace

    folder = tmp_path / "kata"
    workspace.create(folder)
    first = Line(datetime(2026, 11, 25, 10, 0, tzinfo=UTC), 1, "First", "red", 0, 1)
    (folder / history.HISTORY).write_text(first.to_json() + "\n")
    stamp = tmp_path / "installed"  # the test's own Python stands for the workspace's .venv
    stamp.touch()
    make = ["make", "--no-print-directory", command, f"BIN={Path(sys.executable).parent}"]
    make.append(f"STAMP={stamp}")
    coached = {**os.environ, "PYTHONPATH": str(unpacked_coach(folder))}
    process = subprocess.Popen(
        make, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=coached
    )
    assert process.stdout is not None
    process.stdout.close()
    _, err = process.communicate(timeout=60)
    assert (process.returncode, err.decode()) == (0, "")


def test_the_largest_step_goes_from_the_red_across_an_amber_to_the_green(
    workspace: Path,
) -> None:
    across_an_amber(workspace)
    code, out = run(workspace, "review")
    assert code == 0
    assert (
        "  Largest step from red to green: run 2 to run 4, 12 lines changed: euchre/extra.py"
        " (+10 -0), euchre/hand.py (+1 -1)"
    ) in out, out
