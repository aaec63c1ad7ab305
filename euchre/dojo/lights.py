"""A pair's lights in the file of lights: each added once, read back, and the oldest folded into
counts: a pair keeps at most ``board.MOST_LIGHTS`` lights, and older ones are counted
(``summary.Counts``) and dropped, with their code. The store (store.py) calls these while it
holds the file's lock, in its write."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import astuple

from euchre.dojo.summary import Counts
from euchre.kata.coach.record.line import Line, utc


def fold(db: sqlite3.Connection, pair: int, many: int) -> None:
    """Fold the pair's ``many`` oldest lights into counts."""
    oldest = db.execute(
        "SELECT id, time, line FROM lights WHERE pair = ? ORDER BY time, id LIMIT ?",
        (pair, many),
    ).fetchall()
    counts = folded(db, pair).after(readable(line for _, _, line in oldest)[0])
    db.executemany("DELETE FROM lights WHERE id = ?", [(row[0],) for row in oldest])
    db.execute(
        "UPDATE pairs SET folded_runs = ?, folded_cycles = ?, folded_red = ?,"
        " folded_guesses = ?, folded_right = ?, folded_until = ? WHERE id = ?",
        (*astuple(counts), oldest[-1][1], pair),
    )


def folded(db: sqlite3.Connection, pair: int) -> Counts:
    """The counts of the pair's lights folded so far."""
    runs, cycles, red, guesses, right = db.execute(
        "SELECT folded_runs, folded_cycles, folded_red, folded_guesses, folded_right"
        " FROM pairs WHERE id = ?",
        (pair,),
    ).fetchone()
    return Counts(runs, cycles, bool(red), guesses, right)


def readable(lines: Iterable[str]) -> tuple[tuple[Line, ...], int]:
    """The runs among stored lines, and how many lines could not be read as one."""
    runs, unreadable = [], 0
    for line in lines:
        try:
            runs.append(Line.from_json(line))
        except (ValueError, TypeError):  # TypeError: a line that is not even text
            unreadable += 1
    return tuple(runs), unreadable


def kept(db: sqlite3.Connection, pair: int) -> tuple[tuple[Line, ...], int]:
    """The pair's lights kept, oldest first, and how many of them could not be read as runs."""
    lines = db.execute("SELECT line FROM lights WHERE pair = ? ORDER BY time, id", (pair,))
    return readable(line for (line,) in lines)


def stored(db: sqlite3.Connection, pair: int, run: Line) -> bool:
    """Whether ``run`` is one of the pair's lights, even if an older coach wrote it with fewer
    fields (as the text of a light, it would be another)."""
    lines = db.execute(
        "SELECT line FROM lights WHERE pair = ? AND time = ?", (pair, utc(run.time))
    ).fetchall()
    return run in readable(line for (line,) in lines)[0]


def add(db: sqlite3.Connection, pair: int, runs: list[Line], received: str) -> list[Line]:
    """Add the pair's ``runs`` received at ``received``, each once however often it is sent,
    and however its coach wrote it; those that were new. A run as old as the pair's folded ones
    counts as one sent before."""
    (until,) = db.execute("SELECT folded_until FROM pairs WHERE id = ?", (pair,)).fetchone()
    added: list[Line] = []
    for run in runs:
        time = utc(run.time)
        if (until is not None and time <= until) or stored(db, pair, run):
            continue
        cursor = db.execute(
            "INSERT OR IGNORE INTO lights (pair, time, line, received, run) VALUES (?, ?, ?, ?, ?)",
            (pair, time, run.to_json(), received, run.run),
        )
        added += [run] * cursor.rowcount
    return added
