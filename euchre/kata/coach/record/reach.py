"""How far the learner has reached: every scenario of the earlier stages, and some of this one.

A new workspace has reached one scenario, the first of stage 1. Only ``make next`` reaches
further, so ``make test`` stays the same run while the learner refactors.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .files import read_regular, write_atomically
from .stages import STAGES, Stage

REACHED = ".kata-reached.json"
MOST_REACHED = 64 * 1024
"""Far more than a stage and a scenario take."""


@dataclass(frozen=True)
class Reach:
    """The stage in force, and how many of its scenarios (in the feature's order) are revealed."""

    stage: int = 1
    revealed: int = 1

    @property
    def current(self) -> Stage:
        return STAGES[self.stage - 1]


def load(workspace: Path, warn: Callable[[str], None] = lambda line: None) -> Reach:
    """The reach saved in ``workspace``; the start if there is none, or, with a warning, if it
    cannot be read."""
    path = workspace / REACHED
    if not os.path.lexists(path):
        return Reach()
    try:  # a regular file alone: a pipe would hang the read, /dev/zero fill the memory
        fields = json.loads(read_regular(path, MOST_REACHED).decode("utf-8"))
        reach = Reach(int(fields["stage"]), int(fields["revealed"]))
        if not 1 <= reach.stage <= len(STAGES) or reach.revealed < 1:
            raise ValueError("no such stage or scenario")
    except OverflowError:  # int() of 1e400, which JSON reads as infinity
        problem = "a number out of range"
    except OSError as error:  # its name is said already
        problem = error.strerror or type(error).__name__
    except (ValueError, TypeError, KeyError, RecursionError) as error:
        problem = str(error).splitlines()[0][:80] if str(error) else type(error).__name__
    else:
        return reach
    warn(f"{REACHED} cannot be read ({problem}): starting again at stage 1, scenario 1")
    return Reach()


def save(workspace: Path, reach: Reach) -> None:
    """Write the reach atomically: a crash leaves the old one or the new one, never half."""
    text = json.dumps({"stage": reach.stage, "revealed": reach.revealed}) + "\n"
    write_atomically(workspace / REACHED, text)
