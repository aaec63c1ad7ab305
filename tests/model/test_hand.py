"""One hand: making trump in two rounds, the dealer's discard, going alone, and play."""

import pytest

from euchre.actions import DefendAlone, Discard, NameTrump, OrderUp, Pass, Play
from euchre.cards import Card, Suit
from euchre.errors import (
    CardNotHeldError,
    DealerMustCallError,
    EuchreError,
    HandOverError,
    IllegalActionError,
    IllegalBidError,
    MustFollowSuitError,
    OutOfTurnError,
    TurnedDownSuitError,
    WrongPhaseError,
)
from euchre.hand import Phase
from euchre.rules import Rules
from euchre.seats import Seat, Team
from tests.builders import make_hand, play_out, run, snapshot

N, E, S, W = Seat
REDEAL = Rules(stick_the_dealer=False)
DEFEND_ALONE = Rules(defend_alone=True)
FOUR_PASSES = "pass, pass, pass, pass"


def test_the_eldest_hand_speaks_first_on_the_upcard() -> None:
    hand = make_hand()
    assert hand.phase is Phase.ORDER_UP
    assert hand.turn is N
    assert hand.upcard == Card.parse("KH")
    assert hand.legal_actions() == [Pass(), OrderUp(), OrderUp(alone=True)]


def test_ordering_up_makes_the_upcards_suit_trump_and_the_dealer_picks_it_up() -> None:
    hand = run(make_hand(), "pass, order up")
    assert (hand.trump, hand.maker, hand.alone) == (Suit.HEARTS, E, False)
    assert hand.phase is Phase.DISCARD
    assert hand.turn is W
    assert Card.parse("KH") in hand.cards(W)
    assert len(hand.cards(W)) == 6


def test_the_dealer_may_discard_any_of_six_cards_the_upcard_included() -> None:
    hand = run(make_hand(), "pass, order up")
    assert hand.legal_actions() == [Discard(card) for card in hand.cards(W)]
    run(hand, "discard KH")
    assert hand.discarded == Card.parse("KH")
    assert Card.parse("KH") not in hand.cards(W)
    assert hand.phase is Phase.PLAY
    assert hand.turn is N


def test_discarding_a_card_not_held_is_refused() -> None:
    hand = run(make_hand(), "pass, order up")
    before = snapshot(hand)
    with pytest.raises(CardNotHeldError, match="W does not hold AH"):
        hand.apply(Discard(Card.parse("AH")))
    assert snapshot(hand) == before


def test_after_four_passes_the_upcard_is_turned_down_and_any_other_suit_may_be_named() -> None:
    hand = run(make_hand(), FOUR_PASSES)
    assert hand.phase is Phase.NAME_TRUMP
    assert hand.turn is N
    suits = {action.suit for action in hand.legal_actions() if isinstance(action, NameTrump)}
    assert suits == {Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES}
    assert Pass() in hand.legal_actions()


def test_naming_trump_in_round_two_skips_the_discard() -> None:
    hand = run(make_hand(), FOUR_PASSES, "pass, spades")
    assert (hand.trump, hand.maker) == (Suit.SPADES, E)
    assert hand.phase is Phase.PLAY
    assert len(hand.cards(W)) == 5


def test_naming_the_turned_down_suit_is_refused() -> None:
    hand = run(make_hand(), FOUR_PASSES)
    before = snapshot(hand)
    with pytest.raises(TurnedDownSuitError, match="hearts was turned down"):
        hand.apply(NameTrump(Suit.HEARTS))
    assert snapshot(hand) == before


def test_stick_the_dealer_the_dealer_may_not_pass_after_seven_passes() -> None:
    hand = run(make_hand(), FOUR_PASSES, "pass, pass, pass")
    assert hand.turn is W
    assert Pass() not in hand.legal_actions()
    before = snapshot(hand)
    with pytest.raises(DealerMustCallError, match="stick the dealer: W must name trump"):
        hand.apply(Pass())
    assert snapshot(hand) == before
    with pytest.raises(TurnedDownSuitError):
        hand.apply(NameTrump(Suit.HEARTS))
    run(hand, "clubs")
    assert (hand.trump, hand.maker) == (Suit.CLUBS, W)


def test_under_the_redeal_rule_eight_passes_throw_the_hand_in() -> None:
    hand = run(make_hand(REDEAL), FOUR_PASSES, FOUR_PASSES)
    assert hand.phase is Phase.OVER
    assert hand.turn is None
    assert hand.result is not None
    assert hand.result.thrown_in
    assert hand.result.trump is None
    assert hand.result.points == {Team.NS: 0, Team.EW: 0}
    assert hand.legal_actions() == []


def test_an_order_up_in_round_two_is_refused() -> None:
    hand = run(make_hand(), FOUR_PASSES)
    with pytest.raises(TurnedDownSuitError, match="in round 2 it may not be ordered up"):
        hand.apply(OrderUp())


def test_naming_a_suit_in_round_one_is_refused() -> None:
    with pytest.raises(WrongPhaseError, match="round 1: order up the upcard or pass"):
        make_hand().apply(NameTrump(Suit.SPADES))


