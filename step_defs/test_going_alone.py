"""Steps for features/going_alone.feature: all of them are shared ones."""

from pytest_bdd import scenarios

scenarios("going_alone.feature")
