"""Levels ``examples`` and ``stories``, where the learner writes the examples: what runs, what
``make next`` reveals, and how many wrong models the learner's examples catch.

Every example the learner has written in the reached stages runs, and each must show one
action, its ``When``. The two levels differ in what is given and what the reach counts:

- ``examples``: each feature's Rules are given, revealed one at a time: ``Reach(3, 2)`` is stage
  3 with its first two Rules revealed. After a green run the coach names a wrong model that
  the examples still let through.
- ``stories``: each feature holds its user story alone, and the learner discovers the rules,
  as a team does in Example Mapping: they write the ``Rule:`` lines (the blue cards) and the
  examples that show them (the green ones), and after each green run the coach, as the product
  owner, asks one question (a red card) about a wrong model their examples still let through.
  The question names a situation and never the rule: the learner answers it with an example,
  and the rules' own model (the coach's reference) says whether the answer is right. The reach
  counts stages alone: ``Reach(2, 1)`` is the story of stage 2, and ``make next`` moves to the
  next story once every wrong model of the reached stages is caught.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from .. import typed
from ..record import reach as reach_file
from ..record.line import Line
from ..record.reach import Reach
from ..record.stages import STAGES, Stage
from ..running.features import Features, Misshapen, Rule, Scenario
from . import asking
from .level import (
    AllReached,
    Caught,
    Measured,
    Refused,
    Reveal,
    Revealed,
    examples_said,
    not_green,
)

EVERY_RULE = "you have reached every Rule of every stage: the whole game is specified"
EVERY_STORY = "you have reached every story of every stage: the whole game is specified"


class Examples:
    """The level where the learner writes the examples: of given Rules (``unit`` "Rule"), or
    of the rules they discover in each story (``unit`` "story")."""

    counted = "examples"
    written = "examples"
    # The given steps say "the example says …; the model gives …": here the example is the
    # learner's and the model the rules' own.
    sides: tuple[tuple[str, str], ...] = (
        ("the example says", "your example says"),
        ("the model gives", "the rules give"),
    )
    advised: tuple[str, ...] = ()
    still_passes = (
        "Write an example that catches it, then `{test}`; once every wrong model is caught,"
        " `{next}` for the next stage."
    )

    def __init__(self, name: str, unit: str) -> None:
        self.name, self.unit = name, unit
        self.by_story = unit == "story"
        if self.by_story:  # the story does not say; the product owner does, and says so
            self.sides = (self.sides[0], ("the model gives", "the product owner answers"))

    def to_run(self, features: Features, reach: Reach) -> list[Scenario]:
        """Every example written in the reached stages, the stage in force's included."""
        return features.reached(Reach(reach.stage, len(features.of(reach.current))))

    def in_stage(self, features: Features, reach: Reach) -> int:
        """The Rules of the stage in force; none counted where a stage is one story, whole."""
        return 0 if self.by_story else len(features.rules(reach.current))

    def measure(
        self,
        workspace: Path,
        features: Features,
        reach: Reach,
        ran: list[Scenario],
        history: Sequence[Line],
    ) -> Measured:
        asked = Counter(line.through[0] for line in history if line.question and line.through)
        return Measured(caught=caught(workspace, features, reach, self.by_story, asked))

    def specified(self, workspace: Path, features: Features, ran: list[Scenario]) -> str:
        return examples_said(ran)

    def unwritten(self, features: Features, reach: Reach) -> list[tuple[Stage, Rule | None]]:
        """Each Rule revealed (or, in a story, written) with no example under it; the story
        in force, with no Rule, when nothing of it is written."""
        if not self.by_story:
            return [*unwritten(features, reach)]
        if not features.of(reach.current):
            return [(reach.current, None)]
        return [*unwritten(features, Reach(reach.stage, len(features.rules(reach.current))))]

    def misshapen(self, ran: list[Scenario]) -> list[Misshapen]:
        return not_one_when(ran)

    def reveal(
        self,
        workspace: Path,
        features: Features,
        reach: Reach,
        last: Line | None,
        stage: int | None,
    ) -> Reveal:
        """The next Rule, one at a time; or the next story, once every wrong model of those
        reached is caught."""
        if self.by_story:
            return _next_story(workspace, features, reach, last, stage)
        all_caught = last is not None and last.caught == last.wrong_models
        refused = _unwritten_in_force(features, reach) or not_green(last)
        found = refused or ahead(features, reach, all_caught)
        if isinstance(found, (Refused, AllReached)):
            return found
        reach_file.save(workspace, found)
        rule = features.rules(found.current)[found.revealed - 1]
        return Revealed(found, rule=rule, written=bool(rule.examples))


