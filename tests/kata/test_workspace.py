"""`make kata`: a practice workspace, and a scripted learner who goes through its loop.

The first test runs the workspace's own coach in a new process, as `make test` there does. The
scripted learner runs the coach in this process (much quicker), with the reference model in
place of the skeleton, keeping this repository's step definitions apart from the workspace's.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from euchre.kata import coach_wheel, workspace
from euchre.kata.cli import main
from euchre.kata.coach.record import history, learner, reach
from euchre.kata.coach.record.stages import KATA_STAGES, STAGES
from euchre.kata.coach.running import features, outcomes, session
from euchre.kata.coach.running.features import Scenario
from tests.kata.installs import coach_here, installed, only_modules, with_coach
from tests.paths import ROOT

SET = learner.SETTINGS
WHEEL = f"euchre_kata_coach-{coach_wheel.VERSION}-py3-none-any.whl"
"""What a new workspace holds besides the learner's files: their settings, and the coach."""


def coach(folder: Path, command: str) -> subprocess.CompletedProcess[str]:
    """The workspace's coach, as its `.venv` runs it: this Python, with the wheel installed."""
    installed(folder, with_coach(folder))
    return subprocess.run(
        [str(folder / ".venv" / "bin" / "python"), "-m", "kata_coach", command],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )


