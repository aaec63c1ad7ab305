"""The scenarios of features/making_trump.feature; conftest.py loads the steps they use."""

from pytest_bdd import scenarios

scenarios("making_trump.feature")
