"""Steps for features/scoring.feature: all of them are shared ones."""

from pytest_bdd import scenarios

scenarios("scoring.feature")
