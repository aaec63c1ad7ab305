"""The one narrator: the same hand told to a player at the table, to someone watching, and to a
reader of a record."""

from __future__ import annotations

import pytest
from rich.text import Text

from euchre.actions import PASS, PLAY, Discard, NameTrump, OrderUp
from euchre.cards import Card, Suit
from euchre.cli.narrate import READING_A_RECORD, WATCHING, Narrator, Reader
from euchre.hand import Phase
from euchre.seats import Seat
from tests.builders import make_hand, play_out, run

N, E, S, W = Seat
AT_SOUTH = Narrator(Reader(seat=S))
ONLOOKER = Narrator(WATCHING)
RECORD = Narrator(READING_A_RECORD)


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


@pytest.mark.parametrize(
    ("narrator", "said"),
    [
        (AT_SOUTH, "You order up hearts and go alone."),
        (ONLOOKER, "South orders up hearts and goes alone."),
        (RECORD, "S orders up hearts alone."),
    ],
    ids=["player", "watching", "record"],
)
def test_an_order_is_told_in_the_readers_words(narrator: Narrator, said: str) -> None:
    assert plain(narrator.action(make_hand(), S, OrderUp(alone=True), Phase.ORDER_UP)) == said


def test_a_discard_is_shown_to_its_dealer_and_to_a_record_that_knows_it() -> None:
    hand = make_hand()  # West deals
    nine = Discard(Card.parse("9C"))
    assert plain(Narrator(Reader(seat=W)).action(hand, W, nine, Phase.DISCARD)) == (
        "You pick up K♥ and discard 9♣."
    )
    assert plain(AT_SOUTH.action(hand, W, nine, Phase.DISCARD)) == (
        "West picks up K♥ and discards a card."
    )
    assert RECORD.action(hand, W, nine, Phase.DISCARD) == "W picks up KH and discards 9C."
    assert RECORD.action(hand, W, nine, Phase.DISCARD, known=False) == (
        "W picks up KH and discards a card nobody saw."
    )


def test_a_card_led_a_named_suit_and_a_pass() -> None:
    hand = make_hand()
    assert RECORD.action(hand, N, PLAY[Card.parse("AD").index], Phase.PLAY, leads=True) == (
        "N leads AD."
    )
    assert RECORD.action(hand, E, NameTrump(Suit.SPADES), Phase.NAME_TRUMP) == "E names spades."
    assert AT_SOUTH.action(hand, S, PASS, Phase.NAME_TRUMP) == "You pass."


def test_a_trick_and_its_winner_for_each_reader() -> None:
    hand = play_out(run(make_hand(), "pass, order up, discard 9C"))
    trick = hand.tricks[0]
    record = RECORD.trick(1, trick)
    assert record.startswith("Trick 1: ")
    assert record.endswith(f"{trick.winner} wins.")
    told = plain(Narrator(Reader(seat=trick.winner)).trick(1, trick))
    assert told.endswith("You win.")
    assert RECORD.trick_won(1, trick.winner) == f"{trick.winner} wins trick 1."


def test_who_deals() -> None:
    hand = make_hand()
    assert RECORD.deal(hand) == "West deals; the upcard is KH."
    assert plain(Narrator(Reader(seat=W)).deal(hand)) == "you deal; the upcard is K♥."


def test_a_hand_that_stopped_part_way() -> None:
    assert RECORD.result(None) == ["The record stops before this hand is finished."]
