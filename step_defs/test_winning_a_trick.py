"""The scenarios of features/winning_a_trick.feature; conftest.py loads the steps they use."""

from pytest_bdd import scenarios

scenarios("winning_a_trick.feature")
