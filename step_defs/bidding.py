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
from step_defs.parameters import (
    cards_in,
    listed,
    mismatch,
    notation,
    parse_player,
    player_name,
    points_said,
    said,
    step,
)


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
        f" {said(world.refusal)}"
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


def no_trump_made(world: World) -> None:
    """A refused bid makes no trump."""
    trump = world.the_hand().trump
    assert trump is None, mismatch(
        "trump after the refused bid", example="none is made", model=notation(trump)
    )


def nothing_made(world: World, player: Seat) -> None:
    """A refused bid changes nothing: trump is not made, and it is still the bidder's turn."""
    no_trump_made(world)
    turn = world.the_hand().turn
    assert turn is player, mismatch(
        "whose turn it is after the refused bid",
        example=f"still {player_name(player)}'s",
        model=f"{notation(turn)}'s" if turn is not None else "nobody's",
    )


@given(step("{player:Player} deals, turning up {card:Card}, and the players hold:"))
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


@given(step("nobody has made trump before {player:Player}'s turn in round 1"))
def _passed_until(world: World, player: Seat) -> None:
    pass_before(world, player)


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
    world.not_refused(f"{notation(suit)} are trump, made by {player_name(player)}")
    hand = world.the_hand()
    assert hand.trump is suit, mismatch(
        "trump",
        example=notation(suit),
        model=notation(hand.trump) if hand.trump is not None else "none",
    )
    assert hand.maker is player, mismatch(
        "the maker",
        example=player_name(player),
        model=notation(hand.maker) if hand.maker is not None else "nobody",
    )


@then(step("the dealer picks up {card:Card}"))
def _picks_up(world: World, card: Card) -> None:
    world.not_refused(f"the dealer picks up {notation(card)}")
    held = list(world.the_hand().cards(world.the_dealer()))
    subject = "the dealer's cards"
    assert card in held, mismatch(
        subject, example=f"{notation(card)} among them", model=notation(held)
    )
    assert len(held) == 6, mismatch(
        subject, example="six, the upcard added", model=f"{len(held)} ({notation(held)})"
    )


@then(step("{player:Player} holds {cards:Card+}"))
def _holds_now(world: World, player: Seat, cards: list[Card]) -> None:
    world.not_refused(f"{player_name(player)} holds {notation(cards)}")
    held = list(world.the_hand().cards(player))
    assert sorted(held, key=notation) == sorted(cards, key=notation), mismatch(
        f"the cards {player_name(player)} holds", example=notation(cards), model=notation(held)
    )


@then(step("the discard is refused: {player:Player} does not hold {card:Card}"))
def _discard_not_held(world: World, player: Seat, card: Card) -> None:
    refusal = world.refused(
        "the discard", CardNotHeldError, f"{player_name(player)} does not hold {notation(card)}"
    )
    named = str(card) in str(refusal)  # aside: its seat is a letter the features never use
    assert named, f"the refusal should name {notation(card)}: {said(refusal)}"
    held = world.the_hand().cards(player)
    assert len(held) == 6, mismatch(
        f"the cards {player_name(player)} holds after the refused discard",
        example="six, as before",
        model=f"{len(held)} ({notation(list(held))})",
    )


@then(step("the bid is refused: it is {player:Player}'s turn"))
def _bid_out_of_turn(world: World, player: Seat) -> None:
    world.refused("the bid", OutOfTurnError, f"it is {player_name(player)}'s turn")
    nothing_made(world, player)


@then("the bid is refused: in round 1 only the upcard may be ordered up")
def _no_naming_in_round_one(world: World) -> None:
    world.refused("the bid", EuchreError, "in round 1 only the upcard may be ordered up")
    nothing_made(world, world.the_dealer().left)


@then(step("the bid is refused: {suit:Suit} was turned down"))
def _turned_down(world: World, suit: Suit) -> None:
    refusal = world.refused("the bid", TurnedDownSuitError, f"{notation(suit)} was turned down")
    assert notation(suit) in str(refusal), (
        f"the refusal should name {notation(suit)}: {said(refusal)}"
    )
    no_trump_made(world)


@then("the bid is refused: stick the dealer")
def _stuck(world: World) -> None:
    world.refused("the bid", DealerMustCallError, "stick the dealer: the dealer must name a suit")
    nothing_made(world, world.the_dealer())


@then(step("{player:Player} sits the hand out"))
def _sits_out(world: World, player: Seat) -> None:
    world.not_refused(f"{player_name(player)} sits the hand out")
    sitting_out = list(world.the_hand().sitting_out)
    assert sitting_out == [player], mismatch(
        "who sits the hand out",
        example=f"{player_name(player)} alone",
        model=listed(sitting_out) or "nobody",
    )


@then(step("the first trick is played by {players:Player+}"))
def _first_trick_players(world: World, players: list[Seat]) -> None:
    trick = world.the_hand().trick
    subject = "the players of the first trick, in order"
    assert trick is not None, mismatch(
        subject,
        example=listed(players),
        model="no trick: play has not started (the dealer discards first, once trump is made)",
    )
    order = list(trick.order)
    assert order == players, mismatch(subject, example=listed(players), model=listed(order))


@then("the hand is thrown in, and nobody scores")
def _thrown_in(world: World) -> None:
    world.not_refused("the hand is thrown in")
    result = world.the_hand().result
    assert result is not None, mismatch(
        "the hand", example="it is over, thrown in", model="a hand not over"
    )
    assert result.trump is None, mismatch(
        "trump", example="nobody made it", model=notation(result.trump)
    )
    assert set(result.points.values()) == {0}, mismatch(
        "the points", example="nobody scores", model=points_said(result.points)
    )


@then(step("{player:Player} must discard before sitting the hand out"))
def _discards_first(world: World, player: Seat) -> None:
    hand = world.the_hand()
    held = list(hand.cards(player))
    assert hand.turn is player, mismatch(
        "whose turn it is",
        example=f"{player_name(player)}'s, to discard",
        model=f"{notation(hand.turn)}'s" if hand.turn is not None else "nobody's",
    )
    assert len(held) == 6, mismatch(
        f"the cards {player_name(player)} holds",
        example="six, before discarding",
        model=f"{len(held)} ({notation(held)})",
    )
    assert list(hand.sitting_out) == [player], mismatch(
        "who sits the hand out",
        example=f"{player_name(player)} alone",
        model=listed(hand.sitting_out) or "nobody",
    )
