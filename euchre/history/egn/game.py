"""The model of an EGN game: its deals replayed into hands, and the score they bring.

The score and the end of the game are worked out here once, for the reader (which refuses a
deal after the end) and for the converters (which write the score and the winner).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from euchre.cards import Card
from euchre.hand import Hand
from euchre.history.egn.notation import SEATS, Notes
from euchre.rules import Rules
from euchre.seats import Seat, Team

Score = Mapping[Team, int]


@dataclass
class EgnDeal:
    """One deal, replayed: the hand, which of its cards nobody saw, and the file's notes.

    ``unseen`` are the cards placed where nobody saw them (the kitty, a discard, a partner's
    hand that was never played), so that the rules model could replay the deal; they are
    never shown or written as known. ``call_notes`` and ``play_notes`` are the annotations,
    by the index of the call, and of the card across all the tricks, from 0.
    """

    hand: Hand
    unseen: frozenset[Card] = frozenset()
    discard_known: bool = True
    call_notes: Notes = field(default_factory=dict)
    play_notes: Notes = field(default_factory=dict)
    source: Mapping[str, Any] | None = None
    """The deal as read, so that what this reader does not use is written back unchanged."""

    def known(self, seat: Seat) -> bool:
        """Whether every card ``seat`` was dealt is known."""
        return not self.unseen.intersection(self.hand.deal.hands[seat])

    @property
    def all_known(self) -> bool:
        return not self.unseen and self.discard_known


@dataclass
class EgnGame:
    """A game: its rules, the score it starts from, its deals; ``metadata`` as read."""

    rules: Rules
    deals: list[EgnDeal]
    initial_score: Score = field(default_factory=lambda: dict.fromkeys(Team, 0))
    metadata: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Top-level fields besides the game itself (timings, views, a video), kept as read."""

    def scores(self) -> list[dict[Team, int]]:
        """The score after each finished deal, from the initial score."""
        running, scores = dict(self.initial_score), []
        for deal in self.deals:
            if deal.hand.result is not None:
                running = score_after(running, deal.hand)
                scores.append(running)
        return scores

    @property
    def winner(self) -> Team | None:
        """The partnership that reached the target first, if one did."""
        return next(filter(None, (reached(self.rules, score) for score in self.scores())), None)

    @property
    def players(self) -> dict[Seat, str]:
        """The players' names by seat, as far as the file gives them."""
        names = self.metadata.get("players", [])
        found = {}
        for seat, player in zip(SEATS, names if isinstance(names, list) else [], strict=False):
            name = player.get("name") if isinstance(player, Mapping) else player
            if isinstance(name, str) and name.strip():
                found[seat] = name.strip()
        return found


def score_after(score: Score, hand: Hand) -> dict[Team, int]:
    """The score once ``hand`` is counted; the same while it is unfinished."""
    points = hand.result.points if hand.result is not None else {}
    return {team: score[team] + points.get(team, 0) for team in Team}


def reached(rules: Rules, score: Score) -> Team | None:
    """The partnership at or past the target, if the rules set one and one is."""
    leader = max(Team, key=score.__getitem__)
    return leader if rules.points_to_win and score[leader] >= rules.points_to_win else None


def game_over(rules: Rules, score: Score, deals: int) -> str | None:
    """Why the game is over at ``score`` after ``deals`` deals, or None while it goes on."""
    leader = reached(rules, score)
    if leader is not None:
        return f"{leader} reached {rules.points_to_win}" + (f" in deal {deals}" if deals else "")
    if rules.num_deals and deals >= rules.num_deals:
        return f"all {rules.num_deals} deals were played"
    return None
