"""`make progress`: the lights, minutes and red-to-green cycles per stage, and where you are."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime, timedelta
from itertools import pairwise

from . import episodes
from .episodes import Size
from .lights import AT_ONCE, LIGHTS, REFACTOR
from .line import Line
from .reach import Reach
from .stages import STAGES


def stretch(span: timedelta) -> str:
    """A stretch's time as said aloud, to the second: ``2 min 42 s``; ``under a minute``."""
    if span < timedelta(minutes=1):
        return "under a minute"
    return episodes.duration(span / timedelta(minutes=1))


def _gap(run: Line, after: Line) -> timedelta:
    """The time between two runs; a clock set back never gives a negative time."""
    return max(after.time - run.time, timedelta())


def time_in_stages(runs: list[Line]) -> dict[int, timedelta]:
    """Time per stage: each gap between two runs counts for the stage of the later, the run
    that tests what was done in it; so a stage's time is all counted by its last run, and the
    time a stage-done message gives is that `make progress` gives afterwards.

    ``runs`` holds one run at least; the time before the first is not known.
    """
    spent: dict[int, timedelta] = defaultdict(timedelta)
    spent[runs[0].stage] = timedelta()
    for run, after in pairwise(runs):
        spent[after.stage] += _gap(run, after)
    return dict(spent)


def stage_time(runs: list[Line], number: int) -> str:
    """The time of stage ``number`` in ``runs``, to the second, as `make progress` and the
    stage-done message both say it."""
    return _said(time_in_stages(runs).get(number, timedelta()))


def _said(span: timedelta) -> str:
    return episodes.duration(span / timedelta(minutes=1))


def report(
    runs: list[Line],
    reach: Reach,
    unit: str = "scenario",
    counted: str = "reached scenarios",
    size: Size = lambda red, green: None,
    until: datetime | None = None,
) -> list[str]:
    """The lines `make progress` prints for ``runs``, oldest first; none for no runs. ``unit``
    and ``counted`` are the level's words for what it reveals and what a run counts; no
    ``unit`` where a stage is revealed whole, as one story. ``size``: the lines each step from
    red to green changed, where known (episodes.py); ``until``: when a stretch not green again
    by the last run ends (a dojo's board: its time), if not at that run."""
    if not runs:
        return []
    lines = [
        "Lights: " + "".join(run.symbol for run in runs),
        f"  ({LIGHTS['red']} red, {LIGHTS['amber']} amber: the tests cannot run,"
        f" {LIGHTS['green']} green, {AT_ONCE} green: a new scenario passed at once,"
        f" {REFACTOR} green again with your files changed and nothing more specified: a refactor)",
        "Each stage:",
    ]
    spent = time_in_stages(runs)
    passed = at_once(runs)
    for number in sorted(spent):
        in_stage = [run for run in runs if run.stage == number]
        at_once_here = sum(n for n, run in zip(passed, runs, strict=True) if run.stage == number)
        reverted = sum(run.reverted for run in in_stage)
        lines.append(
            f"  Stage {number}, {STAGES[number - 1].name}: {_said(spent[number])},"
            f" {beats(in_stage)}, {cycles(in_stage)} red-to-green"
            + (f", {at_once_here} passed at once" if at_once_here else "")
            + (f", {reverted} reverted by baby steps" if reverted else "")
        )
    lines.append(f"Red-to-green cycles in all: {cycles(runs)}")
    lines.append(f"The three beats in all: {beats(runs)}")
    lines.append(f"Scenarios that passed at once: {sum(passed)}")
    ever_red = any(run.light == "red" for run in runs)
    longest = stretch(longest_red(runs, until)) if ever_red else "never red"
    lines.append(f"Longest stretch red: {longest}")
    if reverted := sum(run.reverted for run in runs):
        lines.append(f"Reverted by baby steps: {reverted}")
    lines += predicted(runs)
    lines += episodes.summary(runs, size)
    last = runs[-1]
    lines.append(
        f"Now: stage {reach.stage} of {len(STAGES)}, {reach.current.name}"
        f"{f', {unit} {reach.revealed}' if unit else ''} ({last.scenario}); last run {last.symbol}"
        f" {last.passed} of {last.reached} {counted} pass"
    )
    return lines


