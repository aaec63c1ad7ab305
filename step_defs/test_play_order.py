"""The scenarios of features/play_order.feature; conftest.py loads the steps they use."""

from pytest_bdd import scenarios

scenarios("play_order.feature")
