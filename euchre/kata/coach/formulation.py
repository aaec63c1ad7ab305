"""The loop at level ``examples``: what runs, what is red, what ``make next`` reveals, and how
many wrong models the learner's examples catch.

The reach counts Rules here, not scenarios: ``Reach(3, 2)`` is stage 3 with its first two
Rules revealed. Every example the learner has written in the reached stages runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import catching, examples, reach, runner, typed
from .stages import STAGES

EVERY_RULE = "you have reached every Rule of every stage: the whole game is specified"


def for_runner(workspace: Path, reached: reach.Reach) -> reach.Reach:
    """The reach the runner takes: every example written in the stage in force."""
    return reach.Reach(reached.stage, max(len(reach.scenarios(workspace, reached.current)), 1))


def judged(workspace: Path, result: runner.Result) -> None:
    """A step that matches no phrase is told the nearest phrases, not pytest-bdd's error."""
    for outcome in result.scenarios:
        for failure in outcome.failures:
            if failure.step_where == runner.NO_STEP:
                listed = typed.command("steps")
                failure.step_where = f"no step phrase matches it; `{listed}` lists them all"
                failure.detail = [
                    "The nearest phrases:",
                    *(f"  {line}" for line in examples.nearest(workspace, failure.step)),
                ]


def unwritten(workspace: Path, reached: reach.Reach) -> list[str]:
    """Each revealed Rule with no example yet: not red, but the stage is not done."""
    lines = []
    for stage in STAGES[: reached.stage]:
        rules = examples.rules(workspace, stage)
        if stage.number == reached.stage:
            rules = rules[: reached.revealed]
        lines += [
            f"✍ No example yet of Rule: {rule.name}  ({stage.feature_path}:{rule.line})"
            for rule in rules
            if not rule.examples
        ]
    return lines


@dataclass(frozen=True)
class Measure:
    """What the wrong models say of a green run's examples."""

    caught: int
    wrong_models: int
    lines: list[str]


def measure(workspace: Path, reached: reach.Reach) -> Measure:
    """Run the reached examples against every wrong model of the reached stages."""
    keys = {
        (stage.feature, template.line_number)
        for stage in STAGES[: reached.stage]
        for template in reach.scenarios(workspace, stage)
    }
    catch = catching.check(workspace, keys, catching.of_reached_stages(reached))
    stages = "stage 1" if reached.stage == 1 else f"stages 1 to {reached.stage}"
    lines = [f"🕵 Your examples catch {catch.caught} of {len(catch.met)} wrong models of {stages}."]
    through = catch.through
    if through:
        # The earliest Rule revealed first: the one to write an example against now.
        revealed = {
            rule.name for rule in examples.rules(workspace, reached.current)[: reached.revealed]
        }
        due = [w for w in through if w.stage < reached.stage or w.rule in revealed]
        if not due:  # say so, or the learner takes a later Rule's wrong model for this one's
            lines.append("Every wrong model of the Rules revealed so far is caught.")
        first = (due or through)[0]
        ahead = "" if due else "Of a Rule still ahead: "
        still = "your" if ahead else "Your"
        lines.append(
            f"{ahead}{still} examples still pass a model in which {first.sentence}"
            f" (stage {first.stage}, Rule: {first.rule})."
        )
    return Measure(catch.caught, len(catch.met), lines)


def rule_count(workspace: Path, reached: reach.Reach) -> int:
    return len(examples.rules(workspace, reached.current))


def ahead(workspace: Path, current: reach.Reach, all_caught: bool) -> reach.Reach | str:
    """The reach after ``make next``: the next Rule, or the next stage's first; or why not."""
    rules = examples.rules(workspace, current.current)
    if current.revealed <= len(rules) and not rules[current.revealed - 1].examples:
        in_force = rules[current.revealed - 1].name
        return f"write an example of Rule {current.revealed} first: {in_force}"
    if current.revealed < len(rules):
        return reach.Reach(current.stage, current.revealed + 1)
    if current.stage == len(STAGES):
        return EVERY_RULE
    if not all_caught:
        return (
            f"stage {current.stage} is not done: write examples that catch the wrong models"
            f" your last run named, then `{typed.command('next')}`"
        )
    return reach.Reach(current.stage + 1, 1)


def shown(workspace: Path, reached: reach.Reach) -> list[str]:
    """What ``make next`` says of the Rule it reveals."""
    stage = reached.current
    rules = examples.rules(workspace, stage)
    rule = rules[reached.revealed - 1]
    return [
        f"Next: Rule {reached.revealed} of {len(rules)} in stage {stage.number}, {stage.name}"
        f"  ({stage.feature_path}:{rule.line})",
        "",
        f"    Rule: {rule.name}",
        "",
        f"Write an example of it under its Rule: line, in the phrases `{typed.command('steps')}`"
        " lists.",
        "",
    ]
