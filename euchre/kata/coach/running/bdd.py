"""Everything the coach reads of pytest-bdd beyond its documented use, in one place.

pytest-bdd has no public way to ask which scenario a collected test runs, nor which step
phrases are defined, nor to share its parsed features; these three read its insides. If a
new pytest-bdd moves them, this module fails loudly at import (tests/kata/coach/running/
test_bdd.py checks each against the pytest-bdd installed), and nothing else needs changing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_bdd.feature import features as _parsed
from pytest_bdd.feature import get_feature
from pytest_bdd.scenario import scenario_wrapper_template_registry
from pytest_bdd.steps import step_function_context_registry

if TYPE_CHECKING:
    import pytest
    from pytest_bdd.parser import Feature, ScenarioTemplate

Key = tuple[str, int]
"""A scenario: its feature's file name and the line it starts on."""


def scenario_of(test: pytest.Item | object) -> ScenarioTemplate | None:
    """The scenario a collected test (or its function) runs; None for any other test."""
    function = getattr(test, "obj", test)
    return scenario_wrapper_template_registry.get(function) if callable(function) else None


def key_of(scenario: ScenarioTemplate) -> Key:
    return Path(scenario.feature.filename).name, scenario.line_number


def parse(features: Path, name: str) -> Feature:
    """The feature ``name`` in the folder ``features``, parsed by pytest-bdd into the cache its
    own collection reads: a run parses each feature once, here or there, not both."""
    return get_feature(str(features), name)


def forget_features() -> None:
    """Start a run with no feature parsed: a file may have changed since a run before it in
    this process (a test's, or a warm process that runs the tests again)."""
    _parsed.clear()


def step_definitions() -> Iterator[Any]:
    """Every step definition imported so far: its type, its parser and its function."""
    yield from list(step_function_context_registry.values())


def matches(parser: Any, text: str) -> bool:
    """Whether a step's ``text`` matches a step definition's phrase; a value the learner's own
    parsing cannot read yet (``Card.parse`` still to write) is matched by its words alone."""
    try:
        return bool(parser.is_matching(text))
    except Exception:  # the learner's code, whatever it raises
        words = getattr(getattr(parser, "parser", None), "_match_re", None)  # parse's own
        return words is not None and words.match(text) is not None
