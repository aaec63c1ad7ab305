"""One run's code as the dojo's dashboard shows it: its diff from the run before, and its files.

Read from the run's commit on ``refs/kata/runs`` (see runs.py) and posted with the light to a
dojo the workspace joined, and to no one else. Each is capped, so that a post stays small: a
diff over ``MOST_DIFF`` bytes or files over ``MOST_FILES`` bytes in all (as posted, in JSON) are
not sent, and the dashboard says "diff too large to show" or "files too large to show" instead.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import episodes
from .line import Line
from .runs import SAID, GitFailedError, git_bytes, lines_added_removed, lines_moved

MOST_DIFF = 64 * 1024
MOST_FILES = 256 * 1024
MOST_SAID = 16 * 1024
"""Characters of what the coach told of a run: a red run's words are a few hundred."""
LONGEST_PATH = 400
BINARY = "(a binary file: not shown)"


class TooLargeError(GitFailedError):
    """Git printed more than the caller can use."""


Read = Callable[..., bytes]
"""``read(workspace, *args, stdin=b"", most=None)``: what ``git args`` prints of the workspace;
TooLargeError if over ``most`` bytes. The learner's own workspace is read by its own git
(``own``); the dashboard's report reads workspaces handed to it with a git of its own, which
sees nothing of them but their objects."""


def own(workspace: Path, *args: str, stdin: bytes = b"", most: int | None = None) -> bytes:
    """What ``git args`` prints in the learner's own workspace."""
    printed = git_bytes(workspace, *args, stdin=stdin)
    if most is not None and len(printed) > most:
        asked = next(arg for arg in args if not arg.startswith("-") and "=" not in arg)
        raise TooLargeError(f"git {asked} printed over {most:,} bytes")
    return printed


@dataclass(frozen=True)
class Code:
    """A run's diff from the run before it (the first: from nothing) and its files, path by
    path; None for either that is too large to show."""

    diff: str | None
    files: dict[str, str] | None
    said: str | None = None
    """What the coach told of the run, as the learner read it (runs.SAID); None if unknown."""

    @property
    def lines_changed(self) -> int | None:
        """The lines the diff changed (``runs.lines_changed``); None for a diff too large to
        show."""
        split = self.lines_added_removed
        return None if split is None else sum(split)

    @property
    def lines_added_removed(self) -> tuple[int, int] | None:
        """The lines the diff added, and those it removed; None for a diff too large to show."""
        return None if self.diff is None else lines_added_removed(self.diff)

    @property
    def lines_moved(self) -> int | None:
        """The lines the diff moved, counted for neither added nor removed; None for a diff
        too large to show."""
        return None if self.diff is None else lines_moved(self.diff)

    def lines_changed_in(self, folder: str) -> int | None:
        """The lines the diff changed in the files under ``folder`` (a line moved counts for
        neither, as in ``lines_changed``); None for a diff too large to show."""
        return None if self.diff is None else sum(lines_added_removed(self.diff, folder))

    def fields(self) -> dict[str, Any]:
        return {"diff": self.diff, "files": self.files, "said": self.said}

    @classmethod
    def from_fields(cls, fields: Any) -> Code:
        """Read the code as posted; ValueError if it is not code of this shape and size."""
        if not isinstance(fields, dict):
            raise ValueError("the code is not a JSON object")
        diff, files, said = fields.get("diff"), fields.get("files"), fields.get("said")
        if diff is not None and not isinstance(diff, str):
            raise ValueError("the diff is not text")
        if said is not None and not (isinstance(said, str) and len(said) <= MOST_SAID):
            raise ValueError("what the coach said is not text, or is too long")
        if files is not None and not (
            isinstance(files, dict)
            and all(isinstance(text, str) for text in files.values())
            and all(0 < len(path) <= LONGEST_PATH for path in files)
        ):
            raise ValueError("the files are not paths, each with its text")
        try:
            if _size(diff) > MOST_DIFF or _size(files) > MOST_FILES:
                raise ValueError("the code is over its size limit")
        except UnicodeEncodeError:
            raise ValueError("the code holds a lone surrogate, which is not text") from None
        return cls(diff, files, said)


def of_run(workspace: Path, run: str, read: Read = own, runs: Sequence[Line] = ()) -> Code:
    """Run ``run``'s code, each part capped, read by ``read``; GitFailedError if git cannot.
    Its diff is from the files it began from: the run before or, where ``runs`` (the history)
    says baby steps put the files back after that one, the green they went back to."""
    index = next((n for n, line in enumerate(runs) if line.run == run), 0)
    start = episodes.started_from(runs, index)  # None for the first run, or one not found
    base = start.run if start is not None and runs[index - 1].reverted else ""  # else its parent
    try:
        diff: str | None = read(
            workspace,
            # A file over the files' limit is not shown: its diff is not worked out either. A
            # name that is not ASCII is shown as it is, not in octal escapes.
            *("-c", f"core.bigFileThreshold={MOST_FILES}", "-c", "core.quotePath=false"),
            *("diff-tree", "-r", "-p", "--root"),
            *("--no-commit-id", "--no-renames", "--no-color", "--no-ext-diff", "--no-textconv"),
            *([base] if base else []),
            run,
            most=MOST_DIFF,
        ).decode("utf-8", "replace")
    except TooLargeError:
        diff = None
    return Code(
        diff if diff is not None and _size(diff) <= MOST_DIFF else None,
        _files(workspace, run, read),
        _said(workspace, run, read),
    )


def _said(workspace: Path, run: str, read: Read) -> str | None:
    """What the coach told of ``run``; None if no note keeps it (or git cannot read one)."""
    try:
        text = read(workspace, "notes", f"--ref={SAID}", "show", run, most=MOST_SAID * 4)
    except GitFailedError:
        return None
    said = text.decode("utf-8", "replace").rstrip("\n")
    return said if len(said) <= MOST_SAID else None


FILE_MODES = ("100644", "100755")
"""A file's modes in a tree; a link (120000) and a submodule (160000) are not among the files."""


def _files(workspace: Path, run: str, read: Read) -> dict[str, str] | None:
    """The run's files, or None if they are too large: their sizes are asked first, so that a
    large file is never read."""
    try:
        listed = read(workspace, "ls-tree", "-r", "-l", "-z", run).split(b"\0")
    except TooLargeError:  # a listing of over a million files
        return None
    blobs: list[tuple[str, bytes]] = []
    size = 0
    for entry in filter(None, listed):
        fields, name = entry.split(b"\t", 1)
        mode, _, blob, length = fields.decode("ascii").split()
        if mode in FILE_MODES:
            blobs.append((name.decode("utf-8", "replace"), blob.encode("ascii")))
            size += int(length)
    if size > MOST_FILES:
        return None
    printed = io.BytesIO(read(workspace, "cat-file", "--batch", stdin=_lines(blobs)))
    files = {}
    for path, _ in blobs:
        size = int(printed.readline().split()[2])  # "<name> blob <size>"
        files[path] = _text(printed.read(size))
        printed.read(1)  # the line break after each file
    return files if _size(files) <= MOST_FILES else None


def _lines(blobs: list[tuple[str, bytes]]) -> bytes:
    return b"".join(blob + b"\n" for _, blob in blobs)


def _text(data: bytes) -> str:
    try:
        return BINARY if b"\0" in data else data.decode("utf-8")
    except UnicodeDecodeError:
        return BINARY


def _size(part: str | dict[str, str] | None) -> int:
    """Bytes of ``part`` as it is posted: JSON, not limited to ASCII."""
    return len(json.dumps(part, ensure_ascii=False).encode("utf-8"))
