"""A run's line in the history: when it ran, the stage, its light and what the coach measured,
as one object of JSON that reads back to the same line, or raises ValueError."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any, TypeGuard

from .lights import AT_ONCE, LIGHTS, REFACTOR
from .stages import STAGES

_WHEN_SET: tuple[str, ...] = ("run", "reverted", "guess", "constraint", "minutes", "question")
_WHEN_SET += ("specified", "through", "nothing_written", "level", "failing", "stage_done")
_WHEN_SET += ("stopped", "empty_thens", "amber", "no_step", "failures", "met")
AMBERS: tuple[str, ...] = ("code", "feature", "no-when", "whens", "no-then")
AMBERS += ("no-when-no-then", "whens-no-then", "example")
"""Why an amber run's tests could not run (``testrun.TestRun.amber``), its words in the
dojo's retrospective: an example's faults as the coach told them, both where it had both;
"example", an example not one When and its Then, in lines written before its fault was kept."""
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
    amber: str = ""
    """Any other amber run: why its tests could not run, one of ``AMBERS``."""
    specified: str = ""
    """At the levels where the learner writes the specification (their steps, or their
    examples), a hash of what it says: equal when a change of theirs specifies nothing more nor
    less. "" at level model, and in lines written before it was kept."""
    level: str = ""
    """The workspace's level at this run, as the dashboard shows it ("" in older lines)."""
    failing: str = ""
    """A red run whose first failure is not its newest scenario (an earlier one broke again,
    or a test of the learner's): the name of what failed; "" otherwise."""
    failures: tuple[str, ...] = ()
    """A red run on more than one scenario: the names of the first ``MOST_FAILURES`` that
    failed, in the order they ran; () otherwise, and in lines written before they were kept."""
    no_step: bool = False
    """A red run whose first failure is a step no step definition matches yet: at level steps,
    a scenario fails so whatever the model does, until its steps are written."""
    stage_done: bool = False
    """A green run that finishes its stage (``verdict.Verdict.stage_done``)."""
    stopped: tuple[tuple[str, str], ...] = ()
    """At level steps, of the wrong models let through: each with which a scenario stopped on
    an error rather than on a check that fails, and the error's name (``KeyError``)."""
    met: tuple[str, ...] = ()
    """At level steps, after a measured green: the wrong models of the stage in force its
    reached scenarios met, by name (``wrong_models`` counts them); () in older lines."""
    empty_thens: tuple[str, ...] = ()
    """At level steps, after a measured green: the words of the learner's Then steps that
    check nothing (``steps.EmptyThen.words``)."""

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
            through=_names(fields.get("through", []), "through"),
            met=_names(fields.get("met", []), "met"),
            stopped=_stopped(fields.get("stopped", [])),
            empty_thens=_texts(fields.get("empty_thens", []), "empty_thens", MOST_THROUGH),
            failures=_texts(fields.get("failures", []), "failures", MOST_FAILURES),
        )
        wrong = [name for name, kinds in _KINDS.items() if type(getattr(run, name)) not in kinds]
        if wrong:
            raise ValueError(f"{wrong[0]} is of the wrong type")
        if not {name for name, _ in run.stopped} <= set(run.through):
            raise ValueError("stopped names one not let through")
        if not 1 <= run.stage <= len(STAGES):
            raise ValueError(f"there is no stage {run.stage}: the stages are 1 to {len(STAGES)}")
        if run.light not in LIGHTS:
            raise ValueError(f"{run.light!r} is not a light")
        if run.guess not in ("", "red", "green"):
            raise ValueError(f"{run.guess!r} is not a guess")
        if run.constraint not in ("", *CONSTRAINTS):
            raise ValueError(f"{run.constraint!r} is not a constraint")
        if run.amber not in ("", *AMBERS):
            raise ValueError(f"{run.amber!r} is not why a run is amber")
        if run.amber and run.light != "amber":
            raise ValueError("only an amber run says why it is amber")
        if run.no_step and run.light != "red":
            raise ValueError("only a red run fails for want of a step")
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
_LISTS = ("time", "through", "met", "stopped", "empty_thens", "failures")
_FIELDS = [name for name in _FIELDS if name not in _LISTS]
_TYPES: dict[str, tuple[type, ...]] = {"int": (int,), "str": (str,), "bool": (bool,)}
_TYPES["int | None"] = (int, type(None))
_KINDS = {f.name: _TYPES[str(f.type)] for f in dataclasses.fields(Line) if str(f.type) in _TYPES}
"""Each field of a plain type, with the types it may hold: a bool is no count, nor 1 a light."""
_NAME = re.compile("[a-z0-9]+(-[a-z0-9]+)*")
MOST_THROUGH = 200
"""More names than the catalogue has wrong models, with room for it to grow."""
MOST_FAILURES = 4
"""A red run's failing scenarios a line names: a question says three, and how many more."""


def _names(names: object, field: str) -> tuple[str, ...]:
    """The names of wrong models a line lists, as the coach writes them."""
    if not _listed(names, lambda name: len(name) <= 80 and bool(_NAME.fullmatch(name))):
        raise ValueError(f"{field} must be a list of wrong models' names")
    if len(names) > MOST_THROUGH:
        raise ValueError(f"{field} names more wrong models than there are")
    return tuple(names)


def _stopped(stopped: object) -> tuple[tuple[str, str], ...]:
    """Wrong models' names, each with the name of the error a scenario stopped on."""
    if not isinstance(stopped, list) or not all(
        _listed(pair, lambda text: len(text) <= 80)
        and len(pair) == 2
        and _NAME.fullmatch(pair[0])
        and pair[1].isidentifier()
        for pair in stopped
    ):
        raise ValueError("stopped must be a list of wrong models' names, each with an error's")
    return tuple((name, error) for name, error in stopped)


def _texts(words: object, field: str, most: int) -> tuple[str, ...]:
    """Words a line lists: steps' words, or scenarios' names."""
    if not _listed(words, lambda said: len(said) <= 200 and _is_text(said)):
        raise ValueError(f"{field} must be a list of texts")
    if len(words) > most:
        raise ValueError(f"{field} names more than a line keeps")
    return tuple(words)


def _listed(value: object, fits: Callable[[str], bool]) -> TypeGuard[list[str]]:
    """Whether ``value`` is a list of texts, each of which ``fits``."""
    return isinstance(value, list) and all(isinstance(t, str) and fits(t) for t in value)


def _is_text(text: str) -> bool:
    """Whether ``text`` can be written out: a lone surrogate (``"\\ud800"``) cannot."""
    return not any("\ud800" <= character <= "\udfff" for character in text)
