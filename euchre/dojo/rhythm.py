"""A pair's rhythm, for the dojo's retrospective: their red-to-green cycles, refactors, longest
stretch in red, largest step, guesses and reverts, each run it names kept as a link to it.

The counts are `make progress`'s and `make review`'s (record/progress.py); a step's size is the
lines its green run's diff changed, as posted (``Code.lines_changed``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from euchre.dojo import breakages
from euchre.dojo.board import Pair
from euchre.dojo.breakages import Breakage
from euchre.dojo.pair_history import counted, lines_posted, step_code, uncounted_tidy
from euchre.dojo.summary import writing
from euchre.kata.coach.record import episodes, progress
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.stages import KATA_STAGES


@dataclass(frozen=True)
class Link:
    """A run the retrospective points at: its place in the pair's runs, its number as their
    pages count it (after the folded ones), and the run."""

    index: int
    number: int
    run: Line
    after_revert: bool = False
    """Whether baby steps put the files back after the run before: its diff is from them."""


@dataclass(frozen=True)
class RedStretch:
    """A pair's longest time in red: from its first red run to the run that ended it, or,
    ``still`` red at the end of the session, to the room's last light."""

    first: Link
    end: Link
    span: timedelta
    scenario: str
    """The scenario the pair was writing, the newest."""
    still: bool = False
    broke: tuple[str, ...] = ()
    """The earlier scenarios (or tests of theirs) that failed on the way, in the order they
    first did."""
    writing: bool = True
    """Whether it was red on the scenario being written at all: not if every red run failed
    first on an earlier one, which had passed before."""
    reds: int = 1
    """The red runs in it: one is a stretch with no run in it."""
    together: int = 1
    """The new scenarios it was red on, revealed at once: more than one under `make next
    STAGE=N`."""
    pause: timedelta = timedelta()
    """The longest time in it with no run, from a red run to the next run."""
    ambers: int = 0
    """The amber runs in it: an amber on the way does not end a stretch in red."""
    reverts: int = 0
    """The runs in it after which baby steps put the files back."""
    in_order: tuple[tuple[str, int], ...] = (("red", 1), ("pause", 1))
    """Its red and amber runs in their order, each run of alike lights with how many, and
    ("pause", 1) where ``pause`` was."""
    stepless: bool = False
    """Whether every red run in it stopped on a step no step definition matched."""


@dataclass(frozen=True)
class Step:
    """A step from the first red run of a stretch in red to the green that ends it, and the
    lines it changed (None: a diff too large to show, larger than any shown)."""

    red: Link
    green: Link
    lines: int | None
    added_removed: tuple[int, int] | None = None
    """The lines added, and those removed; None where they are not known."""
    in_steps: int = 0
    """Of ``lines``, those in the pair's step definitions (at level steps they write them);
    0 where the diff is too large to show."""
    moved: int = 0
    """The lines it moved, besides ``lines``: counted for neither added nor removed."""
    ambers: int = 0
    """The runs on the way whose tests could not run."""
    start: Link | None = None
    """Where baby steps put the files back on the way: the green measured from, gone back to."""


@dataclass(frozen=True)
class Quiet:
    """A pair's longest time without a run after a run that was not red (a stretch in red is
    a ``RedStretch``): from that run to the next."""

    last: Link
    span: timedelta


@dataclass(frozen=True)
class Rhythm:
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
    """Runs whose tests could not run; not the amber of nothing written yet, the kata's own
    first light at levels examples and stories."""
    at_once: int
    longest_quiet: Quiet | None = None
    quiet_at_end: Quiet | None = None
    """From their last run to the end, if it was not red and the kata not done."""
    practice: tuple[str, ...] = ()
    """Its episodes by kind, and the size and spread of its steps (record/episodes.py)."""
    level: str = ""
    """The level of their last run; "" if its line does not say."""
    tidied: tuple[tuple[str, ...], ...] = ()
    """For each green after a green, the files changed and no more reached, not counted as a
    refactor, why: "changed", a step's code changed (which may or may not change what the steps
    check); "through", the steps let a wrong model through; "measured", the coach could try on
    their model wrong models it could not before; "removed", an example taken away, where the
    pair writes them (``pair_history.uncounted_tidy``). A change that did none is none."""
    ambers_in_a_row: int = 0
    """The most of ``ambers`` one after another: at two the board marks a pair stuck."""
    examples: int = 0
    """The examples they had reached by their last run that says, each row of an outline."""
    broke: tuple[Breakage, ...] = ()
    """Each time they went red on scenarios that had passed before, however many red runs it
    took, as its first such run said (breakages.py)."""
    unwritten: int = 0
    """The ambers of nothing written yet, the kata's design, not among ``ambers``."""
    amber_causes: tuple[str, ...] = ()
    """Why their ambers' tests could not run (``line.AMBERS``), each once, the first met first."""
    tidied_through: tuple[str, ...] = ()
    """The wrong models their steps let through at the changes of ``tidied``, each once."""
    baby_steps: bool = False
    """Whether any of their runs was under baby steps: ``reverts`` is said, none too."""

    @property
    def counted(self) -> str:
        """What their runs count, in their level's words, as on the board's row."""
        return counted(self.level)

    @property
    def links(self) -> tuple[Link, ...]:
        """Every run the retrospective links to, for a page that carries their code."""
        stretch = (self.longest_red.first, self.longest_red.end) if self.longest_red else ()
        found = self.largest_step
        step = (found.red, found.green, *([found.start] if found.start else [])) if found else ()
        return (*stretch, *step, *self.refactors, *self.reverts)


