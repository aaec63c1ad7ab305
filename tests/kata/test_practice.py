"""A workspace without make: `euchre kata test|next|progress|join`, run inside it, run its own
coach with its own `.venv`'s Python, making `.venv` the first time as its Makefile does."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from euchre.cli import main
from euchre.kata import practice, workspace
from euchre.kata.coach import launcher
from tests.kata.installs import installed, script, with_coach
from tests.paths import ROOT


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    made = tmp_path / "kata"
    workspace.create(made)
    monkeypatch.chdir(made)
    return made


@pytest.mark.parametrize(
    ("argv", "coach"),
    [
        (["test"], "-m kata_coach test"),
        (["test", "--full"], "-m kata_coach test --full"),
        (["next"], "-m kata_coach next"),
        (["next", "--stage", "2", "--full"], "-m kata_coach next --stage=2 --full"),
        (["progress"], "-m kata_coach progress"),
        (["review"], "-m kata_coach review"),
        (["review", "--run", "3"], "-m kata_coach review --run=3"),
        (["review", "--from", "1", "--to", "4"], "-m kata_coach review --from=1 --to=4"),
        (["join", "http://dojo:8000", "KXR-MAW", "Ada & Grace"], "-m kata_coach join"),
    ],
)
def test_each_command_runs_the_workspaces_coach_with_its_own_python(
    folder: Path, argv: list[str], coach: str
) -> None:
    installed(folder, f'echo "$@" > "{folder / "said"}"; exit 3')
    assert main(["kata", *argv]) == 3, "the coach's exit status is the command's"
    assert (folder / "said").read_text().startswith(coach)


def test_the_coach_is_told_it_was_run_through_the_front_door(folder: Path) -> None:
    """So that it names `euchre kata next`, not `make next`, which this learner may not have."""
    installed(folder, f'echo "$COACH_COMMAND" > "{folder / "said"}"')
    assert main(["kata", "progress"]) == 0
    assert (folder / "said").read_text() == "euchre kata\n"


def test_the_first_time_it_makes_the_venv_and_installs_the_workspace_there(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    log = folder.parent / "log"
    venv_python = f'case "$1 $2" in "-m pip") echo "$@" >> "{log}";; *) {with_coach(folder)};; esac'

    base = script(
        folder.parent / "python3",
        f'[ "$1 $2" = "-m venv" ] || exit 9\ncat > "$3/bin/python" <<"END"\n'
        f'#!/bin/sh\n{venv_python}\nEND\nchmod +x "$3/bin/python"',
    )
    (folder / ".venv" / "bin").mkdir(parents=True)
    monkeypatch.setattr(practice, "BASE_PYTHON", str(base))
    assert main(["kata", "progress"]) == 0
    out, err = capfd.readouterr()
    assert err == "Installing the workspace's tools into .venv (the first time only) ...\n"
    assert out == "No runs yet: `euchre kata test` starts the history.\n"
    assert main(["kata", "progress"]) == 0
    assert capfd.readouterr().err == "", "installed once"
    assert log.read_text() == (
        "-m pip install --quiet --disable-pip-version-check -e .[dev]\n"
        "-m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps"
        " .kata/euchre_kata_coach-1.0-py3-none-any.whl\n"
    )
    assert (folder / ".venv" / ".installed").is_file(), "the Makefile's stamp: make agrees"


def test_an_install_that_fails_is_one_line_with_the_tools_own_words(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    base = script(folder.parent / "python3", "echo 'working...'; echo 'Error: no room' >&2; exit 1")
    monkeypatch.setattr(practice, "BASE_PYTHON", str(base))
    assert main(["kata", "test"]) == 2
    assert capfd.readouterr().err.splitlines()[-1] == (
        "euchre kata test: could not make .venv: Error: no room"
    )
    monkeypatch.setattr(
        practice, "BASE_PYTHON", str(script(base, "echo 'ERROR: on stdout'; exit 1"))
    )
    assert main(["kata", "test"]) == 2
    assert capfd.readouterr().err.endswith("could not make .venv: ERROR: on stdout\n")
    pip_like = "echo '  ERROR: No matching distribution found for x'; echo 'note: a subprocess'"
    monkeypatch.setattr(
        practice, "BASE_PYTHON", str(script(base, f"{{ {pip_like}; }} >&2; exit 1"))
    )
    assert main(["kata", "test"]) == 2
    assert capfd.readouterr().err.endswith(": ERROR: No matching distribution found for x\n")
    monkeypatch.setattr(practice, "BASE_PYTHON", str(script(base, "exit 1")))
    assert main(["kata", "test"]) == 2
    assert capfd.readouterr().err.endswith("could not make .venv: no reason given\n")
    monkeypatch.setattr(practice, "BASE_PYTHON", str(folder / "no such python"))
    assert main(["kata", "test"]) == 2
    assert capfd.readouterr().err.endswith("could not make .venv: No such file or directory\n")
    assert not (folder / ".venv" / ".installed").exists()


def test_outside_a_workspace_it_says_where_to_run_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["kata", "next"]) == 2
    assert capsys.readouterr().err == (
        f"euchre kata next: {tmp_path} is not a kata workspace (it carries no coach in .kata/):"
        " run this inside the folder `euchre kata new` made\n"
    )


def test_windows_keeps_a_venvs_python_in_scripts() -> None:
    assert launcher.venv_python(Path(".venv"), windows=True) == Path(".venv/Scripts/python.exe")
    assert launcher.venv_python(Path(".venv"), windows=False) == Path(".venv/bin/python")


def kata_py(folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """`python kata.py ...`, as a learner without make types it, with whatever Python they have."""
    return subprocess.run(
        [sys.executable, "kata.py", *argv], cwd=folder, capture_output=True, text=True, check=False
    )


def test_without_make_or_euchre_python_kata_py_runs_the_workspaces_coach(folder: Path) -> None:
    """A fresh workspace, as its README says: no `euchre` command needed, only Python."""
    installed(folder, f'echo "$COACH_COMMAND $@" > "{folder / "said"}"; exit 3')
    done = kata_py(folder, "next", "--stage", "2")
    assert (done.returncode, done.stderr) == (3, "")
    assert (folder / "said").read_text() == "python kata.py -m kata_coach next --stage 2\n"


def test_python_kata_py_says_in_one_line_what_stops_it(folder: Path) -> None:
    (folder / ".venv").mkdir()
    (folder / ".venv" / "bin").write_text("not a folder")  # so no Python can be made there
    done = kata_py(folder, "test")
    assert done.returncode == 2
    told, refusal = done.stderr.splitlines()
    assert told == "Installing the workspace's tools into .venv (the first time only) ..."
    assert refusal.startswith("python kata.py test: could not make .venv: Error: ")


def test_kata_py_runs_the_coach_and_says_in_one_line_what_stops_it(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What `python kata.py` runs (launcher.main), in this process: the coach's exit status is
    its own, and a .venv that cannot be made is one line after the one that said it would."""
    installed(folder, "exit 3")
    assert launcher.main(["test"], folder) == 3
    (folder / ".venv" / ".installed").unlink()
    shutil.rmtree(folder / ".venv" / "bin")
    (folder / ".venv" / "bin").write_text("not a folder")  # so no Python can be made there
    assert launcher.main(["next", "--stage", "2"], folder) == 2
    told, refusal = capsys.readouterr().err.splitlines()
    assert told == "Installing the workspace's tools into .venv (the first time only) ..."
    assert refusal.startswith("python kata.py next: could not make .venv: Error: ")


