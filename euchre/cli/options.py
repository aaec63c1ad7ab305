"""Options shared by the commands: the rule variants and the levels of the bots."""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
from typing import Any

from euchre.players import Player, levels
from euchre.players.levels import DESCRIPTIONS, LEVELS
from euchre.rules import Rules

RULES_HELP = (
    "comma-separated variants: stick (the default) or redeal, points=N (10, from 1 to 100),"
    " defend-alone; for example 'redeal,points=5'"
)
OLD_NAMES = {"random": "easy", "rule": "basic"}
"""The names the levels had before there were four: still understood."""
LEVELS_HELP = ", ".join(f"{level} ({DESCRIPTIONS[level]})" for level in LEVELS[:-1]) + (
    f", or {LEVELS[-1]} ({DESCRIPTIONS[LEVELS[-1]]})"
)
MOST_POINTS = 100
"""The highest target ``points=`` accepts: a game to more is not one anybody plays."""


def parse_rules(text: str) -> Rules:
    """Read variants such as ``"redeal,points=5,defend-alone"`` as Rules.

    A setting may be repeated, but not contradicted: ``stick,redeal`` is refused.
    """
    rules = Rules()
    said: dict[str, tuple[str, object]] = {}  # each setting: the word that set it, and its value
    for word in filter(None, (part.strip().lower() for part in text.split(","))):
        value: Any
        if word in ("stick", "stick-the-dealer"):
            setting, value = "stick_the_dealer", True
        elif word == "redeal":
            setting, value = "stick_the_dealer", False
        elif word == "defend-alone":
            setting, value = "defend_alone", True
        elif word.startswith("points="):
            setting, value = "points_to_win", _points(word)
        else:
            raise argparse.ArgumentTypeError(f"{_shown(word)} is not a rule: use {RULES_HELP}")
        before, earlier = said.setdefault(setting, (word, value))
        if earlier != value:
            raise argparse.ArgumentTypeError(
                f"{_shown(before)} and {_shown(word)} contradict each other: choose one"
            )
        rules = replace(rules, **{setting: value})
    return rules


def _points(word: str) -> int:
    digits = word.removeprefix("points=")
    if (
        digits.isascii()
        and digits.isdigit()
        and len(digits) <= 3
        and 0 < int(digits) <= MOST_POINTS
    ):
        return int(digits)
    raise argparse.ArgumentTypeError(
        f"{_shown(word)} is not a rule: points= takes 1 to {MOST_POINTS}"
    )


def _shown(word: str) -> str:
    """The word as typed, quoted, and cut short if it is long."""
    return repr(word if len(word) <= 20 else word[:20] + "…")


def parse_level(text: str) -> str:
    """An argument type: a level by name, or by its old name (``rule`` is ``basic``).

    >>> parse_level("Expert"), parse_level("rule")
    ('expert', 'basic')
    """
    word = text.strip().lower()
    word = OLD_NAMES.get(word, word)
    if word in LEVELS:
        return word
    raise argparse.ArgumentTypeError(f"{_shown(text)} is not a level: choose {LEVELS_HELP}")


def make_player(level: str, rng: random.Random) -> Player:
    """A bot of ``level`` (or its old name); the levels that need randomness draw from ``rng``."""
    return levels.make_player(OLD_NAMES.get(level, level), rng)
