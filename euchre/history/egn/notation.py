"""EGN's vocabulary, read and written: cards, seats, calls and the annotations' labels.

Seats are numbered 0 to 3 clockwise from North (N, E, S, W); team 0 is NS, team 1 EW.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre.actions import PASS, Action, NameTrump, OrderUp
from euchre.cards import Card, Rank, Suit
from euchre.errors import EuchreError
from euchre.history.record import RecordError, expected, in_words
from euchre.seats import Seat

FILE_TYPE = "Euchre Game Notation"
VERSION = "1.4"
SEATS = tuple(Seat)


class EgnError(RecordError):
    """An EGN file that is malformed, breaks the rules, or needs rules the project lacks."""


def is_egn(document: Any) -> bool:
    """Whether a JSON document is an EGN game (by its content, whatever the file's name)."""
    return isinstance(document, Mapping) and document.get("fileType") == FILE_TYPE


def either(fields: Mapping[str, Any], *keys: str) -> Any:
    """The first of ``keys`` present (EGN 1.4's name, then the older spellings)."""
    return next((fields[key] for key in keys if key in fields), None)


# Cards ----------------------------------------------------------------------------------------

_RANKS = {"9": Rank.NINE, "N": Rank.NINE, "T": Rank.TEN, "J": Rank.JACK}
_RANKS |= {"Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
SUITS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
"""The suits by their letter in EGN, as in cards ("Kc") and calls ("h")."""
_WRITTEN_RANK = {Rank.NINE: "9", Rank.TEN: "T"}


def read_card(text: Any, trump: Suit | None = None) -> Card:
    """A card in EGN notation: ``Kc``, ``Ts``, ``9d`` or ``Nd`` (a nine), ``R`` and ``L`` (the
    bowers, once trump is known); the project's own notation (``10D``, ``J♥``) is read too.

    >>> read_card("Nd"), read_card("L", Suit.HEARTS)
    (Card.parse('9D'), Card.parse('JD'))
    """
    if not isinstance(text, str):
        raise EgnError(expected('a card such as "Kc"', text))
    if text in ("R", "L"):
        if trump is None:
            bower = "right" if text == "R" else "left"
            raise EgnError(f'"{text}" is the {bower} bower, but trump is not made yet')
        return Card(Rank.JACK, trump if text == "R" else trump.same_colour_suit)
    if len(text) == 2 and text[0].upper() in _RANKS and text[1].lower() in SUITS:
        return Card(_RANKS[text[0].upper()], SUITS[text[1].lower()])
    if "X" in text.upper()[:2] and len(text) == 2:
        raise EgnError(f"{in_words(text)} is an unknown card: only cards that are known replay")
    if len(text) == 2 and text[0] in "78":
        raise EgnError(f"{in_words(text)}: the deck is nine to ace (min_rank 9)")
    if text == "B":
        raise EgnError('"B" is the Joker, which the project does not play')
    if len(text) == 2 and text[1] in "tngh":
        raise EgnError(f"{in_words(text)}: a generic suit (t n g h) is not a card that replays")
    try:
        return Card.parse(text)
    except EuchreError:
        raise EgnError(
            f"{in_words(text)} is not a card: write a rank (9 or N, T, J, Q, K, A) and a suit"
            ' (c d h s), as in "Kc", "Ts", "9d", or R and L for the bowers'
        ) from None


def write_card(card: Card) -> str:
    """A card as EGN writes it: the plain form, ``Kc``, ``Ts``, ``9d``."""
    return _WRITTEN_RANK.get(card.rank, card.rank.value) + card.suit.value.lower()


# Seats and calls ------------------------------------------------------------------------------


def read_seat(value: Any, where: str) -> Seat:
    """A seat by its number, 0 (North) to 3 (West)."""
    if type(value) is not int or not 0 <= value <= 3:
        raise EgnError(f"{where}: {expected('a seat, 0 to 3', value)}")
    return SEATS[value]


def read_call(call: Any, alone: bool, where: str) -> Action:
    """A call: ``Pass``, ``Order`` (or the older ``PickUp``, ``Alone``, ``Call``), or a suit's
    letter; the deal says once, in ``isAlone``, whether the maker went alone."""
    if call == "Pass":
        return PASS
    if call in ("Order", "PickUp", "Alone", "Call"):
        return OrderUp(alone)
    if isinstance(call, str) and call in SUITS:
        return NameTrump(SUITS[call], alone)
    if call == "n":
        raise EgnError(f"{where}: no trump is not supported (allow_no_trump)")
    raise EgnError(f"{where}: {expected('Pass, Order or a suit (s h d c)', call)}")


def write_call(bid: Action) -> str:
    """A bid as EGN writes it: ``Order``, a suit's letter, or ``Pass``."""
    if isinstance(bid, OrderUp):
        return "Order"
    if isinstance(bid, NameTrump):
        return bid.suit.value.lower()
    return "Pass"


# Annotations ----------------------------------------------------------------------------------

Notes = Mapping[int, tuple[str, ...]]
"""A deal's annotations, by the index of the call, or of the card across the tricks, from 0."""

LABELS = {
    "[??]": "blunder",
    "[?!]": "dubious",
    "[!?]": "interesting",
    "[!!]": "brilliant",
    "[?]": "mistake",
    "[!]": "great",
}
"""The annotation labels of EGN, longest first, and the words a reader is shown for them."""


def label(note: str) -> tuple[str | None, str]:
    """An annotation's label as a word, and its text: ``"[??]Oops"`` is a blunder, "Oops".

    >>> label("[!!] Perfect lone call."), label("Dealer had no choice.")
    (('brilliant', 'Perfect lone call.'), (None, 'Dealer had no choice.'))
    """
    for tag, word in LABELS.items():
        if note.startswith(tag):
            return word, note[len(tag) :].strip()
    return None, note.strip()


def read_notes(value: Any, where: str) -> dict[int, tuple[str, ...]]:
    """The annotations of a phase: an object of index ("3") to a list of notes."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise EgnError(f"{where}: {expected('an object of index to notes', value)}")
    notes = {}
    for key, texts in value.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 4):
            raise EgnError(f"{where}: {expected('an index such as 3', key)}")
        if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
            raise EgnError(f"{where}: {key}: {expected('a list of strings', texts)}")
        notes[int(key)] = tuple(texts)
    return notes


def write_notes(notes: Notes) -> dict[str, list[str]]:
    return {str(index): list(texts) for index, texts in notes.items()}
