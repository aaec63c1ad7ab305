"""Cards: suits with colours, ranks, and a notation that reads and writes both ways."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.cards import DECK, Card, Colour, InvalidCardError, Rank, Suit


def test_the_deck_has_the_24_cards_from_nine_to_ace() -> None:
    assert len(DECK) == 24
    assert len(set(DECK)) == 24
    assert {card.rank for card in DECK} == set(Rank)
    assert [str(rank) for rank in Rank] == ["9", "10", "J", "Q", "K", "A"]


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_round_trips_through_its_notation(card: Card) -> None:
    assert Card.parse(str(card)) == card


@pytest.mark.parametrize("card", DECK, ids=str)
def test_repr_is_code_that_builds_the_same_card(card: Card) -> None:
    assert eval(repr(card)) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("9H", Card(Rank.NINE, Suit.HEARTS)),
        ("10D", Card(Rank.TEN, Suit.DIAMONDS)),
        ("TD", Card(Rank.TEN, Suit.DIAMONDS)),
        ("td", Card(Rank.TEN, Suit.DIAMONDS)),
        ("js", Card(Rank.JACK, Suit.SPADES)),
        ("J♥", Card(Rank.JACK, Suit.HEARTS)),
        ("A♠", Card(Rank.ACE, Suit.SPADES)),
        ("Q♦", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("K♣", Card(Rank.KING, Suit.CLUBS)),
        (" 10h ", Card(Rank.TEN, Suit.HEARTS)),
    ],
)
def test_parse_reads_every_notation_of_the_hand_record(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


def test_writers_use_the_plain_form() -> None:
    assert str(Card.parse("t♦")) == "10D"


@pytest.mark.parametrize("text", ["1H", "JX", "", "8C", "10", "H", "JHH", "11S", "J♥♥"])
def test_parse_rejects_what_is_not_a_card_and_says_what_a_card_looks_like(text: str) -> None:
    with pytest.raises(InvalidCardError) as raised:
        Card.parse(text)
    message = str(raised.value)
    assert repr(text) in message
    assert "rank" in message
    assert "suit" in message


def test_invalid_card_error_is_a_value_error() -> None:
    assert issubclass(InvalidCardError, ValueError)


def test_parse_many_reads_a_space_separated_list() -> None:
    assert Card.parse_many("9H 10D  J♠") == (
        Card(Rank.NINE, Suit.HEARTS),
        Card(Rank.TEN, Suit.DIAMONDS),
        Card(Rank.JACK, Suit.SPADES),
    )
    assert Card.parse_many("") == ()


@pytest.mark.parametrize(
    ("suit", "colour", "same_colour"),
    [
        (Suit.HEARTS, Colour.RED, Suit.DIAMONDS),
        (Suit.DIAMONDS, Colour.RED, Suit.HEARTS),
        (Suit.CLUBS, Colour.BLACK, Suit.SPADES),
        (Suit.SPADES, Colour.BLACK, Suit.CLUBS),
    ],
)
def test_suits_come_in_two_colours(suit: Suit, colour: Colour, same_colour: Suit) -> None:
    assert suit.colour is colour
    assert suit.same_colour_suit is same_colour


def test_suits_parse_from_their_names_letters_and_symbols() -> None:
    assert Suit.parse("hearts") is Suit.HEARTS
    assert Suit.parse("H") is Suit.HEARTS
    assert Suit.parse("♥") is Suit.HEARTS
    assert Suit.parse("Spades") is Suit.SPADES
    assert str(Suit.CLUBS) == "clubs"
    assert Suit.DIAMONDS.symbol == "♦"


def test_an_unknown_suit_is_refused_by_name() -> None:
    with pytest.raises(InvalidCardError, match="'stars' is not a suit"):
        Suit.parse("stars")


def test_a_card_shows_with_its_suit_symbol() -> None:
    assert Card.parse("10H").symbol == "10♥"


def test_cards_have_no_order_of_their_own() -> None:
    # Rank depends on trump and the suit led: see euchre.trump.
    with pytest.raises(TypeError):
        _ = Card.parse("AH") < Card.parse("KH")  # type: ignore[operator]


@pytest.mark.parametrize(
    "text",
    [
        "\u212aH",  # the Kelvin sign, which folds to K in Unicode
        "J\u017f",  # the long s, which folds to s in Unicode
        "\uff2a\uff28",  # full-width JH
        "\u0669H",  # Arabic-Indic nine
        "J\u2661",  # the white heart suit, not one of the four symbols
        "A\u2660\ufe0f",  # a spade with an emoji variation selector
    ],
)
def test_only_ascii_ranks_and_suit_letters_or_the_four_suit_symbols_are_cards(text: str) -> None:
    with pytest.raises(InvalidCardError, match="is not a card"):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 9, ["JH"], {"J": "H"}])
def test_parse_refuses_what_is_not_text_as_not_a_card(value: object) -> None:
    with pytest.raises(InvalidCardError, match="is not a card"):
        Card.parse(value)  # type: ignore[arg-type]


@given(st.text(max_size=6))
def test_any_text_is_a_card_in_some_notation_or_not_a_card(text: str) -> None:
    try:
        card = Card.parse(text)
    except InvalidCardError as error:
        message = str(error)
    else:
        assert Card.parse(str(card)) == card
        assert text.strip().isascii() or text.strip()[-1] in "♣♦♥♠"
        return
    assert "is not a card" in message
