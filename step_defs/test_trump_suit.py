"""Steps for features/trump_suit.feature."""

from __future__ import annotations

from pytest_bdd import scenarios, then, when

from euchre.cards import Card
from euchre.trump import is_left_bower, is_right_bower, trump_ranking
from step_defs.conftest import Table, step

scenarios("trump_suit.feature")


@when("the trump cards are ranked", target_fixture="ranking")
def _ranked(table: Table) -> tuple[Card, ...]:
    return trump_ranking(table.trump)


@then(step("from highest to lowest they are {cards:Cards}"))
def _ranking(ranking: tuple[Card, ...], cards: tuple[Card, ...]) -> None:
    assert ranking == cards


@then(step("the Right Bar is {right:Card} and the Left Bar is {left:Card}"))
def _bars(table: Table, ranking: tuple[Card, ...], right: Card, left: Card) -> None:
    assert ranking[:2] == (right, left)
    assert is_right_bower(right, table.trump)
    assert is_left_bower(left, table.trump)
