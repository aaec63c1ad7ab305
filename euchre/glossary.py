"""The words of the game, once: what ``help`` in ``euchre play`` lists and the living
documentation's glossary shows. In the order a beginner meets them; the bowers by both the
kata's name (the Right Bar, the Left Bar) and the usual one, as RULES.md says them."""

from __future__ import annotations

GLOSSARY: dict[str, str] = {
    "Trick": "One card from each player in turn; the highest card wins it. A hand is 5 tricks.",
    "Lead suit": "The suit of the first card played to a trick. Others must follow it if they"
    " can; the Left Bar counts as trump.",
    "Trump": "The suit chosen for the hand. Any trump beats every card of another suit.",
    "Right Bar (right bower)": "The Jack of the trump suit: the highest card of the hand.",
    "Left Bar (left bower)": "The other Jack of trump's colour: the second highest card, and a "
    "trump, not a card of its printed suit.",
    "Kitty": "The 4 cards left after the deal.",
    "Upcard": "The kitty's top card, turned face up: its suit is offered as trump first.",
    "Eldest hand": "The player on the dealer's left, who is dealt to first and leads first.",
    "Order up": "Round 1: tell the dealer to pick up the upcard, making its suit trump.",
    "Pick up": "The dealer's own order up: take the upcard into the hand and discard a card.",
    "Pass": "Decline to make trump; after four passes, round 2 lets anyone name another suit.",
    "Stick the dealer": "If everyone passes twice, the dealer must name a suit.",
    "Maker": "The player who chose trump; their team must win 3 tricks.",
    "Euchred": "What the makers are when they win fewer than 3 tricks: 2 points to the others.",
    "March": "Winning all 5 tricks: 2 points, or 4 for a player going alone.",
    "Loner": "A maker who goes alone: their partner sits the hand out.",
}
"""Each term, and its meaning in a sentence or two."""
