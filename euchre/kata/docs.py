"""Living documentation: every feature as one self-contained HTML page, with this run's results.

The features are read by pytest-bdd's own Gherkin parser and the results come from its
cucumber JSON (``pytest --cucumberjson``), so the page shows exactly what was run. The page is
rendered by Jinja2 with autoescaping from ``templates/living-documentation.html.j2``: nothing
written in a feature is ever read as HTML.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape
from pytest_bdd.exceptions import GherkinParseError
from pytest_bdd.gherkin_parser import (
    Background,
    Child,
    DataTable,
    ExamplesTable,
    Feature,
    Row,
    Rule,
    Scenario,
    get_gherkin_document,
)

from euchre.cards import PLAIN_CARD, Card
from euchre.glossary import DEFINED_IN, GLOSSARY
from euchre.kata.coach.record.stages import STAGES
from euchre.kata.coach.running.features import where_it_stopped
from euchre.seats import Seat

STORY = re.compile(r"(As|In order to|I want|So that)\b")
"""The lines of a user story, which keep their line breaks; other paragraphs reflow."""
BLANK_LINE = re.compile(r"\n[ \t]*\n")


def cards_html(text: str) -> Markup:
    """Escape ``text``, showing each card in it with its suit symbol, red suits in red."""
    out, last = Markup(), 0
    for match in PLAIN_CARD.finditer(text):
        card = Card.parse(match.group())
        red = " red" if card.suit.colour.value == "red" else ""
        out += escape(text[last : match.start()])
        out += Markup('<span class="card{}" title="{}">{}</span>').format(
            red, match.group(), card.symbol
        )
        last = match.end()
    return out + escape(text[last:])


SEAT_NAME = re.compile(r"\b(Team|Player) (\d)\b")


def cell_html(text: str) -> Markup:
    """A table cell's text as ``cards_html`` shows it: a narrow cell may break a seat's name
    between "Team 1" and "Player 3", but never leaves the number alone on a line.

    >>> [str(part) for part in cell_html("Team 1 Player 3: 9H").split("\\N{NO-BREAK SPACE}")]
    ['Team', '1 Player', '3: <span class="card red" title="9H">9♥</span>']
    """
    return cards_html(SEAT_NAME.sub("\\1\u00a0\\2", text))


class DocsError(Exception):
    """Results or features that cannot be read: said in one line, and ``make docs`` exits 2."""


def load_results(path: Path | None) -> dict[tuple[str, int], list[str]]:
    """Each scenario's outcomes from cucumber JSON, by feature file name and line.

    Without a path every scenario is "not run"; a path that cannot be read raises DocsError.
    """
    results: dict[tuple[str, int], list[str]] = defaultdict(list)
    if path is None:
        return results
    features = _results_json(path)
    try:
        for feature in features:
            name = Path(feature["uri"]).name
            for element in feature.get("elements", []):
                statuses = [step["result"]["status"] for step in element.get("steps", [])]
                failed = any(status != "passed" for status in statuses) or not statuses
                if not isinstance(element["line"], int):
                    raise TypeError("a scenario's line is a number")
                key = (name, element["line"])
                results[key].append("failed" if failed else "passed")
    except (KeyError, TypeError, AttributeError):
        raise DocsError(
            f"{path}: not cucumber JSON: each feature needs its uri, and each scenario its line"
            " and steps"
        ) from None
    return results


def _results_json(path: Path) -> list[Any]:
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as error:
        raise DocsError(f"cannot read the results {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise DocsError(f"{path}: not UTF-8 text") from None
    if not text.strip():
        raise DocsError(f"{path}: no results: is it the output of pytest --cucumberjson?")
    try:
        features = json.loads(text)
    except json.JSONDecodeError as error:
        raise DocsError(
            f"{path}: not JSON (line {error.lineno} column {error.colno}):"
            " is the run's output truncated?"
        ) from None
    except (RecursionError, ValueError):
        raise DocsError(f"{path}: not JSON that Python can read") from None
    if not isinstance(features, list):
        raise DocsError(f"{path}: not cucumber JSON: expected a list of features")
    return features


# What the template shows: a feature or a rule is a Section, each scenario a Run with its results.


@dataclass(frozen=True)
class Run:
    """A scenario with its outcome: passed, failed or not-run, and one per example row."""

    scenario: Scenario
    status: str
    rows: tuple[str, ...]

    def examples(self) -> list[tuple[ExamplesTable, list[tuple[Row, str]]]]:
        """Each examples table, its rows paired with their outcomes."""
        found, outcomes = [], iter(self.rows)
        for table in self.scenario.examples:
            body = table.table_body or []
            found.append((table, [(row, next(outcomes)) for row in body]))
        return found


@dataclass(frozen=True)
class Section:
    """A feature or one of its rules: an anchor for the contents, text, and what it holds."""

    anchor: str
    name: str
    tags: tuple[str, ...] = ()
    story: tuple[str, ...] = ()
    paragraphs: tuple[str, ...] = ()
    children: tuple[Section | Run | Background, ...] = ()
    rules: tuple[Section, ...] = ()


@dataclass(frozen=True)
class Placed:
    """Where a seat's player sits, and the kata's name for them."""

    compass: str
    letter: str
    player: str
    number: int
    team: int


class Page:
    """Builds the page from the features and the results of one run."""

    def __init__(self, results: dict[tuple[str, int], list[str]]) -> None:
        self.results = results
        self.counts: Counter[str] = Counter()
        self.anchors: set[str] = {"contents", "contents-title", "seats", "glossary"}

    def anchor(self, name: str) -> str:
        """A fragment id for ``name``, unique on the page."""
        base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "section"
        found, number = base, 1
        while found in self.anchors:
            number += 1
            found = f"{base}-{number}"
        self.anchors.add(found)
        return found

    def feature(self, filename: str, feature: Feature) -> Section:
        first, *rest = BLANK_LINE.split(feature.description.strip(), maxsplit=1)
        lines = tuple(line.strip() for line in first.splitlines())
        story = lines if lines and STORY.match(lines[0]) else ()
        anchor = self.anchor(feature.name)
        children = tuple(self.child(filename, child) for child in feature.children)
        return Section(
            anchor=anchor,
            name=feature.name,
            tags=tuple(tag.name for tag in feature.tags),
            story=story,
            paragraphs=paragraphs("".join(rest) if story else feature.description),
            children=children,
            rules=tuple(child for child in children if isinstance(child, Section)),
        )

    def child(self, filename: str, child: Child) -> Section | Run | Background:
        if child.background is not None:
            return child.background
        if child.rule is not None:
            return self.rule(filename, child.rule)
        assert child.scenario is not None  # a child is a background, a rule or a scenario
        return self.run(filename, child.scenario)

    def rule(self, filename: str, rule: Rule) -> Section:
        children = tuple(self.child(filename, child) for child in rule.children)
        return Section(
            anchor=self.anchor(rule.name),
            name=rule.name,
            paragraphs=paragraphs(rule.description),
            children=children,
        )

    def run(self, filename: str, scenario: Scenario) -> Run:
        outcomes = self.results.get((filename, scenario.location.line), [])
        count = sum(len(table.table_body or []) for table in scenario.examples)
        rows = tuple(
            outcomes[row] if row < len(outcomes) else "not-run" for row in range(count or 1)
        )
        self.counts.update(rows)
        status = "failed" if "failed" in rows else rows[0]
        return Run(scenario, status, rows if count else ())

    def summary(self) -> str:
        passed, failed, not_run = (self.counts[name] for name in ("passed", "failed", "not-run"))
        said = f"{passed + failed + not_run} scenarios: {passed} passed, {failed} failed"
        return said + (f", {not_run} not run" if not_run else "")


def paragraphs(text: str) -> tuple[str, ...]:
    """The paragraphs of a description, each on one line: a blank line ends a paragraph.

    >>> paragraphs("  Play passes\\n  to the left.\\n\\n  Trump wins.\\n")
    ('Play passes to the left.', 'Trump wins.')
    """
    found = BLANK_LINE.split(text)
    return tuple(" ".join(para.split()) for para in found if para.strip())


def has_header(table: DataTable) -> bool:
    """A data table's first row names its columns, unless it holds cards or the table has one
    column: a list of players or of cards is all rows."""
    first = table.rows[0].cells
    return len(table.rows) > 1 and len(first) > 1 and not PLAIN_CARD.search(first[0].value)


def seats() -> tuple[Placed, ...]:
    """The seats clockwise from North, with the kata's names: seat 1 is Team 1 Player 1."""
    return tuple(
        Placed(
            seat.name.title(),
            seat.value,
            f"Team {seat.team.number} Player {seat.number}",
            seat.number,
            seat.team.number,
        )
        for seat in Seat.NORTH.rotation()
    )


