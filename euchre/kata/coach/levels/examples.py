"""Level ``examples``: what runs, what ``make next`` reveals, and how many wrong models the
learner's examples catch.

The reach counts Rules here, not scenarios: ``Reach(3, 2)`` is stage 3 with its first two
Rules revealed. Every example the learner has written in the reached stages runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .. import typed
from ..record import reach as reach_file
from ..record.history import Run
from ..record.reach import Reach
from ..record.stages import STAGES, Stage
from ..running.features import Features, Rule, Scenario

if TYPE_CHECKING:  # the wrong models are imported only by a run that asks them
    from ..wrong_models.catalogue import WrongModel
    from ..wrong_models.catching import Catch
from .level import AllReached, Measured, Refused, Reveal, Revealed, examples_said, not_green

EVERY_RULE = "you have reached every Rule of every stage: the whole game is specified"


class Examples:
    name = "examples"
    unit = "Rule"
    counted = "examples"
    written = "examples"

    def to_run(self, features: Features, reach: Reach) -> list[Scenario]:
        """Every example written in the reached stages, the stage in force's included."""
        return features.reached(Reach(reach.stage, len(features.of(reach.current))))

    def in_stage(self, features: Features, reach: Reach) -> int:
        return len(features.rules(reach.current))

    def measure(
        self, workspace: Path, features: Features, reach: Reach, ran: list[Scenario]
    ) -> Measured:
        return Measured(caught=caught(workspace, features, reach))

    def specified(self, workspace: Path, features: Features, ran: list[Scenario]) -> str:
        return examples_said(ran)

    def unwritten(self, features: Features, reach: Reach) -> list[tuple[Stage, Rule]]:
        return unwritten(features, reach)

    def misshapen(self, ran: list[Scenario]) -> list[str]:
        return not_one_when(ran)

    def reveal(
        self, workspace: Path, features: Features, reach: Reach, last: Run | None, stage: int | None
    ) -> Reveal:
        """The next Rule, one at a time (a whole stage is not for this level)."""
        all_caught = last is not None and last.caught == last.wrong_models
        refused = _unwritten_in_force(features, reach) or not_green(last)
        found = refused or ahead(features, reach, all_caught)
        if isinstance(found, (Refused, AllReached)):
            return found
        reach_file.save(workspace, found)
        return Revealed(found, rule=features.rules(found.current)[found.revealed - 1])


def unwritten(features: Features, reach: Reach) -> list[tuple[Stage, Rule]]:
    """Each revealed Rule with no example yet: not red, but the stage is not done."""
    found = []
    for stage in STAGES[: reach.stage]:
        rules = features.rules(stage)
        if stage.number == reach.stage:
            rules = rules[: reach.revealed]
        found += [(stage, rule) for rule in rules if not rule.examples]
    return found


def not_one_when(ran: list[Scenario]) -> list[str]:
    """Each example written without one ``When``, the one action it shows (the kata's style:
    every example of its features has one), where it is and how many it has."""
    return [
        f"{scenario.where}  {scenario.name}: {_whens(scenario.whens)}"
        for scenario in ran
        if scenario.whens != 1
    ]


def _whens(count: int) -> str:
    return f"{count} Whens" if count else "no When"


@dataclass(frozen=True)
class Caught:
    """What the wrong models say of a green run's examples."""

    caught: int
    wrong_models: int
    ask: WrongModel | None
    """The wrong model to write an example against next: of the earliest Rule revealed, or if
    every one of those is caught, of a Rule still ahead; None when every one is caught."""
    ahead: bool
    """``ask`` is a wrong model of a Rule not revealed yet."""
    interrupted: bool = False
    question: str = ""
    """At level stories: ``ask``'s question, as the product owner asks it ("" for none)."""
    through: tuple[str, ...] = ()
    """The names of every wrong model met that the examples let through, ``ask``'s first."""

    @classmethod
    def of(cls, catch: Catch, ask: WrongModel | None, ahead: bool, question: str = "") -> Caught:
        told_first = sorted(catch.through, key=lambda wrong: wrong is not ask)  # stable
        through = tuple(wrong.name for wrong in told_first)
        return cls(catch.caught, len(catch.met), ask, ahead, catch.interrupted, question, through)


def caught(workspace: Path, features: Features, reach: Reach) -> Caught:
    """Run the reached examples against every wrong model of the reached stages."""
    keys = {s.key for stage in STAGES[: reach.stage] for s in features.of(stage)}
    from ..wrong_models import catching
    from ..wrong_models.catalogue import of_stages

    catch = catching.check(workspace, features, keys, of_stages(range(1, reach.stage + 1)))
    revealed = {rule.name for rule in features.rules(reach.current)[: reach.revealed]}
    due = [w for w in catch.through if w.stage < reach.stage or w.rule in revealed]
    asked = due or catch.through
    ask = asked[0] if asked else None
    return Caught.of(catch, ask, ahead=not due)


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
