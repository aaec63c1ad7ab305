"""Steps for features/dealing.feature."""

from __future__ import annotations

import random

import pytest
from pytest_bdd import given, scenarios, then, when

from euchre.cards import DECK, Card
from euchre.deal import Deal, deal, shuffled_deck
from euchre.seats import Seat
from step_defs.conftest import Table, parse_player, step

scenarios("dealing.feature")


@pytest.fixture
def deck() -> list[Card]:
    return list(DECK)


@given("the deck is stacked, top card first:", target_fixture="deck")
def _stacked(datatable: list[list[str]]) -> list[Card]:
    return [Card.parse(text) for row in datatable for text in row]


@given("an unshuffled deck", target_fixture="deck")
def _unshuffled() -> list[Card]:
    return list(DECK)


@given("a shuffled deck", target_fixture="deck")
def _shuffled() -> list[Card]:
    return shuffled_deck(random.Random(2026))


@when("the dealer deals", target_fixture="dealt")
def _deals(table: Table, deck: list[Card]) -> Deal:
    return deal(deck, table.dealer)


@then("the players are dealt:")
def _players_are_dealt(dealt: Deal, datatable: list[list[str]]) -> None:
    for name, first, then_ in datatable[1:]:
        seat = parse_player(name)
        assert dealt.hands[seat] == Card.parse_many(first) + Card.parse_many(then_), name


@then(step("{player:Player} is dealt the top 2 cards, {cards:Cards}"))
def _dealt_first(dealt: Deal, player: Seat, cards: tuple[Card, ...]) -> None:
    assert dealt.hands[player][:2] == cards


@then("each player holds 5 cards")
def _five_each(dealt: Deal) -> None:
    assert [len(dealt.hands[seat]) for seat in Seat] == [5, 5, 5, 5]


@then("4 cards are left in the kitty")
def _kitty_of_four(dealt: Deal) -> None:
    assert len(dealt.kitty) == 4


@then("no card is dealt twice")
def _no_card_twice(dealt: Deal) -> None:
    every_card = [card for hand in dealt.hands.values() for card in hand] + list(dealt.kitty)
    assert len(every_card) == 24
    assert set(every_card) == set(DECK)


@then(step("the kitty is {cards:Cards}"))
def _kitty(dealt: Deal, cards: tuple[Card, ...]) -> None:
    assert dealt.kitty == cards


@then(step("the upcard is {card:Card}"))
def _upcard(dealt: Deal, card: Card) -> None:
    assert dealt.upcard == card
