"""The questions for the room at the end of a dojo, each built from what the pairs' runs show
(as Emily Bache's katas end with questions to discuss): the wrong models the most pairs let
through, the longest stretches in red, the largest step, the scenarios that passed at once, the
pairs who never refactored, ambers, breakages, reverts and guesses (some in modules of their
own: let_through.py, passed_at_once.py, refactors.py, breakages.py, guesses.py). A question is
asked only when the runs show what it asks about: none is made up for a quiet room. The page
words them (retro.html).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta

from euchre.dojo import breakages, guesses, let_through, passed_at_once, refactors
from euchre.dojo.board import IDLE_MINUTES, STUCK_MINUTES, Pair
from euchre.dojo.breakages import Breakages
from euchre.dojo.guesses import Guesses
from euchre.dojo.let_through import EmptyThens, LetThrough
from euchre.dojo.pair_history import WRITING_EXAMPLES
from euchre.dojo.passed_at_once import AtOnce
from euchre.dojo.refactors import NoRefactor
from euchre.dojo.rhythm import Link, RedStretch, Rhythm, Step, measure
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.stages import KATA_STAGES

LARGE_STEP = 20
"""Lines changed from a red to a green: a step this large is one to ask how to split."""
MOST_ASKED = 3
"""Questions of one kind (wrong models, long reds, passes at once): the most telling alone."""
Counted = tuple[tuple[str, int], ...]
Other = tuple[tuple[str, ...], int, int | None, int, int]
"""Pairs whose largest steps measured alike: its lines, of those the lines in their steps where
they write them (None where they do not), its runs in red, and of those the ambers."""
"""Pairs, each with their own count: a room's counts are never summed into one."""


@dataclass(frozen=True)
class LongRed:
    """A pair's longest stretch in red, on the scenario they were writing; ``broke``, the
    earlier ones they broke on the way; not ``writing`` if the stretch was red on those alone."""

    pair: str
    span: timedelta
    scenario: str
    broke: tuple[str, ...] = ()
    writing: bool = True
    reds: int = 1
    together: int = 1
    pause: timedelta = timedelta()
    """The longest time in it with no run, if the board marked the pair idle for it."""
    still: bool = False
    """Red still at the end of the session: the stretch did not end, the session did."""
    level: str = ""
    """The pair's level: where they write the examples, a red is an example the rules do not
    agree with."""
    optional: int = 0
    """The stage it was on, where that is past the kata's: 0 on one of the kata's."""
    ambers: int = 0
    """The amber runs among its red ones."""
    reverts: int = 0
    """The times baby steps put the files back in it."""
    in_order: tuple[tuple[str, int], ...] = ()
    """Where ``pause`` is said: its red runs, ambers and the pause in the order they came, each
    run of alike lights with how many."""
    stepless: bool = False
    """Every red run in it stopped on a step no step definition matched: where the pair writes
    the examples, words of theirs no step matches."""


@dataclass(frozen=True)
class LargeStep:
    """A pair's step from red to green: the lines it changed, the scenario it was red on, and
    how many scenarios it made pass (more than one when a whole stage was revealed at once)."""

    pair: str
    lines: int | None
    scenario: str
    scenarios: int = 1
    added_removed: tuple[int, int] | None = None
    """The lines added, and those removed; None where they are not known."""
    in_steps: int = 0
    """Of ``lines``, those in the pair's step definitions."""
    also: tuple[str, ...] = ()
    """Other pairs whose largest step was as large."""
    others: tuple[Other, ...] = ()
    """The other pairs whose largest step was large too, largest first; pairs whose steps
    measured alike together."""
    level: str = ""
    """The pair's level: at level steps, where the lines were is said, none in their steps too."""
    runs: int = 1
    """The runs in red it took, from its first red run to the green that ended it."""
    ambers: int = 0
    """Of ``runs``, those whose tests could not run."""


