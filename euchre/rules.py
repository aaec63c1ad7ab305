"""The rule settings a game is played under: one small value, passed in, never global."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class LonerLead(Enum):
    """Who leads the first trick when the maker goes alone."""

    LEFT_OF_DEALER = "LEFT_OF_DEALER"
    """The eldest hand, as in every other hand (or the next player, if the eldest sits out)."""
    LEFT_OF_LONER = "LEFT_OF_LONER"
    """The player on the lone maker's left (or the next player, if that one sits out)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Variants of docs/rules.md; the defaults are the project's (and pagat's) standard game."""

    stick_the_dealer: bool = True
    """When all pass twice, the dealer must name trump; otherwise the hand is thrown in."""
    points_to_win: int = 10
    """The game ends with the hand that brings a partnership to this score; 0: no target."""
    defend_alone: bool = False
    """A defender may play alone against a lone maker; euchring them so scores 4."""
    num_deals: int = 0
    """The game ends after this many hands, whatever the score; 0: no limit."""
    canadian: bool = False
    """The dealer's partner who orders up the upcard must go alone (the Canadian loner)."""
    loner_lead: LonerLead = LonerLead.LEFT_OF_DEALER
    """Who leads the first trick against a lone maker."""
    loner_march_score: int = 4
    """Points for a lone maker who takes all five tricks."""
    loner_euchred_score: int = 2
    """Points for the defenders who euchre a lone maker (defending alone scores 4 always)."""
