"""One run, carried whole: ``make test`` (and ``make next``, which reveals first) from the
workspace as it stands to the history and the dojo.

    start → (reveal) → the guess → the session → the wrong models → the verdict → the record
          → the words

The record queues the run's light for the dojo, if the workspace joined one; the command that
ran it delivers the queue afterwards (cli.py), so that no dashboard keeps the learner waiting.

Each step takes the run and gives it on (testrun.py says what a run holds after each); what
differs between the levels is the level's to decide (levels/); the light is verdict.py's alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

from . import keeping, starting, typed, verdict
from .levels.level import NOTHING, AllReached, Refused
from .practice import constraints, refactoring
from .running import session
from .telling import next as told_next
from .telling import run as told
from .testrun import TestRun

EXIT = {"green": 0, "red": 1, "amber": 3, "interrupted": 130}
"""A run's exit status by its light: 130 is what a shell reports of a command Ctrl-C stopped."""
REFUSED = 2
Say = Callable[[str], None]


def test(workspace: Path, full: bool, say: Say, warn: Say, key: constraints.Key) -> int:
    """``make test``: run what the learner has reached, and tell them."""
    return carry(starting.start(workspace, warn), full, say, warn, key)


def reveal(
    workspace: Path, stage: int | None, full: bool, say: Say, warn: Say, key: constraints.Key
) -> int:
    """``make next``: after a green run, reveal the next scenario (or Rule), show it, and run."""
    run = starting.start(workspace, warn, looking_ahead=True)
    unreadable = run.features.unreadable.get(run.reach.stage)
    if unreadable:  # nothing can be revealed from a feature that is not Gherkin
        say(f"{typed.command('next')}: {unreadable}")
        return EXIT["amber"]
    revealed = run.level.reveal(run.workspace, run.features, run.reach, run.before, stage)
    if isinstance(revealed, (Refused, AllReached)):
        say(f"{typed.command('next')}: {revealed.reason}")
        return REFUSED if isinstance(revealed, Refused) else 0
    run = replace(
        run,
        reach=revealed.reach,
        revealed=revealed.scenarios,
        revealed_rule=revealed.rule,
        revealed_story=revealed.story,
    )
    told_next.revealed(run, say)
    return carry(run, full, say, warn, key) if revealed.followed_by_a_run else 0


def carry(run: TestRun, full: bool, say: Say, warn: Say, key: constraints.Key) -> int:
    """Carry ``run`` through every step after its start; its exit status."""
    run = replace(run, guess=constraints.predict(run.settings, key, say))
    ran = run.to_run
    found = session.run(run.workspace, run.features, ran, run.reach.stage, full)
    passed = not (found.failed or found.broken or found.interrupted) and found.examples > 0
    measured = run.level.measure(run.workspace, run.features, run.reach, ran) if passed else NOTHING
    judged = verdict.judge(run.tested(found, measured))
    recorded = keeping.keep(judged, warn)
    # Looked for only once the light is told: the learner is not kept waiting for advice.
    told.tell(recorded, partial(refactoring.prompts, run.workspace, run.settings.level), say)
    return EXIT[judged.verdict.light]
