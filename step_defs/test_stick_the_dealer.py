"""Steps for features/stick_the_dealer.feature: all of them are shared ones."""

from pytest_bdd import scenarios

scenarios("stick_the_dealer.feature")
