"""The refusals carry what they are about, and their messages are written from it."""

import pickle

import pytest

from euchre.actions import PLAY
from euchre.cards import Card, Suit
from euchre.errors import (
    CardNotHeldError,
    DealerMustCallError,
    EuchreError,
    GameOverError,
    IllegalActionError,
    MustFollowSuitError,
    OutOfTurnError,
    TrickCompleteError,
    TurnedDownSuitError,
)
from euchre.seats import Seat, Team
from tests.builders import make_hand, run


def test_an_out_of_turn_refusal_names_whose_turn_it_is_and_who_acted() -> None:
    error = OutOfTurnError(Seat.NORTH, acted=Seat.EAST)
    assert (error.turn, error.acted) == (Seat.NORTH, Seat.EAST)
    assert str(error) == "it is N's turn, not E's"
    assert isinstance(error, IllegalActionError)


def test_a_refused_play_carries_the_seat_the_suit_and_the_cards_that_follow() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC")
    seat = hand.turn
    assert seat is not None
    following = tuple(card for card in hand.cards(seat) if card.suit is Suit.CLUBS)
    off_suit = next(card for card in hand.cards(seat) if card.suit is not Suit.CLUBS)
    assert following  # the seat could follow
    with pytest.raises(MustFollowSuitError) as refused:
        hand.apply(PLAY[off_suit.index], seat)
    assert (refused.value.seat, refused.value.suit) == (seat, Suit.CLUBS)
    assert refused.value.following == following
    held = " ".join(map(str, following))
    assert str(refused.value) == f"{seat} must follow clubs (holds {held})"


@pytest.mark.parametrize(
    ("error", "fields", "message"),
    [
        (
            CardNotHeldError(Seat.SOUTH, Card.parse("QD")),
            {"card": Card.parse("QD")},
            "S does not hold QD",
        ),
        (
            DealerMustCallError(Seat.WEST),
            {"seat": Seat.WEST},
            "stick the dealer: W must name trump",
        ),
        (
            TurnedDownSuitError(Suit.HEARTS),
            {"suit": Suit.HEARTS},
            "hearts was turned down: name another suit",
        ),
        (
            TurnedDownSuitError(Suit.HEARTS, ordered_up=True),
            {"ordered_up": True},
            "hearts was turned down: in round 2 it may not be ordered up",
        ),
        (TrickCompleteError(4), {"played": 4}, "the trick is complete: 4 cards played"),
        (GameOverError(Team.NS, (10, 7)), {"winner": Team.NS}, "the game is over: NS won 10-7"),
        (GameOverError(None, (10, 10)), {"scores": (10, 10)}, "the game is over: drawn 10-10"),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, EuchreError) else "",
)
def test_each_refusal_is_written_from_its_fields(
    error: EuchreError, fields: dict[str, object], message: str
) -> None:
    assert {name: getattr(error, name) for name in fields} == fields
    assert str(error) == message
    assert isinstance(error, ValueError)


def test_a_refusal_survives_being_sent_to_another_process() -> None:
    error = MustFollowSuitError(Seat.NORTH, Suit.SPADES, (Card.parse("9S"),))
    copied = pickle.loads(pickle.dumps(error))
    assert (copied.seat, copied.suit, copied.following, str(copied)) == (
        error.seat,
        error.suit,
        error.following,
        str(error),
    )
