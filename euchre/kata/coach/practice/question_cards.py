"""At level stories, the product owner's questions kept as Example Mapping's red cards.

After each green run the coach writes ``kata-questions.md`` in the workspace: one card for each
gap it asked about, with its questions in the order asked, ticked once an example of the
learner's catches the wrong model the gap let through, and naming that example. It is the
learner's own history, out of their commits like the history of runs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..hooks import Say, hookimpl
from ..record.files import write_atomically
from ..record.line import Line
from ..record.stages import STAGES
from ..testrun import TestRun

FILE = "kata-questions.md"
KEPT = f"🗂 Each question is kept as a card in {FILE}, ticked once an example of yours answers it."
HEADING = """\
# Question cards

The product owner's questions on your stories, as Example Mapping's red cards: each is ticked
once an example of yours pins it. The coach writes this file after each green run.
"""


@hookimpl
def coach_recorded(run: TestRun, line: Line, warn: Say) -> None:
    caught = run.measured.caught
    if not run.level.by_story or caught is None or line.light != "green":
        return
    scenarios = [scenario for stage in STAGES for scenario in run.features.of(stage)]
    titles = {scenario.key: scenario.title for scenario in scenarios}
    answers = {
        name: [titles[key] for key in keys if key in titles]
        for name, keys in caught.caught_by.items()
    }
    text = cards([*run.history, line], answers)
    try:
        write_atomically(run.workspace / FILE, text)
    except OSError as error:
        warn(f"the question cards are not kept ({error.strerror or error})")


@hookimpl
def coach_told(run: TestRun, say: Say) -> None:
    if run.level.by_story and run.line is not None and run.line.question:
        say(KEPT)


def cards(history: Sequence[Line], answers: Mapping[str, list[str]]) -> str:
    """The cards' file: for each question first asked, by stage, the questions that followed
    on its gaps and the examples that pin them now (``answers``: the titles of those that
    catch each wrong model). Two gaps first asked the same question are one card, ticked once
    both are pinned."""
    gaps: dict[tuple[int, str], list[str]] = {}
    for line in history:
        if line.question and line.through:
            questions = gaps.setdefault((line.stage, line.through[0]), [])
            questions += [] if line.question in questions else [line.question]
    asked: dict[tuple[int, str], tuple[list[str], list[str]]] = {}
    for (number, name), (first, *later) in gaps.items():
        followed, named = asked.setdefault((number, first), ([], []))
        followed += [question for question in later if question not in followed]
        named.append(name)
    lines = [HEADING]
    for stage in STAGES:
        shown = [(first, *card) for (at, first), card in asked.items() if at == stage.number]
        if shown:
            lines += [f"## Stage {stage.number}, {stage.name}", ""]
        for first, later, names in shown:
            pinned = [title for name in names for title in answers.get(name, [])]
            done = all(answers.get(name) for name in names)
            lines.append(f"- [{'x' if done else ' '}] {_indented(first)}")
            lines += [f"  - then: {_indented(question)}" for question in later]
            if pinned:
                examples = "example" if len(pinned) == 1 else "examples"
                part = "" if done else " in part"
                lines.append(f"  - answered{part} by your {examples}: {', '.join(pinned)}")
        lines += [""] if shown else []
    return "\n".join(lines)


def _indented(question: str) -> str:
    """A question of several lines, its later lines under the card's."""
    return question.replace("\n", "\n    ")
