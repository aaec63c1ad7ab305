"""``python -m euchre.kata new DIR [--level model|steps]`` and ``docs --out FILE``."""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from euchre.kata import workspace
from euchre.kata.coach.files import write_atomically


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m euchre.kata", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    new = commands.add_parser("new", help="make a practice workspace in an empty folder")
    new.add_argument("folder", type=Path)
    new.add_argument("--level", choices=workspace.LEVELS, default="model")
    docs = commands.add_parser("docs", help="render the features as one HTML page")
    docs.add_argument("--features", type=Path, default=workspace.shipped("features"))
    docs.add_argument("--results", type=Path, help="pytest-bdd's cucumber JSON of a run")
    docs.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.command == "docs":
        return _docs(args)
    try:
        workspace.create(args.folder, args.level)
    except workspace.WorkspaceError as error:
        print(f"make kata: {error}", file=sys.stderr)
        return 2
    folder = shlex.quote(str(args.folder))  # so that the line can be pasted as it is
    print(f"Your workspace is ready in {args.folder}. Next: cd {folder} && make test")
    return 0


def _docs(args: argparse.Namespace) -> int:
    """Render the page; results, features or an --out that fail are one line and exit 2."""
    from euchre.kata.docs import DocsError, render

    try:
        page = render(args.features, args.results)
    except DocsError as error:
        print(f"make docs: {error}", file=sys.stderr)
        return 2
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        # only a file is replaced: renamed over, a device such as /dev/full would be lost
        write_atomically(args.out, page, replace=args.out.is_file() or not args.out.exists())
    except OSError as error:
        print(f"make docs: cannot write {args.out}: {error.strerror}", file=sys.stderr)
        return 2
    print(f"Wrote the living documentation to {args.out}")
    return 0
