"""Steps for features/play_order.feature."""

from __future__ import annotations

from pytest_bdd import scenarios, then, when

from euchre.errors import CardNotHeldError, EuchreError, OutOfTurnError, TrickCompleteError
from euchre.seats import Seat
from euchre.trick import Trick
from step_defs.conftest import Table, player_name, step

scenarios("play_order.feature")


@when("the first trick begins", target_fixture="trick")
def _first_trick(table: Table) -> Trick:
    return table.first_trick()


@when("the next trick begins", target_fixture="trick")
def _next_trick(trick: Trick) -> Trick:
    return trick.next_trick()


@then(step("the play is refused: it is {player:Player}'s turn"))
def _out_of_turn(refusal: EuchreError | None, player: Seat) -> None:
    assert isinstance(refusal, OutOfTurnError)
    assert f"it is {player}'s turn" in str(refusal), player_name(player)


@then("the play is refused: the trick is complete")
def _trick_complete(refusal: EuchreError | None) -> None:
    assert isinstance(refusal, TrickCompleteError)
    assert not isinstance(refusal, CardNotHeldError)
