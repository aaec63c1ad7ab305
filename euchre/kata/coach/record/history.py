"""The history: one line of JSON in the workspace's history file for every run of the tests.

A line the coach cannot read (a corrupt, truncated or foreign one) is skipped with a warning,
never fatal: the history is the learner's record, and one bad line must not cost them the rest.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .files import append_whole, read_regular
from .lights import AT_ONCE, LIGHTS, REFACTOR
from .stages import STAGES

HISTORY = "kata-history.jsonl"
MOST_HISTORY = 256 * 1024 * 1024
"""A million runs: far more than a workspace makes, far less than fills a memory."""
_WHEN_SET: tuple[str, ...] = ("run", "reverted", "guess", "constraint", "minutes", "question")
_WHEN_SET += ("specified", "through", "nothing_written", "level", "failing", "stage_done")
CONSTRAINTS = ("baby-steps", "predict")
"""The coderetreat constraints a workspace may be made with."""
LEVELS = ("model", "steps", "examples", "stories")
"""The levels a workspace may be made at: what the learner writes (learner.WRITTEN)."""


def utc(time: datetime) -> str:
    """A time as the history writes it: UTC, to the second, such as ``2026-03-14T09:00:00Z``."""
    return time.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class Line:
    """A run's line in the history: when, the stage in force, its newest scenario, its light."""

    time: datetime
    stage: int
    scenario: str
    light: str
    passed: int
    reached: int
    passed_at_once: bool = False
    files_hash: str = ""
    """A hash of the learner's files at this run (``learner.fingerprint``)."""
    refactor: bool = False
    caught: int | None = None
    """At level examples, after a green run: the wrong models the learner's examples catch,"""
    wrong_models: int | None = None
    """of these, every catalogued wrong model of the reached stages."""
    examples: int | None = None
    """The reached examples, each row of an outline counted (None in lines written before)."""
    run: str = ""
    """The commit that keeps this run's code (see runs.py), or "" if it could not be kept."""
    reverted: bool = False
    """Under the baby-steps constraint: after this run the files went back to the last green."""
    guess: str = ""
    """Under the predict constraint: the light the learner said this run would have."""
    constraint: str = ""
    """The workspace's coderetreat constraint at this run, as the dashboard shows it."""
    minutes: int = 0
    """Under baby-steps: the minutes without green before the files go back; 0 otherwise."""
    question: str = ""
    """At level stories, after a green run: the question the coach asked, "" if none (every
    wrong model caught, or a line written before there were questions)."""
    through: tuple[str, ...] = ()
    """After a green run measured by the wrong models (levels steps, examples and stories): the
    names of those the learner's steps or examples still let through, the one told first."""
    nothing_written: bool = False
    """An amber run with no example written yet (levels examples and stories): by design."""
    specified: str = ""
    """At the levels where the learner writes the specification (their steps, or their
    examples), a hash of what it says: equal when a change of theirs specifies nothing more nor
    less. "" at level model, and in lines written before it was kept."""
    level: str = ""
    """The workspace's level at this run, as the dashboard shows it ("" in older lines)."""
    failing: str = ""
    """A red run whose first failure is not its newest scenario (an earlier one broke again,
    or a test of the learner's): the name of what failed; "" otherwise."""
    stage_done: bool = False
    """A green run that finishes its stage (``verdict.Verdict.stage_done``)."""

    @property
    def red_on(self) -> str:
        """What a red run is red on: the first scenario or test that failed."""
        return self.failing or self.scenario

    def to_json(self) -> str:
        # The counts are written only when measured, the constraints' fields only when they
        # say something.
        fields = {
            key: value
            for key, value in asdict(self).items()
            if value is not None and (key not in _WHEN_SET or value)
        }
        return json.dumps(fields | {"time": utc(self.time)}, ensure_ascii=False)

    @classmethod
    def from_json(cls, line: str) -> Line:
        """Read one line; raise ValueError if it is not a run this coach wrote."""
        try:
            fields: Any = json.loads(line)
        except RecursionError:
            raise ValueError("nested too deeply") from None
        if not isinstance(fields, dict):
            raise ValueError("not a JSON object")
        missing = [name for name in _EVERY_RUN if name not in fields]
        if missing:
            raise ValueError(f"no {missing[0]!r}")
        time = datetime.fromisoformat(str(fields["time"]).replace("Z", "+00:00"))
        known = {name: fields[name] for name in _FIELDS if name in fields}
        run = cls(
            **known,
            time=time if time.tzinfo else time.replace(tzinfo=UTC),
            through=_names(fields.get("through", [])),
        )
        kinds: tuple[type, ...] = (int, str, str, int, int, bool, str, bool, str, bool, str)
        kinds += (str, int, str, str, bool, str, str, bool)
        values = (
            *(run.stage, run.scenario, run.light, run.passed, run.reached, run.passed_at_once),
            *(run.files_hash, run.refactor, run.run, run.reverted, run.guess),
            *(run.constraint, run.minutes, run.question, run.specified, run.nothing_written),
            *(run.level, run.failing, run.stage_done),
        )
        if not all(type(value) is kind for value, kind in zip(values, kinds, strict=True)):
            raise ValueError("a field of the wrong type")
        counts = (run.caught, run.wrong_models, run.examples)
        if not all(type(count) in (int, type(None)) for count in counts):
            raise ValueError("a count of the wrong type")
        if not 1 <= run.stage <= len(STAGES):
            raise ValueError(f"there is no stage {run.stage}: the stages are 1 to {len(STAGES)}")
        if run.light not in LIGHTS:
            raise ValueError(f"{run.light!r} is not a light")
        if run.guess not in ("", "red", "green"):
            raise ValueError(f"{run.guess!r} is not a guess")
        if run.constraint not in ("", *CONSTRAINTS):
            raise ValueError(f"{run.constraint!r} is not a constraint")
        if run.level not in ("", *LEVELS):
            raise ValueError(f"{run.level!r} is not a level")
        if run.minutes < 0 or bool(run.minutes) != (run.constraint == "baby-steps"):
            raise ValueError("minutes go with baby-steps, and with it alone")
        if run.run and not re.fullmatch("[0-9a-f]{40}|[0-9a-f]{64}", run.run):  # SHA-1, SHA-256
            raise ValueError("run is not a commit's name")
        try:
            run.time.astimezone(UTC)  # year 1 east of Greenwich is before UTC's year 1
        except OverflowError:
            raise ValueError("the time cannot be put in UTC") from None
        texts = {"the scenario": run.scenario, "the files' hash": run.files_hash}
        texts |= {"the specification's hash": run.specified, "the question": run.question}
        texts |= {"the failing scenario": run.failing}
        for name, text in texts.items():
            if not _is_text(text):
                raise ValueError(f"{name} holds a lone surrogate, which is not text")
        return run

    @property
    def kind(self) -> str:
        """The light as the dashboard draws it: red, amber, green, at-once or refactor."""
        if self.light == "green" and self.passed_at_once:
            return "at-once"
        return "refactor" if self.light == "green" and self.refactor else self.light

    @property
    def symbol(self) -> str:
        return {"at-once": AT_ONCE, "refactor": REFACTOR}.get(self.kind) or LIGHTS[self.light]

    @property
    def clock(self) -> datetime:
        """When it ran, as the learner's own clock reads it: the history keeps UTC."""
        return self.time.astimezone()


