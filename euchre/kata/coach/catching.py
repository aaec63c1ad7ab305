"""Which catalogued wrong models the learner's reached scenarios catch, in one pytest session.

After a green run, the reached scenarios run again, once for each wrong model (a model that
breaks one rule), each until one scenario catches it. At level ``examples`` this measures the
learner's examples; at level ``steps``, their step definitions: a wrong model that the given
steps catch in the same scenarios, but theirs let through, points at a step that checks less
than it says.
"""

from __future__ import annotations

import ast
import json
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry

from . import reach, wrong_model_plugin
from .runner import QUIET_WARNINGS
from .stages import STAGES
from .wrong_models import WrongModel, by_name, of_stages

Key = tuple[str, int]
"""A scenario: its feature's file name and the line it starts on."""


@dataclass(eq=False)  # pluggy keeps plugins in sets
class _Reached:
    """A pytest plugin that keeps the reached scenarios and no other test."""

    reached: set[Key]
    scenario_of: dict[str, Key] = field(default_factory=dict)

    def pytest_collection_modifyitems(
        self, session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        kept, dropped = [], []
        for item in items:
            template = scenario_wrapper_template_registry.get(getattr(item, "obj", None))
            key = None if template is None else _key(template)
            if key in self.reached:
                self.scenario_of[item.nodeid] = key
                kept.append(item)
            else:
                dropped.append(item)
        items[:] = kept
        if dropped:
            config.hook.pytest_deselected(items=dropped)


def _key(template: Any) -> Key:
    return Path(template.feature.filename).name, template.line_number


@dataclass(frozen=True)
class Catch:
    """The wrong models met, and for each that was caught, the scenarios that caught it."""

    met: tuple[WrongModel, ...]
    caught_by: dict[str, list[Key]]

    @property
    def caught(self) -> int:
        return sum(bool(self.caught_by.get(wrong.name)) for wrong in self.met)

    @property
    def through(self) -> list[WrongModel]:
        """The wrong models no reached scenario caught, in the catalogue's order."""
        return [wrong for wrong in self.met if not self.caught_by.get(wrong.name)]


def reached_scenarios(workspace: Path, reached: reach.Reach) -> set[Key]:
    """Every scenario of the stages before ``reached``'s, and those revealed in its own."""
    keys: set[Key] = set()
    for stage in STAGES[: reached.stage]:
        templates = reach.scenarios(workspace, stage)
        if stage.number == reached.stage:
            templates = templates[: reached.revealed]
        keys.update(_key(template) for template in templates)
    return keys


def check(workspace: Path, scenarios: set[Key], wrong_models: Iterable[WrongModel]) -> Catch:
    """Run ``scenarios`` against each of ``wrong_models``, each until one scenario catches it."""
    met = tuple(wrong_models)
    if not met or not scenarios:
        return Catch(met, {})
    stages = sorted({s.number for s in STAGES if s.feature in {f for f, _ in scenarios}})
    paths = [str(workspace / STAGES[n - 1].steps) for n in stages]
    keep = _Reached(scenarios)
    with tempfile.TemporaryDirectory(prefix="kata-catch-") as folder:
        report = Path(folder) / "report.json"
        pytest.main(
            [
                *paths,
                *("-p", "no:cacheprovider", "-p", "no:terminal", *QUIET_WARNINGS),
                *("--wrong-models", ",".join(wrong.name for wrong in met)),
                *("--wrong-models-scenarios", "reached", "--wrong-models-until-caught"),
                *("--wrong-models-report", str(report)),
            ],
            plugins=[keep, wrong_model_plugin],
        )
        try:
            records = json.loads(report.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # the session did not start: nothing was caught
            records = []
    caught_by: dict[str, list[Key]] = {}
    for record in records:
        if record["caught"] and record["test"] in keep.scenario_of:
            found = caught_by.setdefault(record["wrong_model"], [])
            if keep.scenario_of[record["test"]] not in found:
                found.append(keep.scenario_of[record["test"]])
    return Catch(met, caught_by)


def of_reached_stages(reached: reach.Reach) -> tuple[WrongModel, ...]:
    return of_stages(range(1, reached.stage + 1))


def empty_thens(workspace: Path) -> list[str]:
    """The learner's ``Then`` steps whose body does nothing (``pass``, ``...``, a docstring)."""
    found = []
    for path in sorted((workspace / "step_defs").glob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, ValueError, OSError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_then(node):
                if all(_does_nothing(statement) for statement in node.body):
                    where = path.relative_to(workspace).as_posix()
                    found.append(f"{where}:{node.lineno}  `{node.name}`")
    return found


def _is_then(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for decorator in function.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
        if name == "then":
            return True
    return False


def _does_nothing(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Pass) or (
        isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
    )


__all__ = ["Catch", "by_name", "check", "empty_thens", "of_reached_stages", "reached_scenarios"]
