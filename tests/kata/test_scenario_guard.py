"""A scenario whose `Then` was misspelt checks nothing; the guard in step_defs fails it."""

import pytest

GUARD = "from step_defs.conftest import pytest_bdd_before_scenario  # the guard under test\n"

FEATURE = """\
Feature: Guarded
  Scenario: Malformed Then
    Then: each player holds 5 cards

  Scenario: No Then
    Given a deck
    When the dealer deals

  Scenario: Then commented out
    Given a deck
    When the dealer deals
    # Then it is checked

  Scenario: Checked
    Given a deck
    When the dealer deals
    Then it is checked
"""

STEPS = """\
from pytest_bdd import given, scenarios, then, when

scenarios("guarded.feature")

@given("a deck")
def _deck() -> None: ...

@when("the dealer deals")
def _deal() -> None: ...

@then("it is checked")
def _checked() -> None: ...
"""


def test_only_the_scenario_with_a_then_step_passes(pytester: pytest.Pytester) -> None:
    pytester.makefile(".feature", guarded=FEATURE)
    pytester.makepyfile(test_guarded=STEPS)
    pytester.makeconftest(GUARD)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-rf")
    result.assert_outcomes(failed=3, passed=1)
    for name in ("Malformed Then", "No Then", "Then commented out"):
        result.stdout.fnmatch_lines([f"*'{name}'*has no Then step*"])
