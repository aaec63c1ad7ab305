"""A green run's words: what the wrong models say of it, and what to do next."""

from __future__ import annotations

from collections.abc import Callable

from .. import typed
from ..levels.level import Caught
from ..levels.steps import LetThrough
from ..record import progress
from ..record.line import Line
from ..record.stages import KATA_STAGES, STAGES
from ..testrun import TestRun
from .failure import count

Say = Callable[[str], None]
NEXT_STAGE = "Refactor while it is green, commit, then `{}` for the next stage."
EVERY_STAGE = "Refactor while it is green, and commit: every stage is done."


def caught(run: TestRun, measure: Caught, say: Say) -> None:
    """At level examples: how many wrong models the examples catch, and one they let through."""
    reach = run.reach
    stages = "stage 1" if reach.stage == 1 else f"stages 1 to {reach.stage}"
    caught_of = f"{measure.caught} of {measure.wrong_models}"
    say(f"🕵 Your examples catch {caught_of} wrong models of {stages}.")
    wrong = measure.ask
    if wrong is None:
        return
    if measure.ahead:  # said, or the learner takes a later Rule's wrong model for this one's
        say("Every wrong model of the Rules revealed so far is caught.")
    ahead = "Of a Rule still ahead: your" if measure.ahead else "Your"
    say(
        f"{ahead} examples still pass a model in which {wrong.sentence}"
        f" (stage {wrong.stage}, Rule: {wrong.rule})."
    )


def let_through(run: TestRun, measure: LetThrough, say: Say) -> None:
    """At level steps: the wrong models the learner's steps let through, and why it may be;
    and every Then that checks nothing, whether or not something slips through because of it."""
    if measure.through:
        say(
            f"🕵 Your steps let {len(measure.through)} of {len(measure.met)} wrong models of"
            f" stage {run.reach.stage} through, which the given steps catch in the scenarios you"
            " have reached:"
        )
    for wrong, scenarios in measure.through.items():
        named = "; ".join(f'"{name}"' for name in scenarios[:2])
        say(f"  a model in which {wrong.sentence}: caught, with the given steps, by {named}")
        if wrong in measure.stopped:
            error = measure.stopped[wrong]
            say(
                f"    with it, your scenarios stop on a{'n' * (error[0] in 'AEIOU')} {error},"
                " not on a check that fails"
            )
    if measure.empty_thens:
        say("These Then steps check nothing (their body is `pass`):")
        for then in measure.empty_thens:
            say(f"  {then.where}  `{then.function}`")
    if measure.through:
        say("Does each Then of those scenarios check all that its words say?")
        say(
            "If they do: each wrong model changes one part of your model, and no step can catch a"
            " change to a part your model does not use yet."
        )
    if measure.unwritten:
        named = f" ({'; '.join(measure.parts)})" if measure.parts else ""
        them, use = ("it", "it uses") if len(measure.unwritten) == 1 else ("them", "they use")
        say(
            f"🕵 {count(len(measure.unwritten), 'wrong model')} of stage {run.reach.stage} cannot"
            f" be measured yet: with {them} your model raises NotImplementedError, from a part"
            f" not written yet that {use}{named}. Once that part is written, the coach measures"
            f" your steps against {them}:"
        )
    for wrong in measure.unwritten:
        say(f"  a model in which {wrong.sentence}")


def what_next(run: TestRun, line: Line, unit: str, total: int, say: Say) -> None:
    """After green ``line``: the next scenario or Rule, the next stage, or the stage done."""
    reach = run.reach
    if not line.stage_done and reach.revealed < total:
        say(
            f"Refactor while it is green, commit, then `{typed.command('next')}` for {unit}"
            f" {reach.revealed + 1} of {total} in this stage."
        )
        return
    if not line.stage_done:  # every Rule revealed, but a wrong model of them still passes
        commands = {"test": typed.command("test"), "next": typed.command("next")}
        say(run.level.still_passes.format(**commands))
        return
    done_before = ("green", line.stage, line.reached, True)
    earlier = run.history
    if any(
        (r.light, r.stage, r.reached, r.caught == r.wrong_models) == done_before for r in earlier
    ):
        last = reach.stage == len(STAGES)
        say(EVERY_STAGE if last else NEXT_STAGE.format(typed.command("next")))
        return
    stage = reach.current
    in_stage = [r for r in earlier if r.stage == stage.number] + [line]
    spent = progress.stage_time([*earlier, line], stage.number)
    say(
        f"✅ Stage {stage.number}, {stage.name}, is done: {count(total, unit)},"
        f" {count(progress.cycles(in_stage), 'red-to-green cycle')}, {spent}."
    )
    if stage.number == KATA_STAGES:
        say(
            "🎉 The kata is done: its five stories pass. Stages 6 to"
            f" {len(STAGES)} are the whole game of Euchre, and optional:"
            f" `{typed.command('next')}` to go on."
        )
    elif stage.number == len(STAGES):
        say("🏆 Every stage is done: you have written the whole game of Euchre.")
    else:
        say(NEXT_STAGE.format(typed.command("next")))
