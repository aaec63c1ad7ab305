"""At level stories, what the coach says as the product owner: the story revealed, the question
a green run raises, the examples under no Rule, and the story done, with the learner's Rules
beside the product owner's."""

from __future__ import annotations

from collections.abc import Callable

from .. import typed
from ..levels.level import Caught
from ..record import progress
from ..record.line import Line
from ..record.stages import KATA_STAGES, STAGES
from ..testrun import TestRun
from .failure import count
from .green import EVERY_STAGE

Say = Callable[[str], None]
ASKS = "❓ The product owner asks: {}"
AGAIN = "❓ The product owner asks again, more pointed: {}"
STILL = "❓ Your examples answer part of it; the product owner still asks: {}"
ANSWER = (
    "Answer it with an example (under a Rule: line that says the rule it shows), then `{}`:"
    " a red run gives the product owner's answer."
)


def story(run: TestRun, say: Say) -> None:
    """What ``make next`` says of the story it reveals: where it is, and the story itself."""
    stage = run.reach.current
    say(f"Next: stage {stage.number} of {len(STAGES)}, {stage.name}  ({stage.feature_path})")
    say("")
    lines = run.features.texts.get(stage.number, [])
    told = [
        line.strip() for line in lines if line.strip().startswith(("As ", "In order", "I want"))
    ]
    for line in told:
        say(f"    {line}")
    say("")


def nothing_written(run: TestRun, say: Say) -> None:
    """An amber run with no example: where to write the first Rule."""
    path = run.reach.current.feature_path
    say(
        f"✍ Read the story in {path}: write a Rule: line for a rule you think it has, an"
        f" example under it, then `{typed.command('test')}`."
    )


def asked(run: TestRun, measure: Caught, line: Line, say: Say) -> None:
    """After a green run: how many wrong models the examples catch, and the question of one
    they let through; or, with every one caught, the story done."""
    reach = run.reach
    stages = "stage 1" if reach.stage == 1 else f"stages 1 to {reach.stage}"
    caught_of = f"{measure.caught} of {measure.wrong_models}"
    say(f"🕵 Your examples catch {caught_of} wrong models of {stages}.")
    if measure.question:
        said = AGAIN if measure.again else STILL if _answered_part(run, measure) else ASKS
        say(said.format(measure.question))
        say(ANSWER.format(typed.command("test")))
    _unruled(run, say)
    if line.stage_done:
        _done(run, measure, line, say)


def _answered_part(run: TestRun, measure: Caught) -> bool:
    """Whether the question is the one asked at the last green, which caught fewer: the
    examples since answer one of its gaps, and the same words would read as unheard."""
    last = next((r for r in reversed(run.history) if r.light == "green" and r.question), None)
    return (
        last is not None
        and last.question == measure.question
        and last.caught is not None
        and last.caught < measure.caught
    )


def _unruled(run: TestRun, say: Say) -> None:
    """The examples of the story in force that stand under no Rule: line."""
    loose = [s.title for s in run.features.of(run.reach.current) if s.rule is None]
    if loose:
        say(
            f"✍ Under no Rule: yet: {', '.join(loose)}. Which rule does"
            f" {'it' if len(loose) == 1 else 'each'} show? Write it as a Rule: line above it."
        )


def _done(run: TestRun, measure: Caught, line: Line, say: Say) -> None:
    stage, next_ = run.reach.current, typed.command("next")
    earlier = run.history
    in_stage = [r for r in earlier if r.stage == stage.number] + [line]
    if any(r.light == "green" and r.caught == r.wrong_models for r in in_stage[:-1]):
        last = stage.number == len(STAGES)
        say(EVERY_STAGE if last else f"Refactor while it is green, commit, then `{next_}`.")
        return
    rules = len(run.features.rules(stage))
    # As the run's headline counts them: an outline is one example, however many its rows.
    examples = sum(1 for o in run.found.scenarios if o.stage == stage and o.collected)
    questions = sum(bool(r.question) for r in in_stage)  # a question asked again counts again
    spent = progress.stage_time([*earlier, line], stage.number)
    say(
        f"✅ Stage {stage.number}, {stage.name}, is done: {count(rules, 'Rule')},"
        f" {count(examples, 'example')}, {count(questions, 'question')} asked,"
        f" {count(progress.cycles(in_stage), 'red-to-green cycle')}, {spent}."
    )
    _rules_beside(run, measure, say)
    if stage.number == len(STAGES):
        say("🏆 Every stage is done: you have specified the whole game of Euchre.")
    elif stage.number == KATA_STAGES:
        say(
            "🎉 The kata's five stories are specified. Stages 6 to"
            f" {len(STAGES)} are the whole game, and optional: `{typed.command('next')}`."
        )
    else:
        following = typed.command("next")
        say(f"Refactor while it is green, commit, then `{following}` for the next story.")


def _rules_beside(run: TestRun, measure: Caught, say: Say) -> None:
    """The learner's Rules of the story done, each with the product owner's rules whose wrong
    models its examples catch: a Rule whose examples catch nothing of what it says shows."""
    from ..wrong_models.catalogue import by_name  # the catalogue, only when a story is done

    stage = run.reach.current
    say("Your Rules, and the product owner's rules whose wrong models they catch:")
    for rule in run.features.rules(stage):
        keys = {s.key for s in run.features.of(stage) if s.rule == rule.name}
        caught = [by_name(name) for name, by in measure.caught_by.items() if keys & set(by)]
        owners = list(dict.fromkeys(wrong.rule for wrong in caught))
        say(f"  Rule: {rule.name}")
        for owner in owners:
            say(f"    catches: {owner}")
        if not owners:
            say("    catches nothing: do its examples show what it says?")