def test_the_coach_that_cannot_start_is_one_line(folder: Path) -> None:
    (folder / ".venv" / "bin").mkdir(parents=True)
    (folder / ".venv" / "bin" / "python").write_text("not a program")  # not executable
    (folder / ".venv" / ".installed").touch()
    with pytest.raises(launcher.LaunchError, match=r"^could not start the coach: "):
        launcher.coach(folder, ["test"], print, "python kata.py")


@pytest.mark.e2e
def test_a_stage_taken_through_the_euchre_kata_commands_alone(tmp_path: Path) -> None:
    """No make: each command a new process, as a learner on Windows types them."""
    folder = tmp_path / "kata"

    def euchre(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(Path(sys.executable).with_name("euchre")), *argv],
            cwd=folder if folder.exists() else tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )

    made = euchre("kata", "new", "kata")
    assert made.returncode == 0, made.stderr
    installed(folder, with_coach(folder))
    red = euchre("kata", "test")
    assert red.returncode == 1, red.stdout + red.stderr
    assert red.stdout.startswith("🟥 Stage 1 of 10, Dealing the hand, scenario 1 of ")
    assert "The full traceback: euchre kata test --full" in red.stdout
    shutil.rmtree(folder / "euchre")
    shutil.copytree(ROOT / "euchre", folder / "euchre", ignore=shutil.ignore_patterns("kata"))
    green = euchre("kata", "test")
    assert green.returncode == 0, green.stdout + green.stderr
    revealed = euchre("kata", "next")
    assert revealed.returncode == 0, revealed.stdout
    assert revealed.stdout.startswith("Next: scenario 2 of ")
    whole = euchre("kata", "next", "--stage", "1")
    assert whole.returncode == 0, whole.stdout
    assert "✅ Stage 1, Dealing the hand, is done" in whole.stdout
    progress = euchre("kata", "progress")
    assert progress.returncode == 0
    assert progress.stdout.startswith("Lights: 🟥🟢⚡⚡\n")
    refused = euchre("kata", "join", "nowhere", "KXR-MAW", "Ada")
    assert refused.returncode == 2
    assert len(refused.stdout.splitlines()) == 1, refused.stdout


def test_every_target_of_the_workspace_makefile_has_its_command_in_the_readme() -> None:
    makefile = (workspace.FILES / "Makefile").read_text(encoding="utf-8")
    targets = re.findall(r"^## (\w+):", makefile, flags=re.MULTILINE)
    assert targets, "the Makefile says what each target does"
    readme = (workspace.FILES / "README.md").read_text(encoding="utf-8")
    without_make = readme.split("### Without make", 1)[1]
    for target in targets:
        assert f"| `make {target}" in without_make, target
        assert f"| `python kata.py {target}" in without_make, target
        with pytest.raises(SystemExit) as helped:
            main(["kata", target, "--help"])
        assert helped.value.code == 0, target


def test_kata_py_runs_the_command_it_is_given_and_names_it_when_it_cannot(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked: list[tuple[str, ...]] = []

    def coach(workspace: Path, argv: list[str], tell: Callable[[str], None], words: str) -> int:
        asked.append((words, *argv))
        tell("Installing the workspace's tools into .venv (the first time only) ...")
        return 3

    monkeypatch.setattr(launcher, "coach", coach)
    assert launcher.main(["next", "--stage", "2"], folder) == 3
    assert asked == [("python kata.py", "next", "--stage", "2")]
    assert capsys.readouterr().err == (
        "Installing the workspace's tools into .venv (the first time only) ...\n"
    )

    def refused(*args: object, **named: object) -> int:
        raise launcher.LaunchError("could not make .venv: no room")

    monkeypatch.setattr(launcher, "coach", refused)
    assert launcher.main(["test"], folder) == 2
    assert capsys.readouterr().err == "python kata.py test: could not make .venv: no room\n"
