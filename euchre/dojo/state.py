"""What the dashboard holds while it runs, made in its lifespan: the file of lights, the guard,
the live pages, the count of changes they wait on, and the board and retrospective as last
worked out, each worked out again only when something changed."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from euchre.dojo import pages, retro
from euchre.dojo.board import IDLE_MINUTES, Row, next_mark, ordered
from euchre.dojo.guard import Guard, Streams
from euchre.dojo.store import Store


class Changes:
    """A count of the changes, and a way for event streams to wait for the next one."""

    def __init__(self) -> None:
        self.count = 0
        self._changed = asyncio.Event()

    def tell(self) -> None:
        self.count += 1
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait(self, timeout: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)


@dataclass(frozen=True)
class Drawn:
    """The board as last drawn, and what it was drawn for."""

    key: object
    pairs: int
    stuck: int
    idle: int
    html: str


@dataclass
class Dojo:
    """The dashboard's state. ``closing`` tells event streams the server is stopping; a pair is
    marked stuck after ``stuck_after`` minutes without green, and idle after ``idle_after``
    without a run, by ``clock``."""

    store: Store
    guard: Guard
    streams: Streams
    clock: Callable[[], datetime]
    stuck_after: int
    say: Callable[[str], None]
    closing: Callable[[], bool]
    idle_after: int = IDLE_MINUTES
    changes: Changes = field(default_factory=Changes)
    drawn: Drawn | None = None
    marked: datetime | None = None
    """When the next pair will be marked stuck or idle, as the board last drawn tells."""
    made: tuple[int, retro.Retro] | None = None
    """The retrospective, and the count of changes it was worked out at."""
    making: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.code = self.store.settings.code
        self.store.settings.settle(self.stuck_after, self.idle_after)

    def now(self) -> datetime:
        """The board's time: the clock's, or once the dojo has ended, the end's."""
        ended, now = self.store.settings.ended, self.clock()
        return min(now, ended) if ended is not None else now

    def rows(self) -> list[Row]:
        at = self.now()
        listed = self.store.board()
        return ordered(
            [
                pages.drawable(
                    Row(
                        *(pair.id, pair.name, pair.summary, at),
                        stuck_after=self.stuck_after,
                        idle_after=self.idle_after,
                        until="the end" if self.store.settings.ended == at else "",
                    )
                )
                for pair in listed
            ]
        )

    def notes(self) -> list[str]:
        """For the facilitator: what was refused, who is locked out, what could not be read."""
        guard = self.guard
        shown = [f"{kind}: {count:,}" for kind, count in sorted(guard.refused.items())]
        said = [f"Refused: {', '.join(shown)}"] if shown else []
        if guard.locked_out():
            said.append(f"{guard.locked_out()} address(es) locked out for wrong codes")
        if self.store.unreadable:
            said.append(f"{self.store.unreadable:,} stored light(s) unreadable, skipped")
        return said

    def board(self, address: str) -> Drawn:
        """How many pairs, how many are stuck, and the board: drawn once for all the pages that
        ask after a change (and at most once a minute, for the minutes in red and stuck, or
        when a pair's mark is due: a page that polls sees it then)."""
        said = self.notes()
        at = self.now()
        due = self.marked is not None and at >= self.marked
        key = (self.changes.count, at.replace(second=0, microsecond=0), due, said, address)
        if self.drawn is None or self.drawn.key != key:
            shown = self.rows()
            self.marked = next_mark(shown)
            stuck, idle = sum(row.stuck for row in shown), sum(row.idle for row in shown)
            html = pages.board(shown, address, said, self.store.settings.ended)
            self.drawn = Drawn(key, len(shown), stuck, idle, html)
        return self.drawn

    def mark_due(self) -> bool:
        """Whether a pair has become stuck since the board was drawn: the pages are told, as
        they are of a light, though none came. Told once: the board drawn again says when
        the next is due."""
        due = self.marked is not None and self.clock() >= self.marked
        if due:
            self.marked = None
        return due

    def retrospective(self) -> retro.Retro:
        """The retrospective, worked out once between changes however many read it: it reads
        every light kept, which the board never does."""
        with self.making:  # readers at once wait for one working it out
            seen = self.changes.count
            if self.made is None or self.made[0] != seen:
                pairs, folded = retro.read_store(self.store)
                ended = self.store.settings.ended
                made = retro.retrospective(pairs, folded, self.stuck_after, self.idle_after, ended)
                self.made = (seen, made)
            return self.made[1]
