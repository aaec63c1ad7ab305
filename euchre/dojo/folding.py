"""A pair's oldest lights, folded into counts: a pair keeps at most ``board.MOST_LIGHTS`` lights
in the file of lights, and older ones are counted (``summary.Counts``) and dropped, with their
code. The store (store.py) folds while it holds the file's lock, in its write."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import astuple

from euchre.dojo.summary import Counts
from euchre.kata.coach.record.history import Line


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
