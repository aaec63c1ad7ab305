"""Options shared by the commands: the rule variants and the kinds of player."""

from __future__ import annotations

import argparse
import random
from dataclasses import replace

from euchre.players import Player
from euchre.players.random_player import RandomPlayer
from euchre.players.rule_bot import RuleBot
from euchre.rules import Rules

RULES_HELP = (
    "comma-separated variants: stick (the default) or redeal, points=N (10),"
    " defend-alone; for example 'redeal,points=5'"
)
PLAYER_KINDS = ("rule", "random")


def parse_rules(text: str) -> Rules:
    """Read variants such as ``"redeal,points=5,defend-alone"`` as Rules."""
    rules = Rules()
    for word in filter(None, (part.strip().lower() for part in text.split(","))):
        if word in ("stick", "stick-the-dealer"):
            rules = replace(rules, stick_the_dealer=True)
        elif word == "redeal":
            rules = replace(rules, stick_the_dealer=False)
        elif word == "defend-alone":
            rules = replace(rules, defend_alone=True)
        elif word.startswith("points=") and word[7:].isdigit() and int(word[7:]) > 0:
            rules = replace(rules, points_to_win=int(word[7:]))
        else:
            raise argparse.ArgumentTypeError(f"{word!r} is not a rule: use {RULES_HELP}")
    return rules


def make_player(kind: str, rng: random.Random) -> Player:
    """A bot of the named kind; random bots draw from ``rng``."""
    return RuleBot() if kind == "rule" else RandomPlayer(rng)
