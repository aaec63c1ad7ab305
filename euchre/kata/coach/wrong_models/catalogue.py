"""The catalogue of wrong models: models a learner might write that break one rule each.

A wrong model is the learner's own model (or the reference) with one rule changed by a small
patch of the skeleton's public names, so it works on any model that passes the kata. Each names
the rule it breaks and the first stage whose feature states it: that stage's scenarios must
catch it. The model is imported only when a wrong model is applied or probed.

>>> by_name("left-bar-only-when-red").sentence
'the Left Bar is known only when a red suit is trump'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace

from .dealing import DEALING
from .kit import Patcher, WrongModel
from .lead_suit import LEAD_SUIT
from .making_trump import MAKING_TRUMP
from .play import PLAY
from .questions import QUESTIONS
from .scoring import SCORING
from .table import TABLE
from .the_game import THE_GAME
from .tricks import TRICKS
from .trump import TRUMP
from .whole_deck import WHOLE_DECK

__all__ = ["CATALOGUE", "WrongModel", "applied", "by_name", "of_stages"]

CATALOGUE: tuple[WrongModel, ...] = tuple(
    sorted(
        (
            replace(wrong, question=QUESTIONS[wrong.name])
            for wrong in (
                *(*DEALING, *WHOLE_DECK, *PLAY, *LEAD_SUIT, *TRUMP, *TRICKS),
                *(*SCORING, *MAKING_TRUMP, *TABLE, *THE_GAME),
            )
        ),
        key=lambda wrong: wrong.stage,
    )
)
"""Every wrong model, by stage; within a stage, in the order of the feature's rules; each with
its question."""

_BY_NAME = {wrong.name: wrong for wrong in CATALOGUE}


def by_name(name: str) -> WrongModel:
    """The wrong model called ``name``; a KeyError that lists the names if there is none."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"no wrong model {name!r}: choose from {', '.join(_BY_NAME)}") from None


def of_stages(stages: Iterable[int]) -> tuple[WrongModel, ...]:
    """The wrong models whose rule is stated by one of ``stages``."""
    wanted = set(stages)
    return tuple(wrong for wrong in CATALOGUE if wrong.stage in wanted)


@contextmanager
def applied(wrong: WrongModel) -> Iterator[WrongModel]:
    """The learner's model is ``wrong`` inside the block, and exactly itself again after it."""
    patcher = Patcher()
    try:
        wrong.patch(patcher)
        yield wrong
    finally:
        patcher.undo()
