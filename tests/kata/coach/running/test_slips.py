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


def test_a_misspelt_scenario_keyword_is_named_with_the_keyword_it_should_be() -> None:
    """Gherkin reads "Exampel: A" as prose too: the Rule would seem to have no example."""
    for written, meant in [
        ("Exampel", "Example"),
        ("Exmaple", "Example"),
        ("example", "Example"),
        ("Scenaro", "Scenario"),
        ("Scenario Outlin", "Scenario Outline"),
    ]:
        lines = ["  Rule: Who deals", "", f"    {written}: Who deals", "      Given a start"]
        assert slips.first("f.feature", lines) == (
            f"f.feature:3: “{written}:” is not a Gherkin keyword, so Gherkin reads it and its"
            f" steps as prose: write “{meant}: Who deals”"
        ), written


def test_prose_with_a_colon_before_a_step_is_no_slip_unless_its_word_is_near_a_keyword() -> None:
    lines = ["  Rule: Who deals", "    Note: the dealer turns.", "    Given a start"]
    assert slips.first("f.feature", lines) is None
    assert slips.first("f.feature", ["  Background:", "    Given a start"]) is None
    assert slips.first("f.feature", ["    Exampel: A"]) is None, "nothing after it"
    assert slips.first("f.feature", ["    Exampel: A", "    Note"]) is None, "no step after it"