def rhythm(
    pair: Pair, folded: int = 0, until: datetime | None = None, busy: datetime | None = None
) -> Rhythm:
    """``until``: when the session ended (the room's last light), for a pair still red then;
    ``busy``: the room's last light, to which a pair's silence after their last run counts
    (after it, the room was done, waiting for the end)."""
    runs = pair.runs

    def link(index: int) -> Link:
        after_revert = index > 0 and runs[index - 1].reverted
        return Link(index, folded + index + 1, runs[index], after_revert)

    def size(red: int, green: int) -> float | None:
        code = step_code(runs, pair.code, red, green)
        return None if code is None else measure(code.lines_changed)

    stretch = progress.longest_red_stretch(runs, until)
    red = None
    if stretch:
        first, end = stretch
        span = progress.longest_red(runs, until)
        still = runs[end].light != "green"
        in_it = runs[first : end + 1]
        reds = [run for run in in_it if run.light == "red"]
        green = episodes.last_green(runs[:first])
        # A step or example made to check more, red on what had passed, is being written.
        checks_more = green is not None and runs[first].specified != green.specified
        new = writing(runs[first], green.reached if green else 0) or checks_more
        together = runs[first].reached - green.reached if new and green else 1
        # Broken on the way: what had run before and fails now, not one of those revealed with it.
        seen = {run.scenario for run in runs[:first]}
        broke = tuple(dict.fromkeys(run.red_on for run in reds if not new or run.failing in seen))
        scenario = runs[first].scenario
        waits = [(b.time - a.time, n) for n, (a, b) in enumerate(itertools.pairwise(in_it))]
        pause, paused = max(waits, key=lambda wait: wait[0], default=(timedelta(), 0))
        lights = [r.light for r in in_it[: paused + 1]] + ["pause"]
        lights += [r.light for r in in_it[paused + 1 :] if r.light != "green"]
        ambers = sum(run.light == "amber" for run in in_it)
        red = RedStretch(
            *(link(first), link(end), span, scenario, still, broke, new, len(reds), together),
            *(pause, ambers, sum(run.reverted for run in in_it)),
            tuple((light, len([*alike])) for light, alike in itertools.groupby(lights)),
            all(run.no_step for run in reds),
        )
    largest = progress.largest_step(runs, size)
    step = None
    if largest is not None:
        code = step_code(runs, pair.code, *largest)
        assert code is not None  # measured: its code is known
        start = episodes.step_start(runs, *largest)
        start = None if start is runs[largest[0]] else start
        step = Step(
            *(link(largest[0]), link(largest[1]), code.lines_changed, code.lines_added_removed),
            code.lines_changed_in("step_defs") or 0,
            code.lines_moved or 0,
            sum(run.light == "amber" for run in runs[largest[0] : largest[1]]),
            next((link(n) for n in range(largest[0], -1, -1) if runs[n] is start), None),
        )
    right, guessed = progress.guesses(runs)
    # A pause once the kata is done held no one up: the stages after it are optional.
    done = next((n for n, run in enumerate(runs) if _kata_done(run)), len(runs) - 1)
    in_red = _in_red(runs)
    gaps = [(runs[n + 1].time - run.time, n) for n, run in enumerate(runs[:done]) if not in_red[n]]
    quiet = None
    if gaps:
        span, index = max(gaps, key=lambda gap: gap[0])
        quiet = Quiet(link(index), span)
    # Red at the end is a stretch in red; after the kata is done, no one is held up.
    last = runs[-1] if runs else None
    at_end = None
    if last and busy and not in_red[-1] and not any(map(_kata_done, runs)):
        at_end = Quiet(link(len(runs) - 1), busy - last.time)
    tidies = [(r, why) for b, r in itertools.pairwise(runs) if (why := uncounted_tidy(b, r))]
    return Rhythm(
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
        sum(run.light == "amber" and not run.nothing_written for run in runs),
        sum(progress.at_once(runs)),
        quiet,
        at_end,
        tuple(episodes.summary(runs, lines_posted(runs, pair.code))),
        runs[-1].level if runs else "",
        tuple(why for _, why in tidies),
        _most_in_a_row(run.light == "amber" and not run.nothing_written for run in runs),
        next((run.examples for run in reversed(runs) if run.examples is not None), 0),
        breakages.each_time(runs),
        sum(run.light == "amber" and run.nothing_written for run in runs),
        tuple(dict.fromkeys(run.amber for run in runs if run.amber)),
        tuple(dict.fromkeys(name for run, _ in tidies for name in run.through)),
        any(run.constraint == "baby-steps" for run in runs),
    )


def _in_red(runs: Sequence[Line]) -> list[bool]:
    """Whether each run is in a stretch in red: a red one, or an amber after a red."""
    found, red = [], False
    for run in runs:
        red = red if run.light == "amber" else run.light == "red"
        found.append(red)
    return found


def _most_in_a_row(marks: Iterable[bool]) -> int:
    """The longest run of ``True`` in ``marks``."""
    return max((len(list(alike)) for mark, alike in itertools.groupby(marks) if mark), default=0)


def _kata_done(run: Line) -> bool:
    """Whether the kata's stages were all done by ``run``, as the board counts them."""
    return run.stage > KATA_STAGES or (run.stage == KATA_STAGES and run.stage_done)


def measure(lines: int | None) -> float:
    """A step's lines, a diff too large to show counted as more than any."""
    return math.inf if lines is None else lines
