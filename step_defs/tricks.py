"""Steps about a trick: who plays in which order, what each player may play, and who wins.

The trick being played lives in ``World.trick``. A trick a scenario gives as a table is
history: each player held the card they played, whatever they hold now.
"""

from __future__ import annotations

from pytest_bdd import given, then, when

from euchre.actions import Play
from euchre.cards import Card, Suit
from euchre.errors import (
    CardNotHeldError,
    EuchreError,
    MustFollowSuitError,
    OutOfTurnError,
    TrickCompleteError,
)
from euchre.seats import Seat
from euchre.trick import Trick, legal_plays
from step_defs.bidding import act
from step_defs.conftest import World
from step_defs.parameters import listed, mismatch, notation, player_name, plays_in, said, step


def play_the_rows(world: World, datatable: list[list[str]]) -> Trick:
    """Play the cards of a | player | card | table to a new first trick, in turn."""
    trick = world.first_trick()
    world.plays_given = plays_in(datatable)
    for seat, card in world.plays_given:
        try:
            trick.play(seat, card, [card])
        except EuchreError as error:
            raise AssertionError(
                f"{player_name(seat)} could not play {notation(card)} as the table says:"
                f" {said(error)}"
            ) from error
    return trick


@given(step("{player:Player} holds {cards:Card+}"))
def _holds(world: World, player: Seat, cards: list[Card]) -> None:
    world.held[player] = cards


@given("the first trick so far is:")
@given("the first trick was played:")
def _trick_so_far(world: World, datatable: list[list[str]]) -> None:
    play_the_rows(world, datatable)


@given("the first trick so far holds no card")
def _nothing_led(world: World) -> None:
    world.first_trick()


@given(step("the first trick so far holds {card:Card}, led by {player:Player}"))
def _led_so_far(world: World, card: Card, player: Seat) -> None:
    play_the_rows(world, [["player", "card"], [player_name(player), str(card)]])


@when("the first trick begins")
def _first_trick(world: World) -> None:
    world.first_trick()


@when("the next trick begins")
def _next_trick(world: World) -> None:
    world.trick = world.the_trick().next_trick()


@when(step("{player:Player} leads {card:Card}"))
def _leads(world: World, player: Seat, card: Card) -> None:
    trick = world.first_trick()
    try:
        trick.play(player, card, world.cards_of(player, card))
    except EuchreError as error:
        raise AssertionError(
            f"{player_name(player)} may lead any card they hold, but leading"
            f" {notation(card)} was refused: {said(error)}"
        ) from error


@when(step("{player:Player} plays {card:Card}"))
def _plays(world: World, player: Seat, card: Card) -> None:
    if world.hand is not None:  # a hand is being played: the card is played in it
        act(world, player, Play(card))
        world.trick = world.hand.trick
        return
    trick = world.trick or world.first_trick()
    try:
        trick.play(player, card, world.cards_of(player, card))
    except ValueError as refusal:  # a EuchreError, or a bare ValueError a Then step names
        world.refusal = refusal


@when("the trick's winner is looked for")
def _look_for_winner(world: World) -> None:
    try:
        world.winner_found = world.the_trick().winner
    except EuchreError as refusal:
        world.refusal = refusal


@when("these cards are played to a trick:")
def _play_a_trick(world: World, datatable: list[list[str]]) -> None:
    play_the_rows(world, datatable)


@then(step("the play order is {players:Player+}"))
def _play_order(world: World, players: list[Seat]) -> None:
    order = list(world.the_trick().order)
    assert order == players, mismatch(
        "the play order", example=listed(players), model=listed(order)
    )


@then("the trick so far is:")
def _trick_holds(world: World, datatable: list[list[str]]) -> None:
    expected, plays = plays_in(datatable), list(world.the_trick().plays)
    world.not_refused(f"the trick so far is {listed(expected)}")
    assert plays == expected, mismatch(
        "the trick so far", example=listed(expected), model=listed(plays) or "no card"
    )


@then("the trick is unchanged")
def _unchanged(world: World) -> None:
    plays = list(world.the_trick().plays)
    assert plays == world.plays_given, mismatch(
        "the trick after the refused play",
        example=f"unchanged, {listed(world.plays_given) or 'no card'}",
        model=listed(plays) or "no card",
    )