def unwritten(features: Features, reach: Reach) -> list[tuple[Stage, Rule]]:
    """Each revealed Rule with no example yet: not red, but the stage is not done."""
    found = []
    for stage in STAGES[: reach.stage]:
        rules = features.rules(stage)
        if stage.number == reach.stage:
            rules = rules[: reach.revealed]
        found += [(stage, rule) for rule in rules if not rule.examples]
    return found


def not_one_when(ran: list[Scenario]) -> list[Misshapen]:
    """Each example written without one ``When``, the one action it shows (the kata's style:
    every example of its features has one), or without a ``Then``, what it leads to: where it
    is and what it lacks."""
    found = []
    for scenario in ran:
        wrong = [_whens(scenario.whens)] if scenario.whens != 1 else []
        wrong += [] if scenario.thens else [("no Then", "no-then")]
        if wrong:
            said = ", ".join(words for words, _ in wrong)
            faults = "-".join(fault for _, fault in wrong)
            found.append(Misshapen(f"{scenario.where}  {scenario.name}: {said}", faults))
    return found


def _whens(count: int) -> tuple[str, str]:
    return (f"{count} Whens", "whens") if count else ("no When", "no-when")


def caught(
    workspace: Path,
    features: Features,
    reach: Reach,
    by_story: bool = False,
    asked: Mapping[str, int] | None = None,
) -> Caught:
    """Run the reached examples against every wrong model of the reached stages. The one to
    ask of next: in a story, the first let through, as the product owner's question; else, of
    the Rules revealed, the first, or if every one of those is caught, of a Rule still ahead."""
    keys = {s.key for stage in STAGES[: reach.stage] for s in features.of(stage)}
    from ..wrong_models import catching
    from ..wrong_models.catalogue import of_stages

    catch = catching.check(workspace, features, keys, of_stages(range(1, reach.stage + 1)))
    if by_story:
        ask = catch.through[0] if catch.through else None
        times = (asked or {}).get(ask.name, 0) if ask else 0
        question = asking.question(ask, times)
        return replace(Caught.of(catch, ask, ahead=False), question=question, again=times > 0)
    revealed = {rule.name for rule in features.rules(reach.current)[: reach.revealed]}
    due = [w for w in catch.through if w.stage < reach.stage or w.rule in revealed]
    first = due or catch.through
    return Caught.of(catch, first[0] if first else None, ahead=not due, due=due)


def _unwritten_in_force(features: Features, current: Reach) -> Refused | None:
    """Why the next Rule may not be revealed: the one in force has no example yet."""
    rules = features.rules(current.current)
    if current.revealed <= len(rules) and not rules[current.revealed - 1].examples:
        in_force = rules[current.revealed - 1].name
        return Refused(f"write an example of Rule {current.revealed} first: {in_force}")
    return None


def ahead(features: Features, current: Reach, all_caught: bool) -> Reach | Refused | AllReached:
    """The reach after ``make next``, once the Rule in force has an example: the next Rule, or
    the next stage's first; or why not."""
    rules = features.rules(current.current)
    if current.revealed < len(rules):
        return Reach(current.stage, current.revealed + 1)
    if current.stage == len(STAGES):
        return AllReached(EVERY_RULE)
    if not all_caught:
        return Refused(
            f"stage {current.stage} is not done: write examples that catch the wrong models"
            f" your last run named, then `{typed.command('next')}`"
        )
    return Reach(current.stage + 1, 1)


def _next_story(
    workspace: Path, features: Features, reach: Reach, last: Line | None, stage: int | None
) -> Reveal:
    """The next story, once every wrong model of those reached is caught."""
    current = reach.stage
    refused = not_green(last) or _open_questions(last, current)
    if refused:
        return refused
    if current == len(STAGES):
        return AllReached(EVERY_STORY)
    if stage not in (None, current + 1):
        opened = typed.option("stage", stage)
        return Refused(f"{opened} is not open: take stage {current + 1}, one story at a time")
    found = Reach(current + 1, 1)
    reach_file.save(workspace, found)
    return Revealed(found, story=found.current, written=bool(features.of(found.current)))


def _open_questions(last: Line | None, current: int) -> Refused | None:
    """Why the next story may not be taken: a wrong model of this one still passes."""
    if last is None or last.caught is None or last.caught == last.wrong_models:
        return None
    still = (last.wrong_models or 0) - last.caught
    models = "1 wrong model" if still == 1 else f"{still} wrong models"
    return Refused(
        f"stage {current} is not done: your examples still let {models} through;"
        f" answer the last question with an example, then `{typed.command('test')}`"
    )
