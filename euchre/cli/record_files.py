"""The records a file holds, for ``replay``, ``convert`` and ``agree``: the file read as text
(from a path, or ``-`` for standard input), parsed as one JSON document (a hand record, a saved
game or an EGN game) or as JSON Lines, and each record replayed through the rules.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from euchre.cli.errors import UsageError
from euchre.hand import Hand
from euchre.history.egn import EgnDeal, is_egn, read_egn_with_scores
from euchre.history.record import RecordError, replay
from euchre.history.saved_game import FORMAT as SAVED_GAME
from euchre.history.saved_game import replay_game
from euchre.seats import Team

TRUNCATED = "; is the file truncated?"


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


def shown(name: str) -> str:
    return "standard input" if name == "-" else name


def read_text(name: str, stdin: TextIO) -> str:
    """The file's text, without a byte order mark; UsageError when it cannot be read as text."""
    try:
        if name != "-":
            data: bytes | str = Path(name).read_bytes()
        else:
            data = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
    except OSError as error:
        raise UsageError(f"cannot read {shown(name)}: {error.strerror}") from None
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise UsageError(
                f"cannot read {shown(name)}: not UTF-8 text (byte {data[error.start]:#04x}"
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


def items(name: str, text: str) -> Iterator[Item]:
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
    for label, outcome, score in read_egn_with_scores(document):
        number = int(label.split()[1]) if label.startswith("deal ") else None
        yield Item(name, outcome, number=number, label=label, score=score)
