"""Steps for features/winning_a_trick.feature: all of them are shared ones."""

from pytest_bdd import scenarios

scenarios("winning_a_trick.feature")
