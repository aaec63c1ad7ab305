"""The level ``normal``: each rule of thumb on a concrete hand, with the reason it gives (as the
hint words it, ``cli.hints.why``)."""

from __future__ import annotations

from rich.text import Text

from euchre.actions import (
    DISCARD,
    PLAY,
    Action,
    DefendAlone,
    NameTrump,
    OrderUp,
    Pass,
)
from euchre.cards import DECK, Card, Suit
from euchre.cli.hints import holding, why
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.players.normal import NormalBot, choose_bid, likely_march
from euchre.players.reasons import Motive, Reason
from euchre.seats import Seat
from tests.players.views import view

N, E, S, W = Seat
BOT = NormalBot()


def said(v: SeatView) -> tuple[Action, str]:
    """The bot's action, and its reason in words (cards in plain notation)."""
    decision = BOT.choose(v)
    assert decision.action in v.legal_actions
    words = Text.from_markup(why(decision.reason, v)).plain
    for card in DECK:
        words = words.replace(card.symbol, str(card))
    return decision.action, words


def play(v: SeatView) -> tuple[str, str]:
    action, words = said(v)
    return str(action), words


# Bidding


def test_orders_up_with_three_trumps_the_right_bower_and_an_off_ace() -> None:
    action, reason = said(view(N, "JH AH 10H AS 9C", upcard="9H"))
    assert action == OrderUp()
    assert reason.startswith("3 trumps with the right bower and the ace and an off ace")
    assert isinstance(BOT.choose(view(N, "JH AH 10H AS 9C", upcard="9H")).action, OrderUp)


def test_passes_with_a_weak_hand_and_says_what_it_is_worth() -> None:
    action, reason = said(view(N, "9H 10S QS 9C KD", upcard="QH"))
    assert action == Pass()
    assert reason.startswith("1 trump in hearts is worth -")


def test_the_dealer_picks_up_and_says_so() -> None:
    action, reason = said(view(W, "AH 10H KS 9C 10D", upcard="JH", dealer=W))
    assert action == OrderUp()
    assert reason == (
        "3 trumps with the right bower and the ace is worth +0.6,"
        " over the +0.05 I want as the dealer"
    )


def test_the_partner_of_the_dealer_counts_the_bower_they_will_pick_up() -> None:
    hand = "AH 10H AS 9C KD"
    partnered = view(E, hand, upcard="JH", dealer=W)  # West, the dealer, is the partner
    assert BOT.choose(partnered).action == OrderUp()
    action, reason = said(view(N, hand, upcard="JH", dealer=S))
    assert action == OrderUp()
    assert reason == (
        "2 trumps with the ace and an off ace, with the JH my partner picks up,"
        " is worth +0.9, over the +0.55 I want as the dealer's partner"
    )
    opposed = view(N, "AH 9S AS 9C KD", upcard="JH", dealer=E)  # East, the dealer, an opponent
    assert BOT.choose(opposed).action == Pass()


def test_goes_alone_with_a_hand_that_should_take_all_five() -> None:
    action, reason = said(view(N, "JH JD AH KH AS", upcard="9H"))
    assert action == OrderUp(alone=True)
    assert reason == (
        "4 trumps with the right bower and the left bower and the ace"
        " and an off ace should take all five"
    )


def test_goes_alone_when_the_hand_is_worth_enough_without_the_partner() -> None:
    # Not a sure march (the king of spades is unguarded), but strong enough to try for four.
    v = view(W, "JH AH QH KS 9C", upcard="9H", dealer=W)
    action, reason = said(v)
    assert action == OrderUp(alone=True)
    assert reason == (
        "4 trumps with the right bower and the ace"
        " is worth +1.3 alone, enough to play without my partner"
    )


def test_goes_alone_only_with_three_trumps_or_more() -> None:
    # Both bowers and three high side cards: worth a lot, but two trumps run out too soon.
    v = view(N, "JH JD AH KH AS", phase=Phase.NAME_TRUMP, upcard="QH")
    action, reason = said(v)
    assert action == NameTrump(Suit.DIAMONDS)
    assert reason == (
        "2 trumps with the right bower and the left bower and two off aces"
        " is worth +1.6, over the +0.35 I want left of the dealer"
    )


