"""Which deals fit the bids seen: each seat is judged by its own calling line."""

from __future__ import annotations

from euchre.cards import Card
from euchre.players import SeatView
from euchre.players.expert.belief import bid_check
from euchre.players.expert.settings import ExpertSettings
from euchre.players.tables import mask
from euchre.seats import Seat
from tests.builders import make_hand, run

N, E, S, W = Seat
SETTINGS = ExpertSettings()

HANDS = {
    N: "JH 9H 10H AS AC",
    E: "9S QS KC KD 10D",
    S: "AH QH QD JC 10C",
    W: "10S JS JD 9D 9C",
}


def holdings(hands: dict[Seat, str]) -> tuple[int, ...]:
    return (*(mask(Card.parse_many(hands[seat])) for seat in Seat), 0)


def test_a_pass_left_of_the_dealer_is_believed_of_a_hand_short_of_that_seats_line() -> None:
    # North, left of the dealer, passed three hearts with the right bower and two aces: worth
    # +0.97 points, above a typical line (+0.25), short of the +0.85 the normal bot wants
    # there by less than the slack.
    hand = run(make_hand(hands=HANDS, upcard="KH"), "pass")
    assert bid_check(SeatView.of(hand, E), SETTINGS)(holdings(HANDS))
    # With no slack at all, the pass is not believed of that hand.
    assert not bid_check(SeatView.of(hand, E), ExpertSettings(slack=0.0))(holdings(HANDS))


def test_a_call_left_of_the_dealer_is_doubted_of_a_hand_far_short_of_that_seats_line() -> None:
    # North ordered up with two low hearts and two black aces: worth -0.11 points, near a
    # typical line, but further below the +0.85 the normal bot wants there than the slack.
    weak = HANDS | {N: "9H 10H AS AC KC", E: "JH QS 9S KD 10D"}
    hand = run(make_hand(hands=weak, upcard="KH"), "order up")
    assert not bid_check(SeatView.of(hand, S), SETTINGS)(holdings(weak))
