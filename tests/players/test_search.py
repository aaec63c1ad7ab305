"""The exact trick search: it agrees with a plain minimax on random small positions."""

from __future__ import annotations

import random

import pytest

from euchre.cards import Card, Suit
from euchre.players.expert.solver import TrickSolver
from euchre.players.tables import SEATS, STRENGTH_TABLE, SUIT_TABLE, cards_of, mask


def minimax(
    hands: list[int],
    leader: int,
    trump: Suit,
    players: tuple[int, ...],
    trick: tuple[tuple[int, int], ...] = (),
) -> int:
    """North-South's tricks by trying every legal card in turn: slow, plain and sure."""

    def order_from(leader: int) -> list[int]:
        return [s for s in ((leader + k) % 4 for k in range(4)) if s in players]

    def search(h: list[int], order: list[int], trick: tuple[tuple[int, int], ...]) -> int:
        if len(trick) == len(order):
            lead = SUIT_TABLE[trump][trick[0][1]]
            winner = max(trick, key=lambda play: STRENGTH_TABLE[trump, lead][play[1]])[0]
            gain = 1 - winner % 2
            return gain + (search(h, order_from(winner), ()) if h[winner] else 0)
        seat = order[len(trick)]
        cards = [i for i in range(24) if h[seat] >> i & 1]
        if trick:
            lead = SUIT_TABLE[trump][trick[0][1]]
            cards = [c for c in cards if SUIT_TABLE[trump][c] is lead] or cards
        values = []
        for card in cards:
            after = list(h)
            after[seat] ^= 1 << card
            values.append(search(after, order, (*trick, (seat, card))))
        return max(values) if seat % 2 == 0 else min(values)

    return search(list(hands), order_from(leader), trick)


def random_position(rng: random.Random) -> tuple[Suit, tuple[int, ...], list[int], int]:
    trump = rng.choice(list(Suit))
    size = rng.randint(1, 3)
    players: tuple[int, ...] = (0, 1, 2, 3)
    if rng.random() < 0.3:
        out = rng.randrange(4)
        players = tuple(s for s in range(4) if s != out)
    deck = list(range(24))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for number, seat in enumerate(players):
        for card in deck[number * size : (number + 1) * size]:
            hands[seat] |= 1 << card
    return trump, players, hands, rng.choice(players)


@pytest.mark.parametrize("seed", range(4))
def test_the_search_agrees_with_plain_minimax(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        trump, players, hands, leader = random_position(rng)
        solver = TrickSolver(trump, [SEATS[n] for n in players])
        expected = minimax(hands, leader, trump, players)
        assert solver.solve(hands, leader) == expected
        assert solver.at_least(hands, leader, expected)
        assert not solver.at_least(hands, leader, expected + 1)


def test_each_card_is_valued_as_if_played_first_in_a_trick_under_way() -> None:
    rng = random.Random(9)
    for _ in range(30):
        trump, players, hands, leader = random_position(rng)
        solver = TrickSolver(trump, [SEATS[n] for n in players])
        first = hands[leader] & -hands[leader]
        trick = ((leader, first.bit_length() - 1),)
        after = list(hands)
        after[leader] ^= first
        values = solver.card_values(after, leader, trick)
        nxt = next(s for s in ((leader + k) % 4 for k in range(1, 4)) if s in players)
        lead = SUIT_TABLE[trump][trick[0][1]]
        held = [c for c in range(24) if after[nxt] >> c & 1]
        legal = [c for c in held if SUIT_TABLE[trump][c] is lead] or held
        assert sorted(values) == sorted(legal)
        for card, value in values.items():
            check = list(after)
            check[nxt] ^= 1 << card
            assert value == minimax(check, leader, trump, players, (*trick, (nxt, card)))
        best = max(values.values()) if nxt % 2 == 0 else min(values.values())
        assert solver.solve(after, leader, trick) == best


def test_touching_cards_are_worth_the_same() -> None:
    # North holds the right and left bowers: they touch, so either takes the same tricks.
    solver = TrickSolver(Suit.HEARTS)
    hands = [
        mask(Card.parse_many("JH JD")),
        mask(Card.parse_many("AH 9C")),
        mask(Card.parse_many("9S 10S")),
        mask(Card.parse_many("KH QC")),
    ]
    values = solver.card_values(hands, 0)
    assert values[Card.parse("JH").index] == values[Card.parse("JD").index] == 2


def test_a_narrow_window_bounds_the_value() -> None:
    solver = TrickSolver(Suit.SPADES)
    hands = [
        mask(Card.parse_many("JS AS")),
        mask(Card.parse_many("9H 10H")),
        mask(Card.parse_many("KS 9D")),
        mask(Card.parse_many("QH KD")),
    ]
    assert solver.solve(hands, 0) == 2
    values = solver.card_values(hands, 0, (), 0, 1)
    assert all(value >= 1 for value in values.values())


def test_masks_and_cards_round_trip() -> None:
    cards = Card.parse_many("9C JD AS")
    assert cards_of(mask(cards)) == list(cards)


@pytest.mark.parametrize("seed", range(3))
def test_cards_part_way_through_a_trick_are_valued_as_minimax_values_them(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(25):
        trump, players, hands, leader = random_position(rng)
        order = [s for s in ((leader + k) % 4 for k in range(4)) if s in players]
        trick: tuple[tuple[int, int], ...] = ()
        for seat in order[: rng.randint(1, len(order) - 1)]:
            held = [c for c in range(24) if hands[seat] >> c & 1]
            if trick:
                lead = SUIT_TABLE[trump][trick[0][1]]
                held = [c for c in held if SUIT_TABLE[trump][c] is lead] or held
            card = rng.choice(held)
            hands[seat] ^= 1 << card
            trick = (*trick, (seat, card))
        solver = TrickSolver(trump, [SEATS[n] for n in players])
        values = solver.card_values(hands, leader, trick)
        nxt = order[len(trick)]
        for card, value in values.items():
            after = list(hands)
            after[nxt] ^= 1 << card
            assert value == minimax(after, leader, trump, players, (*trick, (nxt, card)))


def test_bounds_remembered_from_narrow_searches_answer_later_ones() -> None:
    rng = random.Random(42)
    for _ in range(20):
        trump, players, hands, leader = random_position(rng)
        expected = minimax(hands, leader, trump, players)
        solver = TrickSolver(trump, [SEATS[n] for n in players])
        for target in (*range(4, -1, -1), *range(5)):
            assert solver.at_least(hands, leader, target) == (expected >= target)
