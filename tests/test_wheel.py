"""The built wheel, installed as a user installs it: alone, with `[docs]`, with `[dojo]`.

Each install is a fresh virtual environment that sees nothing of this one's packages, so a
dependency an extra forgets fails here: one a run for each extra, which its tests share. The
dependencies come from a folder of wheels kept in `build/wheelhouse/`, filled from the package
index the first time and whenever it lacks one; after that the installs need no network. The
wheel is built once a run and installed by uv, which takes a tenth of pip's time; a workspace's
own first run installs its tools with pip, as a learner's does.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import tomllib
import urllib.request
import venv
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from uv import find_uv_bin

from euchre.kata import workspace
from euchre.kata.coach.record import history
from euchre.kata.coach.record.line import Line

ROOT = Path(__file__).parent.parent
PIP = (sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check")
WHEELHOUSE = ROOT / "build" / "wheelhouse"
WORKSPACE = tomllib.loads((ROOT / "euchre/kata/workspace_files/pyproject.toml").read_text())
UV = find_uv_bin()
BUILD = (UV, "build", "--wheel", "--no-build-isolation", "--python", sys.executable)
"""The wheel, built by uv with the hatchling of this environment."""
OFFLINE = ("--offline", "--no-index", "--find-links", str(WHEELHOUSE))
"""uv's options that take every package from the wheelhouse alone."""
WORKSPACE_TOOLS = (
    *WORKSPACE["project"]["optional-dependencies"]["dev"],
    *WORKSPACE["build-system"]["requires"],
    "editables>=0.3",
)
"""What a workspace's first `euchre kata test` installs into its own .venv, and builds it with:
read from the workspace's own pyproject.toml, their one home."""
EXTRAS = {"": "", "docs": "[docs]", "dojo": "[dojo]"}


def shared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this pytest run that every xdist worker sees: the parent of its own."""
    own = tmp_path_factory.getbasetemp()
    return own.parent if "PYTEST_XDIST_WORKER" in os.environ else own


@contextmanager
def alone(lock: Path) -> Iterator[None]:
    """One process at a time, across pytest's workers, inside the block."""
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built wheel, with a wheelhouse that holds every dependency of it and its extras.

    Built once a run, by whichever worker asks first: the others wait for it and share it.
    """
    dist = shared(tmp_path_factory) / "dist"
    dist.mkdir(exist_ok=True)
    with alone(dist / ".lock"):
        if not list(dist.glob("*.whl")):
            build(dist)
    [built] = dist.glob("*.whl")
    return built


def build(dist: Path) -> None:
    """Build the wheel into ``dist``; fill the wheelhouse with what it lacks for it."""
    subprocess.run([*BUILD, "--out-dir", str(dist), str(ROOT)], check=True, capture_output=True)
    [built] = dist.glob("*.whl")
    WHEELHOUSE.mkdir(parents=True, exist_ok=True)
    with alone(WHEELHOUSE / ".lock"):  # one filler at a time, across pytest runs too
        wanted = [f"euchre-kata[docs,dojo] @ {built.as_uri()}", *WORKSPACE_TOOLS]
        # uv resolves them from the wheelhouse alone in a few milliseconds: all there, or not.
        resolved = subprocess.run(
            [UV, "pip", "compile", "--python", sys.executable, *OFFLINE, "--quiet", "-"],
            input="\n".join(wanted),
            capture_output=True,
            text=True,
            check=False,
        )
        if resolved.returncode != 0:  # the first time, or a dependency added since
            # pip, because uv keeps the wheels it fetches in its own cache, not as files.
            subprocess.run(
                [*PIP, "download", "-d", str(WHEELHOUSE), f"{built}[docs,dojo]", *WORKSPACE_TOOLS],
                check=True,
                capture_output=True,
            )


@pytest.fixture(scope="session")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """The wheel installed with an extra ("", "docs" or "dojo"): its environment's bin/.

    One environment an extra a run, made by whichever worker asks first. The tests only run
    its commands, each in a folder of its own, so sharing it checks the same install.
    """
    venvs = shared(tmp_path_factory) / "venvs"
    venvs.mkdir(exist_ok=True)

    def install(extra: str) -> Path:
        where = venvs / (extra or "base")
        with alone(venvs / f".{extra or 'base'}.lock"):
            if not (where / ".installed").exists():
                fresh_install(wheel, extra, where)
                (where / ".installed").touch()
        return where / "bin"

    return install


def fresh_install(wheel: Path, extra: str, where: Path) -> Path:
    """A new virtual environment holding the wheel (and ``extra``), without pip; its bin/."""
    venv.create(where, with_pip=False, clear=True)
    python = where / "bin" / "python"
    subprocess.run(
        [UV, "pip", "install", "--python", str(python), *OFFLINE, f"{wheel}{EXTRAS[extra]}"],
        check=True,
        capture_output=True,
    )
    return where / "bin"


def run(
    bin: Path, *argv: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(bin / "euchre"), *argv],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )


def refused(done: subprocess.CompletedProcess[str], command: str, extra: str) -> bool:
    """Whether ``done`` is one line naming the extra's install command, exit 2, no traceback."""
    named = f"euchre {command} needs the {extra} extra ("
    install = f"): pip install 'euchre-kata[{extra}]'"
    lines = done.stderr.splitlines()
    return (
        done.returncode == 2
        and len(lines) == 1
        and lines[0].startswith(named)
        and (lines[0].endswith(install))
    )