def git_status(folder: Path) -> str:
    return subprocess.run(
        ["git", "-C", str(folder), "status", "--porcelain"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.mark.e2e
def test_a_new_workspace_is_red_on_its_first_scenario_and_shows_the_failing_step(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "my kata; it's 'mine'"
    assert main(["new", str(folder)]) == 0
    listed = sorted(path.name for path in folder.iterdir())
    learners = ["Makefile", "README.md", "euchre", "features", "kata.py", "pyproject.toml"]
    assert listed == sorted([*learners, "step_defs", "tests", ".git", ".gitignore", ".kata", SET])
    assert [path.name for path in (folder / ".kata").iterdir()] == [WHEEL]
    log = subprocess.run(
        ["git", "-C", str(folder), "log", "--oneline"], capture_output=True, text=True, check=True
    ).stdout
    assert log.strip().endswith("The kata's starting position")

    red = coach(folder, "test")
    assert red.returncode == 1, red.stdout + red.stderr
    first = features.read(folder, 1).of(STAGES[0])[0]
    lines = red.stdout.splitlines()
    assert lines[0].startswith("🟥 Stage 1 of 10, Dealing the hand, scenario 1 of ")
    assert lines[0].endswith(": 0 of 1 reached scenarios pass")
    assert lines[1] == f"Scenario: {first.name}  (features/dealing.feature:{first.line})"
    failing_step = lines[2].removeprefix("  failed at: ").split("  (")[0]
    assert f"  {failing_step}\n" in (folder / "features" / "dealing.feature").read_text()
    assert re.fullmatch(r"  failed at: .+  \(step_defs/\w+\.py:\d+\)", lines[2])
    assert "NotImplementedError" in red.stdout
    assert "Traceback" not in red.stdout + red.stderr
    assert red.stdout in (folder / "README.md").read_text(), "the README shows this very run"

    refused = coach(folder, "next")
    assert refused.returncode == 2
    assert refused.stdout == ("make next: make your last run green first (it was red).\n")
    assert git_status(folder) == "", "the README says the history stays out of git status"


def passing(reached: Sequence[Scenario]) -> outcomes.Found:
    """A green run of the reached scenarios, standing in for pytest's own."""
    passed = [outcomes.Outcome(s.title, s.where, s.stage, s, collected=1, ran=1) for s in reached]
    return outcomes.Found(passed, [], [])


@pytest.mark.e2e
@pytest.mark.usefixtures("isolated", "uncovered")
def test_a_learner_with_the_reference_model_reaches_the_end_of_the_kata_one_reveal_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every reveal goes through the coach's `next`. pytest runs for real at the start, at the
    first reveal of each stage, and at the last reveal, which is a real `make next` over every
    scenario of the kata; in between, a green run stands in for pytest's, and that last run
    passes every scenario those stood in for."""
    folder = tmp_path / "kata"
    workspace.create(folder)
    shutil.rmtree(folder / "euchre")
    # The rules model alone, as a learner writes it: the refactoring prompts read all of it.
    shutil.copytree(ROOT / "euchre", folder / "euchre", ignore=only_modules)
    monkeypatch.syspath_prepend(str(folder))
    found = features.read(folder, KATA_STAGES)
    last = reach.Reach(KATA_STAGES, len(found.of(STAGES[KATA_STAGES - 1])))
    real = session.run
    really_run: list[reach.Reach] = []

    def run(
        workspace: Path,
        read: features.Features,
        reached: Sequence[Scenario],
        stage: int,
        full: bool,
    ) -> outcomes.Found:
        newest = reached[-1]
        revealed = read.of(newest.stage).index(newest) + 1
        if revealed > 1:
            return passing(reached)
        really_run.append(reach.Reach(newest.stage.number, revealed))
        return real(workspace, read, reached, stage, full)

    monkeypatch.setattr(session, "run", run)
    assert coach_here(folder, "test")[0] == 0
    in_kata = sum(len(found.of(stage)) for stage in STAGES[:KATA_STAGES])
    reveals = 0
    while reach.load(folder) != reach.Reach(last.stage, last.revealed - 1):
        code, out = coach_here(folder, "next")
        assert code == 0, out
        reveals += 1
    assert really_run == [reach.Reach(stage, 1) for stage in range(1, KATA_STAGES + 1)]

    installed(folder, with_coach(folder))  # `make` then installs nothing
    made = subprocess.run(
        ["make", "--no-print-directory", "next"], cwd=folder, capture_output=True, text=True
    )
    assert made.returncode == 0, made.stdout + made.stderr
    reveals += 1
    assert reveals == in_kata - 1  # the first scenario is reached from the start
    assert f"{in_kata} of {in_kata} reached scenarios pass" in made.stdout
    assert "🎉 The kata is done" in made.stdout
    assert reach.load(folder) == last
    runs = history.read(folder, pytest.fail)
    assert [run.passed_at_once for run in runs[1:]] == [True] * reveals


@pytest.mark.usefixtures("isolated")
def test_at_level_steps_the_learner_writes_the_steps_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "kata"
    workspace.create(folder, level="steps")
    assert sorted(path.name for path in (folder / "step_defs").iterdir()) == sorted(
        ["__init__.py", "conftest.py", *(Path(stage.steps).name for stage in STAGES)]
    )
    readme = " ".join((folder / "README.md").read_text().split())
    assert "level `steps`" in readme
    # What counts as a refactor, as the coach counts it (verdict.py): a facilitator's pair read
    # "with your files changed" and tidied their steps, which is never one.
    assert "and nothing more specified (no test, scenario or step added or changed)" in readme
    assert "while your steps let a wrong model through, no change is counted as one" in readme
    monkeypatch.syspath_prepend(str(folder))
    code, out = coach_here(folder, "test")
    assert code == 1
    assert "(no step definition matches this text yet)" in out


def test_the_workspace_s_pytest_leaves_out_the_plugin_only_watchfiles_brings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """anyio comes with watchfiles (`make watch`), and with it a pytest plugin that no kata
    test uses and that would cost every run its import."""
    target = tmp_path / "kata"
    workspace.create(target)
    (target / "nothing").mkdir()
    monkeypatch.chdir(target)
    blocked: list[bool] = []

    class Seen:
        def pytest_configure(self, config: pytest.Config) -> None:
            blocked.append(config.pluginmanager.is_blocked("anyio"))

    pytest.main(["--co", "-q", "-p", "no:cacheprovider", "nothing"], plugins=[Seen()])
    assert blocked == [True]


def test_the_workspace_readme_lists_the_stages_from_their_one_home(tmp_path: Path) -> None:
    folder = tmp_path / "kata"
    workspace.create(folder)
    readme = (folder / "README.md").read_text()
    for stage in STAGES:
        row = f"| {stage.number} | [{stage.name}]({stage.feature_path}) | {stage.summary} |"
        assert row in readme
    assert "$" not in readme.replace("$ ", "")


@pytest.mark.e2e
def test_make_kata_takes_a_folder_with_spaces_and_shell_characters(tmp_path: Path) -> None:
    folder = tmp_path / "my ws; echo 'hi' && \"x\""
    made = subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), "kata", f"DIR={folder}"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    assert (folder / "features" / "dealing.feature").exists()
    pasted = made.stdout.splitlines()[0].split("Next: ")[1]
    shown = subprocess.run(
        ["bash", "-c", pasted.replace("make test", "pwd")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stdout.strip() == str(folder)


def test_it_refuses_a_folder_that_is_not_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["new", str(tmp_path)]) == 2
    assert "is not an empty folder" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.txt"]


def test_a_workspace_that_cannot_be_finished_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "no-git-here"))
    assert main(["new", str(tmp_path / "kata")]) == 2
    assert "could not make a workspace in" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("inside", ["", "/kata"], ids=["the folder", "a folder above it"])
def test_a_folder_name_too_long_for_the_disk_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], inside: str
) -> None:
    folder = f"{tmp_path}/{'k' * 300}{inside}"
    assert main(["new", folder]) == 2
    assert capsys.readouterr().err == (
        f"euchre kata new: could not make a workspace in {folder}: File name too long\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_it_refuses_an_unknown_level(tmp_path: Path) -> None:
    with pytest.raises(workspace.WorkspaceError, match="'expert' is not a level"):
        workspace.create(tmp_path / "kata", level="expert")


def test_python_dash_m_euchre_kata_runs_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import runpy

    monkeypatch.setattr(sys, "argv", ["euchre.kata", "new", str(tmp_path / "kata")])
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("euchre.kata", run_name="__main__")
    assert exited.value.code == 0


def test_an_empty_folder_that_exists_becomes_the_workspace(tmp_path: Path) -> None:
    folder = tmp_path / "kata"
    folder.mkdir()
    workspace.create(folder)
    assert (folder / "features" / "dealing.feature").is_file()
    assert [path.name for path in tmp_path.iterdir()] == ["kata"], "no building folder is left"
    caches = [*folder.rglob("__pycache__"), *folder.rglob(".mypy_cache")]
    assert caches == [], "a learner starts from the sources alone"


def test_an_empty_folder_that_exists_is_filled_in_place_keeping_its_permissions(
    tmp_path: Path,
) -> None:
    """A mount point, or a folder in a parent the learner may not write, cannot be replaced."""
    folder = tmp_path / "kata"
    folder.mkdir(mode=0o750)
    folder.chmod(0o750)
    before = folder.stat()
    workspace.create(folder)
    after = folder.stat()
    assert (after.st_ino, after.st_dev) == (before.st_ino, before.st_dev)
    assert oct(after.st_mode & 0o7777) == oct(0o750)
    assert (folder / "features" / "dealing.feature").is_file()


def test_an_existing_folder_is_left_empty_when_the_workspace_cannot_be_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "kata"
    folder.mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "no-git-here"))
    assert main(["new", str(folder)]) == 2
    assert "could not make a workspace in" in capsys.readouterr().err
    assert [path.name for path in tmp_path.iterdir()] == ["kata"]
    assert list(folder.iterdir()) == []


def test_the_first_commit_runs_none_of_the_learners_own_git_hooks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    ran = tmp_path / "a hook ran"
    for hook in ("pre-commit", "commit-msg", "prepare-commit-msg", "post-commit"):
        script = f"#!/bin/sh\necho {hook} >> '{ran}'\necho 'no, says {hook}' >&2\nexit 1\n"
        (hooks / hook).write_text(script)
        (hooks / hook).chmod(0o755)
    config = tmp_path / "gitconfig"
    config.write_text(f"[core]\n\thooksPath = {hooks}\n")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    workspace.create(tmp_path / "kata")
    assert not ran.exists()
    log = subprocess.run(
        ["git", "-C", str(tmp_path / "kata"), "log", "--format=%s"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert log.stdout == "The kata's starting position\n"


def test_a_git_that_fails_is_told_in_its_own_words_on_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tools = tmp_path / "bin"
    tools.mkdir()
    git = tools / "git"
    git.write_text(
        "#!/bin/sh\necho 'hint: this git is broken' >&2\necho 'fatal: no room' >&2\nexit 128\n"
    )
    git.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    folder = tmp_path / "kata"
    assert main(["new", str(folder)]) == 2
    assert capsys.readouterr().err == (
        f"euchre kata new: could not make a workspace in {folder}:"
        " git init: hint: this git is broken; fatal: no room\n"
    )
    assert not folder.exists()


def test_ctrl_c_while_making_a_workspace_leaves_nothing_half_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(target: Path) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(workspace, "_first_commit", interrupted)
    with pytest.raises(KeyboardInterrupt):
        workspace.create(tmp_path / "kata")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("constraint", "said"),
    [
        (
            "baby-steps",
            "Your constraint is baby steps: a run that is not green, 3 minutes or more after"
            " the first that was not, puts your files back to your last green run; a green run"
            " keeps them (nothing is lost: `make review` shows every run).",
        ),
        (
            "predict",
            "Your constraint is predict: before each run the coach asks whether the light will"
            " be red or green, and then says whether you were right.",
        ),
    ],
)
def test_the_constraint_chosen_is_said_when_the_workspace_is_made_and_in_its_readme(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], constraint: str, said: str
) -> None:
    folder = tmp_path / "kata"
    argv = ["new", str(folder), "--constraint", constraint, "--minutes", "3"]
    assert main(argv) == 0
    assert said in capsys.readouterr().out.splitlines()
    assert said in (folder / "README.md").read_text().replace("\n", " ")


def test_a_clock_of_one_minute_is_said_as_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["new", str(tmp_path / "kata"), "--constraint", "baby-steps", "--minutes", "1"]
    assert main(argv) == 0
    assert "a run that is not green, 1 minute or more after" in capsys.readouterr().out


def test_a_workspace_without_a_constraint_says_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", str(tmp_path / "kata")]) == 0
    assert "constraint" not in capsys.readouterr().out
    assert "Your constraint" not in (tmp_path / "kata" / "README.md").read_text()


def test_a_learner_whose_git_names_objects_with_sha_256_gets_a_workspace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIT_DEFAULT_HASH", "sha256")
    assert main(["new", str(tmp_path / "kata")]) == 0
    start = subprocess.run(
        ["git", "rev-parse", "refs/kata/runs"],
        cwd=tmp_path / "kata",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert len(start) == 64


def test_the_starting_code_passes_the_workspaces_own_ruff(tmp_path: Path) -> None:
    """A learner who runs the workspace's ruff meets their own code's findings, not the
    skeleton's: its signatures take the rules (a frozen value) as a default."""
    made = tmp_path / "kata"
    workspace.create(made)
    checked = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--select", "E,F,W,B,UP,SIM", "euchre"],
        cwd=made,
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout
