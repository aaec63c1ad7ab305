"""Level ``steps``: the wrong models a learner's step definitions let through.

After a green run, the reached scenarios run against the wrong models of the stage in force.
A wrong model that the given steps catch in those very scenarios, but the learner's steps let
pass, points at a step that checks less than its words say: most often a ``Then`` whose body
is ``pass``. Which scenarios catch which wrong model with the given steps is measured in the
kata's own repository and shipped with the coach (``given_catches.json``).
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..record.line import Line
from ..record.reach import Reach
from ..running.features import Features, Scenario

if TYPE_CHECKING:  # the wrong models are imported only by a run that asks them
    from ..wrong_models.catalogue import WrongModel
from .level import Measured, functions_said
from .model import Model

GIVEN_CATCHES = Path(__file__).with_name("given_catches.json")
"""For each wrong model, the scenarios (feature, name) that catch it with the given steps."""


@dataclass(frozen=True)
class LetThrough:
    """The wrong models of the stage in force that the given steps catch in the reached
    scenarios, and of those the ones the learner's steps let through, each with the scenarios
    that catch it with the given steps; and the learner's Thens that check nothing."""

    met: tuple[WrongModel, ...]
    through: dict[WrongModel, list[str]]
    empty_thens: list[EmptyThen]
    interrupted: bool = False
    unwritten: tuple[WrongModel, ...] = ()
    """Not caught, but not let through either: with them the learner's model raised
    NotImplementedError, from a part not written yet."""
    parts: tuple[str, ...] = ()
    """Those parts, as the NotImplementedErrors name them."""
    stopped: Mapping[WrongModel, str] = field(default_factory=dict)
    """Of those let through, each with which a scenario stopped on an error rather than on a
    check that fails, with the error's name."""

    @property
    def stopped_names(self) -> tuple[tuple[str, str], ...]:
        """As the history keeps them (``Line.stopped``): by the wrong model's name."""
        return tuple((wrong.name, error) for wrong, error in self.stopped.items())

    @property
    def empty_words(self) -> tuple[str, ...]:
        """The words of the Thens that check nothing (``Line.empty_thens``)."""
        return tuple(then.words for then in self.empty_thens)


def given_catches() -> dict[str, list[tuple[str, str]]]:
    try:
        table = json.loads(GIVEN_CATCHES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {
        name: [(feature, scenario) for feature, scenario in pairs] for name, pairs in table.items()
    }


class Steps(Model):
    """Revealed and run as at level model; a green run is measured against the wrong models."""

    name = "steps"
    still_passes = (  # `make next` does not wait for the wrong models at this level
        "Once your steps catch every wrong model of the stage, it is done; `{next}` goes on to"
        " the next stage whenever you choose."
    )
    advised: tuple[str, ...] = ("euchre", "step_defs")

    def measure(
        self,
        workspace: Path,
        features: Features,
        reach: Reach,
        ran: list[Scenario],
        history: Sequence[Line],
    ) -> Measured:
        return Measured(let_through=let_through(workspace, features, ran, reach))

    def specified(self, workspace: Path, features: Features, ran: list[Scenario]) -> str:
        """What the learner's step definitions do, as Python reads them: not their comments,
        their docstrings nor their layout."""
        said = functions_said(sorted((workspace / "step_defs").glob("*.py")), _is_step)
        return hashlib.sha256("\n".join(said).encode("utf-8")).hexdigest()[:16]


def let_through(
    workspace: Path, features: Features, reached: list[Scenario], reach: Reach
) -> LetThrough:
    """Run the reached scenarios against the wrong models of the stage in force that the given
    steps catch in them."""
    from ..wrong_models import catching
    from ..wrong_models.catalogue import of_stages

    names = {(s.stage.feature, s.name): s for s in reached}
    table = given_catches()
    due = {
        wrong: [names[pair].title for pair in table.get(wrong.name, []) if pair in names]
        for wrong in of_stages([reach.stage])
    }
    met = tuple(wrong for wrong, scenarios in due.items() if scenarios)
    catch = catching.check(workspace, features, {s.key for s in reached}, met)
    unwritten = tuple(wrong for wrong in catch.through if wrong.name in catch.unwritten)
    through = {wrong: due[wrong] for wrong in catch.through if wrong not in unwritten}
    parts = tuple(
        part for part in dict.fromkeys(catch.unwritten[w.name] for w in unwritten) if part
    )
    stopped = {wrong: catch.stopped[wrong.name] for wrong in through if wrong.name in catch.stopped}
    empty = empty_thens(workspace)
    return LetThrough(met, through, empty, catch.interrupted, unwritten, parts, stopped)


class EmptyThen(NamedTuple):
    """A Then step of the learner's that checks nothing: where, its function, its words."""

    where: str
    """``step_defs/tricks.py:175``"""
    function: str
    words: str
    """What it says it checks, as its decorator words it (``the lead suit is {suit}``); its
    function's name where the decorator does not say it in a string."""


def empty_thens(workspace: Path) -> list[EmptyThen]:
    """The learner's ``Then`` steps whose body does nothing (``pass``, ``...``, a docstring)."""
    found = []
    for path in sorted((workspace / "step_defs").glob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, ValueError, OSError):
            continue
        for node in ast.walk(tree):
            functions = (ast.FunctionDef, ast.AsyncFunctionDef)
            if isinstance(node, functions) and _is_then(node) and _does_nothing(node.body):
                where = f"{path.relative_to(workspace).as_posix()}:{node.lineno}"
                found.append(EmptyThen(where, node.name, _words(node) or node.name))
    return found


def _words(function: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """A Then's words, as its decorator gives them in a string, plainly or to a parser
    (``then(step("the lead suit is {suit:Suit}"))``), without the parser's types."""
    for decorator in function.decorator_list:
        said = decorator.args[0] if isinstance(decorator, ast.Call) and decorator.args else None
        if isinstance(said, ast.Call) and said.args:
            said = said.args[0]
        if isinstance(said, ast.Constant) and isinstance(said.value, str):
            return re.sub(r"\{(\w+):[^}]*\}", r"{\1}", said.value)[:200]
    return ""


def _is_then(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return "then" in _decorators(function)


def _is_step(node: ast.AST) -> bool:
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    return isinstance(node, functions) and bool({"given", "when", "then"} & _decorators(node))


def _decorators(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    names = set()
    for decorator in function.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        names.add(called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", ""))
    return names


def _does_nothing(body: list[ast.stmt]) -> bool:
    """``pass``, ``...`` or a docstring, and nothing else."""
    return all(
        isinstance(statement, ast.Pass)
        or (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant))
        for statement in body
    )
