"""Measure where the normal bot's calling and going-alone lines should be, by playing bids out.

    .venv/bin/python bench/calibrate_lines.py --deals 40000 --seed 1 --jobs 2

The hand value (``bench/calibrate_normal.py`` fits it) says how good a hand is; the lines in
``euchre.players.normal.CALL_LINES`` and ``ALONE_LINES`` say how good it must be before each
seat calls, or goes alone. To measure them, one team of ``normal`` bots plays ``basic`` bots;
at each of its bids that has a choice, the hand is played out three times from there: after a
pass, after the call with the partner, and after the call alone. The difference in points for
the team is what calling (or going alone) gains with that hand value, from that seat, in that
round. For each seat and round it prints today's line and the line that would have gained the
most over these deals: a sum of the gains of every hand at or above it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from euchre.actions import NAME_TRUMP, ORDER_UP, PASS, Action, Bid
from euchre.cards import Suit
from euchre.deal import deal, shuffled_deck
from euchre.hand import Hand, Phase
from euchre.players import Player, SeatView
from euchre.players.hand_value import expected_points as hand_value
from euchre.players.normal import (
    ALONE_LINES,
    CALL_LINES,
    NormalBot,
    alone_reason,
    from_dealer,
    likely_march,
    lone_value,
)
from euchre.players.rule_bot import RuleBot
from euchre.seats import Seat, Team
from euchre.trump import effective_suit

T = TypeVar("T")
SEATS_FROM_DEALER = ("left of the dealer", "dealer's partner", "right of the dealer", "dealer")

# One bid with a choice: the round, the seat from the dealer's left, the hand value and the
# value alone, whether going alone is a choice the bot weighs (three trumps, not a sure march),
# whether the bot would go alone if it called, and the team's points (its own less the other
# side's) after a pass, a call, and a call alone.
Row = tuple[bool, int, float, float, bool, bool, int, int, int]


def margin(hand: Hand, team: Team) -> int:
    """The points ``team`` scored in the finished ``hand``, less the other side's."""
    assert hand.result is not None  # played to its end
    return hand.result.points[team] - hand.result.points[team.opponents]


def played_out(hand: Hand, actions: Sequence[Action], players: dict[Seat, Player]) -> Hand:
    """A copy of the hand, replayed with ``actions``, then played to its end by ``players``."""
    copy = Hand(hand.deal, hand.rules)
    for action in actions:
        copy.apply(action)
    while copy.turn is not None:
        copy.apply(players[copy.turn].choose(SeatView.of(copy, copy.turn)).action)
    return copy


def choices(
    hand: Hand, players: dict[Seat, Player], team: Team
) -> Iterator[tuple[SeatView, tuple[Action, ...]]]:
    """Each bid with a choice that ``team`` meets as ``players`` bid: the seat's view, and the
    actions taken before it. The bidding goes on once the caller has measured it."""
    taken: list[Action] = []
    while hand.phase in (Phase.ORDER_UP, Phase.NAME_TRUMP):
        seat = hand.turn
        assert seat is not None  # bidding goes on until trump is made or all pass twice
        view = SeatView.of(hand, seat)
        if seat.team is team and PASS in view.legal_actions:
            yield view, tuple(taken)
        action = players[seat].choose(view).action
        taken.append(action)
        hand.apply(action)


def one(number: int) -> list[Row]:
    """Every choice of bid the ``normal`` team meets in one deal, each played out three ways."""
    rng = random.Random(f"lines/{number}")
    dealer = tuple(Seat)[number % 4]
    hand = Hand(deal(shuffled_deck(rng), dealer))
    team = dealer.left.team if number % 8 < 4 else dealer.team
    players: dict[Seat, Player] = {
        seat: NormalBot() if seat.team is team else RuleBot() for seat in Seat
    }
    rows: list[Row] = []
    for view, taken in choices(hand, players, team):
        seat = view.seat
        first = view.phase is Phase.ORDER_UP
        upcard = view.upcard if first else None
        if first:
            trump: Suit = view.upcard.suit
            calls: tuple[Bid, Bid] = ORDER_UP
        else:
            others = [suit for suit in Suit if suit is not view.upcard.suit]
            trump = max(others, key=lambda s: hand_value(view.cards, s, seat, dealer, None))
            calls = NAME_TRUMP[trump]
        trumps = sum(effective_suit(card, trump) is trump for card in view.cards)
        weighed = trumps >= 3 and not likely_march(view.cards, trump)
        goes_alone = alone_reason(view.cards, trump, seat, dealer, upcard) is not None
        passed, called, alone = (
            margin(played_out(hand, [*taken, bid], players), team)
            for bid in (PASS, calls[0], calls[1])
        )
        rows.append(
            (
                first,
                from_dealer(seat, dealer),
                hand_value(view.cards, trump, seat, dealer, upcard),
                lone_value(view.cards, trump, seat, dealer, upcard),
                weighed,
                goes_alone,
                passed,
                called,
                alone,
            )
        )
    return rows


def best_line(gains: list[tuple[float, int]]) -> tuple[float | None, int]:
    """The value at or above which acting gains the most in all, and that gain."""
    best, line, total = 0, None, 0
    for value, gain in sorted(gains, reverse=True):
        total += gain
        if total > best:
            best, line = total, value
    return line, best


def played_deals(
    one: Callable[[int], list[T]], doc: str, deals: int, chunk: int, argv: list[str] | None
) -> tuple[argparse.Namespace, list[T]]:
    """The options a bench of bids takes (``--deals``, ``--seed``, ``--jobs``), and the rows
    ``one`` gives for each deal of the seed, in processes."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    numbers = range(args.seed * 10_000_000, args.seed * 10_000_000 + args.deals)
    with multiprocessing.Pool(args.jobs) as pool:
        return args, [row for rows in pool.map(one, numbers, chunksize=chunk) for row in rows]


def main(argv: list[str] | None = None) -> int:
    args, rows = played_deals(one, __doc__, 40_000, 50, argv)
    print(f"{len(rows)} bids with a choice in {args.deals} deals; points for the normal team")
    for first in (True, False):
        for where, name in enumerate(SEATS_FROM_DEALER):
            mine = [row for row in rows if row[0] is first and row[1] == where]
            if not mine:
                continue
            # Calling means what the bot would do once it calls: alone or with its partner.
            call = [(row[2], (row[8] if row[5] else row[7]) - row[6]) for row in mine]
            alone = [(row[3], row[8] - row[7]) for row in mine if row[4]]
            line, gain = best_line(call)
            lone_line, lone_gain = best_line(alone)
            print(
                f"round {1 if first else 2}, {name} ({len(mine)} bids):"
                f" call at {CALL_LINES[first][where]:+.2f}, best {_line(line)} (+{gain} points);"
                f" alone at {ALONE_LINES[first][where]:+.2f}, best {_line(lone_line)}"
                f" (+{lone_gain} points)"
            )
    return 0


def _line(value: float | None) -> str:
    return "never" if value is None else f"{value:+.2f}"


if __name__ == "__main__":
    raise SystemExit(main())
