"""The question of the scenarios that passed at once: did the code for an earlier one do more
than it asked? Asked of the pairs who write the model (levels model and steps), the only ones a
scenario can pass at once for; scenarios that passed at once for the same pairs are one
question."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from euchre.dojo.board import Pair


class Unmet(NamedTuple):
    """A pair who writes the model and none of a question's scenarios passed at once for: how
    many of them they reached (and so saw fail first), and of those, how many failed first
    only for want of a step definition, whatever their model did."""

    pair: str
    reached: int
    stepless: int = 0


@dataclass(frozen=True)
class AtOnce:
    """Scenarios that passed at once for these pairs: no new code was needed for them. ``of``:
    the room's pairs who write the model, the only ones a scenario can pass at once for."""

    scenarios: tuple[str, ...]
    pairs: tuple[str, ...]
    of: int
    whole: tuple[str, ...] = ()
    """Pairs for whom the scenarios' stage passed at once, revealed whole (`make next STAGE`)."""
    stage: int = 0
    """That stage; 0 if there are none."""
    stages: tuple[int, ...] = ()
    """The stages of the scenarios."""
    in_all: tuple[tuple[str, int], ...] = ()
    """Pairs with more passed at once than this question names, each with their count, said
    where the pair is last named."""
    more: bool = False
    """Whether every pair of it was named in an earlier question of these: its scenarios are
    more than those."""
    revealed: tuple[tuple[str, int], ...] = ()
    """Of ``in_all``, the scenarios that passed as the pair revealed the rest of a stage at once
    (`make next STAGE`), where there were any: counted there, named in no question."""
    steps: tuple[str, ...] = ()
    """Those of ``pairs`` at level steps for whom one of these may have passed because a step
    checks less than its words say: their steps let a wrong model through then, or were not
    measured."""
    new_to_others: bool = False
    """Whether a pair writing the model, not among ``pairs``, saw one of these fail, not for
    want of a step definition: they add something new, to that pair's model at least."""
    others: tuple[tuple[str, int], ...] = ()
    """Of the last of these questions: the pairs in none of them, with how many passed at once
    for them."""
    alone: bool = False
    """Whether no other pair writing the model reached any of them: said instead of ``of``."""
    in_stages: tuple[int, ...] = ()
    """The stages the passes at once that ``in_all`` counts were in: a count "in all" is heard
    as the question's stage's unless it says which."""
    without: tuple[Unmet, ...] = ()
    """The pairs who write the model and are not among ``pairs`` (nor ``whole``), where they are
    one or two of three or more and ``pairs`` are not ``more``: "2 of 3" alone left a room
    asking who the third was."""
    room: tuple[tuple[str, int], ...] = ()
    """Where ``in_all`` is a sentence of its own: the pairs named in the questions before it
    alone whose count was not said, each with their count, said with it (a count "in all" is
    heard as the room's)."""

    @property
    def inline(self) -> bool:
        """Whether ``in_all`` is said in the question's sentence ("which makes 8 for them in
        all"): its pairs, named before for fewer, all have one count."""
        return (
            self.more
            and len(self.in_all) == len(self.pairs)
            and len({count for _, count in self.in_all}) == 1
            and len(self.revealed) < 2
        )


