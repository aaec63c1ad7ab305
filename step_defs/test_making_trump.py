"""Steps for features/making_trump.feature: all of them are shared ones."""

from pytest_bdd import scenarios

scenarios("making_trump.feature")
