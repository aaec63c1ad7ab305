"""The scenarios of features/going_alone.feature; conftest.py loads the steps they use."""

from pytest_bdd import scenarios

scenarios("going_alone.feature")
