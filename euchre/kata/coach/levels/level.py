"""What a level is: what runs, what the reach counts, what ``make next`` reveals, and what the
wrong models say of a green run. Each is one class in its own module, so that every decision
that differs between the levels has one home: model.py, steps.py, and examples.py (levels
examples and stories, where the learner writes the examples).
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .. import typed
from ..record.line import Line
from ..record.reach import Reach
from ..record.stages import Stage
from ..running.features import Features, Misshapen, Rule, Scenario

if TYPE_CHECKING:
    from ..running.bdd import Key
    from ..wrong_models.catalogue import WrongModel
    from ..wrong_models.catching import Catch
    from .steps import LetThrough


@dataclass(frozen=True)
class Caught:
    """What the wrong models say of a green run's examples."""

    caught: int
    wrong_models: int
    ask: WrongModel | None
    """The wrong model to write an example against next: of the earliest Rule revealed, or if
    every one of those is caught, of a Rule still ahead; None when every one is caught."""
    ahead: bool
    """``ask`` is a wrong model of a Rule not revealed yet."""
    interrupted: bool = False
    question: str = ""
    """At level stories: ``ask``'s question, as the product owner asks it ("" for none)."""
    through: tuple[str, ...] = ()
    """The names of the wrong models the examples let through that they were due to catch
    (not those of a Rule still ahead), ``ask``'s first."""
    caught_by: Mapping[str, tuple[Key, ...]] = field(default_factory=dict)
    """Each wrong model caught, by name, with the examples that catch it."""
    again: bool = False
    """The question is not the first on its gap: a later green left it open."""

    @classmethod
    def of(
        cls, catch: Catch, ask: WrongModel | None, ahead: bool, due: list[WrongModel] | None = None
    ) -> Caught:
        """``due``: those let through that were due to be caught (all, if not given)."""
        told_first = sorted(catch.through if due is None else due, key=lambda w: w is not ask)
        through = tuple(wrong.name for wrong in told_first)
        caught_by = {name: tuple(keys) for name, keys in catch.caught_by.items() if keys}
        met = len(catch.met)
        return cls(catch.caught, met, ask, ahead, catch.interrupted, "", through, caught_by)


@dataclass(frozen=True)
class Measured:
    """What the wrong models said of a green run: at level examples, what the examples catch;
    at level steps, what the learner's steps let through; at level model, nothing."""

    caught: Caught | None = None
    let_through: LetThrough | None = None

    @property
    def interrupted(self) -> bool:
        measures = (self.caught, self.let_through)
        return any(measure is not None and measure.interrupted for measure in measures)

    def counts(self) -> tuple[int | None, int | None]:
        """The wrong models the learner's examples or steps catch, of those met; None, None
        where none were met."""
        if self.caught is not None:
            return self.caught.caught, self.caught.wrong_models
        if self.let_through is not None:
            met, measured = len(self.let_through.met), self.let_through
            return met - len(measured.through) - len(measured.unwritten), met
        return None, None

    def through(self) -> tuple[str, ...]:
        """The names of the wrong models the learner's examples or steps let through."""
        if self.caught is not None:
            return self.caught.through
        if self.let_through is not None:
            return tuple(wrong.name for wrong in self.let_through.through)
        return ()


NOTHING = Measured()


def examples_said(scenarios: list[Scenario]) -> str:
    """A hash of what the examples say, however they are laid out: the same when they are
    renamed, reordered, or merged into an outline whose rows say what they said; another when
    a row, a step or a value is added, taken away or changed."""
    said = sorted(repr(example) for scenario in scenarios for example in scenario.said())
    return hashlib.sha256("\n".join(said).encode("utf-8")).hexdigest()[:16]


def specified(level: Level, workspace: Path, features: Features, ran: list[Scenario]) -> str:
    """A hash of all the learner specifies: what their level has them write (their steps, or
    their examples; nothing at level model) and their own unit tests, each test as Python reads
    it (not its docstring, comments nor layout). The verdict tells a refactor from a change of
    it: a test added, removed or changed specifies something new."""
    tests = functions_said(sorted((workspace / "tests").rglob("*.py")), _is_test)
    said = "\n".join([level.specified(workspace, features, ran), *tests])
    return hashlib.sha256(said.encode("utf-8")).hexdigest()[:16] if said else ""


