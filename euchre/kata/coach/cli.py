"""The coach's commands: ``test`` runs the stages, ``progress`` shows the lights."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from . import history, progress, runner


def main(argv: list[str], workspace: Path) -> int:
    command = argv[0] if argv else "test"
    if command == "progress":
        for line in progress.report(history.read(workspace)):
            print(line)
        return 0
    if command != "test":
        print(f"usage: python -m coach [test|progress], not {command!r}", file=sys.stderr)
        return 2
    result = runner.run(workspace, lambda: datetime.now(UTC), print)
    history.append(workspace, result)
    return 0 if result.light == "green" else 1
