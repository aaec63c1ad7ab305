"""Steps about making trump: the deal to bid on, the bids, going alone, and the dealer's discard.

A bid that the rules refuse is kept in ``World.refusal`` for a ``Then`` to examine; a bid in a
``Given`` must be allowed, or the scenario itself is wrong.
"""

from __future__ import annotations

from pytest_bdd import given, then, when

from euchre.actions import Action, Discard, NameTrump, OrderUp, Pass
from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.errors import (
    CardNotHeldError,
    DealerMustCallError,
    EuchreError,
    OutOfTurnError,
    TurnedDownSuitError,
)
from euchre.rules import Rules
from euchre.seats import Seat
from step_defs.conftest import World
from step_defs.parameters import cards_in, listed, notation, parse_player, player_name, step


def act(world: World, player: Seat, action: Action) -> None:
    """``player`` acts in the hand (or in its game); a refusal is kept for a Then."""
    try:
        if world.game is not None:
            world.game.apply(action, player)
        else:
            world.the_hand().apply(action, player)
    except ValueError as refusal:  # a EuchreError, or a bare ValueError a Then step names
        world.refusal = refusal


def acted(world: World, player: Seat, action: Action) -> None:
    """``player`` has acted: what a Given says happened must be allowed."""
    act(world, player, action)
    assert world.refusal is None, (
        f"the scenario says {player_name(player)} did this ({action}), but it was refused:"
        f" {world.refusal}"
    )


def pass_before(world: World, player: Seat, *, whole_rounds: int = 0) -> None:
    """Everyone passes for ``whole_rounds`` rounds, then until it is ``player``'s turn."""
    seat = world.the_dealer().left
    for _ in range(4 * whole_rounds):
        acted(world, seat, Pass())
        seat = seat.left
    while seat is not player:
        acted(world, seat, Pass())
        seat = seat.left


def refused(world: World, kind: type[EuchreError], rule: str) -> EuchreError:
    assert isinstance(world.refusal, kind), (
        f"the bid should be refused ({rule}) with a {kind.__name__},"
        f" but {'it was allowed' if world.refusal is None else repr(world.refusal)}"
    )
    return world.refusal


def nothing_made(world: World, player: Seat) -> None:
    """A refused bid changes nothing: trump is not made, and it is still the bidder's turn."""
    hand = world.the_hand()
    assert hand.trump is None, f"trump should not be made, but {notation(hand.trump)} is"
    assert hand.turn is player, (
        f"it should still be {player_name(player)}'s turn, not {notation(hand.turn)}'s"
    )


@given(step("{player:Player} deals these hands, turning up {card:Card}:"))
def _deals_hands(world: World, player: Seat, card: Card, datatable: list[list[str]]) -> None:
    hands = {parse_player(name): cards_in(cards) for name, cards in datatable[1:]}
    world.dealer = player
    world.dealt = Deal.from_hands(player, hands, card)


@given(step("{player:Player} deals, turning up {card:Card}"))
def _deals_turning_up(world: World, player: Seat, card: Card) -> None:
    world.dealer = player
    world.upcard = card


@given("the redeal rule is played")
def _redeal(world: World) -> None:
    world.rules = Rules(stick_the_dealer=False)


@given(step("{player:Player} has passed"))
def _has_passed(world: World, player: Seat) -> None:
    pass_before(world, player)
    acted(world, player, Pass())


@given(step("{player:Player} has ordered up"))
def _has_ordered_up(world: World, player: Seat) -> None:
    pass_before(world, player)
    acted(world, player, OrderUp())


@given(step("{player:Player} has ordered up, and the dealer has discarded {card:Card}"))
def _has_ordered_up_and_discarded(world: World, player: Seat, card: Card) -> None:
    _has_ordered_up(world, player)
    acted(world, world.the_dealer(), Discard(card))


@given("everyone has passed in round 1")
def _round_one_passed(world: World) -> None:
    pass_before(world, world.the_dealer().left, whole_rounds=1)


@given("everyone but the dealer has passed twice")
def _all_but_the_dealer_passed_twice(world: World) -> None:
    pass_before(world, world.the_dealer(), whole_rounds=1)


@given(step("nobody has made trump before {player:Player}'s turn in round 2"))
def _passed_until_round_two(world: World, player: Seat) -> None:
    pass_before(world, player, whole_rounds=1)


@when(step("{player:Player} orders up"))
def _orders_up(world: World, player: Seat) -> None:
    act(world, player, OrderUp())


@when(step("{player:Player} orders up alone"))
def _orders_up_alone(world: World, player: Seat) -> None:
    act(world, player, OrderUp(alone=True))


@when(step("{player:Player} names {suit:Suit}"))
def _names(world: World, player: Seat, suit: Suit) -> None:
    act(world, player, NameTrump(suit))


@when(step("{player:Player} names {suit:Suit} alone"))
def _names_alone(world: World, player: Seat, suit: Suit) -> None:
    act(world, player, NameTrump(suit, alone=True))


