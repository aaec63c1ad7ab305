"""The ``euchre`` command: replay hand records, simulate hands and games, play a game."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from euchre.cli import play, replay, simulate
from euchre.cli.errors import UsageError


def parser() -> argparse.ArgumentParser:
    commands = argparse.ArgumentParser(prog="euchre", description=__doc__)
    subcommands = commands.add_subparsers(dest="command", required=True)
    play.add_parser(subcommands)
    replay.add_parser(subcommands)
    simulate.add_parser(subcommands)
    return commands


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run one command and return its exit status."""
    args = parser().parse_args(argv)
    try:
        status: int = args.run(args, stdin or sys.stdin, stdout or sys.stdout)
    except UsageError as error:
        print(f"euchre {args.command}: {error}", file=sys.stderr)
        return 2
    return status
