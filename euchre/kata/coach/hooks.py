"""What a plugin may add to a run, and when: the coach's hooks, with pluggy, as pytest's own.

The loop (loop.py) runs the tests, judges them, keeps the line and tells the light; it knows
nothing of the constraints, the snapshots of the code, the dojo or the refactoring advice.
Each of those is one module of hooks, which the commands register (cli.py), as pytest
registers its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from .record.line import Line
    from .testrun import TestRun

NAME = "kata_coach"
hookspec = pluggy.HookspecMarker(NAME)
hookimpl = pluggy.HookimplMarker(NAME)
Say = Callable[[str], None]
Key = Callable[[str], "str | None"]
"""Ask a question and read the one key answered, or None at the end of input."""


class Hooks:
    """The hooks, in the order a run calls them."""

    @hookspec(firstresult=True)
    def coach_guess(self, run: TestRun, key: Key, say: Say) -> str | None:
        """Before the tests run: the light the learner says this run will have."""

    @hookspec
    def coach_line(self, run: TestRun, line: Line) -> Mapping[str, Any] | None:
        """The fields a plugin adds to the run's history line, before it is kept."""

    @hookspec(firstresult=True)
    def coach_snapshot(self, run: TestRun, line: Line, warn: Say) -> str | None:
        """Keep a snapshot of the run's code; its commit, or None if it could not be kept."""

    @hookspec
    def coach_recorded(self, run: TestRun, line: Line, warn: Say) -> None:
        """After the run's ``line`` is in the history."""

    @hookspec
    def coach_told(self, run: TestRun, say: Say) -> None:
        """After the run's light and what it asks are told: advice, and what comes next."""


def manager(*plugins: object) -> pluggy.PluginManager:
    """A plugin manager for one command, with ``plugins`` registered: modules of hooks, or
    objects when a plugin remembers something from one hook of a run to a later one."""
    manager = pluggy.PluginManager(NAME)
    manager.add_hookspecs(Hooks)
    for plugin in plugins:
        manager.register(plugin)
    return manager
