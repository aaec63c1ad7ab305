"""The scenarios of features/scoring.feature; conftest.py loads the steps they use."""

from pytest_bdd import scenarios

scenarios("scoring.feature")
