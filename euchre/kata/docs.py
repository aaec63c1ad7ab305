"""Living documentation: every feature as one self-contained HTML page, with this run's results.

The features are read by pytest-bdd's own Gherkin parser and the results come from its
cucumber JSON (``pytest --cucumberjson``), so the page shows exactly what was run.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import Any

from pytest_bdd.exceptions import GherkinParseError
from pytest_bdd.gherkin_parser import (
    Background,
    DataTable,
    Feature,
    Rule,
    Scenario,
    Step,
    get_gherkin_document,
)

from euchre.cards import PLAIN_CARD, Card
from euchre.kata.coach.stages import STAGES

GLOSSARY = {
    "Trick": "One card from each player in turn; the highest card wins it. A hand is 5 tricks.",
    "Lead suit": "The suit of the first card played to a trick. Others must follow it if they can.",
    "Trump": "The suit chosen for the hand. Any trump beats every card of another suit.",
    "Right Bar (right bower)": "The Jack of the trump suit: the highest card of the hand.",
    "Left Bar (left bower)": "The other Jack of trump's colour: the second highest card, and a "
    "trump, not a card of its printed suit.",
    "Kitty": "The 4 cards left after the deal.",
    "Upcard": "The kitty's top card, turned face up: its suit is offered as trump first.",
    "Eldest hand": "The player on the dealer's left, who is dealt to first and leads first.",
    "Maker": "The player who chose trump; their team must win 3 tricks.",
    "Euchred": "What the makers are when they win fewer than 3 tricks: 2 points to the others.",
    "March": "Winning all 5 tricks: 2 points, or 4 for a player going alone.",
    "Loner": "A maker who goes alone: their partner sits the hand out.",
}
STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #1d1d1f; }
h1 { margin-bottom: 0; } h2 { border-bottom: 2px solid #ddd; margin-top: 3rem; }
h3 { color: #444; } .summary { color: #555; }
nav > ul { columns: 2; } nav ul ul { columns: 1; font-size: .9rem; } nav li { break-inside: avoid; }
.story { font-style: italic; color: #555; white-space: pre-line; }
.description { white-space: pre-line; }
.scenario { border-left: 4px solid #aaa; padding: .25rem 1rem; margin: 1rem 0;
            background: #fafafa; }
.scenario.passed { border-color: #2e8540; } .scenario.failed { border-color: #c62828; }
.badge { font-size: .8rem; padding: .1rem .5rem; border-radius: 1rem; color: white;
         background: #888; margin-left: .5rem; vertical-align: middle; }
.passed > h4 .badge, tr.passed .badge { background: #2e8540; }
.failed > h4 .badge, tr.failed .badge { background: #c62828; }
.steps { list-style: none; padding-left: 0; } .keyword { font-weight: bold; color: #6a1b9a; }
table { border-collapse: collapse; margin: .25rem 0 .5rem 2rem; }
td, th { border: 1px solid #ccc; padding: .1rem .6rem; } th { background: #eee; }
.card { font-weight: 600; white-space: nowrap; } .card.red { color: #c62828; }
dt { font-weight: bold; } dd { margin: 0 0 .5rem 1.5rem; }
.tag { font-size: .8rem; color: #555; background: #eee; border-radius: .3rem;
       padding: 0 .4rem; }
"""


def cards_html(text: str) -> str:
    """Escape ``text``, showing each card in it with its suit symbol, red suits in red."""
    out, last = [], 0
    for match in PLAIN_CARD.finditer(text):
        card = Card.parse(match.group())
        red = " red" if card.suit.colour.value == "red" else ""
        out += [escape(text[last : match.start()])]
        out += [f'<span class="card{red}" title="{match.group()}">{escape(card.symbol)}</span>']
        last = match.end()
    return "".join([*out, escape(text[last:])])


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


