"""The scenarios of features/lead_suit.feature; conftest.py loads the steps they use."""

from pytest_bdd import scenarios

scenarios("lead_suit.feature")
