"""What is the learner's in a workspace: how it was made (the level, a coderetreat constraint),
and the files they write.

The settings are kept in one file, ``.kata-workspace.json``, where the workspace maker put them;
a workspace without it (made before there were levels) is at level ``model``, with no
constraint.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from .history import CONSTRAINTS

LEVELS = ("model", "steps", "examples", "stories")
WRITTEN = {
    "model": ("euchre", "tests"),
    "steps": ("euchre", "tests", "step_defs"),
    "examples": ("features",),
    "stories": ("features",),
}
"""The folders the learner writes at each level: a change in them is a change of theirs."""
SETTINGS = ".kata-workspace.json"
MINUTES = 2
"""The baby-steps constraint's minutes to green, unless the learner chose others."""


@dataclass(frozen=True)
class Settings:
    """What ``make kata`` chose: the level, and a constraint ("" for none) with its minutes."""

    level: str = "model"
    constraint: str = ""
    minutes: int = MINUTES

    @property
    def paths(self) -> tuple[str, ...]:
        """The folders of the learner's own files, which each run keeps."""
        return WRITTEN[self.level]

    def to_json(self) -> str:
        return json.dumps(
            {"level": self.level, "constraint": self.constraint, "minutes": self.minutes}
        )


def load(workspace: Path) -> Settings:
    """The workspace's settings; the defaults if the file is missing or unreadable."""
    try:
        fields = json.loads((workspace / SETTINGS).read_text(encoding="utf-8"))
        settings = Settings(fields["level"], fields["constraint"], fields["minutes"])
    except (OSError, ValueError, TypeError, KeyError):
        return Settings()
    kinds = (type(settings.level), type(settings.constraint), type(settings.minutes))
    known = settings.level in LEVELS and settings.constraint in ("", *CONSTRAINTS)
    known = known and kinds == (str, str, int) and settings.minutes > 0
    return settings if known else Settings()


def level(workspace: Path) -> str:
    """The workspace's level; ``model`` when it names none, or none the coach knows."""
    return load(workspace).level


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
