"""The refusals carry what they are about, and their messages are written from it."""

import pickle

import pytest

from euchre.actions import DEFEND_ALONE, PASS, PLAY, Discard, NameTrump, Play
from euchre.bidding import ROUND_1
from euchre.cards import Card, Suit
from euchre.errors import (
    CanadianLonerError,
    CardNotHeldError,
    DealerMustCallError,
    EuchreError,
    GameOverError,
    HandOverError,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    InvalidCardError,
    MustFollowSuitError,
    OutOfTurnError,
    TrickCompleteError,
    TrickIncompleteError,
    TurnedDownSuitError,
    WrongPhaseError,
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
        (
            TrickIncompleteError(2),
            {"played": 2},
            "the trick is not complete: 2 cards played, no winner yet",
        ),
        (
            CanadianLonerError(Seat.NORTH),
            {"seat": Seat.NORTH},
            "the Canadian loner: N orders up the dealer's card, so goes alone",
        ),
        (
            InvalidCardError("1H", "card"),
            {"text": "1H", "kind": "card"},
            "'1H' is not a card: write a rank (9 10 J Q K A) then a suit (C D H S),"
            " as in 'JH' or '10D'",
        ),
        (
            InvalidCardError("stars", "suit"),
            {"text": "stars", "kind": "suit"},
            "'stars' is not a suit: write clubs, diamonds, hearts or spades (or C D H S)",
        ),
        (
            WrongPhaseError(Play(Card.parse("AC")), ROUND_1, trump_made=False),
            {"action": Play(Card.parse("AC")), "stage": ROUND_1, "trump_made": False},
            f"trump is not made yet: {ROUND_1}",
        ),
        (
            WrongPhaseError(NameTrump(Suit.SPADES), ROUND_1, trump_made=False),
            {"action": NameTrump(Suit.SPADES)},
            ROUND_1,
        ),
        (
            WrongPhaseError(PASS, "play the tricks", trump_made=True),
            {"stage": "play the tricks", "trump_made": True},
            "trump is already made: play the tricks",
        ),
        (
            WrongPhaseError(Discard(Card.parse("9C")), ROUND_1, trump_made=False),
            {"action": Discard(Card.parse("9C"))},
            f"only the dealer discards, after the upcard is ordered up: {ROUND_1}",
        ),
        (
            WrongPhaseError(DEFEND_ALONE, "play the tricks", trump_made=True),
            {"action": DEFEND_ALONE},
            "only a defender facing a lone maker may defend alone, under that variant:"
            " play the tricks",
        ),
        (
            HandOverError(PASS),
            {"action": PASS},
            "the hand is over: it takes no more actions (pass)",
        ),
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


def test_the_refusals_a_bid_or_a_play_may_meet_are_of_their_kind() -> None:
    assert issubclass(CanadianLonerError, IllegalBidError)
    assert issubclass(TrickIncompleteError, IllegalPlayError)
    for error in (WrongPhaseError, HandOverError, IllegalBidError, IllegalPlayError):
        assert issubclass(error, IllegalActionError)


def test_a_refusal_of_each_kind_survives_being_sent_to_another_process() -> None:
    for error in (
        WrongPhaseError(PASS, "play the tricks", trump_made=True),
        HandOverError(PASS),
        InvalidCardError("1H", "card"),
        CanadianLonerError(Seat.EAST),
        TrickIncompleteError(3),
    ):
        assert str(pickle.loads(pickle.dumps(error))) == str(error)
