"""How far the learner has reached: every scenario of the earlier stages, and some of this one.

A new workspace has reached one scenario, the first of stage 1. Only ``make next`` reaches
further, so ``make test`` stays the same run while the learner refactors.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .files import write_atomically
from .stages import STAGES, Stage

if TYPE_CHECKING:
    from pytest_bdd.parser import ScenarioTemplate

REACHED = ".kata-reached.json"


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
    if not path.exists():
        return Reach()
    try:
        fields = json.loads(path.read_text(encoding="utf-8"))
        reach = Reach(int(fields["stage"]), int(fields["revealed"]))
        if not 1 <= reach.stage <= len(STAGES) or reach.revealed < 1:
            raise ValueError("no such stage or scenario")
    except OverflowError:  # int() of 1e400, which JSON reads as infinity
        problem = "a number out of range"
    except (OSError, ValueError, TypeError, KeyError, RecursionError) as error:
        problem = str(error).splitlines()[0][:80] if str(error) else type(error).__name__
    else:
        return reach
    warn(f"{REACHED} cannot be read ({problem}): starting again at stage 1, scenario 1")
    return Reach()


def save(workspace: Path, reach: Reach) -> None:
    """Write the reach atomically: a crash leaves the old one or the new one, never half."""
    text = json.dumps({"stage": reach.stage, "revealed": reach.revealed}) + "\n"
    write_atomically(workspace / REACHED, text)


class UnreadableFeatureError(ValueError):
    """A stage's feature file that is missing or is not Gherkin."""


def scenarios(workspace: Path, stage: Stage) -> list[ScenarioTemplate]:
    """The scenarios of ``stage``'s feature in the order they are written.

    A Scenario Outline is one scenario, however many example rows it has. pytest-bdd is imported
    here, not above: the dojo's dashboard uses the reach without reading any scenario, and is
    installed without pytest-bdd.
    """
    from pytest_bdd.parser import FeatureParser

    if not (workspace / stage.feature_path).is_file():
        raise UnreadableFeatureError(f"{stage.feature_path} is missing")
    try:
        feature = FeatureParser(str(workspace / "features"), stage.feature).parse()
    except Exception as error:  # pytest-bdd's parser errors share no base class but Exception
        raise UnreadableFeatureError(f"{stage.feature_path}: {_reason(error)}") from None
    return sorted(feature.scenarios.values(), key=lambda scenario: scenario.line_number)


def _reason(error: Exception) -> str:
    """The first thing the parser found wrong, in one line: Gherkin's own errors come after a
    heading ("Unknown parsing error: Parser errors:") as "(5:7): inconsistent cell count"."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    for line in lines:
        if found := re.match(r"^\((\d+):\d+\): (.+)$", line):
            return f"line {found.group(1)}: {found.group(2)}"
    return lines[0] if lines else type(error).__name__


def gherkin(workspace: Path, stage: Stage, scenario: ScenarioTemplate) -> list[str]:
    """The scenario as written in its feature, under its rule, after the feature's Background."""
    lines = (workspace / "features" / stage.feature).read_text(encoding="utf-8").splitlines()
    background = scenario.feature.background
    shown = [*_block(lines, background.line_number), ""] if background is not None else []
    if scenario.rule is not None:
        shown += [f"Rule: {scenario.rule.name}", ""]
    return shown + _block(lines, scenario.line_number)


def _block(lines: list[str], line_number: int) -> list[str]:
    """The lines of the Background or scenario that starts on ``line_number``, dedented."""
    start = line_number - 1
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines):
        stripped = lines[end].lstrip()
        starts_another = stripped.startswith(("Scenario", "Example:", "Rule:", "@"))
        if starts_another and len(lines[end]) - len(stripped) <= indent:
            break
        end += 1
    block = lines[start:end]
    while block and not block[-1].strip():
        block.pop()
    return [line[indent:] for line in block]
