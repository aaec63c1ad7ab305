"""EGN's ``ruleset``: the Rules it sets, and the ruleset written for Rules.

A variant the project does not play is refused by its key, in one line; a rule EGN leaves out
takes EGN's default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre.history.egn.notation import EgnError
from euchre.history.record import expected, in_words
from euchre.rules import LonerLead, Rules

UNSUPPORTED = {
    "farmers": "a farmer's hand",
    "partners_best": "partner's best (call for best)",
    "go_under": "going under",
    "joker": "the Joker (Benny)",
    "allow_no_trump": "no trump",
    "fast_break": "the fast break",
    "four_trick_tokens": "four-trick tokens",
}
"""Variants of EGN the project does not play, and what each is called."""
_INTS = ("winning_score", "num_deals", "loner_march_score", "loner_euchred_score")
_BOOLS = ("std", "canadian", "defend_alone")


def read_ruleset(value: Any) -> Rules:
    """The Rules an EGN ``ruleset`` sets; a variant the project does not play is refused, by
    its key, in one line."""
    if not isinstance(value, Mapping):
        raise EgnError(f"ruleset: {expected('an object of rules', value)}")
    for key, setting in value.items():
        if key in UNSUPPORTED:
            if setting not in (False, None):
                raise EgnError(f"ruleset: {key} ({UNSUPPORTED[key]}) is not supported")
        elif key == "min_rank":
            if setting != 9 or isinstance(setting, bool):
                raise EgnError(f"ruleset: min_rank {in_words(setting)} is not supported: 9 only")
        elif key == "num_players":
            if setting != 4 or isinstance(setting, bool):
                raise EgnError(f"ruleset: num_players {in_words(setting)} is not supported: 4 only")
        elif key in _BOOLS:
            if not isinstance(setting, bool):
                raise EgnError(f"ruleset: {key}: {expected('true or false', setting)}")
        elif key in _INTS:
            if isinstance(setting, bool) or not isinstance(setting, int) or not 0 <= setting <= 100:
                raise EgnError(f"ruleset: {key}: {expected('a whole number, 0 to 100', setting)}")
        elif key == "loner_lead":
            if not isinstance(setting, str) or setting not in {lead.value for lead in LonerLead}:
                raise EgnError(
                    f"ruleset: loner_lead: {expected('LEFT_OF_DEALER or LEFT_OF_LONER', setting)}"
                )
        else:
            raise EgnError(f"ruleset: {in_words(key)} is not an EGN rule")
    if "num_deals" in value and "winning_score" not in value:
        target = 0  # a game of so many deals, and no target
    else:
        target = value.get("winning_score", 10)
    rules = Rules(
        stick_the_dealer=value.get("std", True),
        points_to_win=target,
        num_deals=value.get("num_deals", 0),
        canadian=value.get("canadian", False),
        loner_lead=LonerLead(value.get("loner_lead", LonerLead.LEFT_OF_DEALER.value)),
        loner_march_score=value.get("loner_march_score", 4),
        loner_euchred_score=value.get("loner_euchred_score", 2),
        defend_alone=value.get("defend_alone", False),
    )
    if not rules.points_to_win and not rules.num_deals:
        raise EgnError("ruleset: a game needs winning_score or num_deals, not neither")
    for key in ("loner_march_score", "loner_euchred_score"):
        if not getattr(rules, key):
            raise EgnError(f"ruleset: {key}: expected 1 to 100, got 0")
    return rules


def write_ruleset(rules: Rules) -> dict[str, Any]:
    """The ``ruleset`` of EGN for ``rules``: the settings always written, and any other that
    differs from EGN's default."""
    ruleset: dict[str, Any] = {
        "std": rules.stick_the_dealer,
        "canadian": rules.canadian,
        "loner_lead": rules.loner_lead.value,
    }
    if rules.points_to_win:
        ruleset["winning_score"] = rules.points_to_win
    if rules.num_deals:
        ruleset["num_deals"] = rules.num_deals
    if rules.loner_march_score != 4:
        ruleset["loner_march_score"] = rules.loner_march_score
    if rules.loner_euchred_score != 2:
        ruleset["loner_euchred_score"] = rules.loner_euchred_score
    if rules.defend_alone:
        ruleset["defend_alone"] = True
    return ruleset
