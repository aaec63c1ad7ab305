"""The ``euchre`` command, the project's one front door: the kata (``euchre kata``), the dojo's
dashboard (``euchre dojo``), and the game (play, replay, simulate, convert, agree)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from euchre.cli import agree, convert, play, replay, simulate
from euchre.cli.errors import UsageError
from euchre.cli.terminal import discard_output, replacing
from euchre.dojo import cli as dojo
from euchre.kata import cli as kata

DESCRIPTION = """\
Euchre: a behaviour-driven kata on the card game, and the game itself.

  euchre kata new my-kata      make a practice workspace, then `euchre kata test` inside it
  euchre play                  play a game at South, a bot partner against two bots
  euchre COMMAND --help        what a command does, and its options"""


def parser() -> argparse.ArgumentParser:
    commands = kata.OneLineParser(
        prog="euchre", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    subcommands = commands.add_subparsers(
        dest="command", required=True, title="commands", metavar="COMMAND"
    )
    kata.add_parser(subcommands)
    dojo.add_parser(subcommands)
    play.add_parser(subcommands)
    replay.add_parser(subcommands)
    simulate.add_parser(subcommands)
    convert.add_parser(subcommands)
    agree.add_parser(subcommands)
    return commands


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run one command and return its exit status."""
    args = parser().parse_args(argv)
    stdout = replacing(stdout or sys.stdout)  # no text from a file can crash the printer
    try:
        status: int = args.run(args, stdin or sys.stdin, stdout)
    except UsageError as error:
        print(f"euchre {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away, as `| head` does: stop, quietly
        discard_output(stdout)
        return CLOSED_OUTPUT
    except KeyboardInterrupt:
        return INTERRUPTED
    return status


INTERRUPTED = 130
"""The exit status after Ctrl-C, as a shell reports a program stopped by SIGINT."""
CLOSED_OUTPUT = 141
"""The exit status when the output was closed early, as a shell reports SIGPIPE."""
