"""Slips the Gherkin parser passes over without a word, said by the coach instead."""

from __future__ import annotations

from euchre.kata.coach.running import slips


def test_a_scenario_line_without_its_colon_is_named_with_the_line_it_should_be() -> None:
    lines = ["  Rule: Who deals", "", "    Scenario Outline Who deals", "      Given a start"]
    assert slips.first("f.feature", lines) == (
        "f.feature:3: “Scenario Outline Who deals” has no colon, so Gherkin reads it and its"
        " steps as prose: write “Scenario Outline: Who deals”"
    )


def test_prose_that_begins_with_a_keyword_is_no_slip() -> None:
    """A Rule's description may say "Example mapping …": no step follows it."""
    lines = ["  Rule: Who deals", "    Example mapping found this rule.", "", "    Example: A"]
    assert slips.first("f.feature", lines) is None
    assert slips.first("f.feature", ["    Example A"]) is None, "nothing after it"
