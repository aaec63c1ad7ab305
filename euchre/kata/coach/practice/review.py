"""`make review`: how you got here, run by run: each light, and the code you changed for it.

Every run is shown with its light, its stage and scenario, the files changed since the run
before, and the diff; then the rhythm in words: the refactors, the longest red and what changed
during it, and the largest step from a red to a green. ``RUN=N`` shows one run; ``FROM=A TO=B``
the change from any run to any other. Colours only when the output is a terminal.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import typed
from ..hooks import Key
from ..record import episodes, progress, recovery, runs
from ..record.line import Line
from ..record.stages import STAGES

REFUSED = 2
NO_RUNS = "No runs yet: `{}` starts the history."
BOLD, DIM, PLAIN = "\033[1m", "\033[2m", "\033[0m"
Say = Callable[[str], None]
PAUSE = "Enter: the next run, q: stop "
Pause = Callable[[], bool]
"""Wait between two runs in a terminal: False when the learner has seen enough."""


def add_parser(commands: Any) -> None:
    review = commands.add_parser("review", help="your runs one by one: each light and its diff")
    # Taken as words, not numbers, so that a wrong one is told in the kata's words, not argparse's.
    review.add_argument("--run", help="show this run only (1 is the first)")
    review.add_argument("--from", dest="start", help="the change from this run…")
    review.add_argument("--to", dest="end", help="…to this one (the last if not given)")


@dataclass(frozen=True)
class Review:
    """The workspace's runs, and how to show them."""

    workspace: Path
    history: list[Line]
    colour: bool

    def before(self, number: int) -> str:
        """The commit to diff run ``number`` against: the run before it (for the first, the
        kata's starting position if it was kept)."""
        if number > 1:
            return self.history[number - 2].run
        try:
            first = self.history[0].run
            return runs.git(self.workspace, "rev-parse", "--verify", f"{first}^").strip()
        except runs.GitFailedError:  # no run before the first
            return ""

    def changes(self, before: str, after: str) -> list[runs.Change]:
        return runs.changes(self.workspace, before, after) if before and after else []

    def bold(self, text: str) -> str:
        return f"{BOLD}{text}{PLAIN}" if self.colour else text


def command(workspace: Path, args: argparse.Namespace, say: Say, warn: Say, key: Key) -> int:
    """What ``python -m coach review`` runs: in a terminal, in colour, pausing after each run."""
    colour = sys.stdout.isatty()
    if not (colour and sys.stdin.isatty()):
        return main(workspace, args, say, warn, colour)
    return main(workspace, args, say, warn, colour, lambda: key(PAUSE) not in ("q", "Q", None))


def main(
    workspace: Path,
    args: argparse.Namespace,
    say: Say,
    warn: Callable[[str], None],
    colour: bool = False,
    pause: Pause | None = None,
) -> int:
    """Show the runs (all, one, or the change between two); 2 with one line if that cannot be."""
    kept, _ = recovery.read(workspace, warn)
    if not kept:
        say(NO_RUNS.format(typed.command("test")))
        return 0
    review = Review(workspace, kept, colour)
    asked = {"run": args.run, "from": args.start, "to": args.end}
    numbers = {name: run_number(value) for name, value in asked.items() if value is not None}
    for name, found in numbers.items():
        if found is None or not 1 <= found <= len(kept):
            wrong = typed.option(name, repr(asked[name])) + " is not a run's number"
            wrong = f"there is no run {found}" if found is not None else wrong
            say(f"{typed.command('review')}: {wrong}: the runs are 1 to {len(kept)}")
            return REFUSED
    one, start, end = numbers.get("run"), numbers.get("from"), numbers.get("to")
    try:
        if one is not None:
            show(review, one, say)
        elif start is not None or end is not None:
            between(review, start or 1, end or len(kept), say)
        else:
            for number in range(1, len(kept) + 1):
                show(review, number, say)
                if pause is not None and number < len(kept) and not pause():
                    return 0
            for line in rhythm(review):
                say(line)
    except runs.GitFailedError as error:
        say(f"{typed.command('review')}: the runs' code cannot be read: {error}")
        return REFUSED
    return 0


def run_number(word: str) -> int | None:
    """The whole number ``word`` says (spaces around it aside), or None if it says none."""
    return int(word) if re.fullmatch(r"\s*-?[0-9]+\s*", word, re.ASCII) else None


