"""The glossary and the features in step: a newcomer reading only `features/`, in the kata's
order, meets each word of the game where its story defines it.

For every word of the glossary, the first feature (in the stages' order) that uses it is the
one the glossary names, and it uses it first in its story (the lines above its first Rule,
Background or example) or in a `Rule:` line, never first in a step; a word the glossary names
no feature for is used by none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from euchre.glossary import DEFINED_IN, GLOSSARY, WORDS
from euchre.kata.coach.record.stages import STAGES
from tests.paths import ROOT

USES = {
    "Hand": r"\bhands?\b",
    "Trick": r"\btricks?\b",
    "Kitty": r"\bkitty\b",
    "Upcard": r"\bupcard\b",
    "Lead": r"\b(?:leads?|leading|led)\b",
    "Trump": r"\btrumps?\b",
    "Lead suit": r"\blead suit\b",
    "Follow suit": r"\bfollow",
    "Throw off": r"\bthrow(?:s|n)? off\b|\bthrown off\b",
    "Left Bar (left bower)": r"\bleft (?:bar|bower)\b",
    "Right Bar (right bower)": r"\bright (?:bar|bower)\b",
    "Bid": r"\bbid(?:s|ding)?\b",
    "Maker": r"\bmakers?\b",
    "Defenders": r"\bdefenders?\b",
    "Euchred": r"\beuchred\b|\beuchring\b",
    "March": r"\bmarch\b",
    "Loner": r"\b(?:(?<!canadian )loner|lone|alone)\b",
    "House rule": r"\bhouse rules?\b",
    "Order up": r"\border(?:s|ed)? up\b|\bordering up\b",
    "Pick up": r"\bpick(?:s|ed)? up\b|\bpicking up\b",
    "Pass": r"\bpass(?:es|ed)?\b",
    "Stick the dealer": r"\bstick the dealer\b",
    "Canadian loner": r"\bcanadian loner\b",
    "Eldest": r"\beldest\b",
}
"""How the features write each word of the glossary (any case)."""
SECTIONS = ("Background:", "Rule:", "Scenario", "Example")


@dataclass(frozen=True)
class Use:
    feature: str
    line: int
    where: str
    """"story" (above the first Rule, Background or example), "rule" (a Rule: line) or
    "step" (anywhere else)."""


def first_use(pattern: str) -> Use | None:
    """Where the features, read in the kata's order, first use a word."""
    for stage in STAGES:
        lines = (ROOT / stage.feature_path).read_text(encoding="utf-8").splitlines()
        in_story = True
        for number, line in enumerate(lines, start=1):
            stripped = line.strip()
            in_story = in_story and not stripped.startswith(SECTIONS)
            if stripped.startswith("@") or not re.search(pattern, stripped, re.IGNORECASE):
                continue
            where = "story" if in_story else "rule" if stripped.startswith("Rule:") else "step"
            return Use(stage.stem, number, where)
    return None


def test_every_word_of_the_glossary_has_the_way_the_features_write_it() -> None:
    assert set(USES) == set(GLOSSARY)
    assert set(DEFINED_IN) <= set(GLOSSARY)
    assert {word.feature for word in WORDS if word.feature} <= {stage.stem for stage in STAGES}


@pytest.mark.parametrize("term", list(GLOSSARY))
def test_a_word_is_defined_in_the_story_that_first_uses_it(term: str) -> None:
    used = first_use(USES[term])
    home = DEFINED_IN.get(term)
    if home is None:
        assert used is None, f"{term!r} is used at {used}, and the glossary names no feature"
        return
    assert used is not None, f"no feature uses {term!r}, yet the glossary says {home} does"
    assert (used.feature, used.where) in ((home, "story"), (home, "rule")), (
        f"{term!r} is first used in features/{used.feature}.feature:{used.line}, in a"
        f" {used.where}; the glossary says its story, {home}, defines it"
    )


def test_hand_means_one_deal_and_never_a_players_cards() -> None:
    """The glossary settles "hand": a player holds cards, not a hand."""
    assert GLOSSARY["Hand"].startswith("One deal of the cards")
    for stage in STAGES:
        text = (ROOT / stage.feature_path).read_text(encoding="utf-8")
        for said in ("their hand", "these hands", "strong hand", "the hand of"):
            assert said not in text, f"{stage.feature}: {said!r}"