_EVERY_RUN = ("time", "stage", "scenario", "light", "passed", "reached")
_FIELDS = [field.name for field in dataclasses.fields(Line)]
_FIELDS = [name for name in _FIELDS if name not in ("time", "through")]
_NAME = re.compile("[a-z0-9]+(-[a-z0-9]+)*")
MOST_THROUGH = 200
"""More names than the catalogue has wrong models, with room for it to grow."""


def _names(through: object) -> tuple[str, ...]:
    """The names of the wrong models a line says were let through, as the coach writes them."""
    if not isinstance(through, list) or not all(
        isinstance(name, str) and len(name) <= 80 and _NAME.fullmatch(name) for name in through
    ):
        raise ValueError("through must be a list of wrong models' names")
    if len(through) > MOST_THROUGH:
        raise ValueError("through names more wrong models than there are")
    return tuple(through)


def _is_text(text: str) -> bool:
    """Whether ``text`` can be written out: a lone surrogate (``"\\ud800"``) cannot."""
    return not any("\ud800" <= character <= "\udfff" for character in text)


def append(workspace: Path, run: Line) -> None:
    """Add ``run`` as a line of its own, even after a last line that lost its newline; whole or
    not at all (files.append_whole): a full disk leaves the history as it was."""
    path = workspace / HISTORY
    data = run.to_json().encode("utf-8") + b"\n"
    if os.path.lexists(path) and not _ends_a_line(path):
        data = b"\n" + data
    append_whole(path, data)


def _ends_a_line(path: Path) -> bool:
    """Whether ``path`` is empty or ends with a line break."""
    with path.open("rb") as file:
        size = file.seek(0, os.SEEK_END)
        if not size:
            return True
        file.seek(size - 1)
        return file.read(1) == b"\n"


def read(workspace: Path, warn: Callable[[str], None]) -> list[Line]:
    """Every run in the history, oldest first; the lines that are not runs are skipped, and
    said in one warning, however many there are. NotARegularFileError if the history is a
    pipe, a device, a folder or a link (see files.read_regular)."""
    path = workspace / HISTORY
    if not os.path.lexists(path):
        return []
    runs = []
    skipped, first = 0, ""
    for number, line in enumerate(read_regular(path, MOST_HISTORY).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            runs.append(Line.from_json(line.decode("utf-8")))
        except ValueError as error:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            skipped += 1
            if skipped == 1:
                first = f"line {number}: {str(error).splitlines()[0][:80]}"
    if skipped == 1:
        where, reason = first.split(": ", 1)
        warn(f"{HISTORY} {where} skipped: it is not a run ({reason})")
    elif skipped:
        warn(f"{HISTORY}: {skipped:,} lines skipped, they are not runs (the first, {first})")
    return runs
