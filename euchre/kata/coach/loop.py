"""One run, carried whole: ``make test`` (and ``make next``, which reveals first) from the
workspace as it stands to the history.

    start → (reveal) → the guess → the session → the wrong models → the verdict → the record
          → the words

Each step fills in its part of the run (testrun.py); what differs between the levels is the
level's to decide (levels/); the light is verdict.py's alone. What the run does beyond this,
the plugins do through its hooks (hooks.py): the guess, the snapshot of the code, what follows
once it is kept, and advice after its words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pluggy

from . import keeping, starting, typed, verdict
from .hooks import Key
from .levels.level import NOTHING, AllReached, Refused, specified
from .running import session
from .telling import next as told_next
from .telling import run as told
from .testrun import TestRun

EXIT = {"green": 0, "red": 1, "amber": 3, "interrupted": 130}
"""A run's exit status by its light: 130 is what a shell reports of a command Ctrl-C stopped."""
REFUSED = 2
Say = Callable[[str], None]


def test(
    workspace: Path, full: bool, say: Say, warn: Say, key: Key, hooks: pluggy.HookRelay
) -> int:
    """``make test``: run what the learner has reached, and tell them."""
    return carry(starting.start(workspace, warn), full, say, warn, key, hooks)


def reveal(
    workspace: Path,
    stage: int | None,
    full: bool,
    say: Say,
    warn: Say,
    key: Key,
    hooks: pluggy.HookRelay,
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
    return carry(run, full, say, warn, key, hooks) if revealed.followed_by_a_run else 0


def carry(run: TestRun, full: bool, say: Say, warn: Say, key: Key, hooks: pluggy.HookRelay) -> int:
    """Carry ``run`` through every step after its start; its exit status."""
    run = replace(run, guess=hooks.coach_guess(run=run, key=key, say=say) or "")
    ran, level = run.to_run, run.level
    found = session.run(run.workspace, run.features, ran, run.reach.stage, full)
    passed = not (found.failed or found.broken or found.interrupted) and found.examples > 0
    run = replace(
        run,
        found=found,
        measured=(
            level.measure(run.workspace, run.features, run.reach, ran, run.history)
            if passed
            else NOTHING
        ),
        specified=specified(level, run.workspace, run.features, ran),
        unwritten=tuple(level.unwritten(run.features, run.reach)),
        misshapen=tuple(level.misshapen(ran)),
    )
    judged = verdict.decide(run.before, run)
    run = keeping.keep(run, judged, hooks, warn)
    said = run.said

    def telling(line: str) -> None:
        said.append(line)
        say(line)

    told.tell(run, telling)
    # Advice is looked for only once the light is told: the learner is not kept waiting for it.
    hooks.coach_told(run=run, say=telling)
    return EXIT[judged.light]
