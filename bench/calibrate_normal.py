"""Fit the weights of the normal bot's hand value to double-dummy results of random deals.

    .venv/bin/python bench/calibrate_normal.py --deals 16000 --seed 1 --jobs 2

For each deal a random seat makes a random trump (the upcard's suit in round 1, when the
dealer picks it up and discards; another suit in round 2). The exact search of the five tricks
with every hand open gives the makers' points (+1, +2, or -2 when euchred); least squares fits
``euchre.players.hand_value.WEIGHTS`` to them. It prints the weights, ready to paste.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random

from euchre.deal import deal, shuffled_deck
from euchre.players.expert.solver import TrickSolver
from euchre.players.hand_value import WEIGHTS, dealer_discard, features
from euchre.players.tables import SEAT_NUMBER, mask
from euchre.scoring import score
from euchre.seats import Seat

Row = tuple[tuple[float, ...], float]


def one(seed: int) -> Row:
    rng = random.Random(seed)
    dealer = rng.choice(tuple(Seat))
    dealt = deal(shuffled_deck(rng), dealer)
    seat = rng.choice(tuple(Seat))
    hands = {s: list(dealt.hands[s]) for s in Seat}
    first_round = rng.random() < 0.5
    upcard = dealt.upcard
    if first_round:
        trump = upcard.suit
        six = [*hands[dealer], upcard]
        throw, _ = dealer_discard(six, trump)
        hands[dealer] = [c for c in six if c != throw]
    else:
        trump = rng.choice([s for s in type(upcard.suit) if s is not upcard.suit])
    found = features(hands[seat], trump, seat, dealer, upcard if first_round else None)
    solver = TrickSolver(trump)
    ns = solver.solve([mask(hands[s]) for s in Seat], SEAT_NUMBER[dealer.left])
    makers = seat.team
    tricks = ns if SEAT_NUMBER[seat] % 2 == 0 else 5 - ns
    scorer, points = score(makers, tricks, alone=False)
    return found, float(points if scorer is makers else -points)


def fit(rows: list[Row]) -> list[float]:
    size = len(rows[0][0])
    a = [[0.0] * size for _ in range(size)]
    b = [0.0] * size
    for x, y in rows:
        for i in range(size):
            b[i] += x[i] * y
            for j in range(size):
                a[i][j] += x[i] * x[j]
    for i in range(size):
        a[i][i] += 1e-6
    for col in range(size):  # Gaussian elimination with partial pivoting
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(size):
            if r != col:
                f = a[r][col] / a[col][col]
                for c in range(col, size):
                    a[r][c] -= f * a[col][c]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(size)]


def error(weights: tuple[float, ...] | list[float], rows: list[Row]) -> float:
    """The mean squared error of a hand value with ``weights``."""
    total = 0.0
    for x, y in rows:
        total += (sum(w * f for w, f in zip(weights, x, strict=True)) - y) ** 2
    return total / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=16000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seeds = [args.seed * 1_000_003 + n for n in range(args.deals)]
    with multiprocessing.Pool(args.jobs) as pool:
        rows = pool.map(one, seeds, chunksize=200)
    weights = fit(rows)
    mean = sum(y for _, y in rows) / len(rows)
    old, new = error(WEIGHTS, rows), error(weights, rows)
    print(f"deals {len(rows)}, mean points {mean:+.3f}, squared error {old:.3f} -> {new:.3f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.2f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
