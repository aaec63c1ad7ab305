"""The lights, kept in one SQLite file: a restart loses nothing, and a line sent twice counts once.

Each light is stored as its history line, written again by the coach's own ``Line`` so that two
copies of one line are the same text; the pair, the time and that text are unique together.
A pair is who joined: each join is given its own token, which their posts carry; the name is
their label, and no two pairs have the same one. A pair's lights are added, read and folded into
counts past ``MOST_LIGHTS`` in lights.py; each run's code is kept with its light (runs_code.py).
Each pair's board row (``summary.Summary``) is worked out when their lights change and kept in
memory, so that showing the board never reads every light. A row that cannot be read as a run
is skipped and counted.

The file is opened by ``schema``: for this dashboard alone, brought up to date, and refused if
it is another program's database.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from euchre.dojo import lights, runs_code, schema
from euchre.dojo.board import MOST_LIGHTS, Pair
from euchre.dojo.claims import Claims
from euchre.dojo.settings import Settings
from euchre.dojo.summary import Counts, Summary, summarize
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.line import Line, utc

PAIRS_PER_PAGE = 10
"""Pairs in one page of ``/api/pairs``."""

MOST_PAIRS = 100
"""Pairs in one dojo: a large room's worth, and a bound on what made-up ones can add."""


class NameTakenError(ValueError):
    """A join with a name another pair already has."""


class UnknownPairError(ValueError):
    """A post whose token is not any pair's."""


class DojoFullError(ValueError):
    """A join once ``MOST_PAIRS`` pairs have joined."""


@dataclass(frozen=True)
class Joined:
    """A pair that joined: their id, the token their posts carry, whether they are new, and
    whether they joined again under another name."""

    id: int
    token: str
    new: bool
    renamed: bool = False


@dataclass(frozen=True)
class Listed:
    """A pair as the board lists them."""

    id: int
    name: str
    summary: Summary


@dataclass(frozen=True)
class Kept:
    """A pair with every light kept of theirs, and the counts of those folded."""

    id: int
    name: str
    runs: tuple[Line, ...]
    folded: Counts
    summary: Summary


