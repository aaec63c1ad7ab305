"""The record of a run: its line in the history, with a snapshot of its code if a plugin keeps
one (snapshots.py), and what the plugins do once it is kept (baby steps, the dojo's queue).

The snapshot comes first, carrying the line, then the line in the history, written whole or
not at all: a disk too full for it stops the command in one line before any file is put back.
A run the verdict does not record (an interrupted one) leaves nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

import pluggy

from .record import history
from .record.line import MOST_FAILURES, Line
from .testrun import TestRun
from .verdict import Verdict

Warn = Callable[[str], None]


def now() -> datetime:
    """To the second, as the history keeps it: what a run says of its time is what it keeps."""
    return datetime.now(UTC).replace(microsecond=0)


def nothing_written(run: TestRun) -> bool:
    """At levels examples and stories, whether the amber is only for what is not written yet
    (no example at all, or none for a story or Rule revealed), with nothing that cannot be
    read and none misshapen: a new story or Rule holds none, and its amber is the kata's
    design."""
    unwritten = not run.found.examples or run.unwritten
    faults = run.found.broken or run.misshapen
    return run.level.written == "examples" and bool(unwritten) and not faults


def keep(run: TestRun, verdict: Verdict, hooks: pluggy.HookRelay, warn: Warn) -> TestRun:
    """The run with its line, kept."""
    if not verdict.recorded:
        return run
    found = run.found
    in_stage = [o for o in found.scenarios if o.stage == run.reach.current]
    caught, wrong_models = run.measured.counts()
    # A question is asked only of a green run: one measured beside an amber is not told.
    measured = run.measured.caught
    question = measured.question if measured is not None and verdict.light == "green" else ""
    steps = run.measured.let_through  # at level steps: why wrong models got through
    newest = in_stage[-1].name if in_stage else run.reach.current.name
    first = found.first_failure() if verdict.light == "red" else None
    failing = "" if first is None or (in_stage and first is in_stage[-1]) else first.name
    failed = [o.name for o in found.scenarios if not o.passed] if first is not None else []
    line = Line(
        time=now(),
        stage=run.reach.stage,
        scenario=newest,
        light=verdict.light,
        passed=found.passed,
        reached=run.reached,
        passed_at_once=verdict.passed_at_once,
        files_hash=run.files_hash,
        refactor=verdict.refactor,
        caught=caught,
        wrong_models=wrong_models,
        examples=run.examples,
        guess=run.guess,
        question=question,
        specified=run.specified,
        through=run.measured.through(),
        nothing_written=verdict.light == "amber" and nothing_written(run),
        amber=run.amber,
        level=run.level.name,
        failing=failing,
        failures=tuple(failed[:MOST_FAILURES]) if len(failed) > 1 else (),
        no_step=first is not None and first.wants_a_step,
        stage_done=verdict.stage_done,
        met=tuple(wrong.name for wrong in steps.met) if steps and caught is not None else (),
        stopped=steps.stopped_names if steps else (),
        empty_thens=steps.empty_words if steps else (),
    )
    for fields in hooks.coach_line(run=run, line=line):
        line = replace(line, **fields)
    commit = hooks.coach_snapshot(run=run, line=line, warn=warn) or ""
    # A run whose code is not kept is not reverted: putting its files back would lose them.
    line = replace(line, run=commit, reverted=line.reverted and bool(commit))
    history.append(run.workspace, line)
    run = replace(run, line=line)
    hooks.coach_recorded(run=run, line=line, warn=warn)
    return run
