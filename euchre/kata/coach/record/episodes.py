"""The practice scored from a history: its episodes, each classified as Zorro did, and the size
of its steps and how even they are, as Fucci et al. measured them (docs/practice.md says each
measure and where it comes from).

An episode is the runs after a green, up to and including the next green. Its kind, the first
that fits:

- ``refactoring``: a green again, the learner's files changed and nothing more specified (an
  example taken away, where the learner writes them, specifies less); at level steps, where
  any change of a step changes what is specified, the steps changed and nothing more reached
  or caught (``checks_more``);
- ``test-addition``: a newly revealed scenario passed at once, with no new code; or, at the
  levels where the learner writes the specification, an example or a step added that passes;
- ``regression``: a red that reached no more than the green before it, with nothing more
  specified: something that passed fails, and was mended;
- ``test-first``: a red first (a new scenario failing), then the code that makes it green;
- ``production-first``: a green with more passing and no red seen before it: code first.

A green after a green with the same files is no episode: nothing was done.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .line import Line

Size = Callable[[int, int], float | None]
"""The lines a step changed from a red run to a green one, by their indexes; None if not
known."""
KINDS = ("test-first", "test-addition", "refactoring", "production-first", "regression")


@dataclass(frozen=True)
class Episode:
    """An episode: its kind, its first and last runs (by index), and its minutes from the
    green before it (or its first run) to its own green."""

    kind: str
    first: int
    last: int
    minutes: float


def of(runs: Sequence[Line]) -> list[Episode]:
    """The episodes of ``runs``, oldest first; the runs after the last green are none yet."""
    found: list[Episode] = []
    first, green = 0, None
    for index, run in enumerate(runs):
        if run.light != "green":
            continue
        kind = _kind(runs[first : index + 1], runs[green] if green is not None else None)
        if kind:
            since = runs[green].time if green is not None else runs[first].time
            found.append(Episode(kind, first, index, (run.time - since).total_seconds() / 60))
        first, green = index + 1, index
    return found


def checks_more(before: Line, run: Line) -> bool:
    """Whether the steps at ``run`` check more than at ``before``, as the coach measured them:
    they changed, and catch a wrong model they let through, or more of as many, or a Then checks
    something that checked nothing. Steps unchanged check no more, whatever the model's change
    lets them catch (a wrong model that met a part not yet written, say)."""
    if run.specified == before.specified:
        return False
    if set(run.empty_thens) < set(before.empty_thens):
        return True
    if before.caught is None or run.caught is None:
        return False
    more = run.caught > before.caught and run.wrong_models == before.wrong_models
    return more or set(run.through) < set(before.through)


def _first_red(runs: Sequence[Line], episode: Episode) -> int:
    """The index of the episode's first red run, where its step from red to green begins (a
    test-first or regression episode has one)."""
    return next(n for n in range(episode.first, episode.last) if runs[n].light == "red")


def _kind(episode: Sequence[Line], before: Line | None) -> str:
    closing = episode[-1]
    if closing.refactor:
        return "refactoring"
    if closing.passed_at_once:
        return "test-addition"
    reds = [run for run in episode if run.light == "red"]
    if reds:
        # A step or example made to check more, red on what had passed, is a new test red first.
        broke = (
            before is not None
            and reds[0].specified == before.specified
            and reds[0].reached <= before.reached
        )
        return "regression" if broke else "test-first"
    if before is not None and closing.reached < before.reached:
        return "refactoring"  # an example taken away, where the learner writes them
    if before is not None and closing.reached == before.reached:  # ambers on the way or not
        if closing.files_hash == before.files_hash:
            return ""  # a green again with the same files: nothing was done
        # At level steps any change of a step changes what is specified: one that catches no
        # more is a tidy of the steps, as far as the runs can tell; one that catches more is a
        # check added, whatever changed.
        if closing.level == "steps":
            if not checks_more(before, closing):
                return "refactoring"
        elif closing.specified == before.specified:
            return "refactoring"
    # Where the learner writes the specification (its hash is kept), a green with more is an
    # example or a step added; at level model, code.
    return "test-addition" if closing.specified else "production-first"


def last_green(runs: Sequence[Line]) -> Line | None:
    """The last green run of ``runs``: the one baby steps puts the files back to."""
    return next((run for run in reversed(runs) if run.light == "green"), None)


def started_from(runs: Sequence[Line], index: int) -> Line | None:
    """The run whose code the learner's files held as run ``index`` began, from which its
    change is measured: the run before it or, where baby steps put the files back after that
    one, the green they went back to; None for the first run."""
    return step_start(runs, index - 1, index) if index else None


def step_start(runs: Sequence[Line], red: int, green: int) -> Line | None:
    """The run a step from run ``red`` to run ``green`` is measured from: the red or, where
    baby steps put the files back on the way, the green they went back to (None if none)."""
    if any(run.reverted for run in runs[red:green]):
        return last_green(runs[:red])
    return runs[red]


def summary(runs: Sequence[Line], size: Size) -> list[str]:
    """What `make progress` and the dojo say of the practice: the episodes by kind, then the
    steps' size and spread, each step from an episode's first red run to its green."""
    found = of(runs)
    if not found:
        return ["Episodes: none yet (an episode ends with a green run)"]
    counts = [f"{sum(e.kind == kind for e in found)} {kind}" for kind in KINDS]
    lines = [
        size(_first_red(runs, e), e.last) for e in found if e.kind in ("test-first", "regression")
    ]
    known = [float(count) for count in lines if count is not None]
    if not lines:
        steps = "none, no red run went green"
    elif not known:
        steps = "lines not known"
    elif len(known) == 1:
        steps = f"{_lines(known[0])} (one step)"
    else:
        steps = (
            f"{_lines(_median(known))} (median of {len(known)}), spread {_lines(_spread(known))}"
            " (median absolute deviation)"
        )
    lengths = [e.minutes for e in found]
    if len(lengths) == 1:
        took = f"one episode, {duration(lengths[0])} long"
    else:
        took = (
            f"episodes {duration(_median(lengths))} long (median of {len(lengths)}), spread"
            f" {duration(_spread(lengths))}"
        )
    return ["Episodes: " + ", ".join(counts), f"Steps from red to green: {steps}; {took}"]


def _lines(count: float) -> str:
    """Lines as counted, whole or half (a median of two): ``12 lines``, ``12.5 lines``."""
    return f"{count:.1f}".removesuffix(".0") + f" line{'' if count == 1 else 's'}"


def _median(values: list[float]) -> float:
    return statistics.median(values)


def _spread(values: list[float]) -> float:
    """The median absolute deviation."""
    middle = statistics.median(values)
    return _median([abs(value - middle) for value in values])


def duration(minutes: float) -> str:
    """Minutes as said aloud: ``2 min 30 s``, ``3 min``; under a minute, ``9 s``; from an
    hour, ``1 h 05 min``, as `make progress` says it."""
    whole, seconds = divmod(round(minutes * 60), 60)
    if whole >= 60:
        return f"{whole // 60} h {whole % 60:02d} min"
    if not whole:
        return f"{seconds} s"
    return f"{whole} min" + (f" {seconds} s" if seconds else "")