def test_the_partner_s_pick_up_does_not_count_towards_going_alone() -> None:
    # East's partner deals: the bower they pick up makes it a call, but East alone is weaker.
    action, reason = said(view(E, "JH AH 10H AS 9C", upcard="9H", dealer=W))
    assert action == OrderUp()
    assert reason.startswith("3 trumps")


def test_where_to_call_depends_on_the_seat() -> None:
    # Left of the dealer, ordering up hands the upcard to the other side: it wants more.
    action, reason = said(view(N, "JH 10H AS KS QC", upcard="9H", dealer=W))
    assert action == Pass()
    assert reason == (
        "2 trumps with the right bower and an off ace in hearts is worth +0.4,"
        " short of the +0.85 I want left of the dealer"
    )
    # The dealer, who would hand the first choice of round 2 to the other side, wants less.
    action, reason = said(view(W, "10S QS AC KD AH", upcard="9S", dealer=W))
    assert action == OrderUp()
    assert reason == "3 trumps and two off aces is worth +0.2, over the +0.05 I want as the dealer"
    # In round 2 the dealer's partner calls anything worth more than nothing.
    v = view(E, "JH KC AD QC 10C", phase=Phase.NAME_TRUMP, upcard="KS")
    action, reason = said(v)
    assert action == NameTrump(Suit.DIAMONDS)
    assert reason == (
        "2 trumps with the left bower and the ace is worth +0.2,"
        " over the +0.00 I want as the dealer's partner"
    )


def test_a_likely_march_needs_the_right_bower_and_cover_for_every_other_card() -> None:
    hearts = Suit.HEARTS
    assert likely_march(Card.parse_many("JH AH KH AS KS"), hearts)  # the king behind its ace
    assert not likely_march(Card.parse_many("JD AH KH QH AS"), hearts)  # no right bower
    assert not likely_march(Card.parse_many("JH KH QH AS AC"), hearts)  # three low-ish trumps
    assert not likely_march(Card.parse_many("JH JD AH KS QC"), hearts)  # an unguarded king
    assert not likely_march(Card.parse_many("JH JD AS AC AD"), hearts)  # two trumps only


def test_names_its_best_suit_in_round_two() -> None:
    v = view(N, "JS JC 10S 9D 9H", phase=Phase.NAME_TRUMP, upcard="9H")
    action, reason = said(v)
    assert action == NameTrump(Suit.SPADES)
    assert reason.startswith("3 trumps with the right bower and the left bower")


def test_names_a_suit_alone_in_round_two_with_a_march() -> None:
    v = view(N, "JS JC AS KS AD", phase=Phase.NAME_TRUMP, upcard="9H")
    assert BOT.choose(v).action == NameTrump(Suit.SPADES, alone=True)


def test_passes_in_round_two_when_its_best_suit_is_weak() -> None:
    v = view(N, "AH KH QH 10H 9C", phase=Phase.NAME_TRUMP, upcard="9H")
    action, reason = said(v)
    assert action == Pass()
    assert reason.startswith("my best suit, clubs, is worth only")


def test_a_stuck_dealer_names_the_best_suit_left_and_says_it_was_stuck() -> None:
    bid, reason = choose_bid(
        Card.parse_many("9C 10D QD 9S 10H"), W, W, Card.parse("9H"), False, True
    )
    assert bid == NameTrump(Suit.DIAMONDS)
    assert reason == Reason(Motive.STUCK, reason.cards, Suit.DIAMONDS, None, reason.worth, 0.25)


def test_describes_a_hand_in_words() -> None:
    assert holding(Card.parse_many("9H AS AC 9D 10S"), Suit.HEARTS) == ("1 trump and two off aces")


# The discard


