"""The living documentation built from the features, for the page's tests and its browser's."""

from __future__ import annotations

import json
from pathlib import Path

from pytest_bdd.gherkin_parser import get_gherkin_document

from tests.paths import ROOT

FEATURES = ROOT / "features"


def results(tmp_path: Path, failing: str | None = None) -> Path:
    """A cucumber JSON result in which every scenario passed, or the named one failed."""
    features = []
    for path in sorted(FEATURES.glob("*.feature")):
        elements = []
        for scenario in scenarios_of(path):
            rows = [row for table in scenario.examples for row in table.table_body or []] or [None]
            status = "failed" if scenario.name == failing else "passed"
            steps = [{"result": {"status": status}} for _ in scenario.steps]
            elements += [{"line": scenario.location.line, "steps": steps} for _ in rows]
        features.append({"uri": f"features/{path.name}", "elements": elements})
    out = tmp_path / "cucumber.json"
    out.write_text(json.dumps(features))
    return out


def scenarios_of(path: Path) -> list:  # type: ignore[type-arg]
    feature = get_gherkin_document(str(path)).feature
    found = []
    for child in feature.children:
        for grandchild in [child] + (child.rule.children if child.rule else []):
            if grandchild.scenario is not None:
                found.append(grandchild.scenario)
    return found
