"""The rule bot: how a sound club player bids, discards and plays, hand by hand."""

from __future__ import annotations

from euchre.actions import (
    PASS,
    PLAY,
    DefendAlone,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
)
from euchre.cards import Card, Suit
from euchre.hand import Phase
from euchre.players.rule_bot import RuleBot
from euchre.seats import Seat
from tests.players.views import view

N, E, S, W = Seat
BOT = RuleBot()


# Bidding


def test_orders_up_with_three_trumps_and_an_off_ace() -> None:
    assert BOT.choose(view(N, "JH AH 10H AS 9C", upcard="9H")).action == OrderUp()


def test_passes_with_a_weak_hand() -> None:
    assert BOT.choose(view(N, "9H 10S QS 9C KD", upcard="QH")).action == Pass()


def test_the_dealer_counts_the_upcard_in_their_own_hand() -> None:
    # Two trumps and an ace are not enough for the eldest hand, but the dealer adds the jack.
    hand = "AH 10H AS 9C 10D"
    assert BOT.choose(view(N, hand, upcard="JH", dealer=W)).action == Pass()
    assert BOT.choose(view(W, hand, upcard="JH", dealer=W)).action == OrderUp()


def test_goes_alone_with_a_near_certain_march() -> None:
    assert BOT.choose(view(N, "JH JD AH KH AS", upcard="9H")).action == OrderUp(alone=True)


def test_names_its_best_suit_in_round_two() -> None:
    v = view(N, "JS JC AS 10S AD", phase=Phase.NAME_TRUMP, upcard="9H")
    assert BOT.choose(v).action == NameTrump(Suit.SPADES)


def test_passes_when_its_only_strength_is_the_turned_down_suit() -> None:
    v = view(N, "AH KH QH 10H 9C", phase=Phase.NAME_TRUMP, upcard="9H")
    assert BOT.choose(v).action == Pass()


def test_a_stuck_dealer_names_the_best_suit_left() -> None:
    legal = tuple(
        NameTrump(s, a) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES) for a in (False, True)
    )
    v = view(W, "9C 10D QD 9S 10H", phase=Phase.NAME_TRUMP, upcard="9H", legal=legal)
    assert BOT.choose(v).action == NameTrump(Suit.DIAMONDS)


# The discard


def test_discards_to_make_a_void() -> None:
    v = view(W, "JH AH 10H KS AC 9H", phase=Phase.DISCARD, trump=Suit.HEARTS, maker=N, upcard="9H")
    assert BOT.choose(v).action == Discard(Card.parse("KS"))


def test_keeps_an_off_ace_and_throws_the_lowest_card_instead() -> None:
    v = view(W, "JH AH 10H AS 9C 10C", phase=Phase.DISCARD, trump=Suit.HEARTS, maker=N, upcard="9H")
    assert BOT.choose(v).action == Discard(Card.parse("9C"))


# Play


def test_a_maker_leads_the_right_bower() -> None:
    v = view(N, "JH AH AS 9C", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N)
    assert BOT.choose(v).action == PLAY[Card.parse("JH").index]


def test_a_defender_leads_an_off_ace() -> None:
    v = view(N, "9H 10C AS 9D", phase=Phase.PLAY, trump=Suit.HEARTS, maker=E)
    assert BOT.choose(v).action == PLAY[Card.parse("AS").index]


def test_does_not_overtake_a_partner_who_is_winning() -> None:
    # North led the ace of spades; South can follow with the king but plays low.
    v = view(
        S, "KS 9S JH", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N, trick=((N, "AS"), (E, "10S"))
    )
    assert BOT.choose(v).action == PLAY[Card.parse("9S").index]


def test_wins_as_cheaply_as_possible() -> None:
    v = view(
        S, "9S KS AS", phase=Phase.PLAY, trump=Suit.HEARTS, maker=N, trick=((N, "10S"), (E, "QS"))
    )
    assert BOT.choose(v).action == PLAY[Card.parse("KS").index]


def test_trumps_low_when_void_in_the_lead_suit() -> None:
    v = view(
        S, "JH 9H AD", phase=Phase.PLAY, trump=Suit.HEARTS, maker=E, trick=((N, "9C"), (E, "AC"))
    )
    assert BOT.choose(v).action == PLAY[Card.parse("9H").index]


def test_throws_off_the_lowest_card_when_it_cannot_win() -> None:
    v = view(
        W,
        "QD 9S",
        phase=Phase.PLAY,
        trump=Suit.HEARTS,
        maker=N,
        trick=((S, "AC"), (N, "JH"), (E, "10C")),
    )
    assert BOT.choose(v).action == PLAY[Card.parse("9S").index]


def test_a_defender_facing_a_lone_maker_defends_alone_only_with_a_strong_hand() -> None:
    strong = view(E, "JH JD AH AS AC", phase=Phase.DEFEND, trump=Suit.HEARTS, maker=N)
    weak = view(E, "9C 10C QC 9S 10D", phase=Phase.DEFEND, trump=Suit.HEARTS, maker=N)
    assert BOT.choose(strong).action == DefendAlone()
    assert BOT.choose(weak).action == PASS
