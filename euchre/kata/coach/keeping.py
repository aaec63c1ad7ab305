"""The record of a run: its code on ``refs/kata/runs`` with its line, its line in the history
(and queued for the dojo, if the workspace joined one); under the baby-steps constraint, the
files put back to the last green run when the time is up.

The run's commit comes first, carrying the line (record/recovery.py), then the line in the
history, written whole or not at all: a disk too full for it stops the command in one line
before any file is put back. A run the verdict does not record (an interrupted one) leaves
nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from .practice import constraints
from .record import history, joined, recovery, reverting, runs
from .record.history import Run
from .testrun import Judged, Recorded

Warn = Callable[[str], None]


def now() -> datetime:
    return datetime.now(UTC)


def keep(run: Judged, warn: Warn) -> Recorded:
    """Keep the run's code and its line; put the files back if baby steps say so."""
    verdict, found, settings = run.verdict, run.found, run.settings
    if not verdict.recorded:
        return Recorded(**run.carried(), line=None)
    time = now()
    in_stage = [o for o in found.scenarios if o.stage == run.reach.current]
    scenario = in_stage[-1].name if in_stage else run.reach.current.name
    back = constraints.back_to(settings, run.history, verdict.light, time)
    caught, wrong_models = run.measured.counts()
    question = run.measured.caught.question if run.measured.caught is not None else ""
    line = Run(
        time=time,
        stage=run.reach.stage,
        scenario=scenario,
        light=verdict.light,
        passed=found.passed,
        reached=len(found.scenarios),
        passed_at_once=verdict.passed_at_once,
        files_hash=run.files_hash,
        refactor=verdict.refactor,
        caught=caught,
        wrong_models=wrong_models,
        examples=found.examples,
        reverted=back is not None and bool(back.run),
        guess=run.guess,
        constraint=settings.constraint,
        minutes=settings.minutes if settings.constraint == "baby-steps" else 0,
        question=question,
        specified=run.specified,
        through=run.measured.through(),
    )
    subject = f"Run {len(run.history) + 1}: {verdict.light}, stage {run.reach.stage}, {scenario}"
    message = recovery.message(subject, line, run.reach)  # the line, for git clean to spare
    try:
        commit = runs.record(run.workspace, settings.paths, message, time)
    except runs.GitFailedError as error:
        warn(f"this run's code is not kept ({error}); the tests ran all the same")
        commit = ""
    line = replace(line, run=commit, reverted=line.reverted and bool(commit))
    history.append(run.workspace, line)
    # Not when the time is not up, nor when git could not keep a run: nothing to go back to.
    back = _put_back(run, commit, back, warn) if line.reverted and back is not None else None
    try:
        joined.queue(run.workspace, line.to_json())
    except OSError as error:
        warn(f"dojo: this run's light is not queued for the dojo ({error.strerror})")
    return Recorded(**run.carried(), line=line, back_to=back)


def _put_back(run: Judged, commit: str, back: Run, warn: Warn) -> Run | None:
    """Put the files back to run ``back``, but a file saved since the run's commit; ``back``,
    or None if git could not put them back."""
    try:
        changed = reverting.restore(run.workspace, commit, back.run)
    except runs.GitFailedError as error:
        warn(f"baby steps: your files could not be put back ({error}); they are as they were")
        return None
    for name in changed:
        warn(f"baby steps: {name} changed as the run ended: it is as you left it, not put back")
    return back
