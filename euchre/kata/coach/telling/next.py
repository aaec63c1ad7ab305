"""What ``make next`` says of what it reveals, before the run that follows."""

from __future__ import annotations

from collections.abc import Callable

from .. import typed
from ..testrun import TestRun
from . import questions

Say = Callable[[str], None]


def revealed(run: TestRun, say: Say) -> None:
    """The scenarios just revealed, as written; at level examples, the Rule just revealed."""
    if run.revealed_story is not None:
        questions.story(run, say)
        return
    stage = run.reach.current
    rule = run.revealed_rule
    if rule is not None:
        rules = run.features.rules(stage)
        say(
            f"Next: Rule {run.reach.revealed} of {len(rules)} in stage {stage.number},"
            f" {stage.name}  ({stage.feature_path}:{rule.line})"
        )
        say("")
        say(f"    Rule: {rule.name}")
        say("")
        say(
            f"Write an example of it under its Rule: line, in the phrases"
            f" `{typed.command('steps')}` lists"
            + (f", then `{typed.command('test')}`." if not rule.examples else ".")
        )
        if rule.examples:  # written ahead of its reveal: the run follows
            say("")
        return
    written = run.features.of(stage)
    for scenario in run.revealed:
        say(
            f"Next: scenario {written.index(scenario) + 1} of {len(written)} in stage"
            f" {stage.number}, {stage.name}  ({scenario.where})"
        )
        say("")
        for line in run.features.gherkin(scenario):
            say(f"    {line}")
        say("")
