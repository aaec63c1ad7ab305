"""The dojo's retrospective: for each pair, the rhythm of their runs; for the room, the questions
to discuss afterwards, each built from what happened (as Emily Bache's katas end with questions).

One home for its content: ``retrospective`` makes it from the pairs' runs, a value that the page
(retro.html) only words. The counts are `make progress`'s and `make review`'s (progress.py); a
step's size is the lines its green run's diff changed, as posted (``Code.lines_changed``). A
question is asked only when the runs show what it asks about: none is made up for a quiet room.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta

from euchre.dojo.board import STUCK_MINUTES, Pair
from euchre.dojo.store import Store
from euchre.kata.coach.record import progress
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.history import Run
from euchre.kata.coach.wrong_models.catalogue import by_name

LONG_RED = timedelta(minutes=STUCK_MINUTES)
"""A stretch in red this long is one the room asks about, as the board marks it."""
LARGE_STEP = 20
"""Lines changed from a red to a green: a step this large is one to ask how to split."""
MOST_ASKED = 3
"""Questions of one kind (wrong models, long reds, passes at once): the most telling alone."""
REFACTORLESS_CYCLES = 2
"""A pair who went red to green this often and never refactored is asked about it."""


@dataclass(frozen=True)
class Link:
    """A run the retrospective points at: its place in the pair's runs, its number as their
    pages count it (after the folded ones), and the run."""

    index: int
    number: int
    run: Run


@dataclass(frozen=True)
class RedStretch:
    """A pair's longest time in red: from its first red run to the run that ended it."""

    first: Link
    end: Link
    span: timedelta
    scenario: str


@dataclass(frozen=True)
class Step:
    """A step from a red run to the green one straight after it, and the lines it changed
    (None: a diff too large to show, larger than any shown)."""

    red: Link
    green: Link
    lines: int | None


@dataclass(frozen=True)
class PairRetro:
    """A pair's rhythm. ``runs`` are those kept; ``folded`` older ones, counted on the board
    but not here (a dashboard keeps a pair's newest lights alone)."""

    id: int
    name: str
    runs: int
    folded: int
    cycles: int
    refactors: tuple[Link, ...]
    longest_red: RedStretch | None
    largest_step: Step | None
    right: int
    guessed: int
    reverts: tuple[Link, ...]
    ambers: int
    at_once: int

    @property
    def links(self) -> tuple[Link, ...]:
        """Every run the retrospective links to, for a page that carries their code."""
        stretch = (self.longest_red.first, self.longest_red.end) if self.longest_red else ()
        step = (self.largest_step.red, self.largest_step.green) if self.largest_step else ()
        return (*stretch, *step, *self.refactors, *self.reverts)


@dataclass(frozen=True)
class LetThrough:
    """Pairs whose examples let a wrong model through, until the latest stage one of them did."""

    name: str
    sentence: str
    until: int
    pairs: tuple[str, ...]


@dataclass(frozen=True)
class LongRed:
    pair: str
    span: timedelta
    scenario: str


@dataclass(frozen=True)
class LargeStep:
    pair: str
    lines: int | None
    scenario: str


@dataclass(frozen=True)
class AtOnce:
    """A scenario that passed at once for these pairs: no new code was needed for it."""

    scenario: str
    pairs: tuple[str, ...]


@dataclass(frozen=True)
class NoRefactor:
    pairs: tuple[str, ...]
    cycles: int


@dataclass(frozen=True)
class Ambers:
    pairs: tuple[str, ...]
    runs: int


@dataclass(frozen=True)
class Reverts:
    pairs: tuple[str, ...]
    runs: int


@dataclass(frozen=True)
class Guesses:
    right: int
    guessed: int


Question = LetThrough | LongRed | LargeStep | AtOnce | NoRefactor | Ambers | Reverts | Guesses


@dataclass(frozen=True)
class Retro:
    pairs: tuple[PairRetro, ...]
    questions: tuple[Question, ...]


def retrospective(pairs: Sequence[Pair], folded: Mapping[int, int] | None = None) -> Retro:
    """The retrospective of ``pairs`` (each with their runs, and the code of those kept);
    ``folded``: by a pair's id, how many of their older runs are no longer kept."""
    rhythms = tuple(rhythm(pair, (folded or {}).get(pair.id, 0)) for pair in pairs)
    return Retro(rhythms, questions(pairs, rhythms))


def rhythm(pair: Pair, folded: int = 0) -> PairRetro:
    runs = pair.runs

    def link(index: int) -> Link:
        return Link(index, folded + index + 1, runs[index])

    def size(index: int) -> float | None:
        code = pair.code.get(runs[index].run) if runs[index].run else None
        if code is None:
            return None
        return _measure(code.lines_changed)

    stretch = progress.longest_red_stretch(runs)
    red = None
    if stretch:
        first, end = stretch
        span = progress.longest_red(runs)
        red = RedStretch(link(first), link(end), span, runs[first].scenario)
    green = progress.largest_step(runs, size)
    step = None
    if green is not None:
        lines = pair.code[runs[green].run].lines_changed  # measured: its code was posted
        step = Step(link(green - 1), link(green), lines)
    right, guessed = progress.guesses(runs)
    return PairRetro(
        pair.id,
        pair.name,
        len(runs),
        folded,
        progress.cycles(list(runs)),
        tuple(link(index) for index in progress.refactors(runs)),
        red,
        step,
        right,
        guessed,
        tuple(link(index) for index, run in enumerate(runs) if run.reverted),
        sum(run.light == "amber" for run in runs),
        sum(run.passed_at_once for run in runs),
    )


