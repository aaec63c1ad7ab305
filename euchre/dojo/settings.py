"""The dojo's own values, kept in its file of lights beside the pairs: the join code, the
facilitator's key, the minutes its board marks pairs stuck and idle by, and its end.

They share the file's connection and lock with the store (store.py), which makes them with the
file and asks whether the dojo has ended before it takes a light.
"""

from __future__ import annotations

import sqlite3
import threading
from datetime import datetime

from euchre.dojo.codes import new_code, new_key
from euchre.kata.coach.record.line import utc

MINUTES = ("stuck_after", "idle_after")


class DojoEndedError(ValueError):
    """Lights, or a join, once the facilitator has ended the dojo."""


class Settings:
    """The dojo's values in its file; ``lock`` is the store's, which guards ``db``."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock) -> None:
        self._db, self._lock = db, lock

    def make(self) -> None:
        """A new file's code and key; a file's own are kept. The caller holds the lock."""
        self._db.execute(
            "INSERT OR IGNORE INTO dojo (key, value) VALUES ('code', ?), ('key', ?)",
            (new_code(), new_key()),
        )

    @property
    def code(self) -> str:
        """The join code: made with the file, so a restarted dojo keeps it."""
        return self._value("code")

    @property
    def key(self) -> str:
        """The facilitator's key, which removes, hides and ends: made with the file."""
        return self._value("key")

    def _value(self, name: str) -> str:
        with self._lock:
            row = self._db.execute("SELECT value FROM dojo WHERE key = ?", (name,)).fetchone()
        return str(row[0])

    @property
    def ended(self) -> datetime | None:
        """When the facilitator ended the dojo; None while it goes on."""
        with self._lock:
            return self._ended()

    def _ended(self) -> datetime | None:
        row = self._db.execute("SELECT value FROM dojo WHERE key = 'ended'").fetchone()
        return datetime.fromisoformat(row[0]) if row else None

    def end(self, at: datetime) -> datetime:
        """End the dojo ``at`` that time; when it ended (the first end stands)."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR IGNORE INTO dojo (key, value) VALUES ('ended', ?)", (utc(at),)
            )
            ended = self._ended()
        assert ended is not None
        return ended

    def refuse_after_the_end(self) -> None:
        """DojoEndedError once the dojo has ended. The caller holds the lock."""
        if self._ended() is not None:
            raise DojoEndedError("the dojo has ended: no more lights are counted")

    def settle(self, stuck_after: int, idle_after: int) -> None:
        """Keep the minutes the board marks pairs stuck and idle by, for the retrospective."""
        with self._lock, self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO dojo (key, value) VALUES (?, ?)",
                list(zip(MINUTES, (str(stuck_after), str(idle_after)), strict=True)),
            )

    def minutes(self) -> dict[str, int]:
        """The minutes kept by ``settle``, by name; none before a dashboard ran on the file."""
        with self._lock:
            rows = self._db.execute(
                "SELECT key, value FROM dojo WHERE key IN ('stuck_after', 'idle_after')"
            ).fetchall()
        return {key: int(value) for key, value in rows if str(value).isdecimal()}
