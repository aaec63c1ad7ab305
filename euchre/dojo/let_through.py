"""The question of the wrong models the pairs let through: which example would have caught
each. Asked of the pairs whose greens the coach measured against the catalogue (levels steps,
examples and stories) who let one through past the stage of its rule, or still do; one caught
before the pair moved on, or of the story a pair writing the examples is on, is discovery."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from euchre.dojo.board import Pair
from euchre.dojo.room import SENTENCES, most_first
from euchre.dojo.summary import (
    RULE_OF,
    STAGE_OF,
    discovering,
    left_through,
    reached,
    still_through,
)
from euchre.glossary import plainly
from euchre.kata.coach.record.line import Line


@dataclass(frozen=True)
class Stopped:
    """A pair whose scenarios stopped on ``errors`` with some of a question's wrong models,
    rather than on a check that fails."""

    pair: str
    errors: tuple[str, ...]
    sentences: tuple[str, ...]
    """Those of the question's wrong models it stopped on, each as the catalogue says it."""


@dataclass(frozen=True)
class LetThrough:
    """Pairs whose examples let wrong models through, until the latest stage one of them did;
    ``still``, those whose latest measured green lets them through yet. Wrong models let
    through by the same pairs, as long, are one question."""

    sentences: tuple[str, ...]
    until: int
    pairs: tuple[str, ...]
    still: tuple[str, ...] = ()
    measured: int = 0
    """The pairs whose runs the wrong models measured (levels steps, examples and stories), but
    those ``discovering`` them: of whom ``pairs``; the others were never asked."""
    steps: tuple[str, ...] = ()
    """Those of ``pairs`` at level steps, whose steps let it through (the others' examples)."""
    discovering: tuple[tuple[str, str], ...] = ()
    """Pairs writing the examples, not yet past the story of these, each with their level:
    left out of ``measured``."""
    stages: tuple[int, ...] = ()
    """The stages of their rules, those the catalogue knows."""
    rules: tuple[str, ...] = ()
    """The rules they break, as their features' ``Rule:`` lines say them, of those the
    catalogue knows."""
    stopped: tuple[Stopped, ...] = ()
    """Of ``steps``, those whose scenarios stopped on an error with these, as the latest of
    their runs to let one through kept it."""
    not_reached: tuple[str, ...] = ()
    """Pairs who have not reached the stage of any of these: left out of ``measured`` too."""
    left: bool = False
    """Whether every pair of ``steps`` has left the stages of these, where the coach measures
    their steps no more: what is said of them is as they left."""
    caught: tuple[str, ...] = ()
    """The pairs of ``measured`` not among ``pairs``: who caught them."""
    also: tuple[tuple[str, int], ...] = ()
    """Of ``discovering``, those whose latest measured green lets some of these through, with
    how many: not counted, but said."""

    @property
    def glossed(self) -> list[str]:
        """The kata's own names the sentences use, said plainly: at level stories a pair reads
        the stories alone, and may never have met them."""
        return plainly(self.sentences)


@dataclass(frozen=True)
class EmptyThens:
    """Pairs at level steps with Thens that check nothing, as their latest measured run found
    them: the coach told them at each green. A question of its own, not beside a wrong model
    let through, where it was heard as the cause, which the coach does not know."""

    pairs: tuple[tuple[str, tuple[str, ...]], ...]
    of: int = 0
    """The room's pairs at level steps, who write their own steps."""


def empty_thens(pairs: Sequence[Pair]) -> list[EmptyThens]:
    """The pairs whose Thens check nothing, each with their words read aloud."""
    found = []
    for pair in pairs:
        measured = [run for run in pair.runs if run.caught is not None]
        if measured and measured[-1].empty_thens:
            # Read aloud, a placeholder's name says nothing: "the lead suit is …".
            words = (re.sub(r"\{[^}]*\}", "…", then) for then in measured[-1].empty_thens)
            found.append((pair.name, tuple(words)))
    steps = sum(bool(pair.runs) and pair.runs[-1].level == "steps" for pair in pairs)
    return [EmptyThens(tuple(found), steps)] if found else []


