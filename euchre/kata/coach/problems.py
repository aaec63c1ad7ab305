"""What a command says, in one line, when a file of the workspace cannot be read or written.

Such a command stops where it is and exits 2 (cli.py): every file the coach writes is written
whole or not at all (record/files.py), so what was there before is still there, whole.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from .record.files import NotARegularFileError, UnreadableError
from .record.history import HISTORY

FULL = (errno.ENOSPC, errno.EDQUOT)
"""No room left on the disk, or in the learner's share of it."""


def told(error: OSError, workspace: Path) -> str:
    """The one line for ``error``, a file of ``workspace`` that could not be read or written."""
    if isinstance(error, UnreadableError):
        return str(error.strerror)
    path = Path(error.filename) if error.filename else workspace
    name = path.name if path.parent.absolute() == workspace.absolute() else str(path)
    if error.errno in FULL:
        return (
            f"the disk that holds {path.parent} (mounted at {mount_point(path.parent)}) is full:"
            f" {name} was not written, and what it held before is as it was; make room, then"
            " run it again"
        )
    if isinstance(error, (NotARegularFileError, IsADirectoryError)):
        again = ", and the history is read again from your runs in git" if name == HISTORY else ""
        return f"{name} is not a file: move it away{again}"
    return f"cannot use {name}: {error.strerror or error}"


def mount_point(folder: Path) -> Path:
    """The folder where the disk that holds ``folder`` is mounted."""
    folder = folder.absolute()
    while not os.path.ismount(folder) and folder.parent != folder:
        folder = folder.parent
    return folder