def test_discards_to_make_a_void() -> None:
    v = view(W, "JH AH 10H KS AC 9H", phase=Phase.DISCARD, trump=Suit.HEARTS, maker=N, upcard="9H")
    void = "it leaves me void in spades, to trump them"
    assert said(v) == (DISCARD[Card.parse("KS").index], void)


def test_keeps_an_off_ace_and_throws_the_lowest_card_instead() -> None:
    v = view(W, "JH AH 10H AS 9C 10C", phase=Phase.DISCARD, trump=Suit.HEARTS, maker=N, upcard="9H")
    assert said(v) == (
        DISCARD[Card.parse("9C").index],
        "the lowest card outside trump that is not an ace",
    )


def test_throws_the_lowest_trump_when_it_holds_nothing_else() -> None:
    v = view(W, "JH JD AH KH QH 9H", phase=Phase.DISCARD, trump=Suit.HEARTS, maker=N, upcard="9H")
    assert said(v) == (DISCARD[Card.parse("9H").index], "every other card is worth more")


# Defending alone


def test_defends_alone_only_with_a_strong_hand() -> None:
    strong = view(E, "JH JD AH AS AC", phase=Phase.DEFEND, trump=Suit.HEARTS, maker=N)
    weak = view(E, "9C 10C QC 9S 10D", phase=Phase.DEFEND, trump=Suit.HEARTS, maker=N)
    assert said(strong) == (
        DefendAlone(),
        "3 trumps with the right bower and the left bower and the ace and two off aces"
        " can defend alone",
    )
    assert said(weak) == (Pass(), "leave the defence to both of us")


# Leading


def test_a_maker_draws_trump_first_with_the_right_bower() -> None:
    v = view(N, "JH AH AS 9C", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N)
    assert play(v) == ("play JH", "draw trump first with the highest trump left")


def test_a_maker_remembers_the_bowers_are_out_and_leads_the_ace_of_trump() -> None:
    tricks = (((N, "JH"), (E, "JD"), (S, "9C"), (W, "10C")),)
    v = view(E, "AH 10H AS 9D", phase=Phase.PLAY, trump=Suit.HEARTS, maker=E, tricks=tricks)
    assert play(v) == (
        "play AH",
        "draw trump first with the highest trump left (the right bower and the left bower out)",
    )


def test_a_maker_leads_trump_while_holding_two_even_below_the_top() -> None:
    v = view(N, "KH 10H AS 9C", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N)
    assert play(v) == ("play KH", "as maker, draw trump while I hold 2")


def test_a_defender_leads_an_off_ace() -> None:
    v = view(N, "9H 10C AS 9D", phase=Phase.PLAY, trump=Suit.HEARTS, maker=E)
    assert play(v) == ("play AS", "it is the highest spades left, a sure winner")


def test_a_king_is_a_sure_winner_once_its_ace_is_out() -> None:
    tricks = (((N, "AS"), (E, "9S"), (S, "10S"), (W, "JS")),)
    v = view(N, "KS 10C 9D", phase=Phase.PLAY, trump=Suit.HEARTS, maker=E, tricks=tricks)
    assert play(v)[0] == "play KS"


def test_does_not_lead_an_ace_into_an_opponent_who_can_trump_it() -> None:
    # East showed a void in spades and may still hold trumps: the ace would be ruffed.
    tricks = (((N, "KS"), (E, "9D"), (S, "10S"), (W, "9S")),)
    v = view(N, "AS 10C 9D", phase=Phase.PLAY, trump=Suit.HEARTS, maker=E, tricks=tricks)
    assert play(v) == ("play 9D", "a low card in a side suit, keeping my trumps")


def test_the_maker_s_partner_leads_trump_to_the_maker() -> None:
    v = view(S, "9H 10C 9D", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N)
    assert play(v) == ("play 9H", "lead trump to my partner, the maker")


def test_with_only_trumps_left_leads_the_highest() -> None:
    v = view(N, "KH 9H", phase=Phase.PLAY, trump=Suit.HEARTS, maker=E)
    assert play(v) == ("play KH", "only trumps left, the highest first")


