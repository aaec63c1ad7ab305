"""The scenarios of features/dealing.feature; conftest.py loads the steps they use."""

from pytest_bdd import scenarios

scenarios("dealing.feature")
