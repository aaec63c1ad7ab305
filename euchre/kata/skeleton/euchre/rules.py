"""The house rules a hand is played under: one small value, passed in, never global."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class LonerLead(Enum):
    """The house rule for a lone maker's first trick (features/going_alone.feature)."""

    LEFT_OF_DEALER = "LEFT_OF_DEALER"
    """The standard game."""
    LEFT_OF_LONER = "LEFT_OF_LONER"
    """The house rule "the loner's left leads"."""


@dataclass(frozen=True)
class Rules:
    """House rules; the defaults are the standard game. The features say what each one does."""

    stick_the_dealer: bool = True
    """Stick the dealer, or else the redeal rule (features/stick_the_dealer.feature)."""
    points_to_win: int = 10
    """The score a game is played to; ``0``: none (features/the_game.feature)."""
    num_deals: int = 0
    """How many hands a game lasts; ``0``: no limit (features/the_game.feature)."""
    canadian: bool = False
    """The Canadian loner (features/going_alone.feature)."""
    loner_lead: LonerLead = LonerLead.LEFT_OF_DEALER
    """The house rule for a lone maker's first trick."""
    loner_march_score: int = 4
    """The house score of a lone maker who takes every trick (features/scoring.feature)."""
    loner_euchred_score: int = 2
    """The house score of defenders who stop a lone maker (features/scoring.feature)."""
