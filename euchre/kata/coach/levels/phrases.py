"""The step phrases the given steps understand, for level ``examples``: ``make steps`` lists
them, each with an example taken from the kata's own features (written down when the coach's
tables are measured, so that making a workspace needs no pytest-bdd), and a step that matches
none is told the nearest.
"""

from __future__ import annotations

import difflib
import importlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..record import learner, reach
from ..record.stages import STAGES
from ..running import bdd, reference

if TYPE_CHECKING:
    from pytest_bdd.parser import ScenarioTemplate, Step

STEP_EXAMPLES = Path(__file__).with_name("step_examples.json")
"""Every step of the kata's own features, as written down in the kata's own repository."""
NEAREST = 3


@dataclass(frozen=True)
class Phrase:
    """A step phrase the steps understand, and a step of the kata's features that uses it."""

    keyword: str
    words: str
    example: list[str]
    stage: int
    """The first stage whose feature uses it (the last stage, for a phrase the kata never
    uses)."""


def phrases(workspace: Path) -> list[Phrase]:
    """Every step phrase of the workspace's step definitions, in the order the kata uses them."""
    reference.offer(learner.load(workspace).paths)  # the steps import the model they drive
    for path in sorted((workspace / "step_defs").glob("*.py")):
        if not path.name.startswith("test_"):  # those collect scenarios, which needs pytest
            importlib.import_module(f"step_defs.{path.stem}")
    written = _written()
    found = []
    for context in bdd.step_definitions():
        where = Path(context.step_func.__code__.co_filename)
        if not where.resolve().is_relative_to((workspace / "step_defs").resolve()):
            continue
        uses = [
            (number, step)
            for number, step in enumerate(written)
            if context.type in (None, step["type"]) and bdd.matches(context.parser, step["name"])
        ]
        keyword = (context.type or "given").capitalize()
        words = re.sub(r"\{(\w+):[^}]*\}", r"{\1}", str(context.parser.name))
        order, example = uses[0] if uses else (len(written), {"lines": []})
        stage = int(example.get("stage", len(STAGES)))
        found.append((order, Phrase(keyword, words, list(example["lines"]), stage)))
    return [phrase for _, phrase in sorted(found, key=lambda pair: (pair[0], pair[1].words))]


def _written() -> list[dict[str, Any]]:
    try:
        steps = json.loads(STEP_EXAMPLES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return steps if isinstance(steps, list) else []


def _answers_hidden(workspace: Path) -> list[Phrase] | None:
    """At level stories, where the kata's values are its answers, the phrases of the stories
    reached, to be shown alone (a later story's would tell its rules); None at other levels."""
    if learner.level(workspace) != "stories":
        return None
    reached = reach.load(workspace).stage
    return [phrase for phrase in phrases(workspace) if phrase.stage <= reached]


def listing(workspace: Path) -> list[str]:
    """What ``make steps`` prints: each phrase, then an example of it, indented. At level
    stories a phrase is shown alone, a table by its heading."""
    hidden = _answers_hidden(workspace)
    if hidden is not None:
        lines = ["The step phrases the steps understand (a table by its heading):", ""]
        for phrase in hidden:
            lines += [f"{phrase.keyword} {phrase.words}", *_heading(phrase.example[1:2])]
        return lines
    lines = ["The step phrases the steps understand, each with an example from the kata:", ""]
    for phrase in phrases(workspace):
        lines.append(f"{phrase.keyword} {phrase.words}")
        lines += [f"    {line}" for line in phrase.example] or ["    (no example in the kata)"]
    return lines


def _heading(rows: list[str]) -> list[str]:
    """A table's first row, each count in it a placeholder, and a row of its shape with no
    values: ``| … | … |``."""
    if not rows:
        return []
    cells = [
        re.sub(r"\b\d+\b", "{count}", cell.strip())
        for cell in rows[0].strip().strip("|").split("|")
    ]
    widths = [max(len(cell), 1) for cell in cells]
    heading = "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"
    shape = "| " + " | ".join("…".ljust(w) for w in widths) + " |"
    return [f"    {heading}", f"    {shape}"]


def nearest(workspace: Path, step: str) -> list[str]:
    """The phrases of the stories reached nearest to ``step``, each by the example ``make
    steps`` gives of it ("When Team 1 Player 1 leads 9H"); at level stories, the phrases
    themselves, as it lists them there."""
    hidden = _answers_hidden(workspace)
    if hidden is not None:
        examples = [f"{phrase.keyword} {phrase.words}" for phrase in hidden]
    else:  # one example of each phrase of the stories reached: three uses of one are one
        reached = reach.load(workspace).stage
        examples = [p.example[0] for p in phrases(workspace) if p.example and p.stage <= reached]
    return difflib.get_close_matches(step, list(dict.fromkeys(examples)), n=NEAREST, cutoff=0.4)


def unread(phrase: str, step: str) -> list[tuple[str, str]]:
    """The values of ``step`` in the places of ``phrase`` ("Given {player} is the dealer"),
    each with its place, if the step has the phrase's words but a value the steps do not
    read; none if its words are another's. Keywords aside: "And" continues a "Given"."""
    places = re.findall(r"\{\w+\}", phrase)
    pattern = "".join(
        "(.+?)" if part in places else re.escape(part)
        for part in re.split(r"(\{\w+\})", phrase.partition(" ")[2])
    )
    found = re.fullmatch(pattern, step.partition(" ")[2]) if places else None
    return list(zip(found.groups(), places, strict=True)) if found else []


def step_examples(features: Path) -> list[dict[str, Any]]:
    """Every distinct step of the features in ``features``, with its data table: the workspace
    maker writes them down for ``make steps`` before it takes the examples out."""
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for stage in STAGES:
        feature = bdd.parse(features, stage.feature)
        templates = sorted(feature.scenarios.values(), key=lambda s: s.line_number)
        for step in [step for template in templates for step in _first_example(template)]:
            if "<" in step.name:  # an outline's step with no example to give it values
                continue
            raw = step.datatable.raw() if step.datatable else []
            rows = aligned([[str(cell) for cell in row] for row in raw])
            seen.setdefault(
                (step.type, step.name),
                {
                    "type": step.type,
                    "name": step.name,
                    "stage": stage.number,
                    "lines": [f"{step.type.capitalize()} {step.name}", *rows],
                },
            )
    return list(seen.values())


def _first_example(template: ScenarioTemplate) -> list[Step]:
    """A scenario's own steps; an outline's, with the values of its first example."""
    contexts = [context for examples in template.examples for context in examples.as_contexts()]
    if not contexts:
        return list(template.steps)
    return template.render(contexts[0]).steps[len(template.all_background_steps) :]


def aligned(table: list[list[str]]) -> list[str]:
    """A data table's rows as Gherkin writes them, each column as wide as its widest cell."""
    widths = [max(len(row[n]) for row in table) for n in range(len(table[0]))] if table else []
    return [
        "| " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) + " |"
        for row in table
    ]
