"""Steps about scoring a hand: who made trump, how many tricks they won, who scores what.

Either team may make trump, so no step assumes which one did: the scenario says.
"""

from __future__ import annotations

from pytest_bdd import given, then, when

from euchre.rules import Rules
from euchre.scoring import score
from euchre.seats import Team
from step_defs.conftest import World
from step_defs.parameters import Side, mismatch, notation, step, team_name


@given(step("{team:Team} made trump"))
def _made_trump(world: World, team: Team) -> None:
    world.makers = team


@given(step("{team:Team} made trump, going alone"))
def _made_trump_alone(world: World, team: Team) -> None:
    world.makers, world.alone = team, True


@when(step("the makers win {tricks:d} of the 5 tricks"))
def _makers_win(world: World, tricks: int) -> None:
    assert world.makers is not None, (
        "the scenario does not say which team made trump: say it with a Given such as “Team 1"
        " made trump”, in the scenario or in the feature's Background"
    )
    world.scored = score(world.makers, tricks, world.alone, rules=world.rules or Rules())


@then(step("{team:Team}, the {side:Side}, score {points:d}"))
def _scores(world: World, team: Team, side: Side, points: int) -> None:
    is_makers = {"makers": True, "defenders": False}[side]
    assert (team is world.makers) is is_makers, (
        f"the scenario is wrong: {team_name(team)} are not the {side}"
    )
    assert world.scored is not None, "nothing was scored"
    scorers, won = world.scored
    assert (scorers, won) == (team, points), mismatch(
        "who scores the hand",
        example=f"{team_name(team)}, the {side}, score {points}",
        model=f"{notation(scorers)} score {won}",
    )