@dataclass(frozen=True)
class Ambers:
    """Pairs, each with their ambers whose tests could not run (not the amber of a story or
    Rule with no example written yet: the kata's design); ``in_a_row``, of those, each with
    their most in a row, where that is more than one."""

    pairs: Counted
    in_a_row: Counted = ()
    causes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Of those, each with why their tests could not run, where their lines say."""
    designed: Counted = ()
    """The pairs who saw the amber of nothing written yet, each with how often: the board
    shows them, and these leave them out."""


@dataclass(frozen=True)
class Reverts:
    pairs: Counted


@dataclass(frozen=True)
class Quiet:
    """A pair's longest time without a run, after the run named."""

    pair: str
    span: timedelta
    after: str
    unwritten: bool = False
    """The run before it had nothing written yet to run (a story or Rule just begun)."""
    light: str = ""
    """The light of the run before it, green or amber, said in the question; "" where
    nothing was written yet, which ``unwritten`` says."""
    done: int = 0
    """The stage the run before it finished, if it finished one."""
    at_end: timedelta = timedelta()
    """A second such stretch, from their last run to the end."""
    to_end: bool = False
    """It lasted until the end."""
    opening: bool = False
    """The run before it was the pair's first, with nothing written yet: said so, not by the
    story every pair begins with."""


Question = (
    LetThrough
    | EmptyThens
    | LongRed
    | LargeStep
    | AtOnce
    | NoRefactor
    | Ambers
    | Breakages
    | Reverts
    | Guesses
    | Quiet
)


def questions(
    pairs: Sequence[Pair],
    rhythms: Sequence[Rhythm],
    stuck_after: int = STUCK_MINUTES,
    idle_after: int = IDLE_MINUTES,
) -> tuple[Question, ...]:
    """The questions for the room, each only if it happened: what most of the room met first,
    and between those alike, by kind as written here. A stretch in red is asked about once it
    is ``stuck_after`` minutes long, one without a run once it is ``idle_after``, as the board
    marks a pair."""
    asked: list[Question] = [*let_through.asked(pairs, MOST_ASKED)]
    asked += let_through.empty_thens(pairs)
    asked += long_reds(rhythms, timedelta(minutes=stuck_after), timedelta(minutes=idle_after))
    asked += large_step(rhythms)
    writing_the_model = [rhythm.name for rhythm in rhythms if rhythm.level not in WRITING_EXAMPLES]
    asked += passed_at_once.asked(pairs, writing_the_model, MOST_ASKED)
    asked += refactors.asked(rhythms)
    if ambers := tuple((rhythm.name, rhythm.ambers) for rhythm in rhythms if rhythm.ambers):
        in_a_row = tuple((r.name, r.ambers_in_a_row) for r in rhythms if r.ambers_in_a_row > 1)
        causes = tuple((r.name, r.amber_causes) for r in rhythms if r.ambers and r.amber_causes)
        designed = tuple((r.name, r.unwritten) for r in rhythms if r.unwritten)
        asked.append(Ambers(ambers, in_a_row, causes, designed))
    asked += breakages.asked([(rhythm.name, rhythm.broke) for rhythm in rhythms])
    if reverts := tuple((r.name, len(r.reverts)) for r in rhythms if r.reverts):
        asked.append(Reverts(reverts))
    asked += guesses.asked(pairs, rhythms)
    asked += quiet(rhythms, timedelta(minutes=idle_after))
    ordered: list[Question] = []
    for question in sorted(asked, key=lambda question: -met(question)):
        if isinstance(question, AtOnce) and question.more:  # "4 more …" follows what it adds to
            at = max(i for i, before in enumerate(ordered) if isinstance(before, AtOnce))
            ordered.insert(at + 1, question)
        else:
            ordered.append(question)
    for index, question in enumerate(ordered):
        if isinstance(question, NoRefactor) and question.through:
            pair = question.pairs[0][0]  # ``through`` is said of one pair's tidies alone
            named = [
                set(before.sentences)
                for before in ordered[:index]
                if isinstance(before, LetThrough) and pair in before.pairs
            ]
            if any(set(question.through) <= sentences for sentences in named):
                ordered[index] = replace(question, named_earlier=True)
    return tuple(ordered)


def met(question: Question) -> int:
    """How many pairs the question is about."""
    if isinstance(question, LongRed | LargeStep | Quiet):
        return 1
    return len(question.pairs)


