"""What a pair's runs tell beyond their lines, for the words of `make progress` on their page
and in the retrospective: how far they reached, the lines each run's code changed, and why a
tidy between two greens was not counted as a refactor."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence

from euchre.kata.coach.record import episodes
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.episodes import Size
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.reach import Reach

WRITING_EXAMPLES = ("examples", "stories")
"""The levels where a pair writes the examples, and their runs count those."""


def counted(level: str) -> str:
    """What a run's counts count at ``level``, in the coach's words for it."""
    return "examples" if level in WRITING_EXAMPLES else "reached scenarios"


def lines_posted(runs: Sequence[Line], code: Mapping[str, Code]) -> Size:
    """The lines each step from a red run to a green one changed (``step_code``), where it is
    known; None otherwise (the practice's step size, record/episodes.py)."""

    def lines(red: int, green: int) -> int | None:
        step = step_code(runs, code, red, green)
        return None if step is None else step.lines_changed

    return lines


def step_code(runs: Sequence[Line], code: Mapping[str, Code], red: int, green: int) -> Code | None:
    """The green run's code, its diff from the red run ``red`` (``episodes.step_start``): as
    posted, where the green's own diff starts there; else from the two runs' files. None where
    what it needs was not posted."""
    posted = code.get(runs[green].run) if runs[green].run else None
    start = episodes.step_start(runs, red, green)
    if posted is None or start is episodes.started_from(runs, green):
        return posted
    before = code.get(start.run) if start and start.run else None
    if before is None or before.files is None or posted.files is None:
        return None
    return Code(_diff(before.files, posted.files), posted.files)


def _diff(before: Mapping[str, str], after: Mapping[str, str]) -> str:
    """A unified diff from the files ``before`` to ``after``, as git writes one."""
    said = []
    for path in sorted(before.keys() | after.keys()):
        old, new = before.get(path, ""), after.get(path, "")
        if old != new:
            said.append(f"diff --git a/{path} b/{path}\n")
            lines = difflib.unified_diff(
                old.splitlines(), new.splitlines(), f"a/{path}", f"b/{path}", lineterm=""
            )
            said += [f"{line}\n" for line in lines]
    return "".join(said)


def reach_of(runs: tuple[Line, ...]) -> Reach:
    """How far a pair has reached, as their history tells it: the stage of their last run, and
    the scenarios reached in it beyond those of the stages before."""
    last = runs[-1]
    before = [run.reached for run in runs if run.stage < last.stage]
    return Reach(last.stage, max(last.reached - max(before, default=0), 1))


def uncounted_tidy(before: Line, run: Line) -> tuple[str, ...]:
    """Why ``run``, a tidy after the green ``before``, was not counted as a refactor; () if it
    was one, or no tidy that the line can tell (``Rhythm.tidied`` says each reason)."""
    greens = before.light == run.light == "green"
    if run.refactor or not greens or not before.files_hash or run.files_hash == before.files_hash:
        return ()
    if run.reached != before.reached:  # an example taken away, or more reached: no tidy
        return ("removed",) * (run.reached < before.reached)
    if episodes.checks_more(before, run):  # a check made stronger, not a tidy
        return ()
    same = run.specified == before.specified
    # The steps unchanged, the model's change let the coach build wrong models it could not.
    measured = (run.caught, run.wrong_models) != (before.caught, before.wrong_models)
    if same and measured and not run.through:
        return ("measured",)
    return ("changed",) * (not same) + ("through",) * bool(run.through)
