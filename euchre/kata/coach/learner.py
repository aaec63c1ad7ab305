"""What is the learner's in a workspace: the level they chose, and the files they write.

The level is kept in the workspace's ``pyproject.toml`` (``[tool.kata] level``), where the
workspace maker put it; a workspace made before there were levels is at level ``model``.
"""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path

LEVELS = ("model", "steps", "examples")
WRITTEN = {
    "model": ("euchre", "tests"),
    "steps": ("euchre", "tests", "step_defs"),
    "examples": ("features",),
}
"""The folders the learner writes at each level: a change in them is a change of theirs."""


def level(workspace: Path) -> str:
    """The workspace's level; ``model`` when it names none, or none the coach knows."""
    try:
        config = tomllib.loads((workspace / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):  # tomllib's TOMLDecodeError and UnicodeDecodeError are both
        return "model"
    chosen = config.get("tool", {}).get("kata", {}).get("level")
    return chosen if chosen in LEVELS else "model"


def files(workspace: Path, at_level: str) -> list[Path]:
    """The learner's files at ``at_level``, in a stable order; caches and hidden files aside."""
    found = []
    for folder in WRITTEN[at_level]:
        for path in sorted((workspace / folder).rglob("*")):
            parts = path.relative_to(workspace).parts
            hidden = any(part.startswith(".") or part == "__pycache__" for part in parts)
            if path.is_file() and not hidden and path.suffix != ".pyc":
                found.append(path)
    return found


def fingerprint(workspace: Path, at_level: str) -> str:
    """A short hash of the learner's files, names and contents: equal when nothing changed."""
    digest = hashlib.sha256()
    for path in files(workspace, at_level):
        name = path.relative_to(workspace).as_posix().encode("utf-8")
        content = path.read_bytes()
        digest.update(b"%d:%s%d:" % (len(name), name, len(content)) + content)
    return digest.hexdigest()[:16]
