"""Steps that set the house rules of a scenario: the variants of Euchre Game Notation (EGN).

Each scenario plays under one house rule, so each step gives the scenario its rules whole.
"""

from __future__ import annotations

from pytest_bdd import given, then

from euchre.errors import IllegalBidError
from euchre.rules import LonerLead, Rules
from step_defs.conftest import World
from step_defs.parameters import mismatch, said, step


@given("the player on the lone maker's left leads")
def _left_of_loner(world: World) -> None:
    world.rules = Rules(loner_lead=LonerLead.LEFT_OF_LONER)


@given("the Canadian loner rule is played")
def _canadian(world: World) -> None:
    world.rules = Rules(canadian=True)


@given(step("a lone march scores {march:d}, and euchring a loner {euchred:d}"))
def _loner_scores(world: World, march: int, euchred: int) -> None:
    world.rules = Rules(loner_march_score=march, loner_euchred_score=euchred)


@given(step("the game is played for {deals:d} hand, whatever the score"))
@given(step("the game is played for {deals:d} hands, whatever the score"))
def _hands_long(world: World, deals: int) -> None:
    world.rules = Rules(points_to_win=0, num_deals=deals)


@then("the bid is refused: the dealer's partner who orders up must go alone")
def _must_go_alone(world: World) -> None:
    refusal = world.refused(
        "the bid", IllegalBidError, "the dealer's partner who orders up must go alone"
    )
    assert "alone" in str(refusal), mismatch(
        "the refusal", example="they must go alone", model=said(refusal)
    )
