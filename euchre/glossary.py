"""The words of the game, once: what ``help`` in ``euchre play`` lists and the living
documentation's glossary shows. In the order a beginner meets them; the bowers by both the
kata's name (the Right Bar, the Left Bar) and the usual one, as docs/rules.md says them.

Each word the features use is defined in the story that first uses it (``features/``, in the
kata's order), and the glossary names that story: the living documentation links there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Word:
    """A term, its meaning in a sentence or two, and the feature (by its file's stem) whose
    story defines it; None for a word of the game the features never use."""

    term: str
    meaning: str
    feature: str | None


WORDS: tuple[Word, ...] = (
    Word(
        "Hand",
        "One deal of the cards, played out: trump made, then 5 tricks. The cards a player"
        " holds are their cards, never their hand.",
        "dealing",
    ),
    Word(
        "Trick",
        "One card from each player in turn; the highest card wins it. A hand is 5 tricks.",
        "dealing",
    ),
    Word("Kitty", "The 4 cards left after the deal.", "dealing"),
    Word(
        "Upcard",
        "The kitty's top card, turned face up: its suit is offered as trump first.",
        "dealing",
    ),
    Word(
        "Lead",
        "Play the first card of a trick. The player on the dealer's left leads the first"
        " trick, and each trick's winner leads the next.",
        "play_order",
    ),
    Word(
        "Trump",
        "The suit chosen for the hand. Any trump beats every card of another suit.",
        "play_order",
    ),
    Word(
        "Lead suit",
        "The suit of the first card played to a trick. Others must follow it if they can; the"
        " Left Bar counts as trump.",
        "lead_suit",
    ),
    Word(
        "Follow suit",
        "Play a card of the lead suit, as a player who holds one must.",
        "lead_suit",
    ),
    Word(
        "Throw off",
        "Play a card of neither the lead suit nor trump, which can never win the trick.",
        "lead_suit",
    ),
    Word(
        "Left Bar (left bower)",
        "The other Jack of trump's colour: the second highest card, and a trump, not a card of"
        " its printed suit.",
        "lead_suit",
    ),
    Word(
        "Right Bar (right bower)",
        "The Jack of the trump suit: the highest card of the hand.",
        "trump_suit",
    ),
    Word(
        "Bid",
        "A player's say, in turn, in choosing trump after the deal: pass, order up, or name a"
        " suit.",
        "scoring",
    ),
    Word(
        "Maker",
        "The player who chose trump; their team, the makers, must win 3 tricks.",
        "scoring",
    ),
    Word("Defenders", "The team that did not choose trump.", "scoring"),
    Word(
        "Euchred",
        "What the makers are when they win fewer than 3 tricks: 2 points to the others.",
        "scoring",
    ),
    Word("March", "Winning all 5 tricks: 2 points, or 4 for a player going alone.", "scoring"),
    Word(
        "Loner",
        "A maker who goes alone: their partner sits the hand out. A loner's march is a lone march.",
        "scoring",
    ),
    Word(
        "House rule",
        "A variation of the standard rules that the players agree on before they play.",
        "scoring",
    ),
    Word(
        "Order up",
        "Round 1: tell the dealer to pick up the upcard, making its suit trump.",
        "making_trump",
    ),
    Word(
        "Pick up",
        "What the dealer does with the upcard once anyone orders it up: take it into their"
        " cards and discard one. Said by the dealer, it is their own order up.",
        "making_trump",
    ),
    Word(
        "Pass",
        "Decline to make trump; after four passes, round 2 lets anyone name another suit.",
        "making_trump",
    ),
    Word(
        "Stick the dealer",
        "If everyone passes twice, the dealer must name a suit.",
        "stick_the_dealer",
    ),
    Word(
        "Canadian loner",
        "A house rule: the dealer's partner who orders up the dealer's upcard must go alone.",
        "going_alone",
    ),
    Word(
        "Eldest",
        "The player on the dealer's left, who is dealt to first, bids first and leads first.",
        None,
    ),
)


def plainly(texts: Sequence[str]) -> list[str]:
    """The kata's own names that ``texts`` use ("the Left Bar"), each said in plain words once:
    ``The Left Bar is the other Jack of trump's colour.``"""
    said = []
    for word in WORDS:
        name = word.term.split(" (")[0]  # "Left Bar (left bower)": the kata's own name
        if " " in name and name[0].isupper() and any(name in text for text in texts):
            plain = word.meaning.split(":")[0]
            said.append(f"The {name} is {plain[0].lower()}{plain[1:]}.")
    return said


GLOSSARY: dict[str, str] = {word.term: word.meaning for word in WORDS}
"""Each term, and its meaning in a sentence or two."""
DEFINED_IN: dict[str, str] = {word.term: word.feature for word in WORDS if word.feature}
"""Each term the features use, and the feature (its file's stem) whose story defines it."""