def test_the_only_legal_card_is_played_with_that_reason() -> None:
    v = view(S, "9S KH", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N, trick=((W, "AS"),))
    assert play(v) == ("play 9S", "the only legal choice")


# Following


def test_does_not_overtake_a_partner_who_cannot_be_beaten() -> None:
    # West, still to play, cannot hold a higher spade than the ace.
    v = view(
        S, "KS 9S JH", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N, trick=((N, "AS"), (E, "10S"))
    )
    assert play(v) == ("play 9S", "my partner is winning and no one after me can beat it")


def test_plays_low_behind_a_winning_partner_when_it_plays_last() -> None:
    v = view(
        W,
        "KS 9S JH",
        phase=Phase.PLAY,
        trump=Suit.HEARTS,
        maker=N,
        trick=((N, "QS"), (E, "AS"), (S, "10S")),
    )
    assert play(v) == ("play 9S", "my partner is winning and I play last")


def test_overtakes_when_the_last_player_can_still_beat_the_partner() -> None:
    # North's queen of spades can still lose to the king in West's hand: South's ace cannot.
    v = view(
        S, "AS 9S JH", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N, trick=((N, "QS"), (E, "10S"))
    )
    assert play(v) == ("play AS", "West can still beat my partner's QS, so I overtake")


def test_keeps_its_card_when_overtaking_would_not_make_the_trick_safer() -> None:
    # West may hold the ace above North's ten: South's king would not stop it either.
    v = view(
        S, "KS 9S JC", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N, trick=((N, "10S"), (E, "9D"))
    )
    assert play(v) == ("play 9S", "my partner's 10S may hold; I cannot make it safer")


def test_wins_as_cheaply_as_possible_when_last() -> None:
    v = view(
        W,
        "9C KS AS",
        phase=Phase.PLAY,
        trump=Suit.HEARTS,
        maker=N,
        trick=((N, "QS"), (E, "9S"), (S, "10S")),
    )
    assert play(v) == ("play KS", "the cheapest card that takes the trick")


def test_second_hand_wins_with_a_card_no_one_after_can_beat() -> None:
    v = view(E, "KS AS 9D", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N, trick=((N, "10S"),))
    # No one else may hold the ace of spades, so the king is as safe as the ace.
    assert play(v) == ("play KS", "the cheapest card no one after me can beat")


def test_second_hand_wins_for_now_when_nothing_is_safe() -> None:
    v = view(E, "QS KS 9D", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N, trick=((N, "10S"),))
    assert play(v) == ("play QS", "the cheapest card that wins for now")


def test_throws_off_its_least_useful_card_when_it_cannot_win() -> None:
    v = view(
        W,
        "QD 9S AC",
        phase=Phase.PLAY,
        trump=Suit.HEARTS,
        maker=N,
        trick=((S, "AH"), (N, "JH"), (E, "10H")),
    )
    assert play(v) == (
        "play 9S",
        "I cannot win this trick, so I throw my least useful card",
    )


def test_against_a_lone_maker_keeps_the_cards_that_can_still_win() -> None:
    # North is alone and leads trump; East keeps the ace of clubs, a sure winner later.
    v = view(
        E, "AC 9S QD", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N, alone=True, trick=((N, "JH"),)
    )
    assert play(v) == (
        "play 9S",
        "I cannot win this one; I keep the cards that still can",
    )


def test_trumps_a_partner_s_ace_when_the_last_player_has_shown_a_void_in_its_suit() -> None:
    # West failed to follow spades earlier, so West can trump North's ace: South makes it safe.
    tricks = (((N, "KS"), (E, "9S"), (S, "10S"), (W, "9D")),)
    v = view(
        S,
        "JH 9H 9C",
        phase=Phase.PLAY,
        trump=Suit.HEARTS,
        maker=N,
        tricks=tricks,
        trick=((N, "AS"), (E, "QS")),
    )
    assert BOT.choose(v).action == PLAY[Card.parse("JH").index]
    assert play(v)[1] == "West can still beat my partner's AS, so I overtake"
