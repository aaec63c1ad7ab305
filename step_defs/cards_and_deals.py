"""Steps about the deck and the deal: stacking, shuffling, dealing, and what each player gets.

``DECK`` is read when a step runs (``cards.DECK``), never at import: a practice skeleton
that has not written it yet still lets every scenario be collected.
"""

from __future__ import annotations

import random

from pytest_bdd import given, then, when

from euchre import cards
from euchre.cards import Card
from euchre.deal import deal, shuffled_deck
from euchre.errors import EuchreError
from euchre.seats import Seat
from step_defs.conftest import World
from step_defs.parameters import (
    cards_in,
    mismatch,
    notation,
    parse_player,
    player_name,
    said,
    step,
)

SEED = 2026
"""Every shuffle in a scenario is drawn from this seed, so a failure can be run again."""


@given(step("{player:Player} is the dealer"))
def _dealer(world: World, player: Seat) -> None:
    world.dealer = player


@given("the deck is stacked, top card first:")
def _stacked(world: World, datatable: list[list[str]]) -> None:
    world.deck = [card for row in datatable for text in row for card in cards_in(text)]


@given("an unshuffled deck")
def _unshuffled(world: World) -> None:
    world.deck = list(cards.DECK)


@given("a shuffled deck")
def _shuffled(world: World) -> None:
    world.deck = list(shuffled_deck(random.Random(SEED)))


@when("the deck is shuffled")
def _shuffle(world: World) -> None:
    world.deck = list(shuffled_deck(random.Random(SEED)))


@given(step("the deck was shuffled from the seed {seed:d}"))
@when(step("the deck is shuffled again from the seed {seed:d}"))
def _shuffled_from(world: World, seed: int) -> None:
    """The deck is this shuffle from now on, and kept to compare with another."""
    world.deck = list(shuffled_deck(random.Random(seed)))
    world.shuffles.append(list(world.deck))


@then("the two shuffles are in the same order")
def _same_order(world: World) -> None:
    first, second = world.shuffles
    assert first == second, mismatch(
        "the two shuffles",
        example="they are in the same order",
        model=f"{notation(first)}, then {notation(second)}",
    )


@then("the two shuffles are in different orders")
def _different_orders(world: World) -> None:
    first, second = world.shuffles
    assert first != second, mismatch(
        "the two shuffles",
        example="they are in different orders",
        model=f"{notation(first)} both times",
    )


@when("the dealer deals")
def _deals(world: World) -> None:
    assert world.deck is not None, (
        'no deck to deal: a Given gives one first, such as "a shuffled deck", "an unshuffled'
        ' deck" or "the deck was shuffled from the seed 7"'
    )
    try:
        world.dealt = deal(world.deck, world.the_dealer())
    except ValueError as refusal:  # a EuchreError, or a bare ValueError a Then step names
        world.refusal = refusal


@then("the players are dealt:")
def _players_are_dealt(world: World, datatable: list[list[str]]) -> None:
    dealt = world.the_deal()
    for name, first, then_ in datatable[1:]:
        expected = cards_in(first) + cards_in(then_)
        got = list(dealt.hands[parse_player(name)])
        assert got == expected, mismatch(
            f"the cards dealt to {name}", example=notation(expected), model=notation(got)
        )


@then(step("{player:Player} is dealt {first:Card+}, and then {then:Card+}"))
def _dealt_first(world: World, player: Seat, first: list[Card], then: list[Card]) -> None:
    got = list(world.the_deal().hands[player])
    assert got == first + then, mismatch(
        f"the cards dealt to {player_name(player)}",
        example=f"{notation(first)}, and then {notation(then)}",
        model=f"{notation(got[:2])}, and then {notation(got[2:])}",
    )


@then(step("each player holds {count:d} cards"))
def _each_holds(world: World, count: int) -> None:
    dealt = world.the_deal()
    counts = {player_name(seat): len(dealt.hands[seat]) for seat in Seat}
    assert set(counts.values()) == {count}, mismatch(
        "the cards each player holds",
        example=f"{count} each",
        model=", ".join(f"{count} to {name}" for name, count in counts.items()),
    )


@then(step("{count:d} cards are left in the kitty"))
def _kitty_holds(world: World, count: int) -> None:
    kitty = world.the_deal().kitty
    assert len(kitty) == count, mismatch(
        "the kitty", example=f"{count} cards", model=f"{len(kitty)} ({notation(list(kitty))})"
    )


@then("no card is dealt twice")
def _no_card_twice(world: World) -> None:
    dealt = world.the_deal()
    every_card = [card for seat in Seat for card in dealt.hands[seat]] + list(dealt.kitty)
    assert sorted(map(str, every_card)) == sorted(map(str, cards.DECK)), mismatch(
        "the hands and the kitty",
        example="the 24 cards, each once",
        model=notation(every_card),
    )


@then(step("the kitty is {cards:Card+}"))
def _kitty(world: World, cards: list[Card]) -> None:
    kitty = list(world.the_deal().kitty)
    assert kitty == cards, mismatch("the kitty", example=notation(cards), model=notation(kitty))


@then(step("the upcard is {card:Card}"))
def _upcard(world: World, card: Card) -> None:
    upcard = world.the_deal().upcard
    assert upcard == card, mismatch("the upcard", example=notation(card), model=notation(upcard))


@then(step("the deck holds each of the {count:d} cards once"))
def _whole_deck(world: World, count: int) -> None:
    deck = world.deck or []
    assert len(deck) == count, mismatch(
        "the deck", example=f"{count} cards", model=f"{len(deck)} ({notation(deck)})"
    )
    assert set(deck) == set(cards.DECK), mismatch(
        "the deck", example=f"each of the {count} cards once", model=notation(deck)
    )


@then("the deck is no longer in the unshuffled order")
def _not_in_order(world: World) -> None:
    deck = world.deck or []
    assert deck != list(cards.DECK), mismatch(
        "the deck",
        example="it is no longer in the unshuffled order",
        model=f"the unshuffled order, {notation(deck)}",
    )


@then(step("the deal is refused: {card:Card} is in the deck twice"))
def _card_twice(world: World, card: Card) -> None:
    _deal_refused(world, card, "twice", f"{notation(card)} is in the deck twice")


@then(step("the deal is refused: {card:Card} is missing from the deck"))
def _card_missing(world: World, card: Card) -> None:
    _deal_refused(world, card, "missing", f"{notation(card)} is missing from the deck")


def _deal_refused(world: World, card: Card, reason: str, why: str) -> None:
    """The deal was refused naming ``card`` and saying ``reason``: a deck missing a card is no
    example of one that holds it twice."""
    refusal = world.refused("the deal", EuchreError, why)
    named = str(card) in str(refusal) and reason in str(refusal)
    assert named, mismatch("the refusal", example=why, model=said(refusal))
