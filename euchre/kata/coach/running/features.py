"""The reached stages' features, each read and parsed once at the start of a run.

Every step of a run asks this of the features: which scenarios there are and in what order,
which are reached, how a scenario is written (for ``make next`` to show it), and at level
examples the ``Rule:`` lines and how many examples each has. Parsing is pytest-bdd's, into the
cache its collection reads, so the session that follows parses nothing again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from math import prod
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..record.reach import Reach
from ..record.stages import STAGES, Stage
from . import bdd, slips

if TYPE_CHECKING:
    from pytest_bdd.parser import ScenarioTemplate

_RULE = re.compile(r"^\s*Rule:\s*(.+?)\s*$")
_PLACEHOLDER = re.compile(r"<(\w+)>")
LONGEST_TITLE = 160
"""An outline named by its values any longer is named by the words between them: a name is
read aloud, and a dojo's dashboard takes 200 characters at most."""


def _either(values: list[str]) -> str:
    """Each value once, in order, as one of them: ``7``, ``7 or 8``, ``7, 8 or 9``."""
    *others, last = dict.fromkeys(values)
    return f"{', '.join(others)} or {last}" if others else last


def _joinable(rows: list[dict[str, str]], names: list[str]) -> bool:
    """Whether joining each placeholder's values says no more than the rows do, and is heard
    as one of them: each value is one word ("Team 2 Player 4, Team 1 Player 1 or …" is heard
    as a list of players), and the rows give every combination of the values, so that "Team 1
    or 2 wins 3 or 4 tricks" is true of each pair."""
    names = [name for name in dict.fromkeys(names) if all(name in row for row in rows)]
    values = [tuple(row[name] for name in names) for row in rows]
    one_word = all(len(value.split()) == 1 for row in values for value in row)
    combinations = prod(len(set(column)) for column in zip(*values, strict=True))
    return one_word and len(set(values)) == combinations


@dataclass(frozen=True)
class Scenario:
    """A scenario as written: an outline is one, however many rows of examples it has."""

    stage: Stage
    name: str
    line: int
    rule: str | None
    template: ScenarioTemplate = field(repr=False, compare=False)

    @property
    def key(self) -> bdd.Key:
        return self.stage.feature, self.line

    @property
    def title(self) -> str:
        """The name a learner and a room read: as written; for an outline, each
        ``<placeholder>`` named by the values its examples give it, with their count ("from
        the seed 7 or 8 (2 examples)"), where that says no more than the examples do, else by
        its first example ("AC beats KC when hearts are trump (and 4 more examples)"); a name
        that would be long is named by its other words, with its count of examples ("When …,
        the dealer deals (3 examples)")."""
        rows = [row for table in self.template.examples for row in table.as_contexts()]
        if not rows:
            return self.name
        if _joinable(rows, _PLACEHOLDER.findall(self.name)):
            named = _PLACEHOLDER.sub(
                lambda found: _either([row.get(found[1], found[0]) for row in rows]), self.name
            ) + (f" ({len(rows)} examples)" if len(rows) > 1 else "")
        else:
            more = len(rows) - 1
            named = self.named(rows[0]) + (
                f" (and {more} more example{'' if more == 1 else 's'})" if more else ""
            )
        if named != self.name and len(named) <= LONGEST_TITLE:
            return named
        words = _PLACEHOLDER.sub("…", self.name)
        return f"{words} ({len(rows)} example{'' if len(rows) == 1 else 's'})"

    def said(self) -> list[tuple[tuple[str, str, str], ...]]:
        """What each of its examples says, row by row: each step's type, its words with the
        row's values in place, and its data table and docstring; not the scenario's name."""
        rows = [row for table in self.template.examples for row in table.as_contexts()] or [{}]
        return [
            tuple(
                (
                    step.type,
                    step.name,
                    f"{step.datatable.raw() if step.datatable else ''}{step.docstring or ''}",
                )
                for step in self.template.render(row).steps
            )
            for row in rows
        ]

    @property
    def whens(self) -> int:
        """How many ``When`` steps it has: an ``And`` or ``But`` after a ``When`` is one more."""
        return sum(step.type == "when" for step in self.template.steps)

    @property
    def thens(self) -> int:
        """How many ``Then`` steps it has, each ``And`` or ``But`` after one counted."""
        return sum(step.type == "then" for step in self.template.steps)

    def named(self, row: Mapping[str, str]) -> str:
        """The name with one example's values in place of its ``<placeholders>``."""
        return _PLACEHOLDER.sub(lambda found: row.get(found[1], found[0]), self.name)

    @property
    def where(self) -> str:
        return f"{self.stage.feature_path}:{self.line}"


