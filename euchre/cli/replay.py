"""``euchre replay [--json] FILE...``: check hand records against the rules, and tell them."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from euchre.actions import NameTrump, OrderUp
from euchre.cli.errors import UsageError
from euchre.cli.narrate import result_sentence
from euchre.hand import Hand
from euchre.history.record import RecordError, replay, result_json
from euchre.history.saved_game import FORMAT as SAVED_GAME
from euchre.history.saved_game import hand_records

Subparsers = Any  # argparse's _SubParsersAction is private


def add_parser(subcommands: Subparsers) -> None:
    command = subcommands.add_parser(
        "replay", help="check hand records against the rules and tell each hand"
    )
    command.add_argument("files", nargs="+", metavar="FILE", help="a record file, or - for stdin")
    command.add_argument("--json", action="store_true", help="print one JSON result per record")
    command.set_defaults(run=run)


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    all_legal = True
    for number, record in enumerate(_records(args.files, stdin), start=1):
        try:
            if isinstance(record, RecordError):
                raise record
            hand = replay(record)
        except RecordError as error:
            all_legal = False
            line = json.dumps({"error": str(error)}) if args.json else f"Illegal: {error}"
            print(line if args.json else f"Record {number}\n  {line}\n", file=stdout)
            continue
        if args.json:
            print(json.dumps(result_json(hand)), file=stdout)
        else:
            print(
                f"Record {number}", *(f"  {line}" for line in tell(hand)), "", sep="\n", file=stdout
            )
    return 0 if all_legal else 1


def _records(files: list[str], stdin: TextIO) -> Iterator[Any]:
    """Each file's records: one JSON document, or JSON Lines; a bad line yields its error."""
    for name in files:
        try:
            text = stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except OSError as error:
            raise UsageError(f"cannot read {name}: {error.strerror}") from None
        try:
            document = json.loads(text)
        except json.JSONDecodeError:
            pass
        else:
            if isinstance(document, dict) and document.get("format") == SAVED_GAME:
                try:
                    yield from hand_records(document)
                except RecordError as error:
                    yield error
            else:
                yield document
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    yield json.loads(line)
                except json.JSONDecodeError as error:
                    yield RecordError(f"line {number}: not JSON: {error.msg}")


def tell(hand: Hand) -> list[str]:
    """The hand as a person would tell it, bid by bid and trick by trick."""
    lines = [f"{hand.dealer.name.title()} deals; the upcard is {hand.upcard}."]
    for seat, bid in hand.bids:
        if isinstance(bid, OrderUp):
            lines.append(f"{seat} orders up {hand.upcard.suit}{' alone' if bid.alone else ''}.")
        elif isinstance(bid, NameTrump):
            lines.append(f"{seat} names {bid.suit}{' alone' if bid.alone else ''}.")
        else:
            lines.append(f"{seat} passes.")
    if hand.discarded is not None:
        lines.append(f"{hand.dealer} picks up {hand.upcard} and discards {hand.discarded}.")
    if hand.lone_defender is not None:
        lines.append(f"{hand.lone_defender} defends alone.")
    for number, trick in enumerate(hand.tricks, start=1):
        cards = ", ".join(f"{seat} {card}" for seat, card in trick.plays)
        lines.append(f"Trick {number}: {cards}. {trick.winner} wins.")
    assert hand.result is not None, "replay tells finished hands"
    lines.append(result_sentence(hand.result))
    return lines