class Page:
    """Builds the page from the features and the results of one run."""

    def __init__(self, results: dict[tuple[str, int], list[str]]) -> None:
        self.results = results
        self.counts: dict[str, int] = defaultdict(int)

    def status(self, filename: str, line: int, row: int = 0) -> str:
        outcomes = self.results.get((filename, line), [])
        status = outcomes[row] if row < len(outcomes) else "not-run"
        self.counts[status] += 1
        return status

    def feature(self, filename: str, feature: Feature) -> str:
        tags = "".join(f' <span class="tag">{escape(t.name)}</span>' for t in feature.tags)
        story, _, rest = feature.description.partition("\n\n")
        parts = [f'<section id="{_anchor(feature.name)}"><h2>{escape(feature.name)}{tags}</h2>']
        parts.append(f'<p class="story">{escape(story.strip())}</p>')
        parts += [f'<p class="description">{cards_html(p.strip())}</p>' for p in _paras(rest)]
        parts += [self.child(filename, child) for child in feature.children]
        return "\n".join([*parts, "</section>"])

    def child(self, filename: str, child: Any) -> str:
        if child.background is not None:
            return self.background(child.background)
        if child.rule is not None:
            return self.rule(filename, child.rule)
        return self.scenario(filename, child.scenario)

    def background(self, background: Background) -> str:
        return f'<div class="background"><h3>Background</h3>{self.steps(background.steps)}</div>'

    def rule(self, filename: str, rule: Rule) -> str:
        parts = [f'<section id="{_anchor(rule.name)}"><h3>Rule: {cards_html(rule.name)}</h3>']
        parts += [f'<p class="description">{cards_html(p)}</p>' for p in _paras(rule.description)]
        parts += [self.child(filename, child) for child in rule.children]
        return "\n".join([*parts, "</section>"])

    def scenario(self, filename: str, scenario: Scenario) -> str:
        line = scenario.location.line
        rows = [row for table in scenario.examples for row in table.table_body or []]
        if rows:
            statuses = [self.status(filename, line, number) for number in range(len(rows))]
            overall = "failed" if "failed" in statuses else statuses[0]
        else:
            statuses, overall = [], self.status(filename, line)
        parts = [
            f'<div class="scenario {overall}">',
            f"<h4>{escape(scenario.keyword)}: {cards_html(scenario.name)}"
            f' <span class="badge">{overall.replace("-", " ")}</span></h4>',
            self.steps(scenario.steps),
        ]
        number = 0
        for table in scenario.examples:
            parts.append(f"<h5>Examples: {escape(table.name or '')}</h5><table>")
            header = table.table_header.cells if table.table_header else []
            parts.append(_row(header, "th", extra="<th>result</th>"))
            for body_row in table.table_body or []:
                status = statuses[number]
                badge = f'<td><span class="badge">{status.replace("-", " ")}</span></td>'
                parts.append(_row(body_row.cells, "td", cls=status, extra=badge))
                number += 1
            parts.append("</table>")
        return "\n".join([*parts, "</div>"])

    def steps(self, steps: Iterable[Step]) -> str:
        items = []
        for step in steps:
            text = f'<span class="keyword">{escape(step.keyword.strip())}</span> '
            text += cards_html(step.text)
            if step.datatable is not None:
                text += _table(step.datatable)
            if step.docstring is not None:
                text += f"<pre>{escape(step.docstring.content)}</pre>"
            items.append(f"<li>{text}</li>")
        return f'<ul class="steps">{"".join(items)}</ul>'


def _paras(text: str) -> list[str]:
    return [para.strip() for para in text.split("\n\n") if para.strip()]


def _anchor(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _row(cells: Iterable[Any], tag: str, cls: str = "", extra: str = "") -> str:
    cells_html = "".join(
        f'<{tag} data-source="{escape(cell.value)}">{cards_html(cell.value)}</{tag}>'
        for cell in cells
    )
    return f'<tr class="{cls}">{cells_html}{extra}</tr>' if cls else f"<tr>{cells_html}{extra}</tr>"


def _table(table: DataTable) -> str:
    rows = table.rows
    header = (
        _row(rows[0].cells, "th")
        if len(rows) > 1 and not PLAIN_CARD.search(rows[0].cells[0].value)
        else ""
    )
    body = rows[1:] if header else rows
    return f"<table>{header}{''.join(_row(row.cells, 'td') for row in body)}</table>"


def render(features: Path, results: Path | None) -> str:
    """The living documentation of every feature in ``features``, as one HTML page."""
    page = Page(load_results(results))
    paths = sorted(features.glob("*.feature"), key=_story_order)
    if not paths:
        raise DocsError(f"{features}: no .feature files")
    documents = [(path.name, _feature(path)) for path in paths]
    sections = [page.feature(name, feature) for name, feature in documents]
    toc = "".join(
        f'<li><a href="#{_anchor(feature.name)}">{escape(feature.name)}</a><ul>'
        + "".join(
            f'<li><a href="#{_anchor(c.rule.name)}">{cards_html(c.rule.name)}</a></li>'
            for c in feature.children
            if c.rule is not None
        )
        + "</ul></li>"
        for _, feature in documents
    )
    glossary = "".join(f"<dt>{escape(t)}</dt><dd>{escape(d)}</dd>" for t, d in GLOSSARY.items())
    passed, failed = page.counts["passed"], page.counts["failed"]
    summary = f"{passed + failed + page.counts['not-run']} scenarios: {passed} passed"
    summary += f", {failed} failed" + (
        f", {page.counts['not-run']} not run" if page.counts["not-run"] else ""
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Euchre: the rules as living documentation</title>
<style>{STYLE}</style>
</head>
<body>
<header>
<h1>Euchre: the rules as living documentation</h1>
<p class="summary">Every rule below is a scenario that was run: {summary}.</p>
</header>
<nav><h2>Contents</h2><ul>{toc}<li><a href="#glossary">Glossary</a></li></ul></nav>
<main>
{"".join(sections)}
<section id="glossary"><h2>Glossary</h2><dl>{glossary}</dl></section>
</main>
</body>
</html>
"""


def _feature(path: Path) -> Feature:
    try:
        return get_gherkin_document(str(path)).feature
    except GherkinParseError as error:
        raise DocsError(f"{path}: line {error.line}: {error.message}") from None
    except UnicodeDecodeError:
        raise DocsError(f"{path}: not UTF-8 text") from None
    except KeyError:  # the parser's document has no feature
        raise DocsError(f"{path}: no Feature in it") from None


_ORDER = tuple(stage.stem for stage in STAGES)


def _story_order(path: Path) -> tuple[int, str]:
    """The kata's stories first, in their order, then any other feature by name."""
    return (_ORDER.index(path.stem) if path.stem in _ORDER else len(_ORDER), path.name)
