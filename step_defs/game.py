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
from step_defs.parameters import cards_in, notation, parse_player, player_name, step, team_name


def the_other(team: Team) -> Team:
    return next(other for other in Team if other is not team)


def the_game(world: World) -> Game:
    assert world.game is not None, "the scenario has not started a game"
    return world.game


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
        assert hand.turn is expected, (
            f"trick {number} should be led by {player_name(expected)},"
            f" but it is {notation(hand.turn)}'s turn"
        )
        for card in cards_in(cards):
            seat = hand.turn
            assert seat is not None, f"trick {number}: the hand is over before {card} is played"
            act(world, seat, Play(card))
            assert world.refusal is None, (
                f"trick {number}: {player_name(seat)} may play {notation(card)},"
                f" but it was refused: {world.refusal}"
            )


@then(step("{team:Team} wins the hand, {won:d} tricks to {lost:d}, and scores {points:d} point"))
@then(step("{team:Team} wins the hand, {won:d} tricks to {lost:d}, and scores {points:d} points"))
def _wins_the_hand(world: World, team: Team, won: int, lost: int, points: int) -> None:
    result = the_played_hand(world).result
    assert result is not None, "the hand should be over after five tricks"
    other = the_other(team)
    tricks = {notation(side): result.tricks_won[side] for side in (team, other)}
    assert tricks == {team_name(team): won, team_name(other): lost}, (
        f"{team_name(team)} should win {won} tricks to {lost}: {tricks}"
    )
    scored = {notation(side): result.points[side] for side in (team, other)}
    assert scored == {team_name(team): points, team_name(other): 0}, (
        f"{team_name(team)} alone should score, {points}: {scored}"
    )


@then(step("{team:Team} wins the game, {won:d} points to {lost:d}"))
def _wins_the_game(world: World, team: Team, won: int, lost: int) -> None:
    game = the_game(world)
    scores = {notation(side): points for side, points in game.scores.items()}
    assert game.winner is team, (
        f"{team_name(team)} should win the game, not {notation(game.winner)}, at {scores}"
    )
    assert scores == {team_name(team): won, team_name(the_other(team)): lost}, (
        f"the game should end {won} points to {lost}: {scores}"
    )


@then(step("the game goes on, with {first:Team} at {first_points:d} and {second:Team} at {then:d}"))
def _goes_on(world: World, first: Team, first_points: int, second: Team, then: int) -> None:
    game = the_game(world)
    scores = {notation(side): points for side, points in game.scores.items()}
    assert game.winner is None, f"nobody has 10 points, yet {notation(game.winner)} won: {scores}"
    assert scores == {team_name(first): first_points, team_name(second): then}, (
        f"the score should be {first_points} to {then}: {scores}"
    )


@then(step("the game is drawn, {first_points:d} points all"))
def _drawn(world: World, first_points: int) -> None:
    game = the_game(world)
    scores = {notation(side): points for side, points in game.scores.items()}
    assert game.is_over, f"the game should be over, at {scores}"
    assert game.winner is None, f"the game should end drawn, not won by {notation(game.winner)}"
    assert set(game.scores.values()) == {first_points}, f"the score should be level: {scores}"


@then(step("{player:Player} deals the next hand"))
def _deals_next(world: World, player: Seat) -> None:
    hand = the_game(world).hand
    assert hand is not world.played, "the game should have dealt a new hand"
    assert hand.dealer is player, (
        f"{player_name(player)} should deal the next hand, not {notation(hand.dealer)}"
    )
