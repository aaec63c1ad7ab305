"""The question of the guesses (the predict constraint): which surprise taught the pair
something? Asked of every pair who guessed, each with their own counts: how often they were
right, before how many of their runs they guessed, and how many of their misses were amber
runs, which a guess of red or green never gets right."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from euchre.dojo.board import Pair
from euchre.dojo.pair_history import WRITING_EXAMPLES
from euchre.dojo.rhythm import Rhythm


class Guessed(NamedTuple):
    """A pair who guessed: the lights they guessed right, of those they guessed, of their runs
    under the predict constraint; and of their guesses, those of amber runs, and of those, the
    ones with nothing written yet."""

    pair: str
    right: int
    guessed: int
    runs: int
    amber: int = 0
    unwritten: int = 0


@dataclass(frozen=True)
class Guesses:
    """The pairs who guessed each run's light; ``about``, what a surprise would teach them:
    "the code", or "the rules" where they write the examples and no code."""

    pairs: tuple[Guessed, ...]
    about: str = "the code"


def asked(pairs: Sequence[Pair], rhythms: Sequence[Rhythm]) -> list[Guesses]:
    """The question of the guesses, if any pair guessed."""
    guessers = [rhythm for rhythm in rhythms if rhythm.guessed]
    if not guessers:
        return []
    rules = any(r.level in WRITING_EXAMPLES for r in guessers)
    code = any(r.level not in WRITING_EXAMPLES for r in guessers)
    about = "the rules or the code" if rules and code else "the rules" if rules else "the code"
    # A line from before the constraint was kept says it by its guess alone.
    runs = {
        pair.name: [r for r in pair.runs if r.constraint == "predict" or r.guess] for pair in pairs
    }
    said = [
        Guessed(
            r.name,
            r.right,
            r.guessed,
            len(runs[r.name]),
            sum(run.light == "amber" for run in runs[r.name] if run.guess),
            sum(run.nothing_written for run in runs[r.name] if run.guess),
        )
        for r in guessers
    ]
    return [Guesses(tuple(said), about)]
