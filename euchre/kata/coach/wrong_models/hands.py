"""Hands and games set up as the wrong models of the whole game need them: under some house
rules, resumed at a score, played out."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from .kit import (
    Patcher,
    model,
)


def actions() -> Any:
    return model("actions")


def with_rules(patch: Patcher, cls: str, method: str, **changes: Callable[[], Any]) -> None:
    """Make ``cls.method`` (``Hand.__init__`` or ``Game.resume``) ignore some house rules."""
    module = cls.lower()

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def made(first: Any, *args: Any, rules: Any = None, **named: Any) -> Any:
            given = rules if rules is not None else _rules_in(args, method)
            args = args[: _positions(method)]
            if given is None:
                given = model("rules").Rules()
            changed = dataclasses.replace(given, **{key: value() for key, value in changes.items()})
            return original(first, *args, rules=changed, **named)

        return made

    patch.method(module, cls, method, wrap)


def _positions(method: str) -> int:
    """How many positional arguments come before ``rules``, after ``self`` or ``cls``."""
    return 1 if method == "__init__" else 3


def _rules_in(args: tuple[Any, ...], method: str) -> Any:
    return args[_positions(method)] if len(args) > _positions(method) else None


def rules(**settings: Any) -> Any:
    return model("rules").Rules(**settings)
