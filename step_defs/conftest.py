"""Steps shared by every feature, the parameter types they read, and the no-`Then` guard.

The features name players as the kata does ("Team 1 Player 1") and write cards as
``Card.parse`` reads them ("JH", "10D").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar, cast

import parse
import pytest
from pytest_bdd import given, parsers, then, when
from pytest_bdd.parser import Feature, Scenario

from euchre.cards import Card, Suit
from euchre.errors import EuchreError
from euchre.seats import Seat
from euchre.trick import Trick

T = TypeVar("T")
Converter = Callable[[str], T]


def with_pattern(pattern: str) -> Callable[[Converter[T]], Converter[T]]:
    """``parse.with_pattern``, typed: the regular expression a step parameter matches."""
    return cast(Callable[[Converter[T]], Converter[T]], parse.with_pattern(pattern))


@with_pattern(r"Team [12] Player [1-4]")
def parse_player(text: str) -> Seat:
    """Read "Team 1 Player 3" as the seat it names; the team must be the player's own."""
    _, team, _, number = text.split()
    seat = tuple(Seat)[int(number) - 1]
    if seat.team.number != int(team):
        raise ValueError(f"{text!r}: player {number} plays for Team {seat.team.number}")
    return seat


def player_name(seat: Seat) -> str:
    return f"Team {seat.team.number} Player {seat.number}"


@with_pattern(r"clubs|diamonds|hearts|spades")
def parse_suit(text: str) -> Suit:
    return Suit.parse(text)


@with_pattern(r"\S+")
def parse_card(text: str) -> Card:
    return Card.parse(text)


@with_pattern(r"\S+(?: \S+)*")
def parse_cards(text: str) -> tuple[Card, ...]:
    return Card.parse_many(text)


TYPES = {"Player": parse_player, "Suit": parse_suit, "Card": parse_card, "Cards": parse_cards}


def step(text: str) -> parsers.parse:
    """A step pattern that knows the kata's players, suits and cards."""
    return parsers.parse(text, extra_types=TYPES)


@dataclass
class Table:
    """What the scenario has set up so far."""

    dealer: Seat = Seat.WEST
    trump: Suit = Suit.SPADES
    hands: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)
    trick: Trick | None = None
    plays_given: tuple[tuple[Seat, Card], ...] = ()

    def hand(self, seat: Seat, *playing: Card) -> tuple[Card, ...]:
        """The seat's cards; a player not given a hand holds just the cards they play."""
        return self.hands.get(seat, playing)

    def first_trick(self) -> Trick:
        return Trick(leader=self.dealer.left, trump=self.trump)


@pytest.fixture
def table() -> Table:
    return Table()


def pytest_bdd_before_scenario(feature: Feature, scenario: Scenario) -> None:
    """Fail a scenario that checks nothing, such as one whose `Then:` was not read as a step."""
    if not any(step.type == "then" for step in scenario.steps):
        pytest.fail(
            f"Scenario {scenario.name!r} in {feature.filename} has no Then step, so it checks"
            " nothing. Is a keyword misspelt, as in 'Then: ...'?",
            pytrace=False,
        )


def trick_from(table: Table, datatable: list[list[str]]) -> Trick:
    """Play the cards of a | player | card | table to the first trick, in turn."""
    trick = table.first_trick()
    for name, text in datatable[1:]:
        card = Card.parse(text)
        # What was played is history: the player held the card, whatever they hold now.
        trick.play(parse_player(name), card, hand=(card,))
    return trick


@given(step("{player:Player} is the dealer"))
def _dealer(table: Table, player: Seat) -> None:
    table.dealer = player


@given(step("{suit:Suit} are trump"))
def _trump(table: Table, suit: Suit) -> None:
    table.trump = suit


@given(step("{player:Player} holds {cards:Cards}"))
def _holds(table: Table, player: Seat, cards: tuple[Card, ...]) -> None:
    table.hands[player] = cards


@given("the first trick so far is:", target_fixture="trick")
@given("the first trick was played:", target_fixture="trick")
def _trick_so_far(table: Table, datatable: list[list[str]]) -> Trick:
    table.trick = trick_from(table, datatable)
    table.plays_given = table.trick.plays
    return table.trick


@when("these cards are played to a trick:", target_fixture="trick")
def _play_a_trick(table: Table, datatable: list[list[str]]) -> Trick:
    return trick_from(table, datatable)


@when(step("{player:Player} plays {card:Card}"), target_fixture="refusal")
def _plays(table: Table, player: Seat, card: Card) -> EuchreError | None:
    trick = table.trick or table.first_trick()
    table.trick = trick
    try:
        trick.play(player, card, table.hand(player, card))
    except EuchreError as error:
        return error
    return None


@then(step("{player:Player} wins the trick for Team {team:d}"))
def _wins(trick: Trick, player: Seat, team: int) -> None:
    assert trick.winner is player, f"{player_name(trick.winner)} won the trick"
    assert trick.winner.team.number == team


@then("the play order is:")
def _play_order(trick: Trick, datatable: list[list[str]]) -> None:
    assert [player_name(seat) for seat in trick.order] == [row[0] for row in datatable]


@then("the trick is unchanged")
def _unchanged(table: Table, trick: Trick) -> None:
    assert trick.plays == table.plays_given
