"""The words the features use for players, teams, suits and cards, and how steps read them.

The features name players as the kata does ("Team 1 Player 3") and write cards as
``Card.parse`` reads them ("JH", "10D"). Lists are read by pytest-bdd's ``cfparse``: a
type name followed by ``+`` means one or more, so ``{cards:Card+}`` reads "9C 10C JD" and
``{players:Player+}`` reads "Team 1 Player 1, Team 2 Player 2".

This is the one place where a seat is given its name for people, and where steps turn
the model's values back into words for a failure message.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Literal, TypeVar, cast

import parse
from parse_type import TypeBuilder  # type: ignore[import-untyped]
from pytest_bdd import parsers

from euchre.cards import Card, Suit
from euchre.seats import Seat, Team

T = TypeVar("T")
Converter = Callable[[str], T]


def with_pattern(pattern: str) -> Callable[[Converter[T]], Converter[T]]:
    """``parse.with_pattern``, typed: the regular expression a step parameter matches."""
    return cast(Callable[[Converter[T]], Converter[T]], parse.with_pattern(pattern))


@with_pattern(r"Team [12] Player [1-4]")
def parse_player(text: str) -> Seat:
    """Read "Team 1 Player 3" as seat 3. Odd players are Team 1, even ones Team 2."""
    _, team, _, number = text.split()
    if int(team) != 2 - int(number) % 2:
        raise ValueError(f"{text!r} in a feature: player {number} plays for the other team")
    return tuple(Seat)[int(number) - 1]


def player_name(seat: Seat) -> str:
    """The kata's name for a seat, such as "Team 2 Player 4" (without asking the model)."""
    number = tuple(Seat).index(seat) + 1
    return f"Team {2 - number % 2} Player {number}"


@with_pattern(r"Team [12]")
def parse_team(text: str) -> Team:
    """Read "Team 1" (North-South, the odd seats) or "Team 2" (East-West)."""
    return tuple(Team)[int(text.split()[1]) - 1]


def team_name(team: Team) -> str:
    return f"Team {tuple(Team).index(team) + 1}"


Side = Literal["makers", "defenders"]


@with_pattern(r"makers|defenders")
def parse_side(text: str) -> Side:
    """The makers made trump; the defenders are the other team."""
    return cast(Side, text)


@with_pattern(r"clubs|diamonds|hearts|spades")
def parse_suit(text: str) -> Suit:
    return read_back(text, "Suit", Suit.parse, lambda suit: suit.name.lower())


@with_pattern(r"(?:9|10|J|Q|K|A)[CDHS]")
def parse_card(text: str) -> Card:
    return read_back(text, "Card", Card.parse, str)


def read_back(text: str, kind: str, parse: Callable[[str], T], written: Callable[[T], str]) -> T:
    """The value the model's ``parse`` reads from the example's ``text``; a failure at once if
    it is ``written`` as other words, so that no comparison shows the model's reading as what
    the example says, or if ``parse`` refuses it."""
    try:
        value = parse(text)
    except ValueError as refused:
        # pytest-bdd takes a ValueError from a step's parser as words the step does not match,
        # and would tell a learner who writes no steps that no step definition matches.
        raise AssertionError(
            f"{kind}.parse({text!r}) raises {refusal_said(refused)}: the example says {text},"
            " and the model cannot read it"
        ) from None  # the message says it all; pytest would show the ValueError's line again
    try:
        shown = written(value)
    except (NotImplementedError, AttributeError):  # not written yet, or a kind of the learner's
        return value
    assert shown == text, (
        f"{kind}.parse({text!r}) gives {shown}: the example says {text}, and the model reads"
        f" {shown}"
    )
    return value


TYPES: dict[str, Callable[[str], object]] = {
    "Player": parse_player,
    "Team": parse_team,
    "Side": parse_side,
    "Suit": parse_suit,
    "Card": parse_card,
    # Cards in a list are separated by spaces; players (see "Player+") by commas.
    "Card+": TypeBuilder.with_many(parse_card, listsep=" "),
}


def step(text: str) -> parsers.cfparse:
    """A step pattern that knows the kata's players, teams, suits and cards, and lists of them."""
    return parsers.cfparse(text, extra_types=TYPES)


