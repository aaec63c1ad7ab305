"""The coach's commands: ``test`` runs what you have reached, ``next`` reveals one more scenario,
``progress`` shows your lights, ``review`` each run's code.

Exit codes: 0 green, 1 red, 3 amber, 2 a command used wrongly or refused (such as ``next``
after a run that was not green), 141 when the output was closed (the run is recorded).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from . import (
    constraints,
    dojo_client,
    examples,
    formulation,
    learner,
    lights,
    progress,
    reach,
    refactoring,
    review,
    runner,
    typed,
    weak_steps,
)
from .constraints import Key
from .lights import AT_ONCE, LIGHTS, REFACTOR, Run
from .stages import KATA_STAGES, STAGES

EXIT = {"green": 0, "red": 1, "amber": 3}
CLOSED_OUTPUT = 141
"""As a shell reports a command whose output pipe was closed (128 + SIGPIPE)."""
EVERYTHING_REACHED = "you have reached every scenario of every stage: the whole game is yours"
REFUSED = 2
Say = Callable[[str], None]


def main(
    argv: Sequence[str], workspace: Path, say: Say = print, key: Key = constraints.read_key
) -> int:
    parser = argparse.ArgumentParser(prog="python -m coach", description=__doc__)
    commands = parser.add_subparsers(dest="command")
    test = commands.add_parser("test", help="run the scenarios you have reached, and your tests")
    test.add_argument("--full", action="store_true", help="show pytest's own full report")
    following = commands.add_parser("next", help="after a green run, reveal the next scenario")
    following.add_argument("--stage", type=int, help="reveal every scenario up to this stage's end")
    following.add_argument("--full", action="store_true", help="show pytest's own full report")
    commands.add_parser("progress", help="your lights, minutes and red-to-green cycles")
    commands.add_parser("steps", help="every step phrase the steps understand, with an example")
    review.add_parser(commands)
    dojo_client.add_parser(commands)
    try:
        args = parser.parse_args(argv or ["test"])
    except SystemExit as exit:  # argparse has said what was wrong, in one line
        return REFUSED if exit.code else 0
    warn = _warner()
    if args.command == "join":
        return dojo_client.join(workspace, args.address, args.code, args.name, say)
    if args.command == "steps":
        for line in examples.listing(workspace):
            say(line)
        return 0
    if args.command == "review":
        return review.command(workspace, args, say, warn, key)
    if args.command == "progress":
        runs = lights.read(workspace, warn)
        for line in progress.report(runs, reach.load(workspace, warn)):
            say(line)
        return 0
    try:
        if args.command == "next":
            return reveal(workspace, args.stage, args.full, say, warn, key)
        return run_tests(workspace, reach.load(workspace, warn), args.full, say, warn, key)
    except reach.UnreadableFeatureError as error:  # edited since the run that read it
        say(f"{typed.command(args.command)}: {error}")
        return EXIT["amber"]
    except BrokenPipeError:  # the output was closed, as by `| head`: the light is recorded
        return CLOSED_OUTPUT


def _warner() -> Callable[[str], None]:
    return lambda line: print(f"warning: {line}", file=sys.stderr)


def now() -> datetime:
    return datetime.now(UTC)


def run_tests(
    workspace: Path,
    reached: reach.Reach,
    full: bool,
    say: Say,
    warn: Callable[[str], None],
    key: Key,
    revealed: int = 0,
    shown: Sequence[str] = (),
) -> int:
    """Run the reached scenarios and the learner's tests, record a light, tell the learner.

    ``revealed`` is how many scenarios ``make next`` has just revealed, and ``shown`` what it
    says of them: if they all pass at once, that is recorded and said. The light is recorded
    before anything is said, so that a closed output loses nothing.
    """
    settings = learner.load(workspace)
    guess = constraints.predict(settings, key, say)
    level = learner.level(workspace)
    files_hash = learner.fingerprint(workspace, level)
    writing = level == "examples"  # the learner writes the examples; the reach counts Rules
    ran = formulation.for_runner(workspace, reached) if writing else reached
    result = runner.run(workspace, ran, full)
    if writing:
        formulation.judged(workspace, result)
    measured = None
    if writing and result.light == "green":
        measured = formulation.measure(workspace, reached)
    stage = reached.current
    newest = [o for o in result.scenarios if o.stage is stage][-1:]
    scenario = newest[0].name if newest else stage.name
    new = [o for o in result.scenarios if o.stage is stage][-revealed:] if revealed else []
    new = [] if writing else new  # a revealed Rule has no example of its own yet
    at_once = result.light == "green" and bool(new) and all(o.passed for o in new)
    earlier = lights.read(workspace, warn)
    run = Run(
        time=now(),
        stage=stage.number,
        scenario=scenario,
        light=result.light,
        passed=result.passed,
        reached=len(result.scenarios),
        passed_at_once=at_once,
        files_hash=files_hash,
        refactor=lights.is_refactor(
            result.light, files_hash, len(result.scenarios), earlier[-1] if earlier else None
        ),
        caught=measured.caught if measured else None,
        wrong_models=measured.wrong_models if measured else None,
        guess=guess,
    )
    run, reverted = constraints.keep(workspace, settings, run, earlier, warn)
    lights.append(workspace, run)
    dojo_client.send(workspace, run, warn)
    for line in shown:
        say(line)
    unit = "Rule" if writing else "scenario"
    if writing:
        in_stage = formulation.rule_count(workspace, reached)
    else:
        in_stage = len(reach.scenarios(workspace, stage))
    tell(result, reached, in_stage, say, unit)
    if at_once:
        say(
            f"{AT_ONCE} It passed at once, before you changed anything. Did your code do more"
            " than the earlier scenarios asked, or does this one check what they checked?"
        )
    if run.refactor:
        changed = "examples" if writing else "code"
        say(f"{REFACTOR} A refactor: green again, with your {changed} changed.")
    if result.light == "green":
        for line in measured.lines if measured else []:
            say(line)
        unwritten = formulation.unwritten(workspace, reached) if writing else []
        for line in unwritten:
            say(line)
        if level == "steps":
            for line in weak_steps.told(workspace, reached):
                say(line)
        _tell_green(reached, in_stage, unit, run, earlier, say, asked=bool(unwritten))
        _prompt(refactoring.prompts(workspace, level), say)
    for line in reverted:
        say(line)
    return EXIT[result.light]


def _prompt(prompts: list[refactoring.Prompt], say: Say) -> None:
    if prompts:
        say("Worth a refactor (advice: the light stays green):")
    for prompt in prompts:
        say(f"  {prompt}")


def tell(
    result: runner.Result, reached: reach.Reach, in_stage: int, say: Say, unit: str = "scenario"
) -> None:
    """Where the learner stands, and for a red run, the first failure, readably."""
    stage = reached.current
    head = (
        f"{LIGHTS[result.light]} Stage {stage.number} of {len(STAGES)}, {stage.name},"
        f" {unit} {reached.revealed} of {in_stage}:"
    )
    if result.light == "amber":
        say(f"{head} the code does not import, or the tests cannot be collected:")
        lines = [line for reason in result.broken for line in reason.splitlines() if line.strip()]
        for line in lines[-8:]:
            say(f"  {line}")
        return
    tests = f", and {_count(len(result.tests), 'unit test')}" if result.tests else ""
    counted = "examples" if unit == "Rule" else "reached scenarios"
    say(f"{head} {result.passed} of {len(result.scenarios)} {counted} pass{tests}")
    failing = result.first_failure()
    if failing is None:
        return
    what = "Scenario" if failing.stage is not None else "Your test"
    say(f"{what}: {failing.name}  ({failing.where})")
    failure = (failing.failures or [_NOT_COLLECTED])[0]
    if failure.example:
        rows = f"{len(failing.failures)} of {failing.collected} rows fail"
        say(f"  example: {failure.example}  ({rows}; this is the first)")
    if failure.step:
        say(f"  failed at: {failure.step}  ({failure.step_where})")
    for line in failure.detail[:30]:
        say(f"    {line}")
    if failure.raised_at:
        say(f"  raised at {failure.raised_at}")
    others = [o.name for o in result.scenarios if not o.passed and o is not failing]
    if others:
        say(f"Also failing: {', '.join(others[:5])}{' …' if len(others) > 5 else ''}")
    red_tests = [o for o in result.tests if not o.passed and o is not failing]
    for test in red_tests[:UNIT_TESTS_SHOWN]:  # the inner loop: each with what it asserted
        say(f"Your test: {test.name}  ({test.where})")
        for line in (test.failures or [_NOT_COLLECTED])[0].detail[:2]:
            say(f"    {line}")
    if len(red_tests) > UNIT_TESTS_SHOWN:
        say(f"… and {_count(len(red_tests) - UNIT_TESTS_SHOWN, 'more failing test')}")
    say(f"The full traceback: {typed.command('test', full=True)}")


UNIT_TESTS_SHOWN = 3


_NOT_COLLECTED = runner.Failure(
    detail=["it is not collected: do the step definitions call scenarios() for it?"]
)


def _tell_green(
    reached: reach.Reach,
    total: int,
    unit: str,
    run: Run,
    earlier: list[Run],
    say: Say,
    asked: bool = False,
) -> None:
    """``asked``: at level examples, the coach has asked for an example of a Rule."""
    stage = reached.current
    if asked:
        say(f"Write the examples the coach asks for, then `{typed.command('test')}`.")
        return
    if reached.revealed < total:
        say(
            f"Refactor while it is green, commit, then `{typed.command('next')}` for {unit}"
            f" {reached.revealed + 1} of {total} in this stage."
        )
        return
    if run.caught != run.wrong_models:  # at level examples: a wrong model of it still passes
        say(
            "Write the examples the coach asks for, then"
            f" `{typed.command('next')}` for the next stage."
        )
        return
    done_before = ("green", run.stage, run.reached, True)
    if any(
        (r.light, r.stage, r.reached, r.caught == r.wrong_models) == done_before for r in earlier
    ):
        say(_NEXT_STAGE.format(typed.command("next")))
        return
    in_stage = [r for r in earlier if r.stage == stage.number] + [run]
    minutes = progress.minutes(progress.time_in_stages([*earlier, run]).get(stage.number))
    say(
        f"✅ Stage {stage.number}, {stage.name}, is done: {_count(total, unit)},"
        f" {_count(progress.cycles(in_stage), 'red-to-green cycle')}, {minutes}."
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
        say(_NEXT_STAGE.format(typed.command("next")))


_NEXT_STAGE = "Refactor while it is green, commit, then `{}` for the next stage."


def reveal(
    workspace: Path, stage: int | None, full: bool, say: Say, warn: Callable[[str], None], key: Key
) -> int:
    """After a green run, reveal the next scenario (or a whole stage), show it, and run."""
    runs = lights.read(workspace, warn)
    if not runs or runs[-1].light != "green":
        light = f"was {runs[-1].light}" if runs else "has not happened yet"
        first = "make the scenarios you have pass first"
        say(f"{typed.command('next')}: {first} (your last run {light}).")
        return REFUSED
    current = reach.load(workspace, warn)
    if learner.level(workspace) == "examples":  # one Rule at a time; STAGE= is not for this level
        rule = formulation.ahead(workspace, current, runs[-1].caught == runs[-1].wrong_models)
        if isinstance(rule, str):
            say(f"{typed.command('next')}: {rule}")
            return 0 if rule == formulation.EVERY_RULE else REFUSED
        reach.save(workspace, rule)
        return run_tests(
            workspace, rule, full, say, warn, key, shown=formulation.shown(workspace, rule)
        )
    ahead = _ahead(workspace, current, stage)
    if isinstance(ahead, str):
        say(f"{typed.command('next')}: {ahead}")
        return 0 if ahead == EVERYTHING_REACHED else REFUSED
    reached, revealed = ahead
    templates = reach.scenarios(workspace, reached.current)
    shown: list[str] = []
    for template in templates[reached.revealed - revealed : reached.revealed]:
        number = templates.index(template) + 1
        shown += [
            f"Next: scenario {number} of {len(templates)} in stage {reached.stage},"
            f" {reached.current.name}  ({reached.current.feature_path}:{template.line_number})",
            "",
            *(f"    {line}" for line in reach.gherkin(workspace, reached.current, template)),
            "",
        ]
    reach.save(workspace, reached)
    return run_tests(workspace, reached, full, say, warn, key, revealed=revealed, shown=shown)


def _ahead(
    workspace: Path, current: reach.Reach, stage: int | None
) -> tuple[reach.Reach, int] | str:
    """The reach after revealing, and how many scenarios of its stage are new; or why not."""
    total = len(reach.scenarios(workspace, current.current))
    complete = current.revealed >= total
    if complete and current.stage == len(STAGES):
        return EVERYTHING_REACHED
    if stage is not None:
        # One stage at a time: the rest of this one, or the next once this one is complete.
        allowed = current.stage + 1 if complete else current.stage
        if stage != allowed:
            opened = typed.option("stage", stage)
            return f"{opened} is not open: take stage {allowed}, one stage at a time"
        whole = len(reach.scenarios(workspace, STAGES[stage - 1]))
        already = 0 if complete else current.revealed
        return reach.Reach(stage, whole), whole - already
    if complete:
        return reach.Reach(current.stage + 1, 1), 1
    return reach.Reach(current.stage, current.revealed + 1), 1


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
