"""What a wrong model is made of: a patch of the learner's model, undone exactly.

A wrong model is the learner's own model with one rule changed: it wraps a public name of the
skeleton (a function, a method or an attribute) and keeps the original to call. The model is
imported by name, when a patch is made, so that this module imports nothing of it.

A function is replaced wherever it was imported by name (``from euchre.trick import
legal_plays``), so the steps and the model's other modules call the wrong one too.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

Wrap = Callable[[Callable[..., Any]], Callable[..., Any]]
"""Given the original callable, the one to use instead."""
Transform = Callable[[Any, Callable[[], Any]], Any]
"""Given the instance and a way to read the original value, the value to read instead."""


@dataclass(frozen=True)
class WrongModel:
    """A model that passes some scenarios yet breaks one rule, and how to make it."""

    name: str
    """A short slug, such as ``left-bar-only-when-red``."""
    sentence: str
    """What is wrong with it, in one sentence a learner understands."""
    stage: int
    """The first stage whose feature states the rule it breaks."""
    rule: str
    """That rule, as its feature's ``Rule:`` line says it."""
    patch: Callable[[Patcher], None]
    """Makes the learner's model into this wrong one."""
    question: str = ""
    """What a product owner would ask of a story's examples that let this model through: a
    situation, never the rule (see questions.py; the catalogue gives each its own)."""


def model(name: str) -> ModuleType:
    """The learner's module ``euchre.<name>``, imported now."""
    return importlib.import_module(f"euchre.{name}")


class _Read:
    """A class attribute that reads another value than the original, which it still sets.

    The original may be a property, a slot, a class value or an instance's own attribute.
    """

    def __init__(self, name: str, original: Any, transform: Transform) -> None:
        self.name, self.original, self.transform = name, original, transform

    def _get(self, instance: Any) -> Any:
        original = self.original
        if hasattr(original, "__get__"):
            return original.__get__(instance, type(instance))
        if self.name in getattr(instance, "__dict__", {}):
            return instance.__dict__[self.name]
        if original is None:
            raise AttributeError(self.name)
        return original

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        return self.transform(instance, lambda: self._get(instance))

    def __set__(self, instance: Any, value: Any) -> None:
        if hasattr(self.original, "__set__"):
            self.original.__set__(instance, value)
        else:
            instance.__dict__[self.name] = value


class Patcher:
    """The replacements made to the model, each undone, in the reverse order, by ``undo``."""

    def __init__(self) -> None:
        self._undo: list[Callable[[], None]] = []

    def function(self, module: str, name: str, wrap: Wrap) -> None:
        """Replace the function ``euchre.<module>.<name>`` everywhere it was imported."""
        original = getattr(model(module), name)
        replacement = wrap(original)
        for loaded in list(sys.modules.values()):
            namespace = getattr(loaded, "__dict__", None)
            if isinstance(namespace, dict) and namespace.get(name) is original:
                self._set(loaded, name, replacement)

    def method(self, module: str, cls: str, name: str, wrap: Wrap) -> None:
        """Replace a method (or classmethod) of ``euchre.<module>.<cls>``."""
        owner = getattr(model(module), cls)
        raw = _lookup(owner, name)
        if isinstance(raw, classmethod):
            self._set(owner, name, classmethod(wrap(raw.__func__)))
        else:
            self._set(owner, name, wrap(getattr(owner, name)))

    def attribute(self, module: str, cls: str, name: str, transform: Transform) -> None:
        """Make an attribute or property of ``euchre.<module>.<cls>`` read another value."""
        owner = getattr(model(module), cls)
        self._set(owner, name, _Read(name, _lookup(owner, name), transform))

    def _set(self, owner: Any, name: str, value: Any) -> None:
        had = name in vars(owner)
        before = vars(owner).get(name)
        setattr(owner, name, value)
        self._undo.append(lambda: setattr(owner, name, before) if had else delattr(owner, name))

    def undo(self) -> None:
        while self._undo:
            self._undo.pop()()


def _lookup(owner: type, name: str) -> Any:
    """The class attribute ``name`` as the class or a base defines it; None if none does."""
    for kind in owner.__mro__:
        if name in vars(kind):
            return vars(kind)[name]
    return None


# The words the wrong models and their probes use: the model's public names, read when used.

PLAIN = ("9", "10", "J", "Q", "K", "A")
"""The ranks as the features write them, in the order of a suit that is not trump."""


def cards(text: str) -> list[Any]:
    parse = model("cards").Card.parse
    return [parse(word) for word in text.split()]


def seat(number: int) -> Any:
    """Player ``number`` of the features: 1 is Team 1 Player 1."""
    return tuple(model("seats").Seat)[number - 1]


def suit(name: str) -> Any:
    return model("cards").Suit.parse(name)


def rank(card: Any) -> str:
    return str(card)[:-1]


def is_black(played: Any) -> bool:
    return str(played.value) in "CS"


def other(team: Any) -> Any:
    return next(side for side in model("seats").Team if side is not team)


def shown(value: object) -> object:
    """A value as plain text and tuples, to compare: a card as "JH", a seat by its name."""
    if isinstance(value, str | int | bool | type(None)):
        return value
    if type(value).__name__ == "Card":
        return str(value)
    if hasattr(value, "name") and hasattr(type(value), "__members__"):
        return str(value.name)
    if isinstance(value, dict) or hasattr(value, "items"):
        return tuple(sorted((str(shown(key)), shown(item)) for key, item in value.items()))
    if isinstance(value, Iterable):
        return tuple(shown(item) for item in value)
    return repr(value)


def outcome(act: Callable[[], object]) -> object:
    """What ``act`` returns, shown, or the kind of error it raises."""
    try:
        return shown(act())
    except Exception as error:  # the wrong model may raise anything: that is the answer
        return f"raises {type(error).__name__}"


def hand(rules: Any = None, *bids: Any) -> Any:
    """A hand of the unshuffled deck dealt by Team 2 Player 4 (spades turned up), bid so far."""
    dealt = model("deal").deal(list(model("cards").DECK), seat(4))
    made = model("hand").Hand(dealt) if rules is None else model("hand").Hand(dealt, rules)
    for bid in bids:
        made.apply(bid)
    return made


def play_out(table: Any, current: Callable[[], Any]) -> None:
    """Play the first card each player may play, until the hand ``current()`` is over."""
    played = current()
    while played.turn is not None and current() is played:
        turn = played.turn
        held = played.cards(turn)
        card = model("trick").legal_plays(held, played.trick.lead_suit, played.trump)[0]
        table.apply(model("actions").Play(card), turn)


def collector(into: list[WrongModel]) -> Callable[..., Callable[[Callable[[Patcher], None]], Any]]:
    """A decorator that adds the patch it decorates to ``into``, as a wrong model."""

    def wrong(
        name: str, stage: int, rule: str, sentence: str
    ) -> Callable[[Callable[[Patcher], None]], Any]:
        def register(patch: Callable[[Patcher], None]) -> Callable[[Patcher], None]:
            into.append(WrongModel(name, sentence, stage, rule, patch))
            return patch

        return register

    return wrong