ENVIRONMENT = Environment(
    loader=PackageLoader("euchre.kata", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)
ENVIRONMENT.filters["cards"] = cards_html
ENVIRONMENT.filters["cell"] = cell_html
ENVIRONMENT.tests["headed"] = has_header
ENVIRONMENT.tests["rule"] = lambda child: isinstance(child, Section)
ENVIRONMENT.tests["run"] = lambda child: isinstance(child, Run)


def render(features: Path, results: Path | None) -> str:
    """The living documentation of every feature in ``features``, as one HTML page."""
    page = Page(load_results(results))
    paths = sorted(features.glob("*.feature"), key=_story_order)
    if not paths:
        raise DocsError(f"{features}: no .feature files")
    documents = [(path.name, _feature(path)) for path in paths]
    sections = [page.feature(name, feature) for name, feature in documents]
    anchors = {Path(name).stem: s.anchor for (name, _), s in zip(documents, sections, strict=True)}
    # Each word links to the story that defines it, when that story is on the page.
    glossary = [
        (term, meaning, anchors.get(DEFINED_IN.get(term, ""))) for term, meaning in GLOSSARY.items()
    ]
    return ENVIRONMENT.get_template("living-documentation.html.j2").render(
        features=sections, summary=page.summary(), seats=seats(), glossary=glossary
    )


def _feature(path: Path) -> Feature:
    try:
        return get_gherkin_document(str(path)).feature
    except GherkinParseError as error:
        raise DocsError(where_it_stopped(str(path), error)) from None
    except UnicodeDecodeError:
        raise DocsError(f"{path}: not UTF-8 text") from None
    except KeyError:  # the parser's document has no feature
        raise DocsError(f"{path}: no Feature in it") from None


_ORDER = tuple(stage.stem for stage in STAGES)


def _story_order(path: Path) -> tuple[int, str]:
    """The kata's stories first, in their order, then any other feature by name."""
    return (_ORDER.index(path.stem) if path.stem in _ORDER else len(_ORDER), path.name)
