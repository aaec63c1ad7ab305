"""What the coach reads of pytest-bdd's insides, checked against the pytest-bdd installed: if a
new pytest-bdd moves any of it, this fails here, by name, before any learner's run does."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_bdd import parsers

from euchre.kata.coach.running import bdd
from tests.workspaces import run, write_stage


def test_the_scenario_of_a_collected_test_is_found_and_a_plain_test_has_none(
    pytester: pytest.Pytester,
) -> None:
    pytester.makefile(".feature", dealing="Feature: F\n  Scenario: S\n    Given a start\n")
    pytester.makepyfile(
        test_steps="""
from pytest_bdd import given, scenarios
scenarios("dealing.feature")
@given("a start")
def _start() -> None: ...
def test_plain() -> None: ...
"""
    )
    items, _ = pytester.inline_genitems()
    found = {item.name: bdd.scenario_of(item) for item in items}
    assert found["test_plain"] is None
    (scenario,) = [template for template in found.values() if template is not None]
    assert bdd.key_of(scenario) == ("dealing.feature", 2)
    assert bdd.scenario_of(None) is None


def test_the_parsed_features_are_pytest_bdds_own_cache(tmp_path: Path) -> None:
    (tmp_path / "dealing.feature").write_text("Feature: F\n  Scenario: S\n    Given a start\n")
    bdd.forget_features()
    first = bdd.parse(tmp_path, "dealing.feature")
    assert bdd.parse(tmp_path, "dealing.feature") is first, "parsed once, then kept"
    bdd.forget_features()
    assert bdd.parse(tmp_path, "dealing.feature") is not first


def test_the_step_definitions_imported_are_listed_with_their_type_parser_and_function(
    workspace: Path,
) -> None:
    write_stage(workspace, 1)
    run(workspace, "test")
    mine = [
        step
        for step in bdd.step_definitions()
        if Path(step.step_func.__code__.co_filename).is_relative_to(workspace)
    ]
    assert {(step.type, step.parser.name) for step in mine} >= {
        ("given", "a start"),
        ("then", "it passes"),
    }


def test_a_phrase_whose_value_the_learners_parsing_cannot_read_yet_matches_by_its_words() -> None:
    """`make steps` at level model, before Card.parse is written: no traceback."""

    def not_written(text: str) -> object:
        raise NotImplementedError("Card.parse")

    phrase = parsers.parse("the upcard is {card:Card}", extra_types={"Card": not_written})
    assert bdd.matches(phrase, "the upcard is JH")
    assert not bdd.matches(phrase, "the kitty holds JH")
    assert not bdd.matches(Unreadable(), "the upcard is JH")


class Unreadable:
    """A step definition's parser of another kind, which cannot read the text either."""

    def is_matching(self, name: str) -> bool:
        raise ValueError(name)
