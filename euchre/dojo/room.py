"""What the room misses, from every pair's row: how many pairs are on each stage, the wrong
models the most pairs' latest measured green still lets through, and the scenarios the pairs
spent the longest in red on.

Each pair's part is kept in their ``summary.Summary``, worked out when their lights change; the
room adds them up when the board is drawn, a few steps a pair.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from euchre.dojo.board import Row
from euchre.dojo.summary import due, red_on
from euchre.kata.coach.record.stages import STAGES
from euchre.kata.coach.wrong_models.catalogue import CATALOGUE

MOST_MISSED = 5
"""The wrong models shown: those the most pairs let through."""
MOST_NAMED = 2
"""Pairs who let a wrong model through, named on the board: more are counted alone."""
MOST_RED = 3
"""The scenarios shown: those with the most minutes in red."""
SENTENCES = {wrong.name: wrong.sentence for wrong in CATALOGUE}
_ORDER = {wrong.name: number for number, wrong in enumerate(CATALOGUE)}


def most_first(counted: Mapping[str, int]) -> list[str]:
    """Wrong models by name, the most counted first, ties in the catalogue's order and those it
    does not know after: the board and the retrospective break ties the same way."""
    unknown = len(_ORDER)
    return sorted(counted, key=lambda name: (-counted[name], _ORDER.get(name, unknown), name))


def _pairs(count: int) -> str:
    return f"{count} pair{'' if count == 1 else 's'}"


@dataclass(frozen=True)
class OnStage:
    number: int
    name: str
    pairs: int

    @property
    def words(self) -> str:
        return f"{_pairs(self.pairs)} on stage {self.number}, {self.name}"


@dataclass(frozen=True)
class Missed:
    """A wrong model that ``pairs`` pairs' latest measured green lets through; its sentence
    from the catalogue, or "" if this dashboard's catalogue does not know it (a newer coach's)."""

    name: str
    sentence: str
    pairs: int
    room: int
    """The pairs on the board whose greens the wrong models measured, of whom ``pairs``."""
    names: tuple[str, ...] = ()
    """Those ``pairs``, by name."""

    @property
    def words(self) -> str:
        """Its count of the room, with the pairs named where they are two at most."""
        named = f" ({'; '.join(self.names)})" if 0 < len(self.names) <= MOST_NAMED else ""
        return f"{self.pairs} of {_pairs(self.room)}{named}: {self.sentence or self.name}"


@dataclass(frozen=True)
class Reddest:
    """A scenario the pairs spent ``minutes`` in red on, between ``pairs`` of them."""

    scenario: str
    minutes: int
    pairs: int

    @property
    def words(self) -> str:
        together = "' minutes together" if self.pairs > 1 else ""
        return f"{self.minutes} min in red on '{self.scenario}', {_pairs(self.pairs)}{together}"


@dataclass(frozen=True)
class Axis:
    """The room's time, shared by every row: from its first light shown to now."""

    start: datetime
    end: datetime
    WIDTH = 1000
    TICK = 6

    def x(self, time: datetime) -> int:
        """Where ``time`` lies on a row's axis, from 0 to ``WIDTH`` less a tick."""
        span = (self.end - self.start).total_seconds()
        share = (time - self.start).total_seconds() / span if span > 0 else 1.0
        return round(min(max(share, 0.0), 1.0) * (self.WIDTH - self.TICK))


@dataclass(frozen=True)
class Room:
    stuck: int
    stages: tuple[OnStage, ...]
    waiting: int
    """Pairs who joined and have no run yet."""
    missed: tuple[Missed, ...]
    reddest: tuple[Reddest, ...]
    idle: int = 0
    """Pairs with no run for their board's ``idle_after`` minutes."""
    axis: Axis | None = None
    """The time every row's lights lie on; None with no light."""

    @classmethod
    def of(cls, rows: Sequence[Row]) -> Room:
        stages = Counter(row.stage for row in rows if row.last is not None)
        return cls(
            stuck=sum(row.stuck for row in rows),
            stages=tuple(
                OnStage(number, STAGES[number - 1].name, stages[number])
                for number in sorted(stages)
            ),
            waiting=sum(row.last is None for row in rows),
            missed=missed(rows),
            reddest=reddest(rows),
            idle=sum(row.idle for row in rows),
            axis=axis_of(rows),
        )


def axis_of(rows: Sequence[Row]) -> Axis | None:
    """From the first light the rows show to the board's now."""
    times = [run.time for row in rows for run in row.recent]
    return Axis(min(times), max(rows[0].now, *times)) if times else None


def missed(rows: Sequence[Row]) -> tuple[Missed, ...]:
    """The wrong models let through by the most pairs' latest measured green, of the pairs
    due to catch each (who reached its stage, and are not still discovering its story); ties
    in the catalogue's order, those it does not know after."""
    counted = Counter(name for row in rows for name in set(row.summary.through or ()))
    measured = [
        (r.summary.through, r.last) for r in rows if r.summary.through is not None and r.last
    ]
    return tuple(
        Missed(
            name,
            SENTENCES.get(name, ""),
            counted[name],
            sum(name in (through or ()) or due(last, name) for through, last in measured),
            tuple(row.name for row in rows if name in (row.summary.through or ())),
        )
        for name in most_first(counted)[:MOST_MISSED]
    )


def reddest(rows: Sequence[Row]) -> tuple[Reddest, ...]:
    """The scenarios with the most time in red, summed over the pairs, each with how many pairs
    were red on it; the stretch a pair is still in counts up to now. Under a minute is left out."""
    spent: Counter[str] = Counter()
    pairs: Counter[str] = Counter()
    for row in rows:
        mine = dict(row.summary.in_red)
        last = row.last
        if last is not None and last.light == "red":
            now = max(row.now - last.time, timedelta())
            on = red_on(last, row.summary.green_reached)
            mine[on] = mine.get(on, timedelta()) + now
        for scenario, time in mine.items():
            spent[scenario] += round(time.total_seconds())
            pairs[scenario] += time > timedelta()
    shown = [
        Reddest(scenario, seconds // 60, pairs[scenario])
        for scenario, seconds in sorted(spent.items(), key=lambda kept: (-kept[1], kept[0]))
        if seconds >= 60
    ]
    return tuple(shown[:MOST_RED])
