"""The dojo's retrospective: for each pair, the rhythm of their runs (rhythm.py); for the room,
the questions to discuss afterwards, each built from what happened (questions.py).

One home for its content: ``retrospective`` makes it from the pairs' runs, a value that the page
(retro.html) only words; ``read_store`` reads the pairs from a dashboard's file of lights, and
``carried`` the code of the runs it names, for a page carried offline.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from euchre.dojo.board import IDLE_MINUTES, STUCK_MINUTES, Pair
from euchre.dojo.questions import Question, questions
from euchre.dojo.rhythm import Rhythm, rhythm
from euchre.dojo.store import Store
from euchre.kata.coach.record import episodes, progress
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.line import Line


@dataclass(frozen=True)
class Retro:
    pairs: tuple[Rhythm, ...]
    questions: tuple[Question, ...]
    until: datetime | None
    """The moment it is of: the dojo's end, or else the last light (None: no light yet)."""


def retrospective(
    pairs: Sequence[Pair],
    folded: Mapping[int, int] | None = None,
    stuck_after: int = STUCK_MINUTES,
    idle_after: int = IDLE_MINUTES,
    ended: datetime | None = None,
) -> Retro:
    """The retrospective of ``pairs`` (each with their runs, and the code of those kept);
    ``folded``: by a pair's id, how many of their older runs are no longer kept; a stretch in
    red is asked about once it is ``stuck_after`` minutes long, as the board marked it."""
    # The session ends when the facilitator ended it, or else with the last light anyone
    # posted: a pair red then was red until then.
    last = max((run.time for pair in pairs for run in pair.runs), default=None)
    until = ended or last
    rhythms = tuple(rhythm(pair, (folded or {}).get(pair.id, 0), until, last) for pair in pairs)
    return Retro(rhythms, questions(pairs, rhythms, stuck_after, idle_after), until)


def read_store(store: Store) -> tuple[list[Pair], dict[int, int]]:
    """A dashboard's pairs with every run kept of theirs and the code of each step from red to
    green (what ``retrospective`` measures), and how many older runs each has folded."""
    kept = [found for listed in store.board(hidden=True) if (found := store.pair(listed.id))]
    pairs = [
        Pair(
            pair.id,
            pair.name,
            pair.runs,
            _code(store, pair.id, pair.runs, measured(pair.runs)),
        )
        for pair in kept
    ]
    return pairs, {pair.id: pair.folded.runs for pair in kept}


def carried(store: Store, made: Retro) -> dict[int, dict[str, Code]]:
    """The code of each run the retrospective names, for its page to carry offline."""
    return {
        pair.id: _code(store, pair.id, [link.run for link in pair.links], range(len(pair.links)))
        for pair in made.pairs
    }


def measured(runs: Sequence[Line]) -> list[int]:
    """The runs whose code the practice is measured by, here and on a pair's page: each step's
    green, and the run it is measured from (``episodes.step_start``), and the green that ends
    each episode."""
    measured = {episode.last for episode in episodes.of(runs)}
    for red, green in progress.steps(runs):
        start = episodes.step_start(runs, red, green)
        measured |= {green, *(n for n, run in enumerate(runs[: red + 1]) if run is start)}
    return sorted(measured)


def _code(store: Store, pair: int, runs: Sequence[Line], indexes: Sequence[int]) -> dict[str, Code]:
    """The code posted for the runs at ``indexes`` of ``runs``, by their commits."""
    found = {}
    for index in indexes:
        name = runs[index].run
        code = store.run_code(pair, name) if name else None
        if code is not None:
            found[name] = code
    return found


_MORE = re.compile(r"(.+) \(and (\d+) more examples?\)")
_OUTLINE = re.compile(r"(.+) \((\d+) examples\)")


def spoken(title: str) -> str:
    """A scenario's title in quotes, as read aloud: an outline's first example in them and its
    count after, as one scenario's (``Scenario.title`` words an outline so, "AS is led (and 3
    more examples)")."""
    if more := _MORE.fullmatch(title):
        return f"“{more[1]}” (an outline of {int(more[2]) + 1} examples)"
    if outline := _OUTLINE.fullmatch(title):
        return f"“{outline[1]}” (an outline of {outline[2]} examples)"
    return f"“{title}”"
