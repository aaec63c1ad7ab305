"""``euchre convert IN OUT``: between hand records, saved games and EGN games.

IN is recognised by its content: an EGN game, a saved game, or hand records (one, or JSON
Lines). OUT's kind follows its name, unless ``--to`` says: ``.egn`` an EGN game, ``.jsonl`` hand
records, anything else a saved game. ``-`` is standard input or output. What a format cannot hold
is refused, never invented: EGN deals with cards nobody saw do not become hand records.

Exit status: 0 converted, 1 the input is not legal or cannot be converted, 2 a file that cannot
be read or written (or OUT exists, without ``--force``), 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from euchre.cli.errors import UsageError
from euchre.cli.record_files import NotJSONError, loads, read_text, shown
from euchre.hand import Hand
from euchre.history.egn import (
    EgnError,
    EgnGame,
    dumps,
    egn_from_hands,
    egn_from_saved,
    is_egn,
    load_egn,
    records_from_egn,
    saved_from_egn,
)
from euchre.history.record import RecordError, replay
from euchre.history.saved_game import FORMAT as SAVED_GAME
from euchre.kata.coach.record.files import write_atomically

Subparsers = Any
KINDS = ("egn", "records", "game")


def add_parser(subcommands: Subparsers) -> None:
    command = subcommands.add_parser(
        "convert", help="convert between hand records, saved games and EGN games"
    )
    command.add_argument("input", metavar="IN", help="an EGN game, a saved game or hand records")
    command.add_argument("output", metavar="OUT", help="where to write; - for standard output")
    command.add_argument(
        "--to", choices=KINDS, help="what to write (default: by OUT's name: .egn, .jsonl, .json)"
    )
    command.add_argument("--force", action="store_true", help="let OUT replace a file")
    command.set_defaults(run=run)


def kind_of(name: str) -> str:
    """What a file of this name holds: ``egn``, ``records`` or ``game``."""
    suffix = Path(name).suffix.lower()
    return "egn" if suffix == ".egn" else "records" if suffix == ".jsonl" else "game"


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    target = args.to or kind_of(args.output)
    output = Path(args.output)
    taken = output.exists() or output.is_symlink()  # a link counts, even one to nothing
    if args.output != "-" and taken and not args.force:
        raise UsageError(f"{args.output} exists: use --force to replace it")
    if args.output != "-" and taken and not output.is_file():  # a device, a pipe, a folder
        raise UsageError(f"{args.output} is not a regular file")
    text = read_text(args.input, stdin)
    try:
        written = convert(text, target)
    except (NotJSONError, RecordError) as error:
        problem = error.at() if isinstance(error, NotJSONError) else str(error)
        print(f"euchre convert: {shown(args.input)}: {problem}", file=sys.stderr)
        return 1
    if args.output == "-":
        stdout.write(written)
        return 0
    try:  # whole or not at all: a full disk leaves the old file as it was, and no fragment
        write_atomically(output, written, replace=args.force)
    except OSError as error:
        raise UsageError(f"cannot write {args.output}: {error.strerror}") from None
    return 0


def convert(text: str, target: str) -> str:
    """``text`` (any of the three kinds) as ``target``; RecordError when it cannot be."""
    game = read_any(text)
    if target == "egn":
        return dumps(game)
    if target == "records":
        return "".join(json.dumps(record) + "\n" for record in records_from_egn(game))
    return json.dumps(saved_from_egn(game), indent=1) + "\n"


def read_any(text: str) -> EgnGame:
    """An EGN game, a saved game or hand records, as an EGN game (every deal checked)."""
    if not text.strip():
        raise RecordError("no records")
    try:
        document = loads(text)
    except NotJSONError:
        documents = [loads(line) for line in text.splitlines() if line.strip()]
    else:
        documents = [document]
    first = documents[0]
    if is_egn(first):
        return load_egn(first)
    if isinstance(first, dict) and first.get("format") == SAVED_GAME:
        return egn_from_saved(first)
    hands: list[Hand] = []
    for number, record in enumerate(documents, start=1):
        try:
            hands.append(replay(record))
        except RecordError as error:
            raise EgnError(f"record {number}: {error}") from None
    return egn_from_hands(hands)
