"""The scenarios of features/stick_the_dealer.feature; conftest.py loads the steps they use."""

from pytest_bdd import scenarios

scenarios("stick_the_dealer.feature")
