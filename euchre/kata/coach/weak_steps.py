"""Level ``steps``: the wrong models a learner's step definitions let through.

After a green run, the reached scenarios run against the wrong models of the stage in force.
A wrong model that the given steps catch in those very scenarios, but the learner's steps let
pass, points at a step that checks less than its words say: most often a ``Then`` whose body
is ``pass``. Which scenarios catch which wrong model with the given steps is measured in the
kata's own repository and shipped with the coach (``given_catches.json``).
"""

from __future__ import annotations

import json
from pathlib import Path

from . import catching, reach
from .stages import STAGES
from .wrong_models import of_stages

GIVEN_CATCHES = Path(__file__).with_name("given_catches.json")
"""For each wrong model, the scenarios (feature, name) that catch it with the given steps."""


def given_catches() -> dict[str, list[tuple[str, str]]]:
    try:
        table = json.loads(GIVEN_CATCHES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {
        name: [(feature, scenario) for feature, scenario in pairs] for name, pairs in table.items()
    }


def told(workspace: Path, reached: reach.Reach) -> list[str]:
    """What the coach says after a green run at level ``steps``: nothing when all is caught."""
    keys = catching.reached_scenarios(workspace, reached)
    names = {
        (stage.feature, template.name): (stage.feature, template.line_number)
        for stage in STAGES[: reached.stage]
        for template in reach.scenarios(workspace, stage)
        if (stage.feature, template.line_number) in keys
    }
    table = given_catches()
    # Only the wrong models that the given steps catch in a scenario the learner has reached.
    due = {
        wrong.name: [pair for pair in table.get(wrong.name, []) if pair in names]
        for wrong in of_stages([reached.stage])
    }
    met = [wrong for wrong in of_stages([reached.stage]) if due[wrong.name]]
    through = catching.check(workspace, keys, met).through
    if not through:
        return []
    lines = [
        f"🕵 Your steps let {len(through)} of {len(met)} wrong models of stage {reached.stage}"
        " through, which the given steps catch in the scenarios you have reached:"
    ]
    for wrong in through:
        scenarios = "; ".join(f'"{name}"' for _, name in due[wrong.name][:2])
        lines.append(
            f"  a model in which {wrong.sentence}: caught, with the given steps, by {scenarios}"
        )
    empty = catching.empty_thens(workspace)
    if empty:
        lines.append("These Then steps check nothing (their body is `pass`):")
        lines += [f"  {where}" for where in empty]
    else:
        lines.append("Does each Then of those scenarios check all that its words say?")
    return lines
