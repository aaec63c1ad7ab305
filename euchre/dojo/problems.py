"""How every ``euchre dojo`` command reports a problem: one line, ``euchre dojo: …``, on the
error stream, and exit status 2; and the words for a file of lights another program holds."""

from __future__ import annotations

import sqlite3
import sys


def fail(message: str) -> int:
    """Say ``message`` in one line; the status to exit with."""
    print(f"euchre dojo: {message}", file=sys.stderr)
    return 2


def why(error: OSError | sqlite3.Error) -> str:
    """Why a file of lights cannot be opened, in the facilitator's words."""
    if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_BUSY:
        return "another program has it open (is a dashboard already running with it?)"
    return str(error)
