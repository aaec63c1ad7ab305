"""``euchre replay [--json] [--explain] FILE...``: check hand records, saved games and EGN
games against the rules, and tell them; ``--explain`` narrates them beside a bot's choices.

Exit status: 0 every record legal, 1 some record illegal (or a file that holds no records, or
is not JSON), 2 a file that cannot be read as UTF-8 text, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from euchre.actions import DefendAlone, Discard
from euchre.cli import explain
from euchre.cli.errors import UsageError
from euchre.cli.narrate import READING_A_RECORD, Narrator
from euchre.hand import Hand, Phase
from euchre.history.egn import EgnDeal, is_egn, read_egn
from euchre.history.record import RecordError, replay, result_json
from euchre.history.saved_game import FORMAT as SAVED_GAME
from euchre.history.saved_game import replay_game
from euchre.seats import Team

Subparsers = Any  # argparse's _SubParsersAction is private
TRUNCATED = "; is the file truncated?"
NARRATOR = Narrator(READING_A_RECORD)


def add_parser(subcommands: Subparsers) -> None:
    command = subcommands.add_parser(
        "replay", help="check hand records against the rules and tell each hand"
    )
    command.add_argument("files", nargs="+", metavar="FILE", help="a record file, or - for stdin")
    command.add_argument("--json", action="store_true", help="print one JSON result per record")
    command.add_argument(
        "--explain",
        action="store_true",
        help="narrate each call and card with the file's notes and what the bot would do",
    )
    command.add_argument(
        "--bot",
        default=explain.DEFAULT_BOT,
        choices=explain.BOTS,
        help=f"the bot --explain asks (default {explain.DEFAULT_BOT})",
    )
    command.set_defaults(run=run)


@dataclass(frozen=True, slots=True)
class Item:
    """One record of one file, replayed: a hand, or what is wrong with it."""

    file: str
    outcome: Hand | EgnDeal | RecordError
    number: int | None = None  # the record's number within its file
    line: int | None = None  # its line, in JSON Lines
    label: str | None = None  # a saved game's "hand 3", "hand 4 (unfinished)" or "game"
    score: Mapping[Team, int] | None = None  # an EGN game's score after this deal

    @property
    def where(self) -> str:
        if self.label is not None:
            return self.label
        if self.number is None:
            return ""
        return f"record {self.number}" + (f" (line {self.line})" if self.line else "")

    def key(self) -> dict[str, Any]:
        found: dict[str, Any] = {"file": self.file}
        if self.number is not None:
            found[self.label.split()[0] if self.label else "record"] = self.number
        if self.line is not None:
            found["line"] = self.line
        return found


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    status, done = 0, 0
    try:
        for name in args.files:
            try:
                text = _read(name, stdin)
            except UsageError as error:
                print(f"euchre replay: {error}", file=sys.stderr)
                status = 2
                continue
            for item in _items(_shown(name), text):
                if args.explain and not isinstance(item.outcome, RecordError):
                    status = max(status, _explain(item, args.bot, stdout))
                else:
                    status = max(status, _print(item, args.json, stdout))
                done += 1
    except KeyboardInterrupt:
        print(f"euchre replay: interrupted after {done} records", file=sys.stderr)
        return 130
    return status


def _shown(name: str) -> str:
    return "standard input" if name == "-" else name


def _read(name: str, stdin: TextIO) -> str:
    """The file's text, without a byte order mark; UsageError when it cannot be read as text."""
    try:
        if name != "-":
            data: bytes | str = Path(name).read_bytes()
        else:
            data = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
    except OSError as error:
        raise UsageError(f"cannot read {_shown(name)}: {error.strerror}") from None
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise UsageError(
                f"cannot read {_shown(name)}: not UTF-8 text (byte {data[error.start]:#04x}"
                f" at offset {error.start}); hand records are JSON"
            ) from None
    return data.removeprefix("\ufeff")


class NotJSONError(Exception):
    """Text the JSON parser refuses, or that Python cannot hold: where, and why."""

    def __init__(self, line: int, column: int | None, reason: str) -> None:
        super().__init__(reason)
        self.line, self.column, self.reason = line, column, reason

    def at(self, line: int | None = None) -> str:
        where = f"line {line or self.line}" + (f" column {self.column}" if self.column else "")
        return f"{where}: not JSON: {self.reason}"


def loads(text: str) -> Any:
    """``json.loads``, with every way it can fail as NotJSONError."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise NotJSONError(error.lineno, error.colno, error.msg) from None
    except RecursionError:
        raise NotJSONError(1, None, "nested too deeply to read") from None
    except ValueError:  # an integer longer than Python converts
        raise NotJSONError(1, None, "a number of more than 4300 digits") from None


def _items(name: str, text: str) -> Iterator[Item]:
    """The file's records: one JSON document (a record or a saved game), or JSON Lines."""
    if not text.strip():
        yield Item(name, RecordError("no records"))
        return
    try:
        document = loads(text)
    except NotJSONError as whole:
        yield from _lines(name, text, whole)
        return
    if isinstance(document, dict) and document.get("format") == SAVED_GAME:
        yield from _game(name, document)
    elif is_egn(document):
        yield from _egn(name, document)
    else:
        yield Item(name, _replay(document), number=1)


