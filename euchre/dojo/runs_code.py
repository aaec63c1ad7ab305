"""The code a pair posted for each of their runs (``code.Code``, as JSON), kept in the row of
the run's light in the file of lights: posted after its light, kept once, and gone when the
light is folded (lights.py). The store (store.py) calls these while it holds the file's lock."""

from __future__ import annotations

import json
import sqlite3

from euchre.kata.coach.record.code import Code


class UnknownRunError(ValueError):
    """Code posted for a run that none of the pair's lights is."""


def keep(db: sqlite3.Connection, pair: int, run: str, code: Code) -> bool:
    """Keep ``code`` as the pair's run ``run``'s; whether it is new. UnknownRunError if no
    light of theirs is that run."""
    text = json.dumps(code.fields(), ensure_ascii=False)
    cursor = db.execute(
        "UPDATE lights SET code = ? WHERE pair = ? AND run = ? AND code IS NULL",
        (text, pair, run),
    )
    if cursor.rowcount:
        return True
    light = "SELECT 1 FROM lights WHERE pair = ? AND run = ?"
    if db.execute(light, (pair, run)).fetchone() is None:
        raise UnknownRunError(f"no light of this pair's is run {run[:12]}")
    return False


def kept(db: sqlite3.Connection, pair: int, run: str) -> Code | None:
    """The code kept of the pair's run ``run``; None if none was posted (or it is unreadable)."""
    found = db.execute(
        "SELECT code FROM lights WHERE pair = ? AND run = ? AND code IS NOT NULL", (pair, run)
    ).fetchone()
    try:
        return Code.from_fields(json.loads(found[0])) if found else None
    except ValueError:  # JSONDecodeError is one
        return None