def cards_in(text: str) -> list[Card]:
    """The cards in a cell of a table, such as "9C 10C"."""
    return [Card.parse(word) for word in text.split()]


def plays_in(datatable: list[list[str]]) -> list[tuple[Seat, Card]]:
    """The rows of a | player | card | table, below its heading."""
    return [(parse_player(name), Card.parse(card)) for name, card in datatable[1:]]


def notation(value: object) -> str:
    """A value in the features' words: cards as "9C 10C", seats as "Team 1 Player 1".

    The learner's own Card may be a dataclass whose repr is long; its ``str`` is the notation.
    A refusal is told by what it says, not by the seats and cards it was made with.
    """
    if isinstance(value, Exception):
        return refusal_said(value)
    kind = type(value).__name__
    if kind == "Card":
        return _text(value)
    if kind == "Seat":
        return player_name(cast(Seat, value))
    if kind == "Team":
        return team_name(cast(Team, value))
    if kind == "Suit":
        return cast(Suit, value).name.lower()
    if isinstance(value, set | frozenset):
        return "{" + " ".join(sorted(notation(item) for item in value)) + "}"
    if isinstance(value, list | tuple):
        if value and all(type(item).__name__ == "Card" for item in value):
            return " ".join(_text(item) for item in value)
        return "(" + ", ".join(notation(item) for item in value) + ")"
    return repr(value)


KINDS = ("Card", "Seat", "Team", "Suit")
"""The kinds of value the features have words for, by name: the learner's classes or ours."""


def mentions(value: object) -> bool:
    """Whether ``value`` is, or holds, a card, a seat, a team, a suit or a refusal."""
    if type(value).__name__ in KINDS or isinstance(value, Exception):
        return True
    if isinstance(value, list | tuple | set | frozenset):
        return any(mentions(item) for item in value)
    return False


def wordable(value: object) -> bool:
    """Whether ``notation`` words all of ``value``: no part of it is left to its repr.

    Cards, seats, teams, suits and refusals; None and numbers, which read as themselves; and
    lists, tuples and sets of them.
    """
    if isinstance(value, list | tuple | set | frozenset):
        return all(wordable(item) for item in value)
    return mentions(value) or value is None or isinstance(value, int)


def _text(card: object) -> str:
    try:
        return str(card)
    except NotImplementedError:  # its __str__ not written yet: its rank and suit's letter
        rank, letter = (
            getattr(card, "rank", None),
            getattr(getattr(card, "suit", None), "value", None),
        )
        return (
            f"{rank}{letter}" if isinstance(rank, str) and isinstance(letter, str) else repr(card)
        )


def listed(values: Iterable[object]) -> str:
    return ", ".join(notation(value) for value in values)


def mismatch(subject: str, *, example: str, model: str) -> str:
    """A Then's failure: what the example says, and what the model gives instead.

    Every Then that compares the two says so in these words, "the example says …; the model
    gives …", which the coach rewords for the learner's level: at level model the model is the
    learner's and wrong, at level examples the example is. ``subject`` names what the two are
    about, in the features' words; none when the two say it whole.
    """
    said = f"the example says {example}; the model gives {model}"
    return f"{subject}: {said}" if subject else said


def refusal_said(refusal: Exception | None) -> str:
    """A refusal the model made, or none, as a failure message tells it."""
    return "no refusal" if refusal is None else f"{type(refusal).__name__} ({said(refusal)})"


def said(refusal: BaseException) -> str:
    """What a refusal says, its seats in the features' words: the model's errors name a seat by
    its letter ("N does not hold AH"), the features as "Team 1 Player 1". The seats are the
    refusal's own (what it was made with, or keeps), each put in wherever it stands alone."""
    text = str(refusal)
    made_with = [*refusal.args, *vars(refusal).values()]
    for seat in {value for value in made_with if type(value).__name__ == "Seat"}:
        text = re.sub(rf"(?<!\w){re.escape(str(seat))}(?!\w)", player_name(seat), text)
    return text


def points_said(points: Mapping[Team, int]) -> str:
    """Tricks or points by team, as "Team 1 3, Team 2 2"."""
    return ", ".join(f"{team_name(team)} {points[team]}" for team in sorted(points, key=team_name))