def quiet(rhythms: Sequence[Rhythm], idle: timedelta) -> list[Quiet]:
    """The longest times without a run after a run that was not red, of those at least
    ``idle``, each with the time from the pair's last run to the end where that is too."""
    found = []
    for rhythm in rhythms:
        end = rhythm.quiet_at_end
        end = end if end and end.span >= idle else None
        longest = rhythm.longest_quiet
        if end and (longest is None or end.span > longest.span):
            said = (end.last.run.scenario, *_before(end.last.run))
            found.append(
                Quiet(rhythm.name, end.span, *said, to_end=True, opening=_opening(end.last))
            )
        elif longest and longest.span >= idle:
            before, at_end = longest.last.run, end.span if end else timedelta()
            words = (before.scenario, *_before(before), at_end)
            found.append(Quiet(rhythm.name, longest.span, *words, opening=_opening(longest.last)))
    return sorted(found, key=lambda stretch: -stretch.span)[:MOST_ASKED]


def _opening(last: Link) -> bool:
    """Whether the run before a stretch without a run was the pair's first, with nothing
    written yet."""
    return last.number == 1 and last.run.nothing_written


def _before(run: Line) -> tuple[bool, str, int]:
    """Of the run before a stretch without a run: whether nothing was written yet, its light
    if something was, and the stage it finished, if it did."""
    done = run.stage if run.stage_done else 0
    return run.nothing_written, "" if run.nothing_written else run.light, done


def long_reds(rhythms: Sequence[Rhythm], long_red: timedelta, idle: timedelta) -> list[LongRed]:
    """The longest stretches in red, of those at least ``long_red``; with the pause among its
    runs, if it was ``idle`` long (one red run alone is a pause whole)."""

    def paused(red: RedStretch) -> bool:
        return red.reds + red.ambers > 1 and red.pause >= idle

    found = [
        LongRed(
            *(rhythm.name, red.span, red.scenario, red.broke, red.writing, red.reds),
            *(red.together, red.pause if paused(red) else timedelta()),
            still=red.still,
            level=rhythm.level,
            optional=red.end.run.stage if red.end.run.stage > KATA_STAGES else 0,
            ambers=red.ambers,
            reverts=red.reverts,
            in_order=red.in_order if paused(red) else (),
            stepless=red.stepless,
        )
        for rhythm in rhythms
        if (red := rhythm.longest_red) and red.span >= long_red
    ]
    return sorted(found, key=lambda long_red: -long_red.span)[:MOST_ASKED]


def large_step(rhythms: Sequence[Rhythm]) -> list[LargeStep]:
    """The room's largest step from red to green, if it was a large one."""
    steps = [(rhythm.name, rhythm.largest_step) for rhythm in rhythms if rhythm.largest_step]
    if not steps:
        return []
    level = {rhythm.name: rhythm.level for rhythm in rhythms}
    name, step = max(steps, key=lambda found: measure(found[1].lines))
    if measure(step.lines) < LARGE_STEP:
        return []
    also = tuple(n for n, s in steps if n != name and measure(s.lines) == measure(step.lines))
    red, green = step.red.run, step.green.run
    made = max(green.passed - red.passed, 1)
    said = (step.lines, red.red_on, made, step.added_removed, step.in_steps, also)
    large = [
        (n, s.lines, s.in_steps if level[n] == "steps" else None, _runs(s), s.ambers)
        for n, s in steps
        if n not in (name, *also) and s.lines is not None and s.lines >= LARGE_STEP
    ]
    others: list[Other] = []
    for other, lines, in_steps, runs, ambers in sorted(large, key=lambda other: -other[1]):
        measured = (lines, in_steps, runs, ambers)
        if others and others[-1][1:] == measured:  # measured alike: said together
            others[-1] = ((*others[-1][0], other), *measured)
        else:
            others.append(((other,), *measured))
    return [LargeStep(name, *said, tuple(others), level[name], _runs(step), step.ambers)]


def _runs(step: Step) -> int:
    """The runs in red a step took, from its first red run to the green that ended it."""
    return step.green.index - step.red.index
