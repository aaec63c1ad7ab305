"""What a pair's runs tell beyond their lines, for the words of `make progress` on their page
and in the retrospective: how far they reached, and the lines each run's code changed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.reach import Reach

WRITING_EXAMPLES = ("examples", "stories")
"""The levels where a pair writes the examples, and their runs count those."""


def counted(level: str) -> str:
    """What a run's counts count at ``level``, in the coach's words for it."""
    return "examples" if level in WRITING_EXAMPLES else "reached scenarios"


def lines_posted(runs: Sequence[Line], code: Mapping[str, Code]) -> Callable[[int], int | None]:
    """The lines each run's code changed, by its index, where it was posted and is not too
    large to show; None otherwise (the practice's step size, record/episodes.py)."""

    def lines(index: int) -> int | None:
        posted = code.get(runs[index].run) if runs[index].run else None
        return None if posted is None else posted.lines_changed

    return lines


def reach_of(runs: tuple[Line, ...]) -> Reach:
    """How far a pair has reached, as their history tells it: the stage of their last run, and
    the scenarios reached in it beyond those of the stages before."""
    last = runs[-1]
    before = [run.reached for run in runs if run.stage < last.stage]
    return Reach(last.stage, max(last.reached - max(before, default=0), 1))
