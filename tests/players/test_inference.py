"""What the other seats' plays say about their cards: a deal's likelihood."""

from __future__ import annotations

from euchre.cards import Card
from euchre.players import SeatView
from euchre.players.expert.belief import play_check
from euchre.players.expert.settings import ExpertSettings
from euchre.players.tables import mask
from euchre.seats import Seat
from tests.builders import make_hand, run

N, E, S, W = Seat
SETTINGS = ExpertSettings()
MISFIT = SETTINGS.misfit


def holdings(cards: dict[Seat, str]) -> tuple[int, ...]:
    return (*(mask(Card.parse_many(cards[seat])) for seat in Seat), 0)


def test_a_deal_is_less_likely_for_each_play_the_normal_bot_would_not_have_made() -> None:
    # East made hearts; North led the ace of clubs and West, out of clubs, took it with the
    # left bower. Had West held the nine of hearts too, it would have trumped with that.
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC, play 10C, play JD")
    check = play_check(SeatView.of(hand, N), SETTINGS)
    dealt = {N: "9S QS AS KC", E: "JH 9H KD 10D", S: "AH 10H QD JC", W: "10S JS 9D"}
    assert check(holdings(dealt)) == 1.0
    swapped = dealt | {E: "JH 10S KD 10D", W: "9H JS 9D"}
    assert check(holdings(swapped)) == MISFIT
    assert check(holdings(swapped)) == MISFIT  # asked again, the same answer
    assert play_check(SeatView.of(hand, N), ExpertSettings(misfit=0.5))(holdings(swapped)) == 0.5


def test_before_any_card_is_played_every_deal_is_as_likely() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C")
    check = play_check(SeatView.of(hand, N), SETTINGS)
    assert check(holdings({N: "9S QS AS KC AC", E: "", S: "", W: ""})) == 1.0


def test_its_own_plays_say_nothing() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC")
    check = play_check(SeatView.of(hand, E), SETTINGS)
    assert check(holdings({N: "9S QS AS KC", E: "", S: "", W: ""})) == 1.0
