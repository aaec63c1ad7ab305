"""A workspace's loop without make: `euchre kata test|next|progress|join`, run inside it.

Many dojos run on Windows laptops, which have no make. These commands do what the workspace's
Makefile does: the first time, make `.venv` and install the workspace's own `.[dev]` into it;
then run the workspace's coach (`python -m coach ...`) with that Python. The Makefile and these
commands share `.venv` and its stamp, so a learner may use either, or both.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from euchre.errors import EuchreError
from euchre.kata.coach import typed

FRONT_DOOR = "euchre kata"
"""The words before each command here, as the coach is to say them."""
VENV = ".venv"
STAMP = ".installed"
"""Touched in `.venv` once the tools are installed: the workspace's Makefile uses the same one."""
BASE_PYTHON = sys.executable
"""The Python that makes `.venv`: the one `euchre` runs in, as `make` uses `python3`."""
INSTALL = ("-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", ".[dev]")


class PracticeError(EuchreError):
    """A workspace command that cannot run: not in a workspace, or its tools cannot be installed."""


def venv_python(venv: Path, windows: bool = os.name == "nt") -> Path:
    """The Python of a virtual environment, where Windows and the rest each put it."""
    return venv / "Scripts" / "python.exe" if windows else venv / "bin" / "python"


def coach(workspace: Path, argv: Sequence[str], tell: Callable[[str], None]) -> int:
    """Run the workspace's coach with ``argv`` and its own Python; its exit status is ours."""
    if not (workspace / "coach" / "__main__.py").is_file():
        raise PracticeError(
            f"{workspace} is not a kata workspace (it has no coach/):"
            " run this inside the folder `euchre kata new` made"
        )
    python = ready(workspace, tell)
    # So that the coach names the commands as this learner types them: `euchre kata next`.
    named = {**os.environ, typed.ENVIRONMENT: FRONT_DOOR}
    return subprocess.run(
        [str(python), "-m", "coach", *argv], cwd=workspace, env=named, check=False
    ).returncode


def ready(workspace: Path, tell: Callable[[str], None]) -> Path:
    """The workspace's Python, with its tools installed the first time, as `make` would."""
    venv = workspace / VENV
    python = venv_python(venv)
    stamp = venv / STAMP
    if _newer(stamp, workspace / "pyproject.toml"):
        return python
    tell(f"Installing the workspace's tools into {VENV} (the first time only) ...")
    _step([BASE_PYTHON, "-m", "venv", str(venv)], workspace, f"make {VENV}")
    _step([str(python), *INSTALL], workspace, "install .[dev]")
    stamp.touch()
    return python


def _newer(stamp: Path, source: Path) -> bool:
    """Whether ``stamp`` exists and is not older than ``source``, as make decides."""
    try:
        return stamp.stat().st_mtime >= source.stat().st_mtime
    except OSError:
        return False


def _step(command: list[str], workspace: Path, doing: str) -> None:
    """Run one step of the installation; a failure is one line, with the tool's own last words."""
    try:
        done = subprocess.run(command, cwd=workspace, capture_output=True, text=True, check=False)
    except OSError as error:
        raise PracticeError(f"could not {doing}: {error.strerror or error}") from None
    if done.returncode != 0:
        said = _lines(done.stderr) or _lines(done.stdout) or ["no reason given"]
        # pip ends with notes about subprocesses; its first ERROR line says what went wrong.
        errors = [line for line in said if line.startswith("ERROR:")]
        raise PracticeError(f"could not {doing}: {(errors or said[-1:])[0]}")


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]
