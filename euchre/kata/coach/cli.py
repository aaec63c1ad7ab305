"""The coach's commands: ``test`` runs what you have reached, ``watch`` runs it after every save,
``next`` reveals one more scenario, ``progress`` shows your lights, ``review`` each run's code,
``steps`` the step phrases, and ``join`` a dojo.

Exit codes: 0 green, 1 red, 3 amber, 2 a command used wrongly or refused (such as ``next``
after a run that was not green), or a file of the workspace that cannot be read or written (a
full disk, a folder in a file's place: the line says which, see problems.py), 130 when Ctrl-C
stopped a run (nothing of it is recorded), 141 when the output was closed (the run is recorded).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pluggy

from . import hooks, loop, problems, snapshots, typed
from .dojo_client import outbox
from .hooks import Key
from .levels import phrases
from .levels.chosen import level_of
from .practice import baby_steps, predict, question_cards, refactoring, review
from .record import episodes, joined, learner, progress, recovery
from .record import runs as record_runs
from .record.line import Line
from .record.stages import STAGES
from .telling.run import INTERRUPTED

CLOSED_OUTPUT = 141
"""As a shell reports a command whose output pipe was closed (128 + SIGPIPE)."""
INTERRUPTED_STATUS = loop.EXIT["interrupted"]
REFUSED = loop.REFUSED
Say = Callable[[str], None]


def main(
    argv: Sequence[str], workspace: Path, say: Say = print, key: Key = predict.read_key
) -> int:
    parser = argparse.ArgumentParser(prog="python -m kata_coach", description=__doc__)
    commands = parser.add_subparsers(dest="command")
    test = commands.add_parser("test", help="run the scenarios you have reached, and your tests")
    test.add_argument("--full", action="store_true", help="show pytest's own full report")
    following = commands.add_parser("next", help="after a green run, reveal the next scenario")
    following.add_argument("--stage", help="reveal every scenario up to this stage's end")
    following.add_argument("--full", action="store_true", help="show pytest's own full report")
    commands.add_parser("watch", help="a light after every save, with no key pressed")
    commands.add_parser("progress", help="your lights, minutes and red-to-green cycles")
    commands.add_parser("steps", help="every step phrase the steps understand, with an example")
    review.add_parser(commands)
    join = commands.add_parser("join", help="send each run's light to a dojo's dashboard")
    join.add_argument("address", help="the dashboard's address, such as http://192.168.1.20:8000")
    join.add_argument("code", help="the join code the facilitator gives")
    join.add_argument("name", help="your pair's name, as the dashboard shows it")
    try:
        args = parser.parse_args(argv or ["test"])
    except SystemExit as exit:  # argparse has said what was wrong, in one line
        return REFUSED if exit.code else 0
    warn = _warner()
    output = _Output(say)
    try:
        status = _command(args, workspace, output, warn, key)
    except KeyboardInterrupt:  # Ctrl-C outside the tests' session: nothing was recorded
        output(INTERRUPTED)
        status = INTERRUPTED_STATUS
    except OSError as error:  # a file of the workspace: one line, and nothing half-written
        output(f"{typed.command(args.command)}: {problems.told(error, workspace)}")
        status = REFUSED
    return CLOSED_OUTPUT if output.closed else status


class _Output:
    """What the coach says, until the output is closed (as by `| head`): then nothing more is
    said, and the command goes on, so that its run is recorded all the same."""

    def __init__(self, say: Say) -> None:
        self.say = say
        self.closed = False

    def __call__(self, line: str) -> None:
        if self.closed:
            return
        try:
            self.say(line)
        except BrokenPipeError:
            self.closed = True


def _command(args: argparse.Namespace, workspace: Path, say: Say, warn: Say, key: Key) -> int:
    if args.command == "watch":
        from . import watching  # only this command imports the watcher

        return watching.watch(workspace, say)
    if args.command == "join":
        from .dojo_client import client  # only a workspace that joins a dojo needs it

        return client.join(workspace, args.address, args.code, args.name, say)
    if args.command == "steps":
        for line in phrases.listing(workspace):
            say(line)
        return 0
    if args.command == "review":
        return review.command(workspace, args, say, warn, key)
    if args.command == "progress":
        level = level_of(learner.load(workspace).level)  # the words of what it counts
        runs, reach = recovery.read(workspace, warn)
        unit = "" if level.by_story else level.unit  # a stage is one story, revealed whole
        lines = progress.report(
            runs, reach, unit=unit, counted=level.counted, size=_lines_changed(workspace, runs)
        )
        for line in lines or [review.NO_RUNS.format(typed.command("test"))]:
            say(line)
        return 0
    if args.command == "next":
        stage = None if args.stage is None else review.run_number(args.stage)
        if args.stage is not None and stage is None:
            wrong = f"{typed.option('stage', repr(args.stage))} is not a stage's number"
            say(f"{typed.command('next')}: {wrong}: the stages are 1 to {len(STAGES)}")
            return REFUSED
        status = loop.reveal(workspace, stage, args.full, say, warn, key, _plugins())
    else:
        status = loop.test(workspace, args.full, say, warn, key, _plugins())
    if joined.load(workspace) is not None:  # the light is told first: no dashboard waits it
        from .dojo_client import client

        client.deliver(workspace, warn)
    return status


def _lines_changed(workspace: Path, runs: list[Line]) -> episodes.Size:
    """The lines each step from a red run to a green one changed (from ``episodes.step_start``),
    read from the runs kept in git; None where either was not kept, or git cannot say."""

    def size(red: int, green: int) -> float | None:
        start = episodes.step_start(runs, red, green)
        before, after = start.run if start else "", runs[green].run
        if not (before and after):
            return None
        try:
            return record_runs.step(workspace, before, after)
        except record_runs.GitFailedError:
            return None

    return size


def _plugins() -> pluggy.HookRelay:
    """The hooks of one run, with the coach's plugins (hooks.py)."""
    plugins = (predict, baby_steps.Plugin(), snapshots, outbox, refactoring, question_cards)
    return hooks.manager(*plugins).hook


def _warner() -> Callable[[str], None]:
    return lambda line: print(f"warning: {line}", file=sys.stderr)
