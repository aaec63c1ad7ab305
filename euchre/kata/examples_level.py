"""The workspace of level ``examples``: features with their stories and Rules but no examples,
the kata's steps, and the project's own rules model installed as the model.

The examples taken out are not lost to the learner's eye only: each step they used is written
down in the coach (``coach/levels/step_examples.json``, measured in the kata's own repository by
``python -m euchre.kata.coach_tables``), so that ``make steps`` shows every phrase with an
example, and a phrase that matches nothing is told the nearest ones.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import euchre
from euchre.kata.coach.record.files import write_atomically
from euchre.kata.coach.record.stages import STAGES

REFERENCE = "reference"
"""The workspace folder that holds the project's rules model, installed as ``euchre``."""
PLACEHOLDER = "# Your examples of this rule go here."
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


def build(target: Path, features: Path, steps: Path) -> None:
    """Fill ``target`` with what level ``examples`` gives: rules, steps and the reference."""
    (target / "features").mkdir()
    for stage in STAGES:
        text = (features / stage.feature).read_text(encoding="utf-8")
        write_atomically(target / stage.feature_path, without_examples(text))
    shutil.copytree(steps, target / "step_defs", ignore=shutil.ignore_patterns("__pycache__"))
    model = target / REFERENCE / "euchre"
    model.mkdir(parents=True)
    for module in sorted(Path(euchre.__file__).parent.glob("*.py")):
        if module.name != "__main__.py":  # the rules model alone: stdlib only, no commands
            shutil.copy(module, model / module.name)
