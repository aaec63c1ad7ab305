"""What is the learner's in a workspace: how it was made (the level, a coderetreat constraint),
and the files they write.

The settings are kept in one file, ``.kata-workspace.json``, where the workspace maker put them
(and committed them); a workspace without it (made before there were levels) is at level
``model``, with no constraint. One that cannot be read stops the run, naming it: a guess would
run another level's kata and record it.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .files import UnreadableError, read_regular
from .line import CONSTRAINTS, LEVELS

WRITTEN = {
    "model": ("euchre", "tests"),
    "steps": ("euchre", "tests", "step_defs"),
    "examples": ("features",),
    "stories": ("features",),
}
"""The folders the learner writes at each level: a change in them is a change of theirs."""
SETTINGS = ".kata-workspace.json"
MOST_SETTINGS = 64 * 1024
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
    """The workspace's settings; the defaults if it has no settings file. UnreadableError, which
    names the file and how to mend it, if the file is there but does not hold settings."""
    path = workspace / SETTINGS
    if not os.path.lexists(path):
        return Settings()
    try:
        # utf-8-sig: an editor that starts the file with a byte-order mark (Notepad) is welcome.
        text = read_regular(path, MOST_SETTINGS).decode("utf-8-sig")
        return _settings(json.loads(text))
    except (OSError, ValueError, RecursionError) as error:
        reason = str(getattr(error, "strerror", None) or error or type(error).__name__)
        mend = f"`git restore {SETTINGS}` brings back the settings the workspace was made with"
        said = f"{SETTINGS} cannot be read ({reason.splitlines()[0][:80]}): {mend}"
        raise UnreadableError(errno.EINVAL, said, str(path)) from None


def _settings(fields: Any) -> Settings:
    """The settings in ``fields``, as JSON gave them; ValueError if they are not settings."""
    if not isinstance(fields, dict):
        raise ValueError("not a JSON object")
    missing = [name for name in ("level", "constraint", "minutes") if name not in fields]
    if missing:
        raise ValueError(f"no {missing[0]!r}")
    level, constraint, minutes = fields["level"], fields["constraint"], fields["minutes"]
    if level not in LEVELS or type(level) is not str:
        raise ValueError(f"the level is not one of {', '.join(LEVELS)}")
    if constraint not in ("", *CONSTRAINTS) or type(constraint) is not str:
        raise ValueError(f"the constraint is not one of {', '.join(CONSTRAINTS)}, or none")
    if type(minutes) is not int or minutes < 1:
        raise ValueError("the minutes are not a whole number, 1 or more")
    return Settings(level, constraint, minutes)


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
        # A name as the disk has it: its bytes need not be UTF-8 (os.fsencode gives them back).
        name = os.fsencode(path.relative_to(workspace).as_posix())
        content = path.read_bytes()
        digest.update(b"%d:%s%d:" % (len(name), name, len(content)) + content)
    return digest.hexdigest()[:16]
