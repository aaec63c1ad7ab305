"""Measure which scenarios catch each catalogued wrong model with the kata's own steps.

    python -m euchre.kata.given_catches      # writes euchre/kata/coach/given_catches.json

At level ``steps`` the coach names the wrong models a learner's steps let through, with the
scenarios that catch them when the given steps are used: this is where it learns them. A test
checks the shipped file against a fresh measure, so that a changed feature cannot leave it stale.
"""

from __future__ import annotations

import json
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry

from euchre.kata.coach import weak_steps, wrong_model_plugin
from euchre.kata.coach.files import write_atomically
from euchre.kata.coach.runner import QUIET_WARNINGS
from euchre.kata.coach.wrong_models import CATALOGUE
from euchre.kata.workspace import shipped


@dataclass(eq=False)  # pluggy keeps plugins in sets
class _Names:
    """A pytest plugin that remembers each scenario test's feature and scenario name."""

    scenario_of: dict[str, tuple[str, str]] = field(default_factory=dict)

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        for item in items:
            function = getattr(item, "obj", _none)
            template: Any = scenario_wrapper_template_registry.get(function)
            if template is not None:
                feature = Path(template.feature.filename).name
                self.scenario_of[item.nodeid] = (feature, template.name)


def _none() -> None:
    """What stands for an item that is not a function: no scenario's."""


def measure(steps: Path) -> dict[str, list[tuple[str, str]]]:
    """Each wrong model's stage's scenarios, run with the steps in ``steps``: those that catch."""
    names = _Names()
    with tempfile.TemporaryDirectory(prefix="given-catches-") as folder:
        report = Path(folder) / "report.json"
        pytest.main(
            [
                str(steps),
                *("-q", "--tb=no", "-p", "no:cacheprovider", *QUIET_WARNINGS),
                *("--wrong-models", "all", "--wrong-models-scenarios", "stage"),
                *("--wrong-models-report", str(report)),
            ],
            plugins=[names, wrong_model_plugin],
        )
        records = json.loads(report.read_text(encoding="utf-8"))
    caught: dict[str, list[tuple[str, str]]] = {wrong.name: [] for wrong in CATALOGUE}
    for record in records:
        scenario = names.scenario_of.get(record["test"])
        if record["caught"] and scenario and scenario not in caught[record["wrong_model"]]:
            caught[record["wrong_model"]].append(scenario)
    return caught


def main() -> int:
    table = measure(shipped("step_defs"))
    text = json.dumps(
        {name: [list(pair) for pair in pairs] for name, pairs in table.items()}, indent=1
    )
    write_atomically(weak_steps.GIVEN_CATCHES, text + "\n")
    print(f"Wrote {weak_steps.GIVEN_CATCHES}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