@then(step("the play is refused: it is {player:Player}'s turn"))
def _out_of_turn(world: World, player: Seat) -> None:
    refusal = world.refused("the play", OutOfTurnError, f"it is {player_name(player)}'s turn")
    text, name = str(refusal), player_name(player)
    # Checked aside: pytest would explain the check with the model's letter for the seat.
    names_the_turn = f"it is {player}'s turn" in text or f"it is {name}'s turn" in text
    assert names_the_turn, mismatch(
        "the refusal", example=f"it is {name}'s turn", model=said(refusal)
    )


@then(step("the play is refused: {player:Player} does not hold {card:Card}"))
def _not_held(world: World, player: Seat, card: Card) -> None:
    refusal = world.refused(
        "the play", CardNotHeldError, f"{player_name(player)} does not hold {notation(card)}"
    )
    named = str(card) in str(refusal)  # aside: its seat is a letter the features never use
    assert named, f"the refusal should name {notation(card)}: {said(refusal)}"


@then("the play is refused: the trick is complete")
def _trick_complete(world: World) -> None:
    world.refused("the play", TrickCompleteError, "the trick is complete")


@then(step("the play is refused: {player:Player} must follow {suit:Suit}, holding {cards:Card+}"))
def _must_follow(world: World, player: Seat, suit: Suit, cards: list[Card]) -> None:
    refusal = world.refused(
        "the play", MustFollowSuitError, f"{player_name(player)} must follow suit"
    )
    for card in cards:
        named = str(card) in str(refusal)  # aside: its seat is a letter the features never use
        assert named, (
            f"the refusal should name the card to follow with, {notation(card)}: {said(refusal)}"
        )


@then(step("the lead suit is {suit:Suit}"))
def _lead_suit(world: World, suit: Suit) -> None:
    lead = world.the_trick().lead_suit
    assert lead is suit, mismatch("the lead suit", example=notation(suit), model=notation(lead))


@then(step("{player:Player} may play only {cards:Card+}"))
@then(step("{player:Player} may play any of {cards:Card+}"))
def _may_play(world: World, player: Seat, cards: list[Card]) -> None:
    trick = world.the_trick()
    held = world.held[player]
    allowed = list(legal_plays(held, trick.lead_suit, world.the_trump()))

    def as_held(card: Card) -> tuple[int, str]:
        """In the order the player holds them (one not held, as an example may say, last)."""
        return (held.index(card) if card in held else len(held), notation(card))

    given, in_example = sorted(allowed, key=as_held), sorted(cards, key=as_held)
    assert given == in_example, mismatch(
        f"the cards {player_name(player)} may play, holding {notation(held)}",
        example=notation(in_example),
        model=notation(given) if given else "none",
    )


@then("the trick is complete")
def _complete(world: World) -> None:
    trick = world.the_trick()
    complete = trick.is_complete  # named, so that pytest's explanation shows no Trick object
    assert complete, mismatch(
        f"the trick of {listed(list(trick.plays))}",
        example="it is complete",
        model="not complete",
    )


@then("the trick is not complete")
def _not_complete(world: World) -> None:
    trick = world.the_trick()
    complete = trick.is_complete
    assert not complete, mismatch(
        f"the trick of {listed(list(trick.plays))}",
        example="it is not complete",
        model="complete",
    )


@then("there is no winner yet")
def _no_winner_yet(world: World) -> None:
    assert world.winner_found is None, mismatch(
        "the trick's winner", example="none yet", model=notation(world.winner_found)
    )
    world.refused("asking for the winner", EuchreError, "there is no winner yet")


@then(step("{player:Player} wins the trick for Team {team:d}"))
def _wins(world: World, player: Seat, team: int) -> None:
    winner = world.the_trick().winner
    assert winner is player, mismatch(
        "the trick's winner", example=player_name(player), model=notation(winner)
    )
    assert winner.team.number == team, mismatch(
        f"the team of {player_name(player)}",
        example=f"Team {team}",
        model=f"Team {winner.team.number}",
    )
