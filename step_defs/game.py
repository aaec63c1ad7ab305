"""Steps about a whole hand played trick by trick, and a game played to its end.

A game in a scenario starts from a score the scenario gives, with the deal it gives;
later hands are shuffled from a fixed seed.
"""

from __future__ import annotations

import random

from pytest_bdd import given, then, when

from euchre.actions import Play
from euchre.game import Game
from euchre.hand import Hand
from euchre.rules import Rules
from euchre.seats import Seat, Team
from step_defs.bidding import act
from step_defs.cards_and_deals import SEED
from step_defs.conftest import World
from step_defs.parameters import (
    cards_in,
    mismatch,
    notation,
    parse_player,
    player_name,
    points_said,
    step,
    team_name,
)


def the_other(team: Team) -> Team:
    return next(other for other in Team if other is not team)


def the_game(world: World) -> Game:
    assert world.game is not None, "the scenario has not started a game"
    return world.game


def winner_said(game: Game) -> str:
    return notation(game.winner) if game.winner is not None else "nobody"


def the_played_hand(world: World) -> Hand:
    assert world.played is not None, "the scenario has not played a hand"
    return world.played


@given(step("the score is {first:Team} {first_points:d}, {second:Team} {second_points:d}"))
def _score_is(
    world: World, first: Team, first_points: int, second: Team, second_points: int
) -> None:
    scores = {first: first_points, second: second_points}
    rules = world.rules or Rules()
    world.game = Game.resume(random.Random(SEED), scores, world.the_deal(), rules)


@when("the five tricks are played:")
def _five_tricks(world: World, datatable: list[list[str]]) -> None:
    hand = world.played = world.the_hand()
    for number, (leader, cards) in enumerate(datatable[1:], start=1):
        expected = parse_player(leader)
        assert hand.turn is expected, mismatch(
            f"who leads trick {number}",
            example=player_name(expected),
            model=notation(hand.turn) if hand.turn is not None else "nobody: the hand is over",
        )
        for card in cards_in(cards):
            seat = hand.turn
            assert seat is not None, mismatch(
                f"trick {number}",
                example=f"{notation(card)} is played",
                model="a hand already over",
            )
            act(world, seat, Play(card))
            world.not_refused(f"in trick {number}, {player_name(seat)} plays {notation(card)}")


@then(step("{team:Team} wins the hand, {won:d} tricks to {lost:d}, and scores {points:d} point"))
@then(step("{team:Team} wins the hand, {won:d} tricks to {lost:d}, and scores {points:d} points"))
def _wins_the_hand(world: World, team: Team, won: int, lost: int, points: int) -> None:
    result = the_played_hand(world).result
    assert result is not None, mismatch(
        "the hand after five tricks", example="it is over", model="a hand not over"
    )
    other = the_other(team)
    tricks = {notation(side): result.tricks_won[side] for side in (team, other)}
    assert tricks == {team_name(team): won, team_name(other): lost}, mismatch(
        "the tricks won",
        example=points_said({team: won, other: lost}),
        model=points_said(result.tricks_won),
    )
    scored = {notation(side): result.points[side] for side in (team, other)}
    assert scored == {team_name(team): points, team_name(other): 0}, mismatch(
        "the points scored",
        example=points_said({team: points, other: 0}),
        model=points_said(result.points),
    )


@then(step("{team:Team} wins the game, {won:d} points to {lost:d}"))
def _wins_the_game(world: World, team: Team, won: int, lost: int) -> None:
    game = the_game(world)
    scores = {notation(side): points for side, points in game.scores.items()}
    assert game.winner is team, mismatch(
        "the game's winner",
        example=team_name(team),
        model=f"{winner_said(game)}, at {points_said(game.scores)}",
    )
    assert scores == {team_name(team): won, team_name(the_other(team)): lost}, mismatch(
        "the score at the end of the game",
        example=points_said({team: won, the_other(team): lost}),
        model=points_said(game.scores),
    )


@then(step("the game goes on, with {first:Team} at {first_points:d} and {second:Team} at {then:d}"))
def _goes_on(world: World, first: Team, first_points: int, second: Team, then: int) -> None:
    game = the_game(world)
    scores = {notation(side): points for side, points in game.scores.items()}
    assert game.winner is None, mismatch(
        "the game",
        example="it goes on, with nobody at 10 points",
        model=f"won by {winner_said(game)}, at {points_said(game.scores)}",
    )
    assert scores == {team_name(first): first_points, team_name(second): then}, mismatch(
        "the score",
        example=points_said({first: first_points, second: then}),
        model=points_said(game.scores),
    )


@then(step("the game is drawn, {first_points:d} points all"))
def _drawn(world: World, first_points: int) -> None:
    game = the_game(world)
    score, over = points_said(game.scores), game.is_over  # pytest would show the Game object
    assert over, mismatch(
        "the game", example="it is over, drawn", model=f"a game going on, at {score}"
    )
    assert game.winner is None, mismatch(
        "the game", example="it is drawn", model=f"won by {winner_said(game)}, at {score}"
    )
    assert set(game.scores.values()) == {first_points}, mismatch(
        "the score", example=f"{first_points} points all", model=score
    )


@then(step("{player:Player} deals the next hand"))
def _deals_next(world: World, player: Seat) -> None:
    hand = the_game(world).hand
    dealt_anew = hand is not world.played  # named: pytest would show both Hand objects
    assert dealt_anew, mismatch(
        "the next hand",
        example=f"{player_name(player)} deals it",
        model="no new hand: the one played is still the game's",
    )
    assert hand.dealer is player, mismatch(
        "the dealer of the next hand", example=player_name(player), model=notation(hand.dealer)
    )
