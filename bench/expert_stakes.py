"""Measure how often a hand scores 1, 2 or 4 points, for the expert's sense of the game score.

    .venv/bin/python bench/expert_stakes.py --hands 20000 --seed 1

Four ``normal`` bots play random hands; it prints the share of hands that score each number of
points (to whichever side), the figures in ``euchre.players.expert.weigh.SCORES``. A measurement,
never a test.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from euchre.deal import deal, shuffled_deck
from euchre.hand import Hand
from euchre.players import SeatView
from euchre.players.normal import NormalBot
from euchre.seats import Seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bot = NormalBot()
    counts: Counter[int] = Counter()
    for number in range(args.hands):
        hand = Hand(deal(shuffled_deck(rng), tuple(Seat)[number % 4]))
        while hand.turn is not None:
            hand.apply(bot.choose(SeatView.of(hand, hand.turn)).action)
        assert hand.result is not None
        counts[max(hand.result.points.values())] += 1
    for points, count in sorted(counts.items()):
        print(f"{points}: {count / args.hands:.3f}")


if __name__ == "__main__":
    main()
