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

from euchre.actions import Discard, NameTrump, OrderUp, Pass
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.errors import DealerMustCallError, EuchreError, OutOfTurnError, TurnedDownSuitError
from euchre.hand import Hand
from euchre.rules import Rules
from euchre.scoring import score
from euchre.seats import Seat, Team
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
    rules: Rules = Rules()
    deal: Deal | None = None
    hand: Hand | None = None
    alone: bool = False

    def the_hand(self) -> Hand:
        """The hand being bid and played, started from the deal when first asked for."""
        if self.hand is None:
            assert self.deal is not None, "a scenario about a hand deals one first"
            self.hand = Hand(self.deal, self.rules)
        return self.hand

    def cards_of(self, seat: Seat, *playing: Card) -> tuple[Card, ...]:
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
        trick.play(player, card, table.cards_of(player, card))
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


# The whole game: a hand is dealt, bid for, and played.

Bid = Pass | OrderUp | NameTrump


def parse_bid(text: str) -> Bid:
    """Read a bid as the hand record writes it: "pass", "order up" or a suit, maybe "alone"."""
    words = text.strip()
    alone = words.endswith(" alone")
    words = words.removesuffix(" alone")
    if words == "pass":
        return Pass()
    if words == "order up":
        return OrderUp(alone=alone)
    return NameTrump(Suit.parse(words), alone=alone)


def act(
    table: Table, player: Seat, action: Pass | OrderUp | NameTrump | Discard
) -> Exception | None:
    try:
        table.the_hand().apply(action, player)
    except EuchreError as error:
        return error
    return None


@given(step("{player:Player} deals these hands, turning up {card:Card}:"))
def _deals_hands(table: Table, player: Seat, card: Card, datatable: list[list[str]]) -> None:
    hands = {parse_player(name): Card.parse_many(cards) for name, cards in datatable[1:]}
    table.dealer = player
    table.deal = Deal.from_hands(player, hands, card)


@given("the redeal rule is played")
def _redeal(table: Table) -> None:
    table.rules = Rules(stick_the_dealer=False)


@given(step("the bidding so far is {bids}"))
def _bidding_so_far(table: Table, bids: str) -> None:
    hand = table.the_hand()
    for text in bids.split(","):
        hand.apply(parse_bid(text))


@when(step("{player:Player} orders up"), target_fixture="refusal")
def _orders_up(table: Table, player: Seat) -> Exception | None:
    return act(table, player, OrderUp())


@when(step("{player:Player} orders up alone"), target_fixture="refusal")
def _orders_up_alone(table: Table, player: Seat) -> Exception | None:
    return act(table, player, OrderUp(alone=True))


@when(step("{player:Player} names {suit:Suit}"), target_fixture="refusal")
def _names(table: Table, player: Seat, suit: Suit) -> Exception | None:
    return act(table, player, NameTrump(suit))


@when(step("{player:Player} names {suit:Suit} alone"), target_fixture="refusal")
def _names_alone(table: Table, player: Seat, suit: Suit) -> Exception | None:
    return act(table, player, NameTrump(suit, alone=True))


@when(step("{player:Player} passes"), target_fixture="refusal")
def _passes(table: Table, player: Seat) -> Exception | None:
    return act(table, player, Pass())


@when(step("the dealer discards {card:Card}"), target_fixture="refusal")
def _discards(table: Table, card: Card) -> Exception | None:
    return act(table, table.dealer, Discard(card))


@then(step("{suit:Suit} are trump, made by {player:Player}"))
def _trump_made(table: Table, refusal: Exception | None, suit: Suit, player: Seat) -> None:
    assert refusal is None, refusal
    hand = table.the_hand()
    assert (hand.trump, hand.maker) == (suit, player)


@then(step("the dealer adds {card:Card} to their hand"))
def _picks_up(table: Table, card: Card) -> None:
    hand = table.the_hand()
    assert card in hand.cards(table.dealer)
    assert len(hand.cards(table.dealer)) == 6


@then(step("{player:Player} holds {cards:Cards}"))
def _holds_now(
    table: Table, refusal: Exception | None, player: Seat, cards: tuple[Card, ...]
) -> None:
    assert refusal is None, refusal
    assert set(table.the_hand().cards(player)) == set(cards)


@then(step("the bid is refused: it is {player:Player}'s turn"))
def _bid_out_of_turn(table: Table, refusal: Exception | None, player: Seat) -> None:
    assert isinstance(refusal, OutOfTurnError)
    assert table.the_hand().turn is player
    assert table.the_hand().bids == []


@then(step("the bid is refused: {suit:Suit} was turned down"))
def _turned_down(table: Table, refusal: Exception | None, suit: Suit) -> None:
    assert isinstance(refusal, TurnedDownSuitError)
    assert str(refusal).startswith(f"{suit} was turned down")
    assert table.the_hand().trump is None


@then("the bid is refused: stick the dealer")
def _stuck(table: Table, refusal: Exception | None) -> None:
    assert isinstance(refusal, DealerMustCallError)
    assert table.the_hand().turn is table.dealer


@then(step("{player:Player} sits the hand out"))
def _sits_out(table: Table, refusal: Exception | None, player: Seat) -> None:
    assert refusal is None, refusal
    assert table.the_hand().sitting_out == (player,)


@then(step("the first trick is played by {players}"))
def _first_trick_players(table: Table, players: str) -> None:
    trick = table.the_hand().trick
    assert trick is not None, "play has not started"
    assert trick.order == tuple(parse_player(name.strip()) for name in players.split(","))


@then("the hand is thrown in, and nobody scores")
def _thrown_in(table: Table, refusal: Exception | None) -> None:
    assert refusal is None, refusal
    result = table.the_hand().result
    assert result is not None
    assert result.trump is None
    assert set(result.points.values()) == {0}


@then(step("{player:Player} must discard before sitting the hand out"))
def _discards_first(table: Table, player: Seat) -> None:
    hand = table.the_hand()
    assert hand.turn is player
    assert len(hand.cards(player)) == 6
    assert hand.sitting_out == (player,)


@given("the maker went alone")
def _went_alone(table: Table) -> None:
    table.alone = True


@when(step("the makers win {tricks:d} of the 5 tricks"), target_fixture="scored")
def _makers_win(table: Table, tricks: int) -> tuple[Team, int]:
    return score(Team.NS, tricks, table.alone)


@then(step("the {scorers} score {points:d}"))
def _score(scored: tuple[Team, int], scorers: str, points: int) -> None:
    expected = Team.NS if scorers == "makers" else Team.EW
    assert scored == (expected, points)
