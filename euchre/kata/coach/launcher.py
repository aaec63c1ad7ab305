"""The workspace's loop without make (as on Windows): ``python kata.py test``, or ``euchre kata
test`` where the ``euchre`` command is installed. Each does what the workspace's Makefile does:
the first time, make ``.venv`` and install the workspace's own ``.[dev]`` and the coach's wheel
into it; then run the coach (``python -m kata_coach ...``) with that Python. The Makefile and
these commands share ``.venv`` and its stamp, so a learner may use either, or both.

Standard library only, and importing nothing of the coach but typed.py, which imports nothing:
it runs under whichever Python the learner has, before ``.venv`` (and pytest with it) exists.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .typed import ENVIRONMENT

VENV = ".venv"
STAMP = ".installed"
"""Touched in `.venv` once the tools are installed: the workspace's Makefile uses the same one."""
PIP = ("-m", "pip", "install", "--quiet", "--disable-pip-version-check")
INSTALL = (*PIP, "-e", ".[dev]")
COACH = (*PIP, "--force-reinstall", "--no-deps")
"""The coach's wheel, installed again whenever it is newer than the stamp: its version may
stay the same while its files change."""
CARRIED = ".kata"
"""Where a workspace carries the coach's wheel: not the learner's, and not in their way."""


def wheels(workspace: Path) -> list[Path]:
    """The coach's wheel that ``workspace`` carries (one, unless someone added another)."""
    return sorted((workspace / CARRIED).glob("*.whl"))


class LaunchError(Exception):
    """The workspace's tools cannot be installed, or its coach cannot start: one line, why."""


def venv_python(venv: Path, windows: bool = os.name == "nt") -> Path:
    """The Python of a virtual environment, where Windows and the rest each put it."""
    return venv / "Scripts" / "python.exe" if windows else venv / "bin" / "python"


def coach(
    workspace: Path,
    argv: Sequence[str],
    tell: Callable[[str], None],
    words: str,
    base_python: str = sys.executable,
) -> int:
    """Run the workspace's coach with ``argv`` and its own Python; its exit status is ours.
    ``words`` are what the learner types before a command ("python kata.py")."""
    python = ready(workspace, tell, base_python)
    named = {**os.environ, ENVIRONMENT: words}
    try:
        return subprocess.run(
            [str(python), "-m", "kata_coach", *argv], cwd=workspace, env=named, check=False
        ).returncode
    except OSError as error:
        raise LaunchError(f"could not start the coach: {error.strerror or error}") from None


def ready(workspace: Path, tell: Callable[[str], None], base_python: str) -> Path:
    """The workspace's Python, with its tools installed the first time, as `make` would."""
    venv = workspace / VENV
    python = venv_python(venv)
    stamp = venv / STAMP
    carried = wheels(workspace)
    if all(_newer(stamp, source) for source in [workspace / "pyproject.toml", *carried]):
        return python
    tell(f"Installing the workspace's tools into {VENV} (the first time only) ...")
    _step([base_python, "-m", "venv", str(venv)], workspace, f"make {VENV}")
    _step([str(python), *INSTALL], workspace, "install .[dev]")
    wheel = [str(path.relative_to(workspace)) for path in carried]
    _step([str(python), *COACH, *wheel], workspace, "install the coach")
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
        raise LaunchError(f"could not {doing}: {error.strerror or error}") from None
    if done.returncode != 0:
        said = _lines(done.stderr) or _lines(done.stdout) or ["no reason given"]
        # pip ends with notes about subprocesses; its first ERROR line says what went wrong.
        errors = [line for line in said if line.startswith("ERROR:")]
        raise LaunchError(f"could not {doing}: {(errors or said[-1:])[0]}")


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def main(argv: Sequence[str], workspace: Path) -> int:
    """``python kata.py COMMAND``: the workspace's command, made ready the first time."""

    def tell(line: str) -> None:
        print(line, file=sys.stderr)

    try:
        return coach(workspace, argv, tell, words="python kata.py")
    except LaunchError as error:
        command = " ".join(["python kata.py", *argv[:1]])
        print(f"{command}: {error}", file=sys.stderr)
        return 2
