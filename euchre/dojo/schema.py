"""The file of lights' schema: its tables at each version, and how a file is opened.

The file says its schema's version (``PRAGMA user_version``) and that it is a file of lights
(``PRAGMA application_id``); an older file is brought up to date when it is opened, one step of
``MIGRATIONS`` at a time, and a newer one is refused. A database whose tables are not those of a
file of lights at its version is another program's: it is refused before anything is written to
it. A dashboard holds its file alone while it runs.
"""

from __future__ import annotations

import functools
import sqlite3
from contextlib import closing
from pathlib import Path

FIRST_SCHEMA = """
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
"""The file as the first dashboard made it (version 0)."""
MIGRATIONS = {
    1: """
ALTER TABLE pairs ADD COLUMN token TEXT;
ALTER TABLE pairs ADD COLUMN folded_runs INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pairs ADD COLUMN folded_cycles INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pairs ADD COLUMN folded_red INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pairs ADD COLUMN folded_until TEXT;
CREATE UNIQUE INDEX pairs_by_token ON pairs (token);
CREATE INDEX lights_by_pair ON lights (pair, time, id);
""",
    2: """
ALTER TABLE lights ADD COLUMN run TEXT;
ALTER TABLE lights ADD COLUMN code TEXT;
UPDATE lights SET run = json_extract(line, '$.run') WHERE json_valid(line);
CREATE INDEX lights_by_run ON lights (pair, run);
ALTER TABLE pairs ADD COLUMN folded_guesses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pairs ADD COLUMN folded_right INTEGER NOT NULL DEFAULT 0;
""",
    3: """
ALTER TABLE pairs ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
""",
}
"""Each version's step from the one before: (1) a pair's token, and their folded lights' counts;
(2) each light's run and its code (a JSON object, ``code.Code``), and the folded guesses; (3)
whether the facilitator hid a pair from the board."""
SCHEMA_VERSION = max(MIGRATIONS)
APPLICATION_ID = 0x45554348
"""What a file of lights says it is in its header (``PRAGMA application_id``): "EUCH"."""
OPEN_TIMEOUT = 1.0
"""Seconds to wait for a file another program holds for a moment, before it is refused."""


class ForeignFileError(sqlite3.DatabaseError):
    """A database that is not a file of lights: another program's, left as it was."""


def opened(path: Path) -> sqlite3.Connection:
    """The file of lights at ``path``, held for this dashboard alone and up to date; made if
    there is none. SQLite's errors as they come: ``ForeignFileError`` for another program's."""
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=OPEN_TIMEOUT)
    try:
        version = _hold(db)
        db.execute("PRAGMA journal_mode = WAL")
        _migrate(db, version)
    except BaseException:
        db.close()
        raise
    return db


def _hold(db: sqlite3.Connection) -> int:
    """Hold the file for this dashboard alone until it closes, and its schema's version
    once it is surely a file of lights; nothing is written to it before then.

    A second dashboard would keep rows of its own in memory, and answer the posts of pairs
    who joined the first with a 500: another program holding the file makes this fail with
    SQLITE_BUSY, "database is locked"."""
    db.execute("PRAGMA locking_mode = EXCLUSIVE")
    db.execute("BEGIN EXCLUSIVE")
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    marked = db.execute("PRAGMA application_id").fetchone()[0]
    tables = _tables(db)
    if marked == APPLICATION_ID and version > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(
            f"it was made by a newer dashboard (schema {version}, this one knows {SCHEMA_VERSION})"
        )
    anything = db.execute("SELECT 1 FROM sqlite_schema LIMIT 1").fetchone()
    new = anything is None and version == marked == 0
    if not new and (
        marked not in (0, APPLICATION_ID)
        or version > SCHEMA_VERSION
        or tables != schema_at(version)
    ):
        raise ForeignFileError(
            f"it is another program's database (tables: {_listed(list(tables))}),"
            " not a dojo's file of lights: choose another --db"
        )
    db.execute("COMMIT")  # in the exclusive locking mode, the lock is kept
    return -1 if new else version


def _migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring the file from ``version`` (-1: a new file) up to date, a step at a time."""
    if version < 0:
        db.executescript(f"BEGIN; {FIRST_SCHEMA} COMMIT;")
    for step in range(max(version, 0) + 1, SCHEMA_VERSION + 1):
        db.executescript(f"BEGIN; {MIGRATIONS[step]} PRAGMA user_version = {step}; COMMIT;")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def _tables(db: sqlite3.Connection) -> dict[str, list[str]]:
    """The database's tables, each with its columns' names, in order."""
    names = db.execute(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        " ORDER BY name"
    ).fetchall()
    return {
        name: [column for (column,) in db.execute("SELECT name FROM pragma_table_info(?)", (name,))]
        for (name,) in names
    }


def _listed(names: list[str], most: int = 5) -> str:
    """Names for one line of a terminal: any that holds a control character as Python writes
    it, and the first ``most`` alone."""
    shown = [name if name.isprintable() else repr(name) for name in names[:most]]
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return (", ".join(shown) or "none") + more


@functools.cache
def schema_at(version: int) -> dict[str, list[str]]:
    """The tables of a file of lights at ``version``, as the migrations make them."""
    with closing(sqlite3.connect(":memory:")) as db:
        db.executescript(FIRST_SCHEMA)
        for step in range(1, version + 1):
            db.executescript(MIGRATIONS[step])
        return _tables(db)
