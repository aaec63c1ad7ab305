"""Duplicate deals: every deal is played twice, once as dealt and once with every hand moved one
seat on (the partnerships' cards swapped), so the luck of the cards cancels in the sum of the
two margins, and versions of a bot compared on the same deals need far fewer of them than a
difference in games won would.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from euchre.deal import Deal, deal, shuffled_deck
from euchre.hand import Hand
from euchre.players import Player, SeatView
from euchre.seats import Seat, Team

Look = Callable[[Hand, SeatView, Player], None]
"""Shown each decision before it is taken: the hand, the deciding seat's view, its player."""
Make = Callable[[str, random.Random], Player]
"""A player from a version's name and its own randomness."""
Margin = Callable[[Deal, dict[Seat, Player], Team], int]
Task = tuple[int, int, str, list[str]]
"""A deal's number, the seed, the level played against, and the versions."""


def deal_for(seed: int, number: int) -> Deal:
    """Deal ``number`` of a run from ``seed``: its own, whatever else the run plays; the deal
    passes round the table from one deal to the next."""
    rng = random.Random(f"duplicate/{seed}/{number}")
    return deal(shuffled_deck(rng), tuple(Seat)[number % 4])


def turned(dealt: Deal) -> Deal:
    """The same deal with every hand moved one seat clockwise (North's cards to East)."""
    hands = {seat.left: cards for seat, cards in dealt.hands.items()}
    return Deal(hands=hands, kitty=dealt.kitty, dealer=dealt.dealer.left)


def margin(dealt: Deal, players: dict[Seat, Player], team: Team, look: Look | None = None) -> int:
    """``team``'s points less the other side's, on one hand of ``dealt`` played by ``players``."""
    hand = Hand(dealt)
    while hand.turn is not None:
        player, view = players[hand.turn], SeatView.of(hand, hand.turn)
        if look is not None:
            look(hand, view, player)
        hand.apply(player.choose(view).action)
    result = hand.result
    assert result is not None  # a hand with no one to move is over
    return result.points[team] - result.points[team.opponents]


def margins(task: Task, make: Make, play: Margin) -> list[int]:
    """Deal ``number``'s margin for each version, each played both ways round against the
    level ``against``: each player made by ``make``, each hand played by ``play``."""
    number, seed, against, versions = task
    dealt = deal_for(seed, number)
    found = []
    for version in versions:
        total = 0
        for team, cards in ((Team.NS, dealt), (Team.EW, turned(dealt))):
            rng = random.Random(f"duplicate/{seed}/{number}/{team}")
            players = {
                seat: make(version if seat.team is team else against, random.Random(rng.random()))
                for seat in Seat
            }
            total += play(cards, players, team)
        found.append(total)
    return found


def paired(diffs: Sequence[int]) -> tuple[float, float, int]:
    """The mean of paired differences, its standard error, and how many are not 0."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return round(mean, 4), round(math.sqrt(var / n), 4), sum(d != 0 for d in diffs)
