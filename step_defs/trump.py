"""Steps about the trump suit: which suit is trump, how trumps rank, and the two Bars."""

from __future__ import annotations

from pytest_bdd import given, then, when

from euchre import cards
from euchre.cards import Card, Suit
from euchre.trump import is_left_bower, is_right_bower, trump_ranking
from step_defs.conftest import World
from step_defs.parameters import mismatch, notation, step


@given(step("{suit:Suit} are trump"))
def _trump(world: World, suit: Suit) -> None:
    world.trump = suit


@when("the trump cards are ranked")
def _ranked(world: World) -> None:
    world.ranking = list(trump_ranking(world.the_trump()))


@then(step("from highest to lowest they are {cards:Card+}"))
def _ranking(world: World, cards: list[Card]) -> None:
    assert world.ranking == cards, mismatch(
        "the trumps, highest first", example=notation(cards), model=notation(world.ranking)
    )


@then(
    step(
        "the Right Bar is {right:Card} and the Left Bar is {left:Card}, and no other card is a Bar"
    )
)
def _bars(world: World, right: Card, left: Card) -> None:
    trump = world.the_trump()
    assert world.ranking[:2] == [right, left], mismatch(
        "the two highest trumps",
        example=notation([right, left]),
        model=notation(world.ranking[:2]),
    )
    rights = [card for card in cards.DECK if is_right_bower(card, trump)]
    lefts = [card for card in cards.DECK if is_left_bower(card, trump)]
    assert rights == [right], mismatch(
        f"the Right Bar when {notation(trump)} are trump, as is_right_bower finds it",
        example=notation(right),
        model=notation(rights) if rights else "no card",
    )
    assert lefts == [left], mismatch(
        f"the Left Bar when {notation(trump)} are trump, as is_left_bower finds it",
        example=notation(left),
        model=notation(lefts) if lefts else "no card",
    )
