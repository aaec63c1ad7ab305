"""A workspace's loop without make: `euchre kata test|next|progress|join`, run inside it.

The same as the workspace's own `python kata.py ...` (coach/launcher.py, its one home): the first
time, make `.venv` and install the workspace's `.[dev]` into it; then run the workspace's coach
with that Python, telling it to name its commands `euchre kata ...`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from euchre.errors import EuchreError
from euchre.kata.coach import launcher

FRONT_DOOR = "euchre kata"
"""The words before each command here, as the coach is to say them."""
BASE_PYTHON = sys.executable
"""The Python that makes `.venv`: the one `euchre` runs in, as `make` uses `python3`."""


class PracticeError(EuchreError):
    """A workspace command that cannot run: not in a workspace, or its tools cannot be installed."""


def coach(workspace: Path, argv: Sequence[str], tell: Callable[[str], None]) -> int:
    """Run the workspace's coach with ``argv`` and its own Python; its exit status is ours."""
    if not launcher.wheels(workspace):
        raise PracticeError(
            f"{workspace} is not a kata workspace (it carries no coach in {launcher.CARRIED}/):"
            " run this inside the folder `euchre kata new` made"
        )
    try:
        return launcher.coach(workspace, argv, tell, FRONT_DOOR, BASE_PYTHON)
    except launcher.LaunchError as error:
        raise PracticeError(str(error)) from None
