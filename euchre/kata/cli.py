"""`euchre kata`: make a practice workspace, run its loop inside it without make, and render the
features as a page. `python -m euchre.kata` is the same command."""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from euchre.kata import practice, workspace
from euchre.kata.coach.record import learner
from euchre.kata.coach.record.files import write_atomically

DESCRIPTION = """\
The kata: make a practice workspace, then run its loop inside it.

  euchre kata new my-kata      make a workspace in my-kata/ (a new or an empty folder)
  cd my-kata
  euchre kata test             run the scenarios you have reached, and your own tests
  euchre kata next             after a green run, reveal the next scenario

Inside a workspace, `euchre kata test` does what `make test` does (without make, as on
Windows): the first time, it makes the workspace's .venv and installs its tools there."""

MISSING_EXTRA = (
    "euchre kata docs needs the docs extra ({} is not installed): pip install 'euchre-kata[docs]'"
)
Subparsers = Any


class OneLineParser(argparse.ArgumentParser):
    """The parser of every ``euchre`` command (a command's subcommands are of its class): bad
    arguments are one line, as every problem a command meets, with exit status 2. argparse's own
    puts its usage first, which is for ``--help`` to show."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def add_parser(subcommands: Subparsers) -> None:
    """`euchre kata` and its commands, under the `euchre` command."""
    kata = subcommands.add_parser(
        "kata",
        help="the kata: make a practice workspace, and run its loop inside it",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_actions(kata)


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m euchre.kata`, the same commands as `euchre kata`."""
    parser = OneLineParser(
        prog="euchre kata",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_actions(parser)
    args = parser.parse_args(argv)
    status: int = args.run(args, sys.stdin, sys.stdout)
    return status


def _add_actions(kata: argparse.ArgumentParser) -> None:
    actions = kata.add_subparsers(dest="action", required=True, title="commands", metavar="COMMAND")
    new = _action(actions, "new", "make a practice workspace in a new or an empty folder")
    new.add_argument("folder", type=Path, metavar="DIR", help="the folder to make it in")
    new.add_argument(
        "--level",
        choices=workspace.LEVELS,
        default="model",
        help="model: the step definitions are given (the default); steps: write them too;"
        " examples: write the examples, for the kata's own steps and model; stories: write the"
        " rules and their examples from each story alone",
    )
    new.add_argument("--constraint", default="", help="a coderetreat's: baby-steps or predict")
    new.add_argument("--minutes", type=int, default=2, help="baby-steps: the minutes to green")
    new.set_defaults(run=_new)
    docs = _action(actions, "docs", "render the features as one HTML page (the docs extra)")
    docs.add_argument(
        "--features", type=Path, default=workspace.shipped("features"), help="a folder of them"
    )
    docs.add_argument("--results", type=Path, help="pytest-bdd's cucumber JSON of a run")
    docs.add_argument("--out", type=Path, required=True, help="the page to write")
    docs.set_defaults(run=_docs)
    test = _action(actions, "test", "in a workspace: run what you have reached (make test)")
    _full(test)
    following = _action(actions, "next", "in a workspace, after a green run: reveal one more")
    following.add_argument("--stage", metavar="N", help="reveal the rest of stage N at once")
    _full(following)
    _action(actions, "watch", "in a workspace: run the tests after every save (make watch)")
    _action(actions, "progress", "in a workspace: your lights, minutes and cycles per stage")
    _action(actions, "steps", "in a workspace: every step phrase the steps understand")
    review = _action(actions, "review", "in a workspace: your runs one by one, with their code")
    # Words, not numbers: the workspace's coach says what is wrong with one, in the kata's words.
    review.add_argument("--run", dest="number", metavar="N", help="show run N only")
    review.add_argument("--from", dest="start", metavar="A", help="from run A…")
    review.add_argument("--to", dest="end", metavar="B", help="…to run B")
    join = _action(actions, "join", "in a workspace: send every run's light and code to a dojo")
    join.add_argument("address", metavar="ADDRESS", help="the dashboard, http://host:port")
    join.add_argument("code", metavar="CODE", help="the code the dashboard shows")
    join.add_argument("name", metavar="NAME", help="your pair's name, as the dashboard shows it")


def _action(actions: Subparsers, name: str, summary: str) -> argparse.ArgumentParser:
    described = f"{summary[0].upper()}{summary[1:]}."
    parser: argparse.ArgumentParser = actions.add_parser(name, help=summary, description=described)
    parser.set_defaults(run=_coach)
    return parser


def _full(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--full", action="store_true", help="show pytest's own full report")


def _fail(args: argparse.Namespace, message: str) -> int:
    print(f"euchre kata {args.action}: {message}", file=sys.stderr)
    return 2


def _new(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    try:
        workspace.create(args.folder, args.level, args.constraint, args.minutes)
    except workspace.WorkspaceError as error:
        return _fail(args, str(error))
    folder = shlex.quote(str(args.folder))  # so that the line can be pasted as it is
    print(f"Your workspace is ready in {args.folder}. Next: cd {folder} && make test", file=stdout)
    settings = learner.Settings(args.level, args.constraint, args.minutes)
    if sentence := workspace.constraint_sentence(settings):
        print(sentence, file=stdout)
    print("Without make (as on Windows), inside it: python kata.py test", file=stdout)
    return 0


def _coach(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """A workspace's own command, run by its coach with its own Python, as its Makefile does."""
    argv = [args.action]
    if args.action == "next" and args.stage is not None:
        argv.append(f"--stage={args.stage}")
    if getattr(args, "full", False):
        argv.append("--full")
    if args.action == "join":
        argv += [args.address, args.code, args.name]
    if args.action == "review":
        asked = (("--run", args.number), ("--from", args.start), ("--to", args.end))
        argv += [f"{option}={number}" for option, number in asked if number is not None]
    try:
        return practice.coach(Path.cwd(), argv, lambda line: print(line, file=sys.stderr))
    except practice.PracticeError as error:
        return _fail(args, str(error))


def _docs(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Render the page; results, features or an --out that fail are one line and exit 2."""
    try:
        from euchre.kata.docs import DocsError, render
    except ModuleNotFoundError as missing:
        print(MISSING_EXTRA.format(missing.name), file=sys.stderr)
        return 2
    try:
        page = render(args.features, args.results)
    except DocsError as error:
        return _fail(args, str(error))
    if args.out.exists() and not args.out.is_file():
        # Renaming a page onto /dev/full or a folder's name must not replace what is there.
        return _fail(args, f"cannot write {args.out}: it is not a file")
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(args.out, page)
    except OSError as error:
        return _fail(args, f"cannot write {args.out}: {error.strerror}")
    print(f"Wrote the living documentation to {args.out}", file=stdout)
    return 0