def test_playing_before_trump_is_made_is_refused() -> None:
    hand = make_hand()
    with pytest.raises(WrongPhaseError, match="trump is not made yet"):
        hand.apply(Play(Card.parse("AC")))


def test_discarding_when_nobody_ordered_up_is_refused() -> None:
    with pytest.raises(WrongPhaseError, match="only the dealer discards"):
        make_hand().apply(Discard(Card.parse("9C")))


def test_a_bid_during_play_is_refused() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C")
    with pytest.raises(WrongPhaseError, match="trump is already made"):
        hand.apply(Pass())


def test_bidding_out_of_turn_is_refused() -> None:
    hand = make_hand()
    with pytest.raises(OutOfTurnError, match="it is N's turn, not E's"):
        hand.apply(OrderUp(), seat=E)


def test_the_first_trick_is_led_by_the_eldest_hand_and_follows_suit() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C")
    assert hand.turn is N
    run(hand, "play AC")
    assert hand.legal_actions() == [Play(Card.parse("QC"))]
    before = snapshot(hand)
    with pytest.raises(MustFollowSuitError, match=r"E must follow clubs \(holds QC\)"):
        hand.apply(Play(Card.parse("JH")))
    assert snapshot(hand) == before


def test_a_follower_is_offered_each_card_of_the_lead_suit_in_the_order_dealt() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC")
    assert hand.turn is S
    assert hand.legal_actions() == [Play(card) for card in Card.parse_many("JC 10C")]


def test_a_follower_without_the_lead_suit_is_offered_every_card_in_the_order_held() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC, play JC")
    assert hand.turn is W
    held = Card.parse_many("10S JS JD 9D KH")  # dealt, then the upcard picked up
    assert hand.cards(W) == held
    assert hand.legal_actions() == [Play(card) for card in held]


def test_a_play_offered_to_one_seat_is_refused_for_another() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC")
    assert hand.legal_actions() == [Play(Card.parse("QC"))]
    before = snapshot(hand)
    with pytest.raises(OutOfTurnError, match="it is E's turn, not S's"):
        hand.apply(Play(Card.parse("QC")), seat=S)
    with pytest.raises(OutOfTurnError, match="it is E's turn, not S's"):
        hand.apply(Play(Card.parse("10C")), seat=S)
    assert snapshot(hand) == before


def test_changing_the_list_of_legal_actions_does_not_make_a_play_legal() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC")
    legal = hand.legal_actions()
    legal.append(Play(Card.parse("JH")))
    before = snapshot(hand)
    with pytest.raises(MustFollowSuitError, match=r"E must follow clubs \(holds QC\)"):
        hand.apply(Play(Card.parse("JH")))
    assert snapshot(hand) == before


def test_what_was_offered_last_turn_is_not_legal_this_turn() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C")
    assert Play(Card.parse("AC")) in hand.legal_actions()  # North leads, any card
    run(hand, "play 9S")
    before = snapshot(hand)
    with pytest.raises(OutOfTurnError, match="it is E's turn, not N's"):
        hand.apply(Play(Card.parse("AC")), seat=N)
    assert snapshot(hand) == before


def test_a_legal_play_is_accepted_without_asking_for_the_legal_actions_first() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC")
    assert hand.trick is not None
    assert tuple(card for _, card in hand.trick.plays) == Card.parse_many("AC QC")
    assert hand.turn is S


def test_a_hand_is_five_tricks_and_ends_with_a_result() -> None:
    hand = play_out(run(make_hand(), "pass, order up, discard 9C"))
    result = hand.result
    assert result is not None
    assert len(result.trick_winners) == 5
    assert sum(result.tricks_won.values()) == 5
    assert result.maker is E
    assert result.trump is Suit.HEARTS
    assert hand.turn is None
    assert hand.legal_actions() == []


def test_an_action_on_a_finished_hand_is_refused() -> None:
    hand = play_out(run(make_hand(), "pass, order up, discard 9C"))
    before = snapshot(hand)
    with pytest.raises(HandOverError, match="the hand is over"):
        hand.apply(Pass())
    assert snapshot(hand) == before


def test_the_winner_of_each_trick_leads_the_next() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC, play 10C, play JD")
    assert hand.tricks[0].winner is W
    assert hand.turn is W


# Going alone


def test_the_makers_partner_sits_out_and_tricks_have_three_cards() -> None:
    hand = run(make_hand(), "pass, order up alone, discard 9C")
    assert hand.alone
    assert hand.sitting_out == (W,)
    play_out(hand)
    assert all(len(trick.plays) == 3 for trick in hand.tricks)
    assert all(seat is not W for trick in hand.tricks for seat, _ in trick.plays)
    assert len(hand.cards(W)) == 5


def test_the_dealers_partner_going_alone_the_dealer_still_picks_up_and_discards() -> None:
    # South deals, West is eldest, and North, the dealer's partner, orders up alone.
    hand = run(make_hand(dealer=S), "pass, order up alone")
    assert hand.maker is N
    assert hand.phase is Phase.DISCARD
    assert hand.turn is S
    run(hand, "discard KH")
    assert hand.sitting_out == (S,)
    assert hand.phase is Phase.PLAY


