"""What a seat knows of the cards, and deals of the unseen cards that fit it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.cards import Card, Suit
from euchre.deal import deal, shuffled_deck
from euchre.hand import Hand, Phase
from euchre.players import SeatView
from euchre.players.expert import sample
from euchre.players.expert.sample import InconsistentError
from euchre.players.knowledge import KITTY, Knowledge, read
from euchre.players.random_player import RandomPlayer
from euchre.players.tables import SEATS, SUIT_TABLE, mask
from euchre.seats import Seat
from tests.builders import make_hand, run

N, E, S, W = Seat


def bit(text: str) -> int:
    return 1 << Card.parse(text).index


def test_a_seat_that_fails_to_follow_shows_a_void() -> None:
    # West discarded 9C, so when North leads the ace of clubs West trumps with the left bower.
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC, play 10C, play JD")
    known = read(SeatView.of(hand, E))
    assert known.voids[SEATS.index(W)] == {Suit.CLUBS}
    assert known.void(W, Suit.CLUBS)
    assert not known.void(N, Suit.CLUBS)
    assert known.out(Card.parse("AC"))
    assert not known.out(Card.parse("AS"))


def test_everyone_but_the_dealer_knows_the_dealer_holds_the_upcard() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C")
    north = read(SeatView.of(hand, N))
    assert north.known[SEATS.index(W)] == bit("KH")
    west = read(SeatView.of(hand, W))
    assert west.known[KITTY] == bit("9C")  # the dealer knows the discard instead
    assert west.known[SEATS.index(W)] == mask(hand.cards(W))


def test_a_turned_down_upcard_lies_in_the_kitty() -> None:
    hand = run(make_hand(), "pass, pass, pass, pass")
    known = read(SeatView.of(hand, N))
    assert known.known[KITTY] == bit("KH")
    assert known.out(Card.parse("KH"))


def test_a_dealer_who_shows_a_void_in_trump_threw_the_upcard_away() -> None:
    # West picks up KH and, unseen by the others, discards it.
    hand = run(make_hand(), "pass, order up, discard KH")
    view = SeatView.of(hand, S)
    assert read(view).known[SEATS.index(W)] == bit("KH")  # as far as South can tell
    # Once West fails to follow a trump lead, South knows KH went to the kitty.
    trick = tuple(
        (seat, Card.parse(card)) for seat, card in ((E, "9H"), (S, "AH"), (W, "9D"), (N, "9S"))
    )
    known = read(replace(view, trick=trick))
    assert not known.known[SEATS.index(W)]
    assert known.known[KITTY] == bit("KH")


def test_a_deal_never_gives_a_seat_a_card_of_a_suit_it_showed_void_in() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC, play 10C, play JD")
    known = read(SeatView.of(hand, E))
    clubs = mask(card for card in Card.parse_many("9C 10C JC QC KC AC"))
    rng = random.Random(3)
    for _ in range(50):
        holdings = sample.deal(known, rng)
        assert not holdings[SEATS.index(W)] & clubs


def test_random_hands_deal_every_unseen_card_once_and_respect_every_void() -> None:
    rng = random.Random(11)
    player = RandomPlayer(rng)
    checked = 0
    for number in range(40):
        hand = Hand(deal(shuffled_deck(rng), SEATS[number % 4]))
        while hand.turn is not None:
            view = SeatView.of(hand, hand.turn)
            known = read(view)
            holdings = sample.deal(known, rng)
            me = SEATS.index(view.seat)
            assert holdings[me] == mask(view.cards)
            dealt = 0
            for n, held in enumerate(holdings):
                assert not held & known.played, "a card already played is dealt out again"
                assert not held & dealt, "a card is dealt twice"
                dealt |= held
                if n < 4:
                    assert held.bit_count() == known.held[n]
                    if known.trump is not None:
                        for index in range(24):
                            if held >> index & 1:
                                suit = SUIT_TABLE[known.trump][index]
                                assert suit not in known.voids[n]
            assert dealt | known.played == (1 << 24) - 1
            checked += 1
            if view.phase is Phase.PLAY:
                hand.apply(view.legal_actions[0])
            else:
                hand.apply(player.choose(view).action)
    assert checked > 500


def test_the_same_seed_deals_the_same_cards() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC")
    known = read(SeatView.of(hand, S))
    first = [sample.deal(known, random.Random(5)) for _ in range(3)]
    again = [sample.deal(known, random.Random(5)) for _ in range(3)]
    assert first == again


def test_a_view_no_deal_fits_is_refused() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC")
    view = SeatView.of(hand, S)
    known = read(view)
    every_suit = frozenset(Suit)
    impossible = replace(known, voids=(every_suit,) * 4)
    with pytest.raises(InconsistentError, match="no deal fits"):
        sample.deal(impossible, random.Random(1))


def test_a_seat_left_with_room_for_one_suit_only_is_dealt_it_every_time() -> None:
    # Diamonds are trump (North ordered up, South deals), three tricks are played and East
    # has led KC. West has shown voids in spades and in trump (the left bower JH among them),
    # so of the eight unseen cards West's two can only be KH and QH; East, void in hearts,
    # holds one card, North two, and the kitty three. A sampler that places cards first and
    # checks after runs out of tries on such a deal now and then.
    played = mask(Card.parse_many("AH 10H 9C 10D AS JC KS JS KD QC QD JD KC"))
    hearts = frozenset({Suit.HEARTS})
    known = Knowledge(
        seat=S,
        trump=Suit.DIAMONDS,
        played=played,
        held=(2, 1, 2, 2),
        known=(0, 0, mask(Card.parse_many("10C AC")), 0, bit("9H")),
        voids=(frozenset(), hearts, hearts, frozenset({Suit.SPADES, Suit.DIAMONDS})),
        unseen=mask(Card.parse_many("9D AD JH KH QH QS 10S 9S")),
    )
    rng = random.Random(1)
    for _ in range(2000):  # the sampler that checked after failed 15 times in 3,000
        holdings = sample.deal(known, rng)
        assert holdings[SEATS.index(W)] == mask(Card.parse_many("KH QH"))
        assert not holdings[SEATS.index(E)] & mask(Card.parse_many("KH QH"))


def test_a_view_that_says_a_seat_holds_fewer_cards_than_it_is_known_to_is_refused() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC")
    known = read(SeatView.of(hand, S))
    assert known.known[SEATS.index(W)]  # West picked up the upcard, as South knows
    impossible = replace(known, held=(4, 5, 5, 0))
    with pytest.raises(InconsistentError, match="no deal fits"):
        sample.deal(impossible, random.Random(1))


@pytest.mark.usefixtures("uncovered")  # a property: other tests cover its lines
@given(
    order=st.permutations(range(24)),
    sizes=st.lists(st.integers(0, 5), min_size=4, max_size=4),
    trump=st.sampled_from(Suit),
    me=st.sampled_from(SEATS),
    shown=st.lists(st.integers(0, 15), min_size=4, max_size=4),
    seed=st.integers(0, 2**32),
)
def test_whenever_some_deal_fits_what_a_seat_knows_one_is_dealt(
    order: list[int], sizes: list[int], trump: Suit, me: Seat, shown: list[int], seed: int
) -> None:
    # A deal is made up: seats hold what ``sizes`` says, the kitty four cards, the rest is
    # played; each seat has shown a void in some of the suits it holds no card of (``shown``).
    holdings, start = [], 0
    for size in (*sizes, 4):
        holdings.append(sum(1 << index for index in order[start : start + size]))
        start += size
    played = (1 << 24) - 1 & ~sum(holdings)
    me_n = SEATS.index(me)
    voids = tuple(
        frozenset(
            suit
            for number, suit in enumerate(Suit)
            if shown[n] >> number & 1
            and not any(SUIT_TABLE[trump][i] is suit for i in range(24) if held >> i & 1)
        )
        for n, held in enumerate(holdings[:4])
    )
    known = Knowledge(
        seat=me,
        trump=trump,
        played=played,
        held=tuple(held.bit_count() for held in holdings[:4]),
        known=tuple(holdings[n] if n == me_n else 0 for n in range(5)),
        voids=voids,
        unseen=(1 << 24) - 1 & ~played & ~holdings[me_n],
    )
    rng = random.Random(seed)
    for _ in range(20):
        dealt = sample.deal(known, rng)
        assert dealt[me_n] == holdings[me_n]
        for n in range(4):
            assert dealt[n].bit_count() == known.held[n]
            assert all(SUIT_TABLE[trump][i] not in voids[n] for i in range(24) if dealt[n] >> i & 1)
