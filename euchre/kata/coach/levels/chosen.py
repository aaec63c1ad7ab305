"""The level a workspace is at, as the class that makes its decisions."""

from __future__ import annotations

from .examples import Examples
from .level import Level
from .model import Model
from .steps import Steps

LEVELS: dict[str, Level] = {
    "model": Model(),
    "steps": Steps(),
    "examples": Examples("examples", unit="Rule"),
    "stories": Examples("stories", unit="story"),
}


def level_of(name: str) -> Level:
    """The level called ``name``; model for a name no level has (record/learner.py reads the
    settings and keeps only the names it knows)."""
    return LEVELS.get(name, LEVELS["model"])