def at_once(runs: Sequence[Line]) -> list[int]:
    """For each run, the scenarios that passed as soon as it revealed them: as many as it
    revealed (more than one under `make next STAGE=N`), or none."""
    before = [0, *(run.reached for run in runs)]
    return [
        max(run.reached - reached, 1) if run.passed_at_once else 0
        for run, reached in zip(runs, before, strict=False)
    ]


def predicted(runs: list[Line]) -> list[str]:
    """Under the predict constraint, how often the light was the one the learner said."""
    right, guessed = guesses(runs)
    if not guessed:
        return []
    return [f"Predicted right: {right} of {guessed} ({100 * right // guessed}%)"]


def guesses(runs: Sequence[Line]) -> tuple[int, int]:
    """Under the predict constraint: how many lights the learner guessed right, of how many
    they guessed; amber is never right, for they said red or green."""
    guessed = [run for run in runs if run.guess]
    return sum(run.guess == run.light for run in guessed), len(guessed)


def beats(runs: list[Line]) -> str:
    """The red, the green and the refactor runs: a green that is a refactor counts as that;
    the amber ones too, where there were any."""
    reds = sum(run.light == "red" for run in runs)
    ambers = sum(run.light == "amber" for run in runs)
    refactored = len(refactors(runs))
    greens = sum(run.light == "green" for run in runs) - refactored
    amber = f"{ambers} amber, " if ambers else ""
    plural = "" if refactored == 1 else "s"
    return f"{reds} red, {amber}{greens} green, {refactored} refactor{plural}"


def cycles(runs: list[Line]) -> int:
    """How many times a red run was followed, sooner or later, by a green one."""
    count, red = 0, False
    for run in runs:
        if run.light == "red":
            red = True
        elif run.light == "green" and red:
            count, red = count + 1, False
    return count


def refactors(runs: Sequence[Line]) -> list[int]:
    """The indexes of the refactors: the green runs that recorded themselves as one (what a
    refactor is has one home, verdict.py)."""
    return [index for index, run in enumerate(runs) if run.light == "green" and run.refactor]


def red_stretches(runs: Sequence[Line]) -> list[tuple[int, int]]:
    """Each stretch in red: the index of its first red run, and of the green run that ended it
    (or of the last run, for a stretch not green again); an amber on the way does not end it."""
    stretches, start = [], None
    for index, run in enumerate(runs):
        if run.light == "red" and start is None:
            start = index
        elif run.light == "green" and start is not None:
            stretches.append((start, index))
            start = None
    if start is not None:
        stretches.append((start, len(runs) - 1))
    return stretches


def longest_red_stretch(
    runs: Sequence[Line], until: datetime | None = None
) -> tuple[int, int] | None:
    """The longest stretch in red (the first of those as long), None if never red; a stretch
    not green again by the last run lasts ``until`` then, if given."""
    stretches = red_stretches(runs)
    if not stretches:
        return None
    return max(stretches, key=lambda stretch: _span(runs, stretch, until))


def longest_red(runs: Sequence[Line], until: datetime | None = None) -> timedelta:
    """The longest time from a red run to the green run after it (or to ``until``, for a
    stretch not green again by the last run, if given)."""
    stretch = longest_red_stretch(runs, until)
    return _span(runs, stretch, until) if stretch else timedelta()


def _span(runs: Sequence[Line], stretch: tuple[int, int], until: datetime | None) -> timedelta:
    first, end = stretch
    if until is not None and runs[end].light != "green":  # not green again by the last run
        return max(until - runs[first].time, timedelta())
    return _gap(runs[first], runs[end])


def steps(runs: Sequence[Line]) -> list[tuple[int, int]]:
    """The steps from red to green: each stretch in red that a green ended (``red_stretches``),
    as the indexes of its first red run and of that green."""
    return [(red, green) for red, green in red_stretches(runs) if runs[green].light == "green"]


def largest_step(runs: Sequence[Line], size: Size) -> tuple[int, int] | None:
    """The step (``steps``) whose ``size`` (None: not measured) is the largest, the first of
    those as large; None if no step was measured."""
    measured = [(found, step) for step in steps(runs) if (found := size(*step)) is not None]
    if not measured:
        return None
    return max(measured, key=lambda step: step[0])[1]
