"""The words of the game, for a ``help`` command: short, in the order a beginner meets them."""

from __future__ import annotations

GLOSSARY: tuple[tuple[str, str], ...] = (
    ("trump", "the suit that beats every other suit in this hand"),
    ("upcard", "the card turned face up after the deal; its suit is offered as trump first"),
    ("order up", "round 1: tell the dealer to pick up the upcard, making its suit trump"),
    ("pick up", "the dealer's own order up: take the upcard into the hand and discard a card"),
    ("pass", "decline to make trump; after four passes, round 2 lets anyone name another suit"),
    ("maker", "the player who made trump; the makers' side must take 3 of the 5 tricks"),
    ("right bower", "the jack of trump: the highest card in the hand"),
    ("left bower", "the other jack of the same colour: the second highest, and a trump"),
    ("follow suit", "play a card of the suit led if you have one (the left bower counts as trump)"),
    ("go alone", "the maker plays without a partner: all 5 tricks score 4 points instead of 2"),
    ("march", "taking all 5 tricks: 2 points, or 4 for a lone maker"),
    ("euchred", "the makers took fewer than 3 tricks: 2 points to the other side"),
    ("stick the dealer", "if everyone passes twice, the dealer must name a suit"),
)
"""Each term with its meaning, in one line."""


def glossary_text() -> str:
    """The glossary as lines of ``term: meaning``, ready to print.

    >>> print(glossary_text().splitlines()[2])
    order up: round 1: tell the dealer to pick up the upcard, making its suit trump
    """
    return "\n".join(f"{term}: {meaning}" for term, meaning in GLOSSARY)