def asked(pairs: Sequence[Pair], most: int) -> list[LetThrough]:
    """The wrong models the most pairs' examples let through past the stage of their rule, or
    let through still (and until which stage), as their green runs measured said: the ``most``
    groups of them let through by the same pairs."""
    who: dict[str, list[str]] = defaultdict(list)
    until: dict[str, int] = defaultdict(int)
    still: dict[str, list[str]] = defaultdict(list)
    for pair in pairs:
        latest: tuple[str, ...] | None = None
        for run in pair.runs:
            if run.light == "green" and run.caught is not None:
                latest = still_through(latest, run)
        for name in latest or ():
            still[name].append(pair.name)
        for run in pair.runs:
            for name in left_through(run):
                until[name] = max(until[name], run.stage)
        # Each wrong model they let through weighed once, not once a run.
        for name in dict.fromkeys(name for run in pair.runs for name in left_through(run)):
            if _past_its_stage(pair.runs, name) or pair.name in still[name]:
                who[name].append(pair.name)
    # A wrong model this catalogue does not know (a line from another coach's) is said by its
    # name, and of no stage.
    # One caught before its pair left its stage is discovery, as level stories means it.
    due = {
        name: names
        for name, names in who.items()
        if still[name] or until[name] > STAGE_OF.get(name, 0)
    }
    room = {
        pair.name: pair.runs[-1] for pair in pairs if any(r.caught is not None for r in pair.runs)
    }
    by_name = {pair.name: pair for pair in pairs}
    alike: dict[tuple[int, tuple[str, ...], tuple[str, ...]], list[str]] = defaultdict(list)
    for name in most_first({name: len(names) for name, names in due.items()}):
        alike[until[name], tuple(who[name]), tuple(still[name])].append(name)
    # The groups let through by the most pairs, each whole: none of its wrong models cut off.
    groups = sorted(alike.items(), key=lambda group: -len(group[0][1]))[:most]
    questions = []
    for (stage, names, yet), wrong in groups:
        steps = tuple(p for p in names if room[p].level == "steps")
        # Not yet at the story of these, or not yet past it, caught or not: the same pairs
        # left out of each count.
        before = tuple(
            p
            for p, last in room.items()
            if p not in names and not any(reached(last, w) for w in wrong)
        )
        finding = tuple(
            (p, last.level)
            for p, last in room.items()
            if p not in before and all(discovering(last, w) for w in wrong)
        )
        said = tuple(SENTENCES.get(name, name) for name in wrong)
        stages = tuple(sorted({STAGE_OF[name] for name in wrong if name in STAGE_OF}))
        rules = tuple(dict.fromkeys(RULE_OF[name] for name in wrong if name in RULE_OF))
        measured = len(room) - len(finding) - len(before)
        why = [_stopped(pair, wrong) for pair in pairs if pair.name in steps]
        stopped = tuple(said for said in why if said.errors)
        questions.append(
            LetThrough(
                *(said, stage, names, yet, measured, steps, finding, stages, rules),
                *(stopped, before),
                bool(stages and steps) and all(room[p].stage > stages[-1] for p in steps),
                tuple(p for p in room if p not in (*names, *before, *(p for p, _ in finding))),
                tuple((p, n) for p, _ in finding if (n := _through(by_name[p], wrong))),
            )
        )
    return questions


def _through(pair: Pair, wrong: Sequence[str]) -> int:
    """How many of ``wrong`` the latest of ``pair``'s measured greens lets through."""
    greens = [run for run in pair.runs if run.light == "green" and run.caught is not None]
    return sum(name in greens[-1].through for name in wrong)


def _stopped(pair: Pair, wrong: Sequence[str]) -> Stopped:
    """What the latest of ``pair``'s runs to let one of ``wrong`` through kept of why: the
    errors their scenarios stopped on, and with which of ``wrong``."""
    last = next(run for run in reversed(pair.runs) if set(wrong) & set(left_through(run)))
    errors = {name: error for name, error in last.stopped if name in wrong}
    said = tuple(SENTENCES.get(name, name) for name in wrong if name in errors)
    return Stopped(pair.name, tuple(dict.fromkeys(errors.values())), said)


def _past_its_stage(runs: Sequence[Line], name: str) -> bool:
    """Whether a pair let wrong model ``name`` through past the stage of its rule: in a run of
    a later stage, or in their last measured green of its stage, then moved on. One caught
    before they moved on is discovery, the kata working, and no question of theirs."""
    stage = STAGE_OF.get(name, 0)
    measured = [r for r in runs if r.light == "green" and r.caught is not None and r.stage <= stage]
    moved_on = any(run.stage > stage for run in runs)
    return any(name in left_through(r) for r in runs if r.stage > stage) or (
        moved_on and bool(measured) and name in left_through(measured[-1])
    )