def asked(pairs: Sequence[Pair], writers: Sequence[str], most: int) -> list[AtOnce]:
    """The scenarios that passed at once for the most pairs, those for the same pairs asked
    about together; ``writers``, the pairs they could pass at once for, who write the model. A
    green at once as the rest of a stage was revealed is all of those scenarios', not its
    newest scenario's."""
    who: dict[str, list[str]] = defaultdict(list)
    stage_of: dict[str, int] = {}
    whole: dict[int, Counter[str]] = defaultdict(Counter)  # by stage, scenarios by pair
    weak: set[tuple[str, str]] = set()  # a step may check less: (pair, scenario)
    seen = {pair.name: {run.scenario for run in pair.runs} for pair in pairs}
    reds = {pair.name: _before_passing(pair) for pair in pairs}
    stepless = {name: _failed_for_want_of_a_step(found) for name, found in reds.items()}
    failed = {name: _failed(found) for name, found in reds.items()}
    for pair in pairs:
        reached = 0
        for run in pair.runs:
            if run.passed_at_once and run.reached - reached > 1:
                whole[run.stage][pair.name] += run.reached - reached
            elif run.passed_at_once and pair.name not in who[run.scenario]:
                who[run.scenario].append(pair.name)
                stage_of[run.scenario] = run.stage
                if run.level == "steps" and (run.caught is None or run.through):
                    weak.add((pair.name, run.scenario))
            reached = run.reached
    alike: dict[tuple[tuple[str, ...], tuple[str, ...], int], list[str]] = defaultdict(list)
    for scenario, names in who.items():
        took = tuple(p for p in whole[stage_of[scenario]] if p not in names)
        alike[tuple(names), took, stage_of[scenario] if took else 0].append(scenario)
    # The ``most`` scenarios met by the most pairs, and those met as often: none cut off.
    met_by = sorted((len(names) for names in who.values()), reverse=True)[:most]
    groups = [group for group in alike.items() if len(group[0][0]) >= min(met_by, default=0)]
    groups.sort(key=lambda group: -len(group[0][0]))
    # A question's count is heard as each pair's own: where a pair is last named, their own
    # count is said if it is not this question's.
    stages: dict[str, set[int]] = defaultdict(set)  # where each pair's passes at once were
    for scenario, names in who.items():
        for name in names:
            stages[name].add(stage_of[scenario])
    for stage, by_pair in whole.items():
        for name in by_pair:
            stages[name].add(stage)
    revealed = sum(whole.values(), Counter[str]())
    passed = revealed + Counter(name for names in who.values() for name in names)
    chosen = groups[:most]
    last = {name: index for index, ((group, _, _), _) in enumerate(chosen) for name in group}
    found: list[AtOnce] = []
    named: set[str] = set()
    for index, ((group, took, stage), said) in enumerate(chosen):
        told = [name for name in group if last[name] == index and passed[name] != len(said)]
        if told:  # each pair's count, theirs too whose count is the question's
            told = [name for name in group if last[name] == index]
        without = tuple(
            Unmet(name, len(seen[name].intersection(said)), len(stepless[name].intersection(said)))
            for name in writers
            if name not in (*group, *took)
        )
        alone = (
            len(group) == 1 and not took and bool(without) and not any(u.reached for u in without)
        )
        where = set[int]().union(*(stages[name] for name in told))
        more = named.issuperset(group)
        found.append(
            AtOnce(
                *(tuple(said), group, len(writers), took, stage),
                tuple(sorted({stage_of[s] for s in said})),
                tuple((name, passed[name]) for name in told),
                more,
                tuple((name, revealed[name]) for name in told if revealed[name]),
                tuple(name for name in group if any((name, s) in weak for s in said)),
                any(failed[name].intersection(said) for name in writers if name not in group),
                alone=alone,
                in_stages=tuple(sorted(where)),
                without=without
                if len(without) <= 2 < len(writers) and not more and not alone
                else (),
            )
        )
        named.update((*group, *took))
    # A count "in all" is heard as the room's: said as a sentence of its own, it says too the
    # pairs named before it alone, whose count was not said, and, in the last question, those
    # named in none (said at the end otherwise).
    counted: set[str] = set()
    for index, question in enumerate(found):
        told = [name for name, _ in question.in_all]
        if told and not question.inline:
            before = {name for q in found[:index] for name in (*q.pairs, *q.whole)}
            after = {name for q in found[index:] for name in (*q.pairs, *q.whole)}
            unsaid = before - after - counted
            if index == len(found) - 1:
                unsaid |= passed.keys() - named
            room = tuple((n, passed[n]) for n in writers if n in unsaid)
            everyone = [*told, *(name for name, _ in room)]
            found[index] = replace(
                question,
                room=room,
                revealed=tuple((name, revealed[name]) for name in everyone if revealed[name]),
                in_stages=tuple(sorted(set[int]().union(*(stages[n] for n in everyone)))),
            )
            told = everyone
        counted.update(told)
    others = tuple((n, count) for n, count in passed.items() if n not in {*named, *counted})
    if found and others:
        found[-1] = replace(found[-1], others=others)
    return found


def _failed(before_passing: dict[str, list[bool]]) -> set[str]:
    """The scenarios a pair saw fail before they first passed (``_before_passing``), but for
    want of a step definition alone."""
    return {name for name, reds in before_passing.items() if not all(reds)}


def _failed_for_want_of_a_step(before_passing: dict[str, list[bool]]) -> set[str]:
    """The scenarios a pair saw fail first because no step definition matched a step yet,
    whatever they failed on after."""
    return {name for name, reds in before_passing.items() if reds[0]}


def _before_passing(pair: Pair) -> dict[str, list[bool]]:
    """Each scenario the pair saw fail before it first passed, with whether each of those red
    runs stopped on a step not yet defined; a red after it passed is a breakage, not this."""
    reds: dict[str, list[bool]] = defaultdict(list)
    passed: set[str] = set()
    for run in pair.runs:
        if run.light == "red" and run.red_on not in passed:
            reds[run.red_on].append(run.no_step)
        elif run.light == "green":  # every scenario reached passes
            passed.update(reds)
    return reds