def heading(run: Line, number: int, total: int) -> str:
    stage = STAGES[run.stage - 1].name if 1 <= run.stage <= len(STAGES) else "?"
    return (
        f"Run {number} of {total}  {run.symbol} {run.light}  {run.clock:%Y-%m-%d %H:%M:%S}"
        f"  stage {run.stage}, {stage}: {run.scenario}"
    )


def show(review: Review, number: int, say: Say) -> None:
    """One run: its light, what the learner guessed or lost, the files changed, the diff."""
    run = review.history[number - 1]
    say(review.bold(heading(run, number, len(review.history))))
    if run.guess:
        say(f"  guessed {run.guess}: {'right' if run.guess == run.light else 'wrong'}")
    if run.reverted:
        say("  ⏰ baby steps: after this run the files went back to the last green run")
    if not run.run:
        say("  its code was not kept")
        return
    before = review.before(number)
    if not before:
        say("  the first run kept")
        return
    _tell_diff(review, before, run.run, f"since run {number - 1}" if number > 1 else "", say)


def between(review: Review, start: int, end: int, say: Say) -> None:
    """The change from run ``start`` to run ``end``."""
    first, last = review.history[start - 1], review.history[end - 1]
    say(review.bold(f"From run {start} to run {end}"))
    for number, run in ((start, first), (end, last)):
        say(f"  {heading(run, number, len(review.history))}")
    if not (first.run and last.run):
        say("  the code of one of these runs was not kept")
        return
    _tell_diff(review, first.run, last.run, "", say)


def _tell_diff(review: Review, before: str, after: str, since: str, say: Say) -> None:
    changed = review.changes(before, after)
    if not changed:
        say(f"  no file changed{' ' + since if since else ''}")
        return
    say(
        f"  {_count(len(changed), 'file')} changed{' ' + since if since else ''}: {_files(changed)}"
    )
    for line in runs.diff(review.workspace, before, after, review.colour).splitlines():
        say(f"  {line}")


def rhythm(review: Review) -> list[str]:
    """The rhythm in words: the refactors, the longest red, the largest step."""
    kept = review.history
    lines = ["", review.bold("The rhythm")]
    refactors = [index + 1 for index in progress.refactors(kept)]
    greens = sum(run.light == "green" for run in kept)
    lines.append(
        f"  Refactors (green after green, with code changed): {_numbers(refactors)}"
        f" ({len(refactors)} of {_count(greens, 'green run')})"
    )
    lines.append(_longest_red(review))
    lines.append(_largest_step(review))
    lines += [f"  {line}" for line in progress.predicted(kept)]
    reverted = [n for n, run in enumerate(kept, start=1) if run.reverted]
    if reverted:
        again = typed.command("review", run="N")
        lines.append(f"  Reverted by baby steps: {_numbers(reverted)} (`{again}`)")
    return lines


def _longest_red(review: Review) -> str:
    kept = review.history
    stretch = progress.longest_red_stretch(kept)
    if stretch is None:
        return "  Longest red: never red"
    first, end = stretch
    span = progress.stretch(progress.longest_red(kept))
    changed = review.changes(kept[first].run, kept[end].run)
    what = _files(changed) if changed else "no file changed"
    return f"  Longest red: run {first + 1} to run {end + 1}, {span}; changed during it: {what}"


def _largest_step(review: Review) -> str:
    kept = review.history

    def start(red: int, green: int) -> str:
        run = episodes.step_start(kept, red, green)
        return run.run if run else ""

    def lines(red: int, green: int) -> int:
        before, after = start(red, green), kept[green].run
        return runs.step(review.workspace, before, after) if before and after else 0

    step = progress.largest_step(kept, lines)
    if step is None:
        return "  Largest step: no red went green yet"
    red, green = step
    changed = review.changes(start(red, green), kept[green].run)
    return (
        f"  Largest step from red to green: run {red + 1} to run {green + 1},"
        f" {_count(lines(red, green), 'line')} changed: {_files(changed) or 'none'}"
    )


def _files(changed: Sequence[runs.Change]) -> str:
    return ", ".join(f"{c.path} (+{c.added} -{c.deleted})" for c in changed)


def _numbers(numbers: Sequence[int]) -> str:
    return ", ".join(f"run {n}" for n in numbers) if numbers else "none"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