def questions(pairs: Sequence[Pair], rhythms: Sequence[PairRetro]) -> tuple[Question, ...]:
    """The questions for the room, the most telling first, each only if it happened."""
    asked: list[Question] = [*let_through(pairs)]
    asked += long_reds(rhythms)
    asked += large_step(rhythms)
    asked += at_once(pairs)
    refactorless = [r for r in rhythms if r.cycles >= REFACTORLESS_CYCLES and not r.refactors]
    if refactorless:
        asked.append(NoRefactor(_names(refactorless), sum(r.cycles for r in refactorless)))
    if ambers := [rhythm for rhythm in rhythms if rhythm.ambers]:
        asked.append(Ambers(_names(ambers), sum(rhythm.ambers for rhythm in ambers)))
    if reverts := [rhythm for rhythm in rhythms if rhythm.reverts]:
        asked.append(Reverts(_names(reverts), sum(len(rhythm.reverts) for rhythm in reverts)))
    guessed = sum(rhythm.guessed for rhythm in rhythms)
    if guessed:
        asked.append(Guesses(sum(rhythm.right for rhythm in rhythms), guessed))
    return tuple(asked)


def let_through(pairs: Sequence[Pair]) -> list[LetThrough]:
    """The wrong models the most pairs' examples let through (and until which stage), as
    their green runs measured by the wrong models said."""
    who: dict[str, list[str]] = defaultdict(list)
    until: dict[str, int] = defaultdict(int)
    for pair in pairs:
        for run in pair.runs:
            for name in run.through:
                if pair.name not in who[name]:
                    who[name].append(pair.name)
                until[name] = max(until[name], run.stage)
    most = sorted(who, key=lambda name: (-len(who[name]), until[name], name))[:MOST_ASKED]
    return [LetThrough(name, _sentence(name), until[name], tuple(who[name])) for name in most]


def _sentence(name: str) -> str:
    """The wrong model's sentence; its name, for one this catalogue does not know (a line from
    another version of the coach)."""
    try:
        return by_name(name).sentence
    except KeyError:
        return name


def long_reds(rhythms: Sequence[PairRetro]) -> list[LongRed]:
    """The longest stretches in red, of those long enough for the board to mark."""
    found = [
        LongRed(rhythm.name, rhythm.longest_red.span, rhythm.longest_red.scenario)
        for rhythm in rhythms
        if rhythm.longest_red and rhythm.longest_red.span >= LONG_RED
    ]
    return sorted(found, key=lambda long_red: -long_red.span)[:MOST_ASKED]


def large_step(rhythms: Sequence[PairRetro]) -> list[LargeStep]:
    """The room's largest step from red to green, if it was a large one."""
    steps = [(rhythm.name, rhythm.largest_step) for rhythm in rhythms if rhythm.largest_step]
    if not steps:
        return []
    name, step = max(steps, key=lambda found: _measure(found[1].lines))
    if _measure(step.lines) < LARGE_STEP:
        return []
    return [LargeStep(name, step.lines, step.green.run.scenario)]


def _measure(lines: int | None) -> float:
    """A step's lines, a diff too large to show counted as more than any."""
    return math.inf if lines is None else lines


def at_once(pairs: Sequence[Pair]) -> list[AtOnce]:
    """The scenarios that passed at once for the most pairs."""
    who: dict[str, list[str]] = defaultdict(list)
    for pair in pairs:
        for run in pair.runs:
            if run.passed_at_once and pair.name not in who[run.scenario]:
                who[run.scenario].append(pair.name)
    most = sorted(who, key=lambda scenario: -len(who[scenario]))[:MOST_ASKED]
    return [AtOnce(scenario, tuple(who[scenario])) for scenario in most]


def _names(rhythms: Sequence[PairRetro]) -> tuple[str, ...]:
    return tuple(rhythm.name for rhythm in rhythms)


def read_store(store: Store) -> tuple[list[Pair], dict[int, int]]:
    """A dashboard's pairs with every run kept of theirs and the code of each step from red to
    green (what ``retrospective`` measures), and how many older runs each has folded."""
    kept = [found for listed in store.board() if (found := store.pair(listed.id))]
    pairs = [
        Pair(
            pair.id,
            pair.name,
            pair.runs,
            _code(store, pair.id, pair.runs, progress.steps(pair.runs)),
        )
        for pair in kept
    ]
    return pairs, {pair.id: pair.folded.runs for pair in kept}


def carried(store: Store, made: Retro) -> dict[int, dict[str, Code]]:
    """The code of each run the retrospective names, for its page to carry offline."""
    return {
        pair.id: _code(store, pair.id, [link.run for link in pair.links], range(len(pair.links)))
        for pair in made.pairs
    }


def _code(store: Store, pair: int, runs: Sequence[Run], indexes: Sequence[int]) -> dict[str, Code]:
    """The code posted for the runs at ``indexes`` of ``runs``, by their commits."""
    found = {}
    for index in indexes:
        name = runs[index].run
        code = store.run_code(pair, name) if name else None
        if code is not None:
            found[name] = code
    return found