def test_when_the_player_who_would_lead_sits_out_the_next_active_player_leads() -> None:
    # West deals, so North leads; South going alone leaves North out.
    hand = run(make_hand(), FOUR_PASSES, "pass, pass, spades alone")
    assert hand.sitting_out == (N,)
    assert hand.turn is E


def test_only_the_maker_may_go_alone_a_defender_may_not_defend_alone_by_default() -> None:
    hand = run(make_hand(), "order up alone, discard 9C")
    assert hand.phase is Phase.PLAY
    with pytest.raises(WrongPhaseError):
        hand.apply(DefendAlone())


def test_under_defend_alone_a_defender_may_play_alone_against_a_lone_maker() -> None:
    hand = run(make_hand(DEFEND_ALONE), "order up alone, discard 9C")
    assert hand.phase is Phase.DEFEND
    assert hand.turn is E
    assert hand.legal_actions() == [Pass(), DefendAlone()]
    run(hand, "pass")
    assert hand.turn is W
    hand.apply(DefendAlone())
    assert hand.lone_defender is W
    assert set(hand.sitting_out) == {S, E}
    play_out(hand)
    assert all(len(trick.plays) == 2 for trick in hand.tricks)


def test_defending_alone_is_offered_only_against_a_lone_maker() -> None:
    hand = run(make_hand(DEFEND_ALONE), "order up, discard 9C")
    assert hand.phase is Phase.PLAY


def test_when_both_defenders_pass_the_lone_maker_plays_against_two() -> None:
    # North, the eldest hand, names spades alone; East then West decline to defend alone.
    hand = run(make_hand(DEFEND_ALONE), FOUR_PASSES, "spades alone")
    assert hand.turn is E
    run(hand, "pass, pass")
    assert hand.lone_defender is None
    assert hand.sitting_out == (S,)
    assert hand.phase is Phase.PLAY
    assert hand.turn is N


def test_every_refusal_is_an_illegal_action_and_a_value_error() -> None:
    for error in (
        OutOfTurnError,
        WrongPhaseError,
        IllegalBidError,
        TurnedDownSuitError,
        DealerMustCallError,
        HandOverError,
        CardNotHeldError,
        MustFollowSuitError,
    ):
        assert issubclass(error, IllegalActionError)
        assert issubclass(error, EuchreError)
        assert issubclass(error, ValueError)


def test_actions_read_as_the_hand_record_writes_them() -> None:
    assert [str(a) for a in (Pass(), OrderUp(), NameTrump(Suit.CLUBS))] == [
        "pass",
        "order up",
        "clubs",
    ]
    assert str(OrderUp(alone=True)) == "order up alone"
    assert str(NameTrump(Suit.CLUBS, alone=True)) == "clubs alone"
    assert str(Discard(Card.parse("9C"))) == "discard 9C"
    assert str(Play(Card.parse("9C"))) == "play 9C"
    assert str(DefendAlone()) == "defend alone"


def test_only_the_dealer_discards() -> None:
    hand = run(make_hand(), "pass, order up")
    with pytest.raises(OutOfTurnError, match="it is W's turn, not N's"):
        hand.apply(Discard(Card.parse("9S")), seat=N)


def test_defenders_decide_in_turn_from_the_makers_left() -> None:
    hand = run(make_hand(DEFEND_ALONE), "order up alone, discard 9C")
    before = snapshot(hand)
    with pytest.raises(OutOfTurnError, match="it is E's turn, not W's"):
        hand.apply(DefendAlone(), seat=W)
    assert snapshot(hand) == before


def test_playing_while_the_dealer_discards_is_refused() -> None:
    hand = run(make_hand(), "pass, order up")
    with pytest.raises(WrongPhaseError, match="trump is already made: the dealer discards"):
        hand.apply(Play(Card.parse("9C")))


@pytest.mark.parametrize(
    "action",
    [
        OrderUp(),
        OrderUp(alone=True),
        NameTrump(Suit.SPADES),
        Play(Card.parse("JH")),
        Discard(Card.parse("JH")),
    ],
    ids=str,
)
def test_a_bid_or_a_card_while_a_defender_decides_is_refused_not_taken_as_a_pass(
    action: OrderUp | NameTrump | Play | Discard,
) -> None:
    hand = run(make_hand(DEFEND_ALONE), "order up alone, discard 9C")
    before = snapshot(hand)
    with pytest.raises(WrongPhaseError, match=r"the defenders may defend alone$"):
        hand.apply(action)
    assert snapshot(hand) == before
    assert (hand.phase, hand.turn) == (Phase.DEFEND, E)


def test_the_leader_is_offered_every_card_they_hold_the_nine_of_clubs_among_them() -> None:
    hands = {
        N: "9C QS AS KC AC",
        E: "JH 9H KD 10D QC",
        S: "AH 10H QD JC 10C",
        W: "10S JS JD 9D 9S",
    }
    hand = run(make_hand(hands=hands), "pass, order up, discard 9S")
    assert hand.turn is N
    assert hand.legal_actions() == [Play(card) for card in Card.parse_many("9C QS AS KC AC")]
