"""The levels of play, by name: what ``--level`` and ``simulate --ns/--ew`` choose from.

>>> LEVELS
('easy', 'basic', 'normal', 'expert')
>>> type(make_player("normal", random.Random(1))).__name__
'NormalBot'
"""

from __future__ import annotations

import random

from euchre.players import Player
from euchre.players.expert import ExpertPlayer
from euchre.players.normal import NormalBot
from euchre.players.random_player import RandomPlayer
from euchre.players.rule_bot import RuleBot

LEVELS = ("easy", "basic", "normal", "expert")
"""From the weakest: random play, the first rule bot, the rule bot that says why, search."""

DESCRIPTIONS = {
    "easy": "random cards",
    "basic": "the first rule bot",
    "normal": "a rule bot that says why",
    "expert": "searches many deals",
}
"""Each level in a few words, as ``--help`` says it."""


def make_player(level: str, rng: random.Random) -> Player:
    """A player of ``level``; ``rng`` is the randomness of the levels that need it."""
    if level == "easy":
        return RandomPlayer(rng)
    if level == "basic":
        return RuleBot()
    if level == "normal":
        return NormalBot()
    if level == "expert":
        return ExpertPlayer(rng)
    raise ValueError(f"{level!r} is not a level: choose one of {', '.join(LEVELS)}")
