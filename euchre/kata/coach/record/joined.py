"""The dojo a workspace has joined: what ``make join`` saved in ``.kata-dojo.json``, and the
lights queued for it in ``.kata-outbox.jsonl`` until they are delivered (dojo_client/).

Each run queues its line here as its last step, in one append, so that two runs at once both
keep theirs and a run killed afterwards loses nothing; the dashboard's offline report reads
the settings to name the pair.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from . import files

SETTINGS = ".kata-dojo.json"
OUTBOX = ".kata-outbox.jsonl"
MOST_SETTINGS = 64 * 1024
"""Far more than an address, a code, a name and a token take."""


@dataclass(frozen=True)
class Joined:
    """The dojo a workspace has joined: its address, its join code, the pair's name, and the
    token the dashboard gave this pair when they joined ("" until it could be reached)."""

    address: str
    code: str
    pair: str
    token: str = ""

    def to_json(self) -> str:
        return json.dumps(asdict(self))


def load(workspace: Path, warn: Callable[[str], None] = lambda line: None) -> Joined | None:
    """The settings saved by ``make join``, or None if the workspace has not joined a dojo;
    one warning if they are not in a regular file (then they are not read)."""
    try:
        text = files.read_regular(workspace / SETTINGS, MOST_SETTINGS).decode("utf-8")
    except files.NotARegularFileError:
        warn(f"{SETTINGS} is not a regular file: not read")
        return None
    except (OSError, ValueError):
        return None
    try:
        fields = json.loads(text)
        return Joined(
            str(fields["address"]),
            str(fields["code"]),
            str(fields["pair"]),
            str(fields.get("token", "")),
        )
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None


def save(workspace: Path, joined: Joined) -> None:
    files.write_atomically(workspace / SETTINGS, joined.to_json() + "\n")


def queue(workspace: Path, line: str) -> None:
    """Queue a history line for the dojo, if the workspace has joined one."""
    if load(workspace) is not None:
        files.append_line(workspace / OUTBOX, line)
