"""The question of the refactors not made: pairs who went from red to green again and again
and never tidied, asked by level, for a level says what there is to tidy (the model, or the
examples); at level steps, a change between two greens the coach did not count as a refactor
is asked apart, with why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from euchre.dojo.pair_history import WRITING_EXAMPLES
from euchre.dojo.rhythm import Rhythm
from euchre.dojo.room import SENTENCES

REFACTORLESS_CYCLES = 2
"""A pair who went red to green this often and never refactored is asked about it."""
REFACTORLESS_EXAMPLES = 3
"""Where a pair writes the examples, one who wrote this many and never tidied is asked too,
however few of them the rules disagreed with (red, then green)."""
MOST_SAID = 2
"""Wrong models a pair's steps let through at a change, said by their sentences: more are not."""


@dataclass(frozen=True)
class NoRefactor:
    """Pairs at one level who went red to green ``REFACTORLESS_CYCLES`` times or more, never
    refactoring, each with their cycles, or, where they write the examples, the examples they
    wrote; ``of``, the room's pairs at that level ("" for lines that do not say). A level says
    what there is to tidy: the model, or the examples."""

    pairs: tuple[tuple[str, int], ...]
    level: str
    of: int
    tidied: tuple[tuple[tuple[str, ...], int], ...] = ()
    """At level steps, why their code changed between two greens was not counted as a
    refactor (``Rhythm.tidied``), each reason with how often, the pairs' together."""
    changes: tuple[tuple[str, int], ...] = ()
    """Those changes, each pair's count."""
    examples: bool = False
    """Whether ``pairs`` count the examples each wrote (lines written before do not say)."""
    through: tuple[str, ...] = ()
    """The sentences of the wrong models one pair's steps let through at those changes, where
    they are two at most: more are said as "a wrong model"."""
    named_earlier: bool = False
    """Whether a question before this one named each of ``through`` to the pair."""
    changed: str = "code"
    """What those changes changed: "steps" (each a step's code), "model" (none did), "code"."""


def asked(rhythms: Sequence[Rhythm]) -> list[NoRefactor]:
    """The pairs who never refactored, a question for each level, in the order the room's
    pairs come."""
    levels = {rhythm.level: [r for r in rhythms if r.level == rhythm.level] for rhythm in rhythms}
    asked = []
    for level, alike in levels.items():
        writing = level in WRITING_EXAMPLES
        # An example taken away is a tidy of the examples, though the coach lights none.
        never = [
            r
            for r in alike
            if not r.refactors and ("removed",) not in r.tidied and _much_to_tidy(r, writing)
        ]
        # At level steps, those whose code changed between greens are asked why apart.
        tidying = [r for r in never if r.tidied and level == "steps"]
        if tidying:
            whys = Counter(why for r in tidying for why in r.tidied)
            steps = [("changed" in why) for why in whys]
            changed = "steps" if all(steps) else "code" if any(steps) else "model"
            if len(whys) > 1 and all("through" in why for why in whys):
                # Each let a wrong model through, reason enough: said once, not as two reasons.
                whys = Counter({("through",): whys.total()})
            tidied = tuple(sorted(whys.items()))
            named = tuple((r.name, r.cycles) for r in tidying)
            changes = tuple((r.name, len(r.tidied)) for r in tidying)
            through = tidying[0].tidied_through if len(tidying) == 1 else ()
            said = tuple(SENTENCES[n] for n in through) if set(through) <= SENTENCES.keys() else ()
            through = said if len(said) <= MOST_SAID else ()
            question = NoRefactor(named, level, len(alike), tidied, changes, through=through)
            asked.append(replace(question, changed=changed))
        if rest := [r for r in never if r not in tidying]:
            examples = writing and all(r.examples for r in rest)
            named = tuple((r.name, r.examples if examples else r.cycles) for r in rest)
            asked.append(NoRefactor(named, level, len(alike), examples=examples))
    return _examples_together(asked, sum(r.level in WRITING_EXAMPLES for r in rhythms))


def _examples_together(asked: list[NoRefactor], writing: int) -> list[NoRefactor]:
    """The questions of pairs who wrote examples and never tidied, at levels examples and
    stories, as one of the ``writing`` pairs who write the examples (its level ""): the same
    question, asked once."""
    examples = [question for question in asked if question.examples]
    if len(examples) < 2:
        return asked
    pairs = tuple(pair for question in examples for pair in question.pairs)
    together = NoRefactor(pairs, "", writing, examples=True)
    return [question for question in asked if not question.examples] + [together]


def _much_to_tidy(rhythm: Rhythm, writing_examples: bool) -> bool:
    """Whether the pair made enough to ask what they would tidy: cycles from red to green, or,
    where they write the examples, examples."""
    if rhythm.cycles >= REFACTORLESS_CYCLES:
        return True
    return writing_examples and rhythm.examples >= REFACTORLESS_EXAMPLES
