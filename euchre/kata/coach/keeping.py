"""The record of a run: its line in the history (and queued for the dojo, if the workspace
joined one) and its code on ``refs/kata/runs``; under the baby-steps constraint, the files put
back to the last green run when the time is up.

The line is written once, whole, after the code is kept and any files put back, so that it
says all that happened; a run the verdict does not record (an interrupted one) leaves nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from .practice import constraints
from .record import history, joined, runs
from .record.history import Run
from .testrun import Judged, Recorded


def now() -> datetime:
    return datetime.now(UTC)


def keep(run: Judged, warn: Callable[[str], None]) -> Recorded:
    """Keep the run's code and its line; put the files back if baby steps say so."""
    verdict, found, settings = run.verdict, run.found, run.settings
    if not verdict.recorded:
        return Recorded(**run.carried(), line=None)
    time = now()
    in_stage = [o for o in found.scenarios if o.stage == run.reach.current]
    scenario = in_stage[-1].name if in_stage else run.reach.current.name
    message = f"Run {len(run.history) + 1}: {verdict.light}, stage {run.reach.stage}, {scenario}"
    try:
        commit = runs.record(run.workspace, settings.paths, message, time)
    except runs.GitFailedError as error:
        warn(f"this run's code is not kept ({error}); the tests ran all the same")
        commit = ""
    back = constraints.back_to(settings, run.history, verdict.light, time)
    if back is not None and back.run and commit:
        runs.restore(run.workspace, commit, back.run)
    else:  # git could not keep one of them: nothing to go back to
        back = None
    caught, wrong_models, question = None, None, ""
    if run.measured.caught is not None:
        caught, wrong_models = run.measured.caught.caught, run.measured.caught.wrong_models
        question = run.measured.caught.question
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
        run=commit,
        reverted=back is not None,
        guess=run.guess,
        constraint=settings.constraint,
        minutes=settings.minutes if settings.constraint == "baby-steps" else 0,
        question=question,
    )
    history.append(run.workspace, line)
    joined.queue(run.workspace, line.to_json())
    return Recorded(**run.carried(), line=line, back_to=back)
