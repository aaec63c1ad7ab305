"""The lights, kept in one SQLite file: a restart loses nothing, and a line sent twice counts once.

Each light is stored as its history line, written again by the coach's own ``Run`` so that two
copies of one line are the same text; the pair, the time and that text are unique together.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from euchre.kata.coach.lights import Run

CODE_LETTERS = "AFHJKMNRWXY"
"""Letters no one misreads as a digit (no I, O, S, Z, B, G) nor mishears as another (none of
B, C, D, E, G, P, T, V, Z, which all rhyme); read aloud with the spelling alphabet."""
CODE_LENGTH = 6
SPELLING = {
    "A": "alfa",
    "F": "foxtrot",
    "H": "hotel",
    "J": "juliett",
    "K": "kilo",
    "M": "mike",
    "N": "november",
    "R": "romeo",
    "W": "whiskey",
    "X": "x-ray",
    "Y": "yankee",
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS dojo (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pairs (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    joined TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS lights (
    id INTEGER PRIMARY KEY,
    pair INTEGER NOT NULL REFERENCES pairs (id),
    time TEXT NOT NULL,
    line TEXT NOT NULL,
    received TEXT NOT NULL,
    UNIQUE (pair, time, line)
);
"""


def new_code() -> str:
    """A random join code of six letters, easy to read aloud and to type: ``KXR-MAW``."""
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    return f"{letters[:3]}-{letters[3:]}"


def spelt(code: str) -> str:
    """The code as it is read aloud: ``kilo x-ray romeo, mike alfa whiskey``."""
    groups = code.split("-")
    return ", ".join(" ".join(SPELLING.get(letter, letter) for letter in group) for group in groups)


@dataclass(frozen=True)
class Pair:
    """A pair that joined, and their runs in the order they happened."""

    id: int
    name: str
    runs: tuple[Run, ...]


class Store:
    """The dojo's SQLite file; safe to share between the server's threads."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        with self._lock:
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.executescript(SCHEMA)
            self._db.execute(
                "INSERT OR IGNORE INTO dojo (key, value) VALUES ('code', ?)", (new_code(),)
            )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @property
    def code(self) -> str:
        """The join code: made with the file, so a restarted dojo keeps it."""
        with self._lock:
            row = self._db.execute("SELECT value FROM dojo WHERE key = 'code'").fetchone()
        return str(row[0])

    def join(self, name: str) -> tuple[int, bool]:
        """The pair's id, and whether they are new."""
        with self._lock:
            return self._join(name)

    def _join(self, name: str) -> tuple[int, bool]:
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO pairs (name, joined) VALUES (?, ?)", (name, _now())
        )
        row = self._db.execute("SELECT id FROM pairs WHERE name = ?", (name,)).fetchone()
        return int(row[0]), cursor.rowcount == 1

    def add(self, name: str, runs: list[Run]) -> int:
        """Store the pair's runs, each once however often it is sent; how many were new."""
        received = _now()
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            pair, _ = self._join(name)
            added = 0
            for run in runs:
                line = run.to_json()
                cursor = self._db.execute(
                    "INSERT OR IGNORE INTO lights (pair, time, line, received) VALUES (?, ?, ?, ?)",
                    (pair, _utc(run.time), line, received),
                )
                added += cursor.rowcount
        return added

    def pairs(self) -> list[Pair]:
        """Every pair that joined, with their runs, in the order they joined."""
        with self._lock:
            names = self._db.execute("SELECT id, name FROM pairs ORDER BY id").fetchall()
            lights = self._db.execute("SELECT pair, line FROM lights ORDER BY time, id").fetchall()
        runs: dict[int, list[Run]] = {pair: [] for pair, _ in names}
        for pair, line in lights:
            runs[pair].append(Run.from_json(line))
        return [Pair(pair, name, tuple(runs[pair])) for pair, name in names]

    def pair(self, pair_id: int) -> Pair | None:
        return next((pair for pair in self.pairs() if pair.id == pair_id), None)


def _utc(time: datetime) -> str:
    return time.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _now() -> str:
    return _utc(datetime.now(UTC))
