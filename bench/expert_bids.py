"""Play the expert's bids out both ways, and score other rules for bidding on the same bids.

    .venv/bin/python bench/expert_bids.py --deals 3000 --seed 1 --jobs 2

One team of experts plays ``basic`` bots on half the deals and ``normal`` bots on the other.
At each of its bids that has a choice, the hand is played out from there three times by the
same players: after a pass, after the call the search rates best, and after that call alone
(when the search weighs it). Beside the team's points from each, it keeps the search's own
estimates, before ``CAUTION``, and how far the ``normal`` bot's hand value lies above that
bot's line for the seat and round.

So any rule for choosing among the three is scored on the same bids, paired against the
expert's own (the best estimate, each call less ``CAUTION``). It prints, for each rule, the
points a bid gains with the standard error and how many bids it would make differently, on all
the deals and on each half (even and odd deals: fit on one, check on the other):

- another ``CAUTION``;
- a bonus for going alone;
- leaning towards the ``normal`` bot: adding to each call a share of how far that bot rates
  the hand above its line.

A measurement, never a test.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

# bench/ is the script's own folder, so its sibling imports by name
from calibrate_lines import choices, margin, played_deals, played_out

from euchre.actions import PASS, Action, NameTrump, OrderUp
from euchre.cards import Card, Suit
from euchre.deal import deal, shuffled_deck
from euchre.hand import Hand, Phase
from euchre.measure.duplicate import paired
from euchre.players import Player, SeatView
from euchre.players.expert import ExpertPlayer, ExpertSettings
from euchre.players.hand_value import after_pick_up
from euchre.players.hand_value import expected_points as hand_value
from euchre.players.levels import make_player
from euchre.players.normal import CALL_LINES, from_dealer
from euchre.seats import Seat, Team

Rule = Callable[["Row"], int]
"""A rule for bidding: which of a row's bids (pass, call, alone) it makes."""


@dataclass(frozen=True)
class Row:
    """One bid with a choice: the search's estimates and the team's points at the table."""

    number: int
    over: float  # how far the normal bot rates the hand above its line
    estimates: tuple[float, ...]  # pass, call, alone: the search's, before CAUTION
    points: tuple[int, ...]  # the same bids, played out


def players(team: Team, against: str, seed: str) -> dict[Seat, Player]:
    rng = random.Random(seed)
    return {
        seat: ExpertPlayer(random.Random(rng.random()))
        if seat.team is team
        else make_player(against, random.Random(rng.random()))
        for seat in Seat
    }


def one(number: int) -> list[Row]:
    """Every choice of bid the expert team meets in one deal, each played out three ways."""
    rng = random.Random(f"expert-bids/{number}")
    dealer = tuple(Seat)[number % 4]
    hand = Hand(deal(shuffled_deck(rng), dealer))
    team = Team.NS if number // 4 % 2 == 0 else Team.EW
    against = "basic" if number // 8 % 2 == 0 else "normal"
    table = players(team, against, f"expert-bids/{number}/players")
    return [
        _played_three_ways(number, turn, hand, taken, view, against)
        for turn, (view, taken) in enumerate(choices(hand, table, team))
    ]


def _played_three_ways(
    number: int, turn: int, hand: Hand, taken: Sequence[Action], view: SeatView, against: str
) -> Row:
    search = random.Random(f"expert-bids/{number}/{turn}/search")
    player = ExpertPlayer(search, ExpertSettings(caution=0.0))  # the search's own estimates
    advice = player.advise(view)
    estimates = {c.action: c.value for c in advice.choices if c.value is not None}
    partnered = [b for b in estimates if isinstance(b, OrderUp | NameTrump) and not b.alone]
    call = max(partnered, key=estimates.__getitem__)
    lone = OrderUp(alone=True) if isinstance(call, OrderUp) else NameTrump(call.suit, alone=True)
    bids = [PASS, call, *([lone] if lone in estimates else [])]
    seed = f"expert-bids/{number}/{turn}/play"
    team = view.seat.team
    points = tuple(
        margin(played_out(hand, [*taken, bid], players(team, against, seed)), team) for bid in bids
    )
    trump = view.upcard.suit if isinstance(call, OrderUp) else call.suit
    over = _over_the_line(view, trump)
    return Row(number, over, tuple(estimates[bid] for bid in bids), points)


def _over_the_line(view: SeatView, trump: Suit) -> float:
    """How far the normal bot's hand value lies above its line for the seat and round; in
    round 1 the dealer's hand is counted after the pick-up, as that bot counts it."""
    first = view.phase is Phase.ORDER_UP
    cards: Sequence[Card] = view.cards
    if first and view.seat is view.dealer:
        cards = after_pick_up(cards, view.upcard)
    worth = hand_value(cards, trump, view.seat, view.dealer, view.upcard if first else None)
    return worth - CALL_LINES[first][from_dealer(view.seat, view.dealer)]


def rule(caution: float, alone: float = 0.0, lean: float = 0.0) -> Rule:
    """Bid by the best estimate, each call less ``caution`` and plus ``lean`` of how far the
    normal bot rates the hand above its line, going alone plus ``alone``."""

    def choose(row: Row) -> int:
        added = lean * row.over - caution
        scored = [row.estimates[0], *(points + added for points in row.estimates[1:])]
        if len(scored) == 3:
            scored[2] += alone
        return max(range(len(scored)), key=scored.__getitem__)

    return choose


def gain(rows: Sequence[Row], new: Rule, old: Rule) -> tuple[float, float, int]:
    """The points a bid gains by ``new`` over ``old``: mean, standard error, bids changed."""
    return paired([row.points[new(row)] - row.points[old(row)] for row in rows])


def main(argv: list[str] | None = None) -> int:
    args, rows = played_deals(one, __doc__, 3000, 4, argv)
    parts = {
        "all": rows,
        "even": [row for row in rows if row.number % 2 == 0],
        "odd": [row for row in rows if row.number % 2 == 1],
    }
    caution = ExpertSettings().caution
    expert = rule(caution)
    rules = {f"CAUTION {c}": rule(c) for c in (0.0, 0.1, 0.3, 0.4)}
    rules |= {f"alone {a:+}": rule(caution, alone=a) for a in (-0.2, 0.2, 0.4)}
    rules |= {f"lean {lean}": rule(caution, lean=lean) for lean in (0.2, 0.3, 0.5, 0.7)}
    print(f"{len(rows)} bids with a choice in {args.deals} deals, against CAUTION {caution}")
    print("points a bid gains (standard error, bids made differently)")
    for name, other in rules.items():
        found = "; ".join(f"{part} {gain(got, other, expert)}" for part, got in parts.items())
        print(f"{name}: {found}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