class Misshapen(NamedTuple):
    """An example the learner wrote not in the kata's style: where it is and what is wrong, in
    one line, and its faults as the history keeps them ("no-when", "whens", "no-then", or one of
    the first two and the third: "whens-no-then")."""

    said: str
    fault: str


@dataclass(frozen=True)
class Rule:
    """A ``Rule:`` line of a feature: its words, where it is, and how many examples it has."""

    name: str
    line: int
    examples: int


@dataclass(frozen=True)
class Features:
    """The features of stages 1 to ``last``, as this run found them."""

    scenarios: dict[int, tuple[Scenario, ...]]
    """Each readable stage's scenarios, in the order they are written."""
    texts: dict[int, list[str]]
    """Each readable stage's feature, line by line."""
    unreadable: dict[int, str]
    """Each stage whose feature is missing or is not Gherkin, and why."""

    def of(self, stage: Stage) -> tuple[Scenario, ...]:
        return self.scenarios.get(stage.number, ())

    def reached(self, reach: Reach) -> list[Scenario]:
        """Every scenario of the stages before the reach's, and those revealed in its own."""
        found: list[Scenario] = []
        for stage in STAGES[: reach.stage]:
            written = self.of(stage)
            found += written[: reach.revealed] if stage.number == reach.stage else written
        return found

    def rules(self, stage: Stage) -> list[Rule]:
        """The ``Rule:`` lines of ``stage``'s feature, in order, with the examples under each."""
        found = [
            (match.group(1), number)
            for number, line in enumerate(self.texts.get(stage.number, []), start=1)
            if (match := _RULE.match(line))
        ]
        written = self.of(stage)
        return [Rule(name, line, sum(s.rule == name for s in written)) for name, line in found]

    def gherkin(self, scenario: Scenario) -> list[str]:
        """The scenario as written, under its rule, after the feature's Background."""
        lines = self.texts[scenario.stage.number]
        background = scenario.template.feature.background
        shown = [*_block(lines, background.line_number), ""] if background is not None else []
        if scenario.rule is not None:
            shown += [f"Rule: {scenario.rule}", ""]
        return shown + _block(lines, scenario.line)


def read(workspace: Path, last: int) -> Features:
    """Read and parse the features of stages 1 to ``last``; a feature that cannot be read is
    said in ``unreadable`` (the run's light is then amber)."""
    bdd.forget_features()
    scenarios, texts, unreadable = {}, {}, {}
    for stage in STAGES[:last]:
        path = workspace / stage.feature_path
        try:
            texts[stage.number] = path.read_text(encoding="utf-8").splitlines()
            feature = bdd.parse(workspace / "features", stage.feature)
        except FileNotFoundError:
            unreadable[stage.number] = f"{stage.feature_path} is missing"
            continue
        except Exception as error:  # pytest-bdd's parser errors share no base but Exception
            unreadable[stage.number] = where_it_stopped(stage.feature_path, error)
            continue
        if slip := slips.first(stage.feature_path, texts[stage.number]):
            unreadable[stage.number] = slip
            continue
        written = sorted(feature.scenarios.values(), key=lambda s: s.line_number)
        scenarios[stage.number] = tuple(_scenario(stage, template) for template in written)
    return Features(scenarios, texts, unreadable)


def _scenario(stage: Stage, template: ScenarioTemplate) -> Scenario:
    rule = template.rule.name if template.rule is not None else None
    return Scenario(stage, template.name, template.line_number, rule, template)


def where_it_stopped(path: str, error: BaseException) -> str:
    """Where the parser stopped and why, in one line: ``path:line:column: message``, from
    Gherkin's own errors ("(7:3): expected: ..."), which pytest-bdd's come from."""
    causes = []
    while error is not None and error not in causes:
        causes.append(error)
        error = error.__cause__ or error.__context__  # type: ignore[assignment]
    lines = [line.strip() for cause in causes for line in str(cause).splitlines() if line.strip()]
    for line in lines:
        if found := re.match(r"^\((\d+):(\d+)\): (.+)$", line):
            return f"{path}:{found.group(1)}:{found.group(2)}: {found.group(3)}"
    return f"{path}: {lines[0] if lines else type(causes[0]).__name__}"


def _block(lines: list[str], line_number: int) -> list[str]:
    """The lines of the Background or scenario that starts on ``line_number``, dedented."""
    start = line_number - 1
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines):
        stripped = lines[end].lstrip()
        starts_another = stripped.startswith(("Scenario", "Example:", "Rule:", "@"))
        if starts_another and len(lines[end]) - len(stripped) <= indent:
            break
        end += 1
    block = lines[start:end]
    while block and not block[-1].strip():
        block.pop()
    return [line[indent:] for line in block]
