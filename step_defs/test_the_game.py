"""The scenarios of features/the_game.feature; conftest.py loads the steps they use."""

from pytest_bdd import scenarios

scenarios("the_game.feature")
