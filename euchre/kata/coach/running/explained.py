"""pytest's explanations of what went wrong, kept to the lines a learner can act on."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

import pytest

LONGEST = 240
"""The longest line of a failure's explanation that is shown whole."""
_FRAME = re.compile(r"(?P<path>\S.*):\d+: in \S+$")
"""The head of one frame of a traceback in pytest's short form: ``path:line: in function``."""
_HINT = "Hint: make sure your test modules/packages have valid Python names."
_ENUM = re.compile(r"<([A-Z]\w*\.\w+): [^<>]*>")
"""An enum member as Python shows it, ``<Team.EW: 'EW'>``: named as the code names it."""


def failure(report: pytest.TestReport) -> list[str]:
    """pytest's explanation of the failure: its ``E`` lines, each indented as pytest had it."""
    lines = [line for line in str(report.longrepr).splitlines() if line.strip()]
    told = "\n".join(line[1:] for line in lines if line.startswith("E ") and line[1:].strip())
    explained = textwrap.dedent(_ENUM.sub(r"\1", told)).splitlines() or lines[-1:]
    # pytest spells out every object in an expression; a whole scenario world is no help.
    return [line if len(line) <= LONGEST else line[: LONGEST - 1] + "…" for line in explained]


def collection_error(
    report: pytest.CollectReport, learners: Callable[[str], bool], shown: Callable[[str], str]
) -> list[str]:
    """Why a module could not be collected, without the frames of Python's import machinery
    or pytest's (the learner can change nothing there; ``<frozen importlib…>`` is one), its
    hint about module names, nor the word Traceback; the learner's paths as they type them."""
    kept: list[str] = []
    in_theirs = True
    for line in str(report.longrepr).splitlines():
        frame = _FRAME.match(line)
        if frame is not None:
            in_theirs = not frame["path"].startswith("<") and learners(frame["path"])
        elif not line.startswith(" "):  # not a frame's source: the error itself
            in_theirs = True
        if in_theirs and line.strip() and line not in (_HINT, "Traceback:"):
            kept.append(line)
    return [_relative(line, shown) for line in kept]


def _relative(line: str, shown: Callable[[str], str]) -> str:
    frame = _FRAME.match(line)
    if frame is not None:
        return shown(frame["path"]) + line[frame.end("path") :]
    quoted = re.search(r"""['"](/[^'"]+)['"]""", line)
    return line if quoted is None else line.replace(quoted[1], shown(quoted[1]))