@when(step("{player:Player} passes"))
def _passes(world: World, player: Seat) -> None:
    act(world, player, Pass())


@when(step("the dealer discards {card:Card}"))
def _discards(world: World, card: Card) -> None:
    act(world, world.the_dealer(), Discard(card))


@then(step("{suit:Suit} are trump, made by {player:Player}"))
def _trump_made(world: World, suit: Suit, player: Seat) -> None:
    assert world.refusal is None, f"the bid was refused: {world.refusal}"
    hand = world.the_hand()
    assert hand.trump is suit, f"{notation(suit)} should be trump, not {notation(hand.trump)}"
    assert hand.maker is player, (
        f"{player_name(player)} should be the maker, not {notation(hand.maker)}"
    )


@then(step("the dealer adds {card:Card} to their hand"))
def _picks_up(world: World, card: Card) -> None:
    assert world.refusal is None, f"the bid was refused: {world.refusal}"
    held = list(world.the_hand().cards(world.the_dealer()))
    assert card in held, f"the dealer should have picked up {notation(card)}: {notation(held)}"
    assert len(held) == 6, f"the dealer should hold six cards, not {notation(held)}"


@then(step("{player:Player} holds {cards:Card+}"))
def _holds_now(world: World, player: Seat, cards: list[Card]) -> None:
    assert world.refusal is None, f"the discard was refused: {world.refusal}"
    held = list(world.the_hand().cards(player))
    assert sorted(held, key=notation) == sorted(cards, key=notation), (
        f"{player_name(player)} should hold {notation(cards)}, not {notation(held)}"
    )


@then(step("the discard is refused: {player:Player} does not hold {card:Card}"))
def _discard_not_held(world: World, player: Seat, card: Card) -> None:
    assert isinstance(world.refusal, CardNotHeldError), (
        f"the discard should be refused with a CardNotHeldError,"
        f" but {'it was allowed' if world.refusal is None else repr(world.refusal)}"
    )
    assert str(card) in str(world.refusal), (
        f"the refusal should name {notation(card)}: {world.refusal}"
    )
    held = world.the_hand().cards(player)
    assert len(held) == 6, f"{player_name(player)} should still hold six cards: {notation(held)}"


@then(step("the bid is refused: it is {player:Player}'s turn"))
def _bid_out_of_turn(world: World, player: Seat) -> None:
    refused(world, OutOfTurnError, f"it is {player_name(player)}'s turn")
    nothing_made(world, player)


@then("the bid is refused: in round 1 only the upcard may be ordered up")
def _no_naming_in_round_one(world: World) -> None:
    refused(world, EuchreError, "round 1 is for ordering up the upcard or passing")
    nothing_made(world, world.the_dealer().left)


@then(step("the bid is refused: {suit:Suit} was turned down"))
def _turned_down(world: World, suit: Suit) -> None:
    refusal = refused(world, TurnedDownSuitError, f"{notation(suit)} was turned down")
    assert notation(suit) in str(refusal), f"the refusal should name {notation(suit)}: {refusal}"
    assert world.the_hand().trump is None, f"trump is {notation(world.the_hand().trump)}"


@then("the bid is refused: stick the dealer")
def _stuck(world: World) -> None:
    refused(world, DealerMustCallError, "the dealer must name a suit")
    nothing_made(world, world.the_dealer())


@then(step("{player:Player} sits the hand out"))
def _sits_out(world: World, player: Seat) -> None:
    assert world.refusal is None, f"the bid was refused: {world.refusal}"
    sitting_out = list(world.the_hand().sitting_out)
    assert sitting_out == [player], (
        f"{player_name(player)} alone should sit out, not {listed(sitting_out) or 'nobody'}"
    )


@then(step("the first trick is played by {players:Player+}"))
def _first_trick_players(world: World, players: list[Seat]) -> None:
    trick = world.the_hand().trick
    assert trick is not None, "play has not started: the hand has no trick"
    order = list(trick.order)
    assert order == players, (
        f"the first trick should be played by {listed(players)}, not {listed(order)}"
    )


@then("the hand is thrown in, and nobody scores")
def _thrown_in(world: World) -> None:
    assert world.refusal is None, f"the pass was refused: {world.refusal}"
    result = world.the_hand().result
    assert result is not None, "the hand should be over, thrown in"
    assert result.trump is None, f"nobody made trump, yet {notation(result.trump)} is trump"
    points = {notation(team): won for team, won in result.points.items()}
    assert set(points.values()) == {0}, f"nobody should score: {points}"


@then(step("{player:Player} must discard before sitting the hand out"))
def _discards_first(world: World, player: Seat) -> None:
    hand = world.the_hand()
    held = list(hand.cards(player))
    assert hand.turn is player, f"it should be {player_name(player)}'s turn to discard"
    assert len(held) == 6, f"{player_name(player)} should hold six cards, not {notation(held)}"
    assert list(hand.sitting_out) == [player], (
        f"{player_name(player)} should sit out, not {listed(hand.sitting_out) or 'nobody'}"
    )
