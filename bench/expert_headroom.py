"""What seeing every card would be worth to the expert, decision by decision, in duplicate deals.

    .venv/bin/python bench/expert_headroom.py --deals 1000 --seed 61 --against basic --jobs 2

Each version is the expert, except that for some kinds of decision it is handed the true deal
instead of drawing deals that fit what its seat knows: ``sees=play`` for its cards,
``sees=bid`` for its bids, its discard and defending alone, ``sees=all`` for everything;
``sees=partner`` is told only its partner's cards, for its card play (what signals between
partners could tell at best); ``sees=partner-lead`` and ``sees=partner-follow`` only when it
leads, or only when it follows.
The truth is handed over through the expert's own setting for it (``ExpertSettings.told``):
nothing else changes (the same search, scoring and tie-break), so a version's gain over the
expert bounds what any better reading of the unseen cards could bring to those decisions:
what is left, the search cannot win by inference; only by deciding better under what it cannot
know, or not at all.

Deals are played as in ``bench/expert_duplicate.py`` (each version both ways round, on the
same deals), and it prints the same report. A measurement, never a test.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

# bench/ is the script's own folder, so its sibling imports by name
from expert_duplicate import compare

from euchre.cards import Card
from euchre.hand import Hand, Phase
from euchre.measure.duplicate import Task, margin, margins
from euchre.players import Player, SeatView
from euchre.players.expert import ExpertPlayer, ExpertSettings
from euchre.players.levels import make_player
from euchre.seats import Seat

PLAY = frozenset({Phase.PLAY})


def always(view: SeatView) -> bool:
    return True


def leading(view: SeatView) -> bool:
    return not view.trick


def following(view: SeatView) -> bool:
    return bool(view.trick)


class Sight(NamedTuple):
    """What a version is told: for which decisions, and whether only its partner's cards."""

    phases: frozenset[Phase]
    when: Callable[[SeatView], bool] = always
    partner: bool = False


SEES = {
    "play": Sight(PLAY),
    "partner": Sight(PLAY, partner=True),
    "partner-lead": Sight(PLAY, leading, partner=True),
    "partner-follow": Sight(PLAY, following, partner=True),
    "bid": Sight(frozenset(Phase) - PLAY),
    "all": Sight(frozenset(Phase)),
}


class Oracle:
    """The expert's ``told`` setting for a version that sees: the true cards of the other seats
    (or its partner's alone) in the hand being played, for the decisions its sight names."""

    def __init__(self, sight: Sight) -> None:
        self.sight = sight
        self.hand: Hand | None = None

    def __call__(self, view: SeatView) -> dict[Seat, tuple[Card, ...]]:
        hand, sight = self.hand, self.sight
        if hand is None or view.phase not in sight.phases or not sight.when(view):
            return {}
        others = tuple(seat for seat in Seat if seat is not view.seat)
        seats = (view.seat.partner,) if sight.partner else others
        return {seat: hand.cards(seat) for seat in seats}


def version(spec: str, rng: random.Random) -> Player:
    """``expert``, or ``sees=`` and a name in ``SEES``: ``sees=play``, ``sees=partner``..."""
    if spec.startswith("sees="):
        oracle = Oracle(SEES[spec.removeprefix("sees=")])
        return ExpertPlayer(rng, ExpertSettings(told=oracle))
    return make_player(spec, rng)


def hand_over(hand: Hand, view: SeatView, player: Player) -> None:
    """Show a seeing version's oracle the hand being played."""
    if isinstance(player, ExpertPlayer) and isinstance(player.settings.told, Oracle):
        player.settings.told.hand = hand


def one(task: Task) -> list[int]:
    """Deal ``number``'s margin for each version, on the deals of ``expert_duplicate``."""
    return margins(task, version, partial(margin, look=hand_over))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    return compare(__doc__.splitlines()[0], one, argv)


if __name__ == "__main__":
    json.dump(main(), sys.stdout, indent=1)
    print()
