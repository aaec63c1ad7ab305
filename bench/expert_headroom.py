"""What seeing every card would be worth to the expert, decision by decision, in duplicate deals.

    .venv/bin/python bench/expert_headroom.py --deals 1000 --seed 61 --against basic --jobs 2

Each version is the expert, except that for some kinds of decision it is handed the true deal
instead of drawing deals that fit what its seat knows: ``sees=play`` for its cards,
``sees=bid`` for its bids, its discard and defending alone, ``sees=all`` for everything;
``sees=partner`` is told only its partner's cards, for its card play (what signals between
partners could tell at best); ``sees=partner-lead`` and ``sees=partner-follow`` only when it
leads, or only when it follows.
Nothing else changes (the same search, scoring and tie-break), so a version's gain over the
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
from dataclasses import replace
from functools import partial
from typing import Any, NamedTuple

# bench/ is the script's own folder, so its sibling imports by name
from expert_duplicate import Task, compare, margin, margins

from euchre.hand import Hand, Phase
from euchre.players import Player, SeatView
from euchre.players.expert import ExpertPlayer
from euchre.players.knowledge import Knowledge
from euchre.players.levels import make_player
from euchre.players.outcomes import Holdings
from euchre.players.search import SEATS, mask

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


class Seer(ExpertPlayer):
    """The expert, scoring its choices on ``truth`` whenever it is set, not on drawn deals;
    or, seeing only its partner's cards, on deals drawn with those known."""

    def __init__(self, rng: random.Random, name: str) -> None:
        super().__init__(rng)
        self.sight = SEES[name]
        self.truth: Holdings | None = None

    def sees(self, view: SeatView) -> bool:
        """Whether it is handed the truth for this decision."""
        return view.phase in self.sight.phases and self.sight.when(view)

    def _draw(
        self,
        knowledge: Knowledge,
        believable: Callable[[Holdings], bool],
        likely: Callable[[Holdings], float],
    ) -> Holdings:
        if self.truth is None:
            return super()._draw(knowledge, believable, likely)
        if not self.sight.partner:
            return self.truth
        partner = SEATS.index(knowledge.seat.partner)
        known = list(knowledge.known)
        known[partner] = self.truth[partner]
        told = replace(knowledge, known=tuple(known), unseen=knowledge.unseen & ~known[partner])
        return super()._draw(told, believable, likely)


def truth(hand: Hand, view: SeatView) -> Holdings:
    """Where every card not yet played lies: the four seats, then the kitty."""
    hands = [mask(hand.cards(seat)) for seat in SEATS]
    played = mask(card for trick in (*view.tricks, view.trick) for _, card in trick)
    everything = (1 << 24) - 1
    kitty = everything & ~played & ~(hands[0] | hands[1] | hands[2] | hands[3])
    return (*hands, kitty)


def version(spec: str, rng: random.Random) -> Player:
    """``expert``, or ``sees=`` and a name in ``SEES``: ``sees=play``, ``sees=partner``..."""
    if spec.startswith("sees="):
        return Seer(rng, spec.removeprefix("sees="))
    return make_player(spec, rng)


def hand_over(hand: Hand, view: SeatView, player: Player) -> None:
    """Hand a ``Seer`` the truth for the decisions it sees, and only for those."""
    if isinstance(player, Seer):
        player.truth = truth(hand, view) if player.sees(view) else None


def one(task: Task) -> list[int]:
    """Deal ``number``'s margin for each version, on the deals of ``expert_duplicate``."""
    return margins(task, version, partial(margin, look=hand_over))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    return compare(__doc__.splitlines()[0], one, argv)


if __name__ == "__main__":
    json.dump(main(), sys.stdout, indent=1)
    print()