class Store:
    """The dojo's SQLite file; safe to share between the server's threads."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = schema.opened(path)
        self._names: dict[int, str] = {}
        self._summaries: dict[int, Summary] = {}
        self._unreadable: dict[int, int] = {}
        self._count: dict[int, int] = {}
        """Each pair's lights kept, as stored (the unreadable ones too)."""
        self._hidden: set[int] = set()
        """Pairs the facilitator hid from the board (one who left), until their next light."""
        self._claims = Claims()
        self.settings = Settings(self._db, self._lock)
        try:
            with self._lock:
                self.settings.make()
                for pair, name, hidden in self._db.execute(
                    "SELECT id, name, hidden FROM pairs"
                ).fetchall():
                    self._names[pair] = name
                    self._summarize(pair)
                    if hidden:
                        self._hidden.add(pair)
        except BaseException:
            self._db.close()
            raise

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def join(self, name: str, token: str = "") -> Joined:
        """The pair with ``token`` (renamed to ``name``), or a new pair called ``name``.

        A join with the name of a pair from before tokens is given a claim on them (``claims``).
        """
        with self._lock:
            self.settings.refuse_after_the_end()
            with self._db:  # what is kept in memory changes only once the file holds it
                self._db.execute("BEGIN IMMEDIATE")
                mine = self._db.execute("SELECT id FROM pairs WHERE token = ?", (token,)).fetchone()
                named = self._db.execute(
                    "SELECT id, token FROM pairs WHERE name = ?", (name,)
                ).fetchone()
                if named and named[1] is None and not mine:
                    return Joined(named[0], self._claims.give(named[0]), False)
                if named and (not mine or named[0] != mine[0]):
                    raise NameTakenError(f"another pair is called {name!r}: choose another NAME")
                if mine:
                    self._db.execute("UPDATE pairs SET name = ? WHERE id = ?", (name, mine[0]))
                elif len(self._names) >= MOST_PAIRS:
                    raise DojoFullError(f"the dojo is full: {MOST_PAIRS} pairs have joined")
                else:
                    token = secrets.token_urlsafe(24)
                    cursor = self._db.execute(
                        "INSERT INTO pairs (name, joined, token) VALUES (?, ?, ?)",
                        (name, _now(), token),
                    )
            if mine:
                renamed = self._names[mine[0]] != name
                self._names[mine[0]] = name
                return Joined(mine[0], token, False, renamed)
            pair = int(cursor.lastrowid or 0)
            self._names[pair] = name
            self._summaries[pair] = Summary()
            self._count[pair] = 0
            return Joined(pair, token, True)

    def remove(self, name: str) -> int:
        """Remove the pair called ``name``, and every light of theirs; how many lights.
        UnknownPairError if no pair is called that."""
        with self._lock:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                pair = self._named(name)
                self._db.execute("DELETE FROM lights WHERE pair = ?", (pair,))
                self._db.execute("DELETE FROM pairs WHERE id = ?", (pair,))
            self._claims.drop(self._claims.on(pair))
            del self._names[pair], self._summaries[pair]
            self._unreadable.pop(pair, None)
            return self._count.pop(pair)

    def hide(self, name: str) -> None:
        """Hide the pair called ``name`` from the board until their next light; their runs are
        kept. UnknownPairError if no pair is called that."""
        with self._lock, self._db:
            pair = self._named(name)
            self._db.execute("UPDATE pairs SET hidden = 1 WHERE id = ?", (pair,))
            self._hidden.add(pair)

    def _named(self, name: str) -> int:
        found = self._db.execute("SELECT id FROM pairs WHERE name = ?", (name,)).fetchone()
        if found is None:
            raise UnknownPairError(f"no pair is called {name!r}")
        return int(found[0])

    def knows(self, token: str) -> bool:
        """Whether ``token`` is one a pair was given when they joined (a claim's too)."""
        with self._lock:
            found = self._db.execute("SELECT 1 FROM pairs WHERE token = ?", (token,)).fetchone()
            return token != "" and (found is not None or self._claims.claimed(token) is not None)

    def _proven(self, token: str, runs: list[Line]) -> tuple[int, list[str]]:
        """The pair from before tokens that ``token`` claims, theirs from now on if one of
        ``runs`` is one of their lights (or they have none), and the claims on them to drop
        once that is stored. A claim proven wrong is dropped."""
        pair = self._claims.claimed(token)
        if pair is None:
            raise UnknownPairError("this workspace's pair has not joined this dojo")
        if self._count[pair] and not any(lights.stored(self._db, pair, run) for run in runs):
            self._claims.drop([token])
            name = self._names[pair]
            raise NameTakenError(f"another pair is called {name!r}: choose another NAME")
        self._db.execute("UPDATE pairs SET token = ? WHERE id = ?", (token, pair))
        return pair, self._claims.on(pair)

    def add(self, token: str, runs: list[Line]) -> int:
        """Store the runs of the pair with ``token``, each once however often it is sent, and
        however its coach wrote it; how many were new. A run as old as the pair's folded ones
        counts as one sent before."""
        received = _now()
        with self._lock:
            self.settings.refuse_after_the_end()
            with self._db:  # what is kept in memory changes only once the file holds it
                self._db.execute("BEGIN IMMEDIATE")
                found = self._db.execute(
                    "SELECT id FROM pairs WHERE token = ?", (token,)
                ).fetchone()
                pair, proven = (found[0], []) if found else self._proven(token, runs)
                added = lights.add(self._db, pair, runs, received)
                if added and pair in self._hidden:  # a light: they are back
                    self._db.execute("UPDATE pairs SET hidden = 0 WHERE id = ?", (pair,))
                over = self._count[pair] + len(added) > MOST_LIGHTS
                if over:
                    lights.fold(self._db, pair, self._count[pair] + len(added) - MOST_LIGHTS)
            self._claims.drop(proven)
            if added:
                self._hidden.discard(pair)
                summary = self._summaries[pair]
                times = [run.time for run in summary.recent[-1:] + tuple(added)]
                if not over and times == sorted(times):  # lights come in the order made
                    self._count[pair] += len(added)
                    self._summaries[pair] = summary.extend(added)
                else:
                    self._summarize(pair)
        return len(added)

    def add_code(self, token: str, run: str, code: Code) -> bool:
        """Keep the code of the run ``run`` of the pair with ``token``; whether it is new (a
        run's code is kept once). Their light must have come first (``UnknownRunError``): a
        pair cannot store code beyond their lights, and code goes when its light is folded."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            found = self._db.execute("SELECT id FROM pairs WHERE token = ?", (token,)).fetchone()
            if found is None:
                raise UnknownPairError("this workspace's pair has not joined this dojo")
            return runs_code.keep(self._db, found[0], run, code)

    def run_code(self, pair: int, run: str) -> Code | None:
        """The code kept of the pair's run ``run``; None if none was posted (or it is
        unreadable)."""
        with self._lock:
            return runs_code.kept(self._db, pair, run)

    def _kept(self, pair: int) -> tuple[Line, ...]:
        runs, self._unreadable[pair] = lights.kept(self._db, pair)
        self._count[pair] = len(runs) + self._unreadable[pair]
        return runs

    def _summarize(self, pair: int) -> None:
        self._summaries[pair] = summarize(self._kept(pair), lights.folded(self._db, pair))

    def board(self, hidden: bool = False) -> list[Listed]:
        """Every pair that joined, as the board shows them, in the order they joined; those
        hidden too if ``hidden`` (the retrospective and the export keep everyone's runs)."""
        with self._lock:
            return [
                Listed(pair, name, self._summaries[pair])
                for pair, name in self._names.items()
                if hidden or pair not in self._hidden
            ]

    @property
    def unreadable(self) -> int:
        """How many stored lights could not be read as runs, and are skipped."""
        with self._lock:
            return sum(self._unreadable.values())

    def pair(self, pair: int) -> Kept | None:
        """One pair, with every light kept of theirs."""
        with self._lock:
            if pair not in self._names:
                return None
            runs = self._kept(pair)
            return Kept(
                pair, self._names[pair], runs, lights.folded(self._db, pair), self._summaries[pair]
            )

    def page(self, number: int) -> tuple[list[Pair], int]:
        """The pairs on page ``number`` (from 1) of ``PAIRS_PER_PAGE``, and how many pages."""
        with self._lock:
            ids = sorted(self._names)
            shown = ids[(number - 1) * PAIRS_PER_PAGE : number * PAIRS_PER_PAGE]
            pairs = [Pair(pair, self._names[pair], self._kept(pair)) for pair in shown]
        return pairs, max(-(-len(ids) // PAIRS_PER_PAGE), 1)


def _now() -> str:
    return utc(datetime.now(UTC))