@pytest.mark.e2e
def test_the_wheel_alone_makes_a_workspace_whose_loop_installs_itself(
    installed: Callable[[str], Path], tmp_path: Path
) -> None:
    bin = installed("")
    helped = run(bin, "--help", cwd=tmp_path)
    assert helped.returncode == 0
    assert "``" not in helped.stdout
    made = run(bin, "kata", "new", "kata", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    kata = tmp_path / "kata"
    assert (kata / "features" / "dealing.feature").is_file()
    assert (kata / "step_defs" / "conftest.py").is_file()
    assert not list(kata.rglob("__pycache__"))
    assert (kata / "euchre" / "cards.py").is_file()
    # The workspace's first run makes its .venv and installs pytest there, as `make test` does.
    offline = {**os.environ, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(WHEELHOUSE)}
    red = run(bin, "kata", "test", cwd=kata, env=offline)
    assert red.returncode == 1, red.stdout + red.stderr
    assert red.stdout.startswith("🟥 Stage 1 of 10, Dealing the hand, scenario 1 of ")
    assert (kata / ".venv" / ".installed").is_file()
    assert run(bin, "kata", "progress", cwd=kata).stdout.startswith("Lights: 🟥\n")
    # Without make and without `euchre`: the workspace's own kata.py, with any Python.
    again = subprocess.run(
        [sys.executable, "kata.py", "test"], cwd=kata, capture_output=True, text=True, check=False
    )
    assert again.returncode == 1, again.stdout + again.stderr
    assert "The full traceback: python kata.py test --full" in again.stdout


@pytest.mark.e2e
def test_the_wheel_alone_plays_replays_converts_and_simulates_and_names_the_missing_extras(
    installed: Callable[[str], Path], tmp_path: Path
) -> None:
    bin = installed("")
    # A game to 2 points (two deals): `agree` asks the expert bot, which searches, at every
    # decision, and a whole game's took most of this test's time for the same commands.
    short = ("--rules", "points=2")
    played = run(bin, "play", "--watch", "--seed", "3", *short, "--save", "game.json", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert len(json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))["hands"]) == 2
    for argv in (
        ["replay", "game.json"],
        ["convert", "game.json", "game.egn"],
        ["agree", "game.egn"],
        ["simulate", "--hands", "20", "--seed", "1"],
    ):
        done = run(bin, *argv, cwd=tmp_path)
        assert done.returncode == 0, (argv, done.stderr)
    assert refused(
        run(bin, "kata", "docs", "--out", "page.html", cwd=tmp_path), "kata docs", "docs"
    )
    assert refused(run(bin, "dojo", "report", ".", cwd=tmp_path), "dojo report", "dojo")
    assert refused(run(bin, "dojo", "serve", "--port", "0", cwd=tmp_path), "dojo serve", "dojo")


@pytest.mark.e2e
def test_with_the_docs_extra_alone_the_features_become_a_page(
    installed: Callable[[str], Path], tmp_path: Path
) -> None:
    bin = installed("docs")
    page = tmp_path / "page.html"
    done = run(bin, "kata", "docs", "--out", str(page), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Dealing the hand" in page.read_text(encoding="utf-8")
    assert refused(run(bin, "dojo", "serve", "--port", "0", cwd=tmp_path), "dojo serve", "dojo")


@pytest.mark.e2e
def test_with_the_dojo_extra_alone_the_dashboard_serves_and_reports(
    installed: Callable[[str], Path], tmp_path: Path
) -> None:
    bin = installed("dojo")
    kata = tmp_path / "kata"
    assert run(bin, "kata", "new", "kata", cwd=tmp_path).returncode == 0
    run_ = Line(datetime(2026, 1, 1, 9, tzinfo=UTC), 1, "Dealing", "red", 0, 1, False)
    history.append(kata, run_)
    reported = run(bin, "dojo", "report", "kata", "--out", "report.html", cwd=tmp_path)
    assert reported.returncode == 0, reported.stderr
    assert (tmp_path / "report.html").is_file()
    serving = subprocess.Popen(
        [str(bin / "euchre"), "dojo", "serve", "--port", "0", "--db", "dojo.sqlite3"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert serving.stdout is not None
        banner = serving.stdout.readline()
        assert banner.startswith("The dojo's dashboard: http://127.0.0.1:"), banner
        with urllib.request.urlopen(banner.split(": ", 1)[1].strip(), timeout=10) as page:
            assert page.status == 200
    finally:
        serving.send_signal(signal.SIGINT)
        serving.wait(timeout=20)
    assert serving.returncode == 0, serving.stderr.read() if serving.stderr else ""
    assert refused(
        run(bin, "kata", "docs", "--out", "page.html", cwd=tmp_path), "kata docs", "docs"
    )


def test_the_shipped_copies_are_used_when_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "features").mkdir()
    monkeypatch.setattr(workspace, "SHIPPED", tmp_path)
    assert workspace.shipped("features") == tmp_path / "features"
    assert workspace.shipped("step_defs") == ROOT / "step_defs"
