"""Workspaces made and installed as a learner makes them, their coach run as their make runs it."""

from __future__ import annotations

import json
import os
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre.kata.coach import cli as coach_cli
from euchre.kata.coach.record import history


@pytest.fixture
def isolated() -> Iterator[None]:
    """Keep this repository's step definitions apart from the workspace's, which share names."""
    saved = {name: module for name, module in sys.modules.items() if name.startswith("step_defs")}
    for name in saved:
        del sys.modules[name]
    yield
    for name in [name for name in sys.modules if name.startswith("step_defs")]:
        del sys.modules[name]
    sys.modules.update(saved)


def coach_here(folder: Path, *argv: str) -> tuple[int, str]:
    """One run of the coach, as a new process would make it, in this process."""
    import pytest_bdd.feature

    for name in [name for name in sys.modules if name.startswith("step_defs")]:
        del sys.modules[name]
    pytest_bdd.feature.features.clear()
    said: list[str] = []
    return coach_cli.main(list(argv), folder, said.append), "\n".join(said)


def only_modules(folder: str, names: list[str]) -> list[str]:
    """What copytree leaves out: every folder in ``folder``, keeping its modules."""
    return [name for name in names if (Path(folder) / name).is_dir()]


def installed(folder: Path, python_body: str) -> None:
    """A `.venv` whose tools are installed already: its Python is ``python_body``."""
    script(folder / ".venv" / "bin" / "python", python_body)
    stamp = folder / ".venv" / ".installed"
    stamp.touch()
    sources = [folder / "pyproject.toml", *(folder / ".kata").glob("*.whl")]
    later = max(source.stat().st_mtime for source in sources) + 1
    os.utime(stamp, (later, later))


def unpacked_coach(folder: Path) -> Path:
    """The workspace's coach wheel unpacked beside the workspace, as pip unpacks it into a
    `.venv`: a folder for this Python's path."""
    [wheel] = (folder / ".kata").glob("*.whl")
    unpacked = folder.parent / f"{folder.name}-coach"
    with zipfile.ZipFile(wheel) as zipped:
        zipped.extractall(unpacked)
    return unpacked


def with_coach(folder: Path) -> str:
    """A workspace Python's body that runs this Python with the workspace's coach installed."""
    return f'PYTHONPATH="{unpacked_coach(folder)}" exec "{sys.executable}" "$@"'


def script(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)
    return path


def history_lines(folder: Path) -> list[dict[str, object]]:
    """The workspace's history, each line as the JSON object it is."""
    lines = (folder / history.HISTORY).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def last_line(folder: Path) -> dict[str, object]:
    return history_lines(folder)[-1]
