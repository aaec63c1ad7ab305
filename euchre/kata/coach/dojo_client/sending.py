"""One run sends at a time: it holds a lock while it posts, and the lock goes with the process
if it dies. On Linux and macOS the lock is on the workspace's folder; Windows locks no folder,
so there it is on a file of the coach's (``.kata-outbox.lock``), with ``msvcrt``."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK = ".kata-outbox.lock"
"""Windows only: the file whose first byte is locked while a run sends."""


@contextmanager
def alone(workspace: Path) -> Iterator[bool]:
    """True inside when this run holds the lock; False when another run is sending."""
    held = _open(workspace)
    try:
        try:
            _lock(held)
        except OSError:  # another run holds it
            yield False
        else:
            yield True
    finally:
        os.close(held)  # and the lock with it


# Windows' lock, with msvcrt, which only Windows can import: `make lint` type-checks it there,
# and tests/kata/coach/dojo_client/test_sending.py runs it here with a stand-in msvcrt.
if sys.platform == "win32":
    import msvcrt

    def _open(workspace: Path) -> int:
        return os.open(workspace / LOCK, os.O_RDWR | os.O_CREAT, 0o666)

    def _lock(held: int) -> None:
        msvcrt.locking(held, msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _open(workspace: Path) -> int:
        return os.open(workspace, os.O_RDONLY)

    def _lock(held: int) -> None:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
