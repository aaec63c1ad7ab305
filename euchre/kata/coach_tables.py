"""Measure the tables the coach ships with, from the kata's own features and steps.

    python -m euchre.kata.coach_tables           # writes them, into euchre/kata/coach/levels/
    python -m euchre.kata.coach_tables --check   # exit 1, naming each shipped table that is stale

``given_catches.json``: at level ``steps`` the coach names the wrong models a learner's steps let
through, with the scenarios that catch them when the given steps are used; this is where it
learns them. ``step_examples.json``: at level ``examples`` ``make steps`` shows every step phrase
with a step of the kata's features that uses it; written here, not when a workspace is made, so
that making one needs no pytest-bdd. ``situations.json``: at level ``stories``, the product owner's
most pointed question on a gap shows the Givens and the When of one of the kata's examples that
catch its wrong model. Tests check each shipped files against a fresh measure, so
that a changed feature or step cannot leave them stale.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from euchre.kata.coach.levels import asking, phrases, steps
from euchre.kata.coach.record.files import write_atomically
from euchre.kata.coach.running import bdd
from euchre.kata.coach.running.session import QUIET_WARNINGS
from euchre.kata.coach.wrong_models import plugin
from euchre.kata.coach.wrong_models.catalogue import CATALOGUE
from euchre.kata.workspace import shipped

SHIPPED_STEP_EXAMPLES = phrases.STEP_EXAMPLES


@dataclass(eq=False)  # pluggy keeps plugins in sets
class _Names:
    """A pytest plugin that remembers each scenario test's feature and scenario name."""

    scenario_of: dict[str, tuple[str, str]] = field(default_factory=dict)

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        found = {item: bdd.scenario_of(item) for item in items}
        scenarios = {item: scenario for item, scenario in found.items() if scenario is not None}
        items[:] = list(scenarios)  # scenarios alone
        for item, scenario in scenarios.items():
            self.scenario_of[item.nodeid] = (bdd.key_of(scenario)[0], scenario.name)


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
            plugins=[names, plugin],
        )
        records = json.loads(report.read_text(encoding="utf-8"))
    caught: dict[str, list[tuple[str, str]]] = {wrong.name: [] for wrong in CATALOGUE}
    for record in records:
        scenario = names.scenario_of[record["test"]]
        if record["caught"] and scenario not in caught[record["wrong_model"]]:
            caught[record["wrong_model"]].append(scenario)
    return caught


def situations(features: Path, catching: dict[str, list[tuple[str, str]]]) -> dict[str, list[str]]:
    """Each wrong model's situation: the Givens (the Background's first) and the When of the
    first of the kata's examples that catch it, an outline's with its first row of values."""
    found = {}
    for name, catchers in catching.items():
        feature, title = catchers[0]
        parsed = bdd.parse(features, feature)
        template = next(t for t in parsed.scenarios.values() if t.name == title)
        contexts = [context for table in template.examples for context in table.as_contexts()]
        scenario = template.render(contexts[0] if contexts else {})
        lines: list[str] = []
        for step in itertools.takewhile(lambda step: step.type != "then", scenario.steps):
            raw = step.datatable.raw() if step.datatable else []
            table = phrases.aligned([[str(cell) for cell in row] for row in raw])
            keyword = "And" if lines and step.type == "given" else step.type.capitalize()
            lines += [f"{keyword} {step.name}", *table]
        found[name] = lines
    return found


def tables() -> dict[Path, str]:
    """Each table the coach ships with, as measured now: where it goes, and its text."""
    given = measure(shipped("step_defs"))
    written = phrases.step_examples(shipped("features"))
    return {
        steps.GIVEN_CATCHES: json.dumps(
            {name: [list(pair) for pair in pairs] for name, pairs in given.items()}, indent=1
        )
        + "\n",
        SHIPPED_STEP_EXAMPLES: json.dumps(written, indent=1, ensure_ascii=False) + "\n",
        asking.SITUATIONS: json.dumps(
            situations(shipped("features"), given), indent=1, ensure_ascii=False
        )
        + "\n",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    check = parser.parse_args(argv).check
    stale = []
    for path, text in tables().items():
        if not check:
            write_atomically(path, text)
            print(f"Wrote {path}", file=sys.stderr)
        elif not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
            print(f"{path} is stale: python -m euchre.kata.coach_tables", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
