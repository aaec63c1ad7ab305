"""The scenarios of features/trump_suit.feature; conftest.py loads the steps they use."""

from pytest_bdd import scenarios

scenarios("trump_suit.feature")
