"""What the board keeps of each pair between their lights: the counts of all their runs
(``Counts``; a pair's oldest runs, folded, are kept as these alone) and their row's facts
(``Summary``), brought up to date run by run, so that showing the board never reads every
light."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from euchre.dojo.pair_history import WRITING_EXAMPLES
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.wrong_models.catalogue import CATALOGUE

RECENT = 48
"""The lights a row shows: the newest."""
STAGE_OF = {wrong.name: wrong.stage for wrong in CATALOGUE}
"""Each wrong model's stage, by name: a line from another version of the coach may name one
this catalogue does not know."""
RULE_OF = {wrong.name: wrong.rule for wrong in CATALOGUE}
"""Each wrong model's rule, as its feature's ``Rule:`` line says it, by name."""
OF_STAGE = Counter(wrong.stage for wrong in CATALOGUE)
"""How many wrong models each stage's rules have."""


def discovering(run: Line, name: str) -> bool:
    """Whether the pair, at ``run``, is still discovering the rule of wrong model ``name``:
    where a pair writes the examples, they meet the wrong models of a story as it opens (level
    stories) or as they write each Rule's examples (level examples), and the coach keeps them
    on that story until their examples catch every one. One this catalogue does not know is
    not."""
    return run.level in WRITING_EXAMPLES and STAGE_OF.get(name, 0) >= run.stage


def reached(run: Line, name: str) -> bool:
    """Whether the pair, at ``run``, has reached wrong model ``name``: its stage (one this
    catalogue does not know, they have); at level steps, where the coach measures a wrong
    model once a scenario that catches it is reached, one its line says it met, or its stage
    done or left (older lines say which were met only where all were)."""
    stage = STAGE_OF.get(name, 0)
    if run.level == "steps" and run.stage == stage and not run.stage_done:
        return name in run.met or (run.wrong_models or 0) >= OF_STAGE[stage]
    return run.stage >= stage


def due(run: Line, name: str) -> bool:
    """Whether the pair, at ``run``, is due to catch wrong model ``name``: they have reached
    its stage, and are not still discovering it."""
    return reached(run, name) and not discovering(run, name)


def left_through(run: Line) -> tuple[str, ...]:
    """The wrong models a measured green lets through, but those the pair is still
    discovering."""
    return tuple(name for name in run.through if not discovering(run, name))


def still_through(before: tuple[str, ...] | None, run: Line) -> tuple[str, ...]:
    """What a pair's measured greens let through once ``run``, the latest, is added to
    ``before`` (what those before it let through; None before one): at level steps the coach
    measures the stage in force alone, so those of the stages left stand as last measured."""
    kept = [] if before is None or run.level != "steps" else before
    earlier = tuple(name for name in kept if STAGE_OF.get(name, 0) < run.stage)
    return (*earlier, *(name for name in left_through(run) if name not in earlier))


def writing(run: Line, green_reached: int) -> bool:
    """Whether a red run is on a scenario being written: more are reached than at the last
    green run (``green_reached``), so the newest has not passed yet."""
    return run.reached > green_reached


def red_on(run: Line, green_reached: int) -> str:
    """What a red run is red on, for the room: the one scenario being written, whatever broke
    on the way, since the pair's work is there; otherwise the first that failed, one of several
    revealed at once (`make next STAGE=N`) or one that had passed."""
    return run.scenario if run.reached == green_reached + 1 else run.red_on


@dataclass(frozen=True)
class Counts:
    """Runs counted in the order they happened: how many, their red-to-green cycles, and
    whether they end in a red stretch (a cycle that a later green completes). A pair's oldest
    runs, folded, are kept as these counts alone."""

    runs: int = 0
    cycles: int = 0
    red: bool = False
    guesses: int = 0
    right: int = 0
    """Under the predict constraint: the runs with a guess, and those whose light was guessed."""

    def after(self, runs: Sequence[Line]) -> Counts:
        """These counts with ``runs`` (the next ones, in order) counted too; the cycles as
        `make progress` counts them (``progress.cycles``)."""
        cycles, red = self.cycles, self.red
        for run in runs:
            if run.light == "red":
                red = True
            elif run.light == "green" and red:
                cycles, red = cycles + 1, False
        guessed = [run for run in runs if run.guess]
        right = sum(run.guess == run.light for run in guessed)
        return Counts(
            self.runs + len(runs), cycles, red, self.guesses + len(guessed), self.right + right
        )


@dataclass(frozen=True)
class Summary:
    """What a pair's row shows: all their runs' counts, the current red stretch, and the
    newest runs; and for the stuck mark and the room's misses, since when they have not been
    green (from their first run with something written to run), their ambers in a row, what
    their latest measured green let through (None before one), and the time spent in red on
    each scenario. Brought up to date run by run (``extend``), never by reading them all."""

    counts: Counts = Counts()
    red_since: datetime | None = None
    recent: tuple[Line, ...] = ()
    not_green_since: datetime | None = None
    ambers: int = 0
    through: tuple[str, ...] | None = None
    in_red: tuple[tuple[str, timedelta], ...] = ()
    """Each scenario's time in red, by name (``red_on``): from each red run to the run after
    it (the stretches `make progress` calls red); the stretch still going is the row's to add."""
    green_reached: int = 0
    """The scenarios the latest green run reached."""

    @property
    def runs(self) -> int:
        return self.counts.runs

    @property
    def cycles(self) -> int:
        return self.counts.cycles

    def extend(self, runs: Sequence[Line]) -> Summary:
        """The summary with ``runs``, which happened after the ones it has seen, added."""
        since, not_green, ambers = self.red_since, self.not_green_since, self.ambers
        through, in_red, green_reached = self.through, dict(self.in_red), self.green_reached
        before = self.recent[-1] if self.recent else None
        for run in runs:
            # A red stretch runs to the green that ends it: an amber on the way does not.
            if run.light == "green":
                since = None
            elif run.light == "red":
                since = since or run.time
            # The amber of nothing written yet is the kata's design, no sign of being stuck:
            # the pair is writing, and starts no clock by it.
            if run.light == "green":
                not_green = None
            elif not run.nothing_written:
                not_green = not_green or run.time
            ambers = ambers + 1 if run.light == "amber" and not run.nothing_written else 0
            if run.light == "green" and run.caught is not None:
                through = still_through(through, run)
            if before is not None and before.light == "red":
                gap = max(run.time - before.time, timedelta())
                on = red_on(before, green_reached)
                in_red[on] = in_red.get(on, timedelta()) + gap
            green_reached = run.reached if run.light == "green" else green_reached
            before = run
        return Summary(
            self.counts.after(runs),
            since,
            (*self.recent, *runs)[-RECENT:],
            not_green,
            ambers,
            through,
            tuple(sorted(in_red.items())),
            green_reached,
        )


def summarize(runs: Sequence[Line], folded: Counts = Counts()) -> Summary:
    """The summary of a pair whose kept runs are ``runs`` (in order), after the ``folded``."""
    return Summary(folded).extend(runs)
