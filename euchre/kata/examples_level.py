"""The workspaces of levels ``examples`` and ``stories``: features with their stories and Rules
but no examples (or with their stories alone), and the kata's steps. The model is the project's
own rules model, which the coach's wheel carries (``coach_wheel``): never in the learner's
folder.

The examples taken out are not lost to the learner's eye only: each step they used is written
down in the coach (``coach/levels/step_examples.json``, measured in the kata's own repository by
``python -m euchre.kata.coach_tables``), so that ``make steps`` shows every phrase with an
example, and a phrase that matches nothing is told the nearest ones.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

from euchre.kata.coach.record.files import write_atomically
from euchre.kata.coach.record.stages import STAGES

PLACEHOLDER = "# Your examples of this rule go here."
STORY_PLACEHOLDER = "# Your Rules of this story, each with its examples, go here."
_STORY_LINE = re.compile(r"^\s*(?:As |In order to |I want )")
SCENARIO_KEYWORDS = ("Scenario:", "Scenario Outline:", "Example:", "Examples:", "Scenarios:")


def without_examples(text: str) -> str:
    """A feature's text with its story, Background and ``Rule:`` lines, and no example."""
    kept: list[str] = []
    keeping = True
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("Rule:"):
            keeping = True
            indent = line[: len(line) - len(line.lstrip())]
            kept += [line, "", f"{indent}  {PLACEHOLDER}", ""]
            continue
        tag_of_an_example = stripped.startswith("@") and line[:1].isspace()
        if stripped.startswith(SCENARIO_KEYWORDS) or tag_of_an_example:
            keeping = False
        if keeping:
            kept.append(line)
    # One blank line between blocks, as the examples taken out leave several.
    kept = [line for n, line in enumerate(kept) if line.strip() or (n and kept[n - 1].strip())]
    return "\n".join(kept).rstrip() + "\n"


def story_only(text: str) -> str:
    """A feature's tags, ``Feature:`` line and user story ("As a … In order to … I want …"):
    its rules are for the learner to discover, so its description and Rules are left out."""
    lines = text.splitlines()
    start = next(n for n, line in enumerate(lines) if line.strip().startswith("Feature:"))
    story = [line for line in lines[start + 1 : start + 4] if _STORY_LINE.match(line)]
    return "\n".join([*lines[: start + 1], *story, "", f"  {STORY_PLACEHOLDER}"]) + "\n"


def build(
    target: Path, features: Path, steps: Path, shape: Callable[[str], str] = without_examples
) -> None:
    """Fill ``target`` with what levels ``examples`` and ``stories`` give: each feature as
    ``shape`` leaves it, and the steps."""
    (target / "features").mkdir()
    for stage in STAGES:
        text = (features / stage.feature).read_text(encoding="utf-8")
        write_atomically(target / stage.feature_path, shape(text))
    shutil.copytree(steps, target / "step_defs", ignore=shutil.ignore_patterns("__pycache__"))
