"""How a function of the learner's chooses among cases, as the refactoring prompts read it:
an ``if`` chain's links, a choice made by a thing's type or by values named, and cases that
only delegate (each one call), which is the smaller function for each case the prompts ask for.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

COUNTED = ("C901", "PLR0912")
"""Ruff's counts of a function's paths and of its branches."""
CHAIN = 3
"""An ``if`` chain this long, or longer, is worth a second look."""
TABLE = "a table (a dict) would say once what these {n} `if`s say one value at a time."
RANKING = (
    "these {n} `if`s compare values case by case: one ranking (each value's place in an"
    " order, then max()) would say it once."
)


def chain(head: ast.If) -> str | None:
    """The prompt for an ``if`` with two ``elif``s or more: a ranking, or a table; None if
    it is shorter, or chooses by a thing's type."""
    tests = [head.test, *(link.test for link in elifs(head))]
    if len(tests) < CHAIN:
        return None
    compares = [node for test in tests for node in ast.walk(test) if isinstance(node, ast.Compare)]
    ordering = (ast.Lt, ast.Gt, ast.LtE, ast.GtE)
    if any(by_type(test) for test in tests):
        return None  # chosen by a thing's type: no value to rank, and no table of values
    if any(isinstance(op, ordering) for node in compares for op in node.ops):
        return RANKING.format(n=len(tests))
    if compares and all(to_constant(node) for node in compares):
        return TABLE.format(n=len(tests))
    return None


def delegated(tree: ast.Module | None, row: int, code: str) -> int:
    """What the cases that only delegate add to ruff's count of the function at ``row``: a
    ``match`` or an ``if`` chain whose every case is one call (``f()``, ``return f()``,
    ``raise E()``) is the smaller function for each case that the advice asks for. Functions
    within it count too, as they do in ruff's count of paths."""
    inside = [
        node
        for function in (ast.walk(tree) if tree else ())
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and function.lineno == row
        for node in ast.walk(function)
    ]
    links = {id(link) for node in inside if isinstance(node, ast.If) for link in elifs(node)}
    return sum(_dispatch(node, code) for node in inside if id(node) not in links)


def _dispatch(node: ast.AST, code: str) -> int:
    """The paths (C901) or branches (PLR0912) that ruff counts of ``node`` if every case of it
    only delegates, else 0."""
    if isinstance(node, ast.Match) and all(_delegates(case.body) for case in node.cases):
        last = node.cases[-1]
        irrefutable = isinstance(last.pattern, ast.MatchAs) and last.pattern.pattern is None
        return len(node.cases) - int(code == "C901" and irrefutable and last.guard is None)
    if isinstance(node, ast.If):
        links = [node, *elifs(node)]
        otherwise = [links[-1].orelse] if links[-1].orelse else []
        if len(links) > 1 and all(
            _delegates(body) for body in [*(link.body for link in links), *otherwise]
        ):
            return len(links) + int(code == "PLR0912" and bool(links[-1].orelse))
    return 0


def _delegates(body: list[ast.stmt]) -> bool:
    """One statement that hands the case on: ``f()``, ``return f()`` or ``raise E()``."""
    if len(body) != 1:
        return False
    statement = body[0]
    if isinstance(statement, ast.Raise):
        return True
    value = statement.value if isinstance(statement, (ast.Expr, ast.Return)) else None
    return isinstance(value, ast.Call)


def by_type(test: ast.expr) -> bool:
    """``isinstance(action, Play)``, ``type(action) is Pass``: a case told apart by its type."""
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("isinstance", "issubclass", "type")
        for node in ast.walk(test)
    )


def elifs(head: ast.If) -> Iterator[ast.If]:
    """The ``elif``s of ``head``, each an ``If`` alone in the ``else`` of the one before."""
    link = head
    while len(link.orelse) == 1 and isinstance(link.orelse[0], ast.If):
        link = link.orelse[0]
        yield link


def to_constant(compare: ast.Compare) -> bool:
    """``x == 3``, ``suit is Suit.HEARTS``, ``rank in ("J", "A")``: values named, not worked out."""
    return all(isinstance(op, (ast.Eq, ast.Is, ast.In)) for op in compare.ops) and all(
        _constant(value) for value in compare.comparators
    )


def _constant(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_constant(item) for item in node.elts)
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id[:1].isupper()
    )