def functions_said(paths: list[Path], chosen: Callable[[ast.AST], bool]) -> list[str]:
    """Each ``chosen`` function of the Python files at ``paths`` as Python reads it (not its
    docstring, comments nor layout), sorted; a file that does not parse is left out (the run
    was green: not one it imports)."""
    said = []
    for path in paths:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, ValueError, OSError):
            continue
        said += [ast.dump(_without_docstring(node)) for node in ast.walk(tree) if chosen(node)]
    return sorted(said)


def _is_test(node: ast.AST) -> bool:
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    return isinstance(node, functions) and node.name.startswith("test")


def _without_docstring(function: ast.AST) -> ast.AST:
    body = getattr(function, "body", [])
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        function.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return function


@dataclass(frozen=True)
class Revealed:
    """What ``make next`` reveals: the reach after it (already saved), and the scenarios or
    the Rule it makes new."""

    reach: Reach
    scenarios: tuple[Scenario, ...] = ()
    rule: Rule | None = None
    story: Stage | None = None
    written: bool = True
    """Something is written under the Rule or in the story revealed (written ahead of it)."""

    @property
    def followed_by_a_run(self) -> bool:
        """Whether a run follows the reveal: not for a Rule or a story with nothing written
        under it yet, where it could only record an amber light before its first example."""
        return self.written


@dataclass(frozen=True)
class Refused:
    """Why ``make next`` reveals nothing now: something to do first, said in one line."""

    reason: str


@dataclass(frozen=True)
class AllReached:
    """``make next`` after the last reveal: nothing is left, which is no refusal."""

    reason: str


Reveal = Revealed | Refused | AllReached
"""What ``make next`` comes to at any level."""


def not_green(last: Line | None) -> Refused | None:
    """Why nothing may be revealed yet: the last run was not green; None if it was."""
    if last is None:
        return Refused(f"run the tests first, with `{typed.command('test')}`: there is no run yet.")
    if last.light == "green":
        return None
    return Refused(f"make your last run green first (it was {last.light}).")


class Level(Protocol):
    name: str
    unit: str
    """What the reach counts and ``make next`` reveals: "scenario" or "Rule"."""
    counted: str
    """What a run's count of passing counts: "reached scenarios" or "examples"."""
    written: str
    """What the learner changes in a refactor: "code" or "examples"."""
    sides: tuple[tuple[str, str], ...]
    """A failure's words from the learner's side: each "said" of the given steps, and what it
    means here ("the model gives" is "your model gives" where the model is the learner's)."""
    advised: tuple[str, ...]
    """The folders of the learner's code that refactoring prompts read; none for examples."""
    by_story: bool
    """Each stage is a story whose rules the learner discovers, asked by the product owner."""
    still_passes: str
    """What a green says when the stage is all revealed but a wrong model still passes, with
    ``{test}`` and ``{next}`` for the commands."""

    def to_run(self, features: Features, reach: Reach) -> list[Scenario]:
        """The scenarios a run at ``reach`` runs."""

    def in_stage(self, features: Features, reach: Reach) -> int:
        """How many of what the reach counts the stage in force has; 0 when a stage is taken
        whole (level stories: one story)."""

    def measure(
        self,
        workspace: Path,
        features: Features,
        reach: Reach,
        ran: list[Scenario],
        history: Sequence[Line],
    ) -> Measured:
        """After a run whose every reached example passed, following ``history``: what the
        wrong models say."""

    def specified(self, workspace: Path, features: Features, ran: list[Scenario]) -> str:
        """A hash of what the learner's own specification says (their steps, or their examples
        as each row reads), for the verdict to tell a refactor from a change of what is
        specified; "" where the specification is given."""

    def unwritten(self, features: Features, reach: Reach) -> list[tuple[Stage, Rule | None]]:
        """Each revealed Rule with no example yet, and a story in force with none (its Rule
        None): nothing written for it is not green."""

    def misshapen(self, ran: list[Scenario]) -> list[Misshapen]:
        """Each example the learner wrote not in the kata's style (one ``When``), said in one
        line: where it is and what is wrong; none where the features are given."""

    def reveal(
        self,
        workspace: Path,
        features: Features,
        reach: Reach,
        last: Line | None,
        stage: int | None,
    ) -> Reveal:
        """What ``make next`` reveals after the run ``last``, with the reach after it saved;
        or why nothing is."""