def _lines(name: str, text: str, whole: NotJSONError) -> Iterator[Item]:
    """JSON Lines; or, when even the first line is not JSON, one error for the whole file."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    last = lines[-1][0]
    for number, (line_number, line) in enumerate(lines, start=1):
        try:
            record = loads(line)
        except NotJSONError as error:
            if number == 1:
                yield Item(name, RecordError(whole.at() + TRUNCATED))
                return
            hint = TRUNCATED if line_number == last else ""
            yield Item(name, RecordError(error.at(line_number) + hint), number, line_number)
            continue
        yield Item(name, _replay(record), number, line_number)


def _replay(record: Any) -> Hand | RecordError:
    try:
        return replay(record)
    except RecordError as error:
        return error


def _game(name: str, saved: dict[str, Any]) -> Iterator[Item]:
    for label, outcome in replay_game(saved):
        number = int(label.split()[1]) if label.startswith("hand ") else None
        yield Item(name, outcome, number=number, label=label)


def _egn(name: str, document: dict[str, Any]) -> Iterator[Item]:
    """The deals of an EGN game, each with the score after it (from ``initialScore``)."""
    running: dict[Team, int] | None = None
    for label, outcome in read_egn(document):
        number = int(label.split()[1]) if label.startswith("deal ") else None
        if isinstance(outcome, EgnDeal):
            if running is None:
                metadata = document.get("metadata", {})
                running = dict(zip(Team, metadata.get("initialScore", [0, 0]), strict=True))
            result = outcome.hand.result
            for team, points in result.points.items() if result else ():
                running[team] += points
            yield Item(name, outcome, number=number, label=label, score=dict(running))
        else:
            yield Item(name, outcome, number=number, label=label)


def _explain(item: Item, bot: str, stdout: TextIO) -> int:
    header = f"{item.file}: {item.where}" if item.where else item.file
    lines = explain.narrate(item.outcome, bot)  # type: ignore[arg-type]
    print(header, *(f"  {line}" for line in lines), "", sep="\n", file=stdout)
    return 0


def _print(item: Item, as_json: bool, stdout: TextIO) -> int:
    """Print one item; its status, 1 for an error, 0 otherwise."""
    outcome, where = item.outcome, item.where
    header = f"{item.file}: {where}" if where else item.file
    if isinstance(outcome, RecordError):
        if as_json:
            print(json.dumps({**item.key(), "error": f"{header}: {outcome}"}), file=stdout)
        else:
            print(f"{header}\n  Illegal: {outcome}\n", file=stdout)
        return 1
    hand = outcome.hand if isinstance(outcome, EgnDeal) else outcome
    if as_json:
        shown: dict[str, Any] = result_json(hand) if hand.result else {"unfinished": True}
        if item.score is not None:
            shown["score"] = {str(team): points for team, points in item.score.items()}
        print(json.dumps({**item.key(), **shown}), file=stdout)
    else:
        lines = tell(hand) if isinstance(outcome, Hand) else tell_deal(outcome, item.score)
        print(header, *(f"  {line}" for line in lines), "", sep="\n", file=stdout)
    return 0


def tell_deal(deal: EgnDeal, score: Mapping[Team, int] | None = None) -> list[str]:
    """An EGN deal as a person would tell it: what nobody saw is said to be unknown."""
    lines = tell(deal.hand, deal.discard_known)
    sitting = [seat for seat in deal.hand.sitting_out if not deal.known(seat)]
    if sitting:
        who = " and ".join(str(seat) for seat in sitting)
        lines.insert(-1, f"{who} sat out, and nobody saw the cards.")
    if score is not None:
        lines.append(f"Score: NS {score[Team.NS]}, EW {score[Team.EW]}.")
    return lines


def tell(hand: Hand, discard_known: bool = True) -> list[str]:
    """The hand as a person would tell it, bid by bid and trick by trick."""
    lines = [NARRATOR.deal(hand)]
    for seat, bid in hand.bids:
        lines.append(NARRATOR.action(hand, seat, bid, Phase.ORDER_UP))
    if hand.discarded is not None:
        discard = Discard(hand.discarded)
        lines.append(
            NARRATOR.action(hand, hand.dealer, discard, Phase.DISCARD, known=discard_known)
        )
    if hand.lone_defender is not None:
        lines.append(NARRATOR.action(hand, hand.lone_defender, DefendAlone(), Phase.DEFEND))
    for number, trick in enumerate(hand.tricks, start=1):
        lines.append(NARRATOR.trick(number, trick))
    return lines + NARRATOR.result(hand.result)
