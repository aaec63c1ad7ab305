"""The refusals' shared wording: one place says whose turn it is."""

from euchre.errors import IllegalActionError, OutOfTurnError
from euchre.seats import Seat


def test_an_out_of_turn_refusal_names_whose_turn_it_is_and_who_acted() -> None:
    error = OutOfTurnError.waiting_for(Seat.NORTH, acted=Seat.EAST)
    assert str(error) == "it is N's turn, not E's"
    assert isinstance(error, IllegalActionError)
