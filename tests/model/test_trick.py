"""A trick: the lead suit, following suit, whose turn it is, and who wins."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.cards import DECK, Card, Suit
from euchre.errors import (
    CardNotHeldError,
    IllegalActionError,
    IllegalPlayError,
    MustFollowSuitError,
    OutOfTurnError,
    TrickCompleteError,
)
from euchre.rules import LonerLead, Rules
from euchre.seats import Seat
from euchre.trick import Trick, first_leader, legal_plays
from euchre.trump import effective_suit

N, E, S, W = Seat


def cards(text: str) -> tuple[Card, ...]:
    return Card.parse_many(text)


def played(trump: Suit, leader: Seat, text: str) -> Trick:
    trick = Trick(leader=leader, trump=trump)
    seat = leader
    for card in cards(text):
        trick.play(seat, card, held=(card,))
        seat = trick.turn or seat
    return trick


def test_the_first_card_sets_the_lead_suit() -> None:
    trick = Trick(leader=N, trump=Suit.SPADES)
    assert trick.lead_suit is None
    trick.play(N, Card.parse("9H"), held=cards("9H AS"))
    assert trick.lead_suit is Suit.HEARTS


def test_a_led_left_bower_makes_trump_the_lead_suit() -> None:
    assert played(Suit.HEARTS, N, "JD").lead_suit is Suit.HEARTS


def test_play_passes_to_the_left() -> None:
    trick = played(Suit.SPADES, E, "9H 10H")
    assert trick.turn is W
    assert trick.order == (E, S, W, N)


def test_a_player_who_can_follow_must_even_holding_trump() -> None:
    trick = played(Suit.SPADES, N, "9H")
    hand = cards("AS 10H KC")
    assert legal_plays(hand, trick.lead_suit, Suit.SPADES) == cards("10H")
    with pytest.raises(MustFollowSuitError, match=r"^E must follow hearts \(holds 10H\)$"):
        trick.play(E, Card.parse("AS"), hand)


def test_a_player_who_cannot_follow_may_play_anything() -> None:
    hand = cards("AS KC JD")
    assert legal_plays(hand, Suit.HEARTS, Suit.SPADES) == hand


def test_before_the_lead_every_card_is_legal() -> None:
    hand = cards("AS KC")
    assert legal_plays(hand, None, Suit.SPADES) == hand


def test_the_left_bower_is_not_a_card_of_its_printed_suit() -> None:
    hand = cards("JD AS")
    assert legal_plays(hand, Suit.DIAMONDS, Suit.HEARTS) == hand
    assert legal_plays(cards("JD AS"), Suit.HEARTS, Suit.HEARTS) == cards("JD")


def test_playing_out_of_turn_is_refused_and_changes_nothing() -> None:
    trick = played(Suit.SPADES, N, "9H")
    with pytest.raises(OutOfTurnError, match=r"^it is E's turn, not S's$"):
        trick.play(S, Card.parse("10H"), cards("10H"))
    assert trick.plays == ((N, Card.parse("9H")),)


def test_playing_a_card_not_held_is_refused() -> None:
    trick = Trick(leader=N, trump=Suit.SPADES)
    with pytest.raises(CardNotHeldError, match=r"^N does not hold AH$"):
        trick.play(N, Card.parse("AH"), cards("9H"))
    assert trick.plays == ()


def test_playing_to_a_finished_trick_is_refused() -> None:
    trick = played(Suit.SPADES, N, "9H 10H JH QH")
    assert trick.is_complete
    with pytest.raises(TrickCompleteError, match=r"^the trick is complete: 4 cards played$"):
        trick.play(N, Card.parse("AH"), cards("AH"))
    assert len(trick.plays) == 4


def test_all_refusals_are_illegal_plays_and_value_errors() -> None:
    for error in (MustFollowSuitError, TrickCompleteError):
        assert issubclass(error, IllegalPlayError)
    for error in (OutOfTurnError, CardNotHeldError, IllegalPlayError):
        assert issubclass(error, IllegalActionError)
        assert issubclass(error, ValueError)


def test_without_trump_the_highest_card_of_the_lead_suit_wins() -> None:
    assert played(Suit.SPADES, N, "9H AH 10H QH").winner is E


def test_the_lowest_trump_beats_the_lead_suit() -> None:
    assert played(Suit.SPADES, N, "AH KH 9S QH").winner is S


def test_an_off_suit_card_never_wins() -> None:
    assert played(Suit.SPADES, N, "9H AC AD 10H").winner is W


def test_the_right_bower_beats_the_left_bower_beats_the_ace() -> None:
    assert played(Suit.HEARTS, N, "AH JD JH KH").winner is S


def test_the_winner_of_an_unfinished_trick_is_not_known() -> None:
    with pytest.raises(IllegalPlayError, match="the trick is not complete"):
        _ = played(Suit.SPADES, N, "9H").winner


def test_a_trick_can_be_played_by_three_when_a_partner_sits_out() -> None:
    trick = Trick(leader=N, trump=Suit.SPADES, players=(N, E, W))
    for seat, card in zip((N, E, W), cards("9H 10H AH"), strict=True):
        trick.play(seat, card, (card,))
    assert trick.is_complete
    assert trick.winner is W


def test_a_trick_shows_its_cards_in_play_order() -> None:
    assert str(played(Suit.SPADES, E, "9H AH")) == "E:9H S:AH"


@pytest.mark.usefixtures("uncovered")  # a property: other tests cover its lines
@given(
    trump=st.sampled_from(Suit),
    leader=st.sampled_from(Seat),
    four=st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True),
)
def test_exactly_one_card_wins_and_it_is_trump_or_the_lead_suit(
    trump: Suit, leader: Seat, four: list[Card]
) -> None:
    trick = played(trump, leader, " ".join(map(str, four)))
    winners = [seat for seat, _ in trick.plays if seat == trick.winner]
    assert len(winners) == 1
    winning_card = dict(trick.plays)[trick.winner]
    assert effective_suit(winning_card, trump) in (trump, trick.lead_suit)


def test_the_winner_leads_the_next_trick() -> None:
    trick = played(Suit.SPADES, N, "9H AH 10H QH")
    following = trick.next_trick()
    assert following.order == (E, S, W, N)
    assert following.trump is Suit.SPADES
    assert following.plays == ()


def test_refuse_if_illegal_passes_a_legal_play_in_silence_and_plays_nothing() -> None:
    trick = played(Suit.SPADES, N, "9H")
    assert trick.refuse_if_illegal(E, Card.parse("10H"), cards("10H AS")) is None
    assert trick.refuse_if_illegal(E, Card.parse("AS"), cards("AS KC")) is None
    assert trick.plays == ((N, Card.parse("9H")),)


def test_refuse_if_illegal_raises_what_play_would() -> None:
    trick = played(Suit.SPADES, N, "9H")
    with pytest.raises(MustFollowSuitError, match=r"^E must follow hearts \(holds 10H QH\)$"):
        trick.refuse_if_illegal(E, Card.parse("AS"), cards("10H AS QH"))


def test_a_led_trump_is_followed_with_the_left_bower() -> None:
    trick = played(Suit.HEARTS, N, "9H")
    with pytest.raises(MustFollowSuitError, match=r"^E must follow hearts \(holds JD\)$"):
        trick.play(E, Card.parse("AD"), cards("AD JD"))


def test_the_card_winning_so_far_is_not_the_winner_until_all_have_played() -> None:
    trick = played(Suit.SPADES, N, "9H AH 10H")
    with pytest.raises(IllegalPlayError, match="the trick is not complete"):
        _ = trick.winner
    trick.play(W, Card.parse("9S"), cards("9S"))
    assert trick.winner is W


def test_the_next_trick_keeps_a_seat_out_when_a_partner_sits_out() -> None:
    trick = Trick(leader=E, trump=Suit.SPADES, players=(N, E, W))
    for seat, card in zip((E, W, N), cards("9H AH 10H"), strict=True):
        trick.play(seat, card, (card,))
    assert trick.next_trick().order == (W, N, E)


LEFT_OF_LONER = Rules(loner_lead=LonerLead.LEFT_OF_LONER)


@pytest.mark.parametrize(
    ("rules", "maker", "alone", "players", "leader"),
    [
        (Rules(), S, False, (N, E, S, W), N),  # West deals: the eldest hand, North, leads
        (Rules(), S, True, (E, S, W), E),  # North sits out: the next player leads
        (LEFT_OF_LONER, S, False, (N, E, S, W), N),  # the variant is for lone makers only
        (LEFT_OF_LONER, S, True, (E, S, W), W),  # the player on the loner's left
        (LEFT_OF_LONER, E, True, (N, E, S), S),  # on East's left, South
        (LEFT_OF_LONER, S, True, (E, S), E),  # West sits out, East defends alone: East
    ],
)
def test_the_first_trick_is_led_by_the_eldest_hand_or_by_the_rules_for_a_lone_maker(
    rules: Rules, maker: Seat, alone: bool, players: tuple[Seat, ...], leader: Seat
) -> None:
    assert first_leader(W, maker, alone, players, rules) is leader
