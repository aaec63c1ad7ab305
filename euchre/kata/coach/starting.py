"""The start of a run: the workspace's settings and record, and the features, each read once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .levels.chosen import level_of
from .record import learner, recovery
from .record.stages import STAGES
from .running import features, reference
from .testrun import TestRun


def start(workspace: Path, warn: Callable[[str], None], *, looking_ahead: bool = False) -> TestRun:
    """A run of ``workspace`` as it stands; ``looking_ahead`` reads the next stage's feature
    too, for ``make next`` to reveal from."""
    settings = learner.load(workspace)
    reference.offer(settings.paths)
    kept, reached = recovery.read(workspace, warn)
    last = min(reached.stage + looking_ahead, len(STAGES))
    return TestRun(
        workspace=workspace,
        settings=settings,
        level=level_of(settings.level),
        reach=reached,
        features=features.read(workspace, last),
        history=tuple(kept),
        files_hash=learner.fingerprint(workspace, settings.level),
    )
