"""The practice workspace's starting package asks for what the scenarios check, and no more.

The skeleton is what a learner starts from. Every name in it is in the reference model with
a matching signature (it may leave out trailing parameters that have defaults there, and a
dataclass may have fewer fields, in the same order); every body raises NotImplementedError;
every name the step definitions use from ``euchre`` is in it; and every public name in it
is used by the step definitions.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import functools
import importlib
import importlib.util
import inspect
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.paths import ROOT

SKELETON = ROOT / "euchre" / "kata" / "skeleton" / "euchre"
STEPS = ROOT / "step_defs"
MODULES = sorted(path.stem for path in SKELETON.glob("*.py") if path.stem != "__init__")
SHOWN = ("__init__", "__str__")
"""Dunder methods a learner is asked to write, like any public method."""
BUILTIN_NAMES = {
    name for kind in (str, tuple, list, dict, set) for name in dir(kind) if not name.startswith("_")
}
"""Attribute names such as ``index`` or ``split``: a step reading one means nothing here."""


@functools.cache
def load_skeleton(name: str) -> ModuleType:
    """A skeleton module, loaded beside (not instead of) the reference package."""
    spec = importlib.util.spec_from_file_location(f"skeleton_{name}", SKELETON / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def skeleton_tree(name: str) -> ast.Module:
    return ast.parse((SKELETON / f"{name}.py").read_text(encoding="utf-8"))


def public_names(tree: ast.Module) -> dict[str, ast.stmt]:
    """The module-level names a skeleton defines for the learner, DECK-style annotations too."""
    names: dict[str, ast.stmt] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, ast.Assign):
            names.update({t.id: node for t in node.targets if isinstance(t, ast.Name)})
    return {name: node for name, node in names.items() if not name.startswith("_")}


def members(node: ast.ClassDef) -> dict[str, ast.FunctionDef]:
    """A skeleton class's methods and properties that the learner writes."""
    return {
        item.name: item
        for item in node.body
        if isinstance(item, ast.FunctionDef)
        and (not item.name.startswith("_") or item.name in SHOWN)
    }


def fields(node: ast.ClassDef) -> list[str]:
    """A skeleton dataclass's fields, in order."""
    return [
        item.target.id
        for item in node.body
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
    ]


def provided(module: ModuleType, name: str) -> bool:
    """The skeleton has ``name``, or raises NotImplementedError until the learner writes it."""
    try:
        getattr(module, name)
    except NotImplementedError:
        return True
    except AttributeError:
        return False
    return True


def has(cls: type, attribute: str) -> bool:
    """The class has the attribute, or its instances will, as a dataclass field."""
    return hasattr(cls, attribute) or attribute in getattr(cls, "__dataclass_fields__", {})


# What the step definitions use from `euchre`, read from their source.


@dataclasses.dataclass
class StepUses:
    names: set[tuple[str, str]] = dataclasses.field(default_factory=set)
    """(module, name) pairs: imported from a module, or read from it as ``cards.DECK``."""
    attributes: set[str] = dataclasses.field(default_factory=set)
    """Every attribute read or method called on something other than the scenario world."""
    constructed: dict[str, set[str]] = dataclasses.field(default_factory=dict)
    """For each model class the steps call: the fields they pass (positional ones by name)."""


def step_modules() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(STEPS.glob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def step_uses() -> StepUses:
    uses = StepUses()
    for _, tree in step_modules():
        modules: dict[str, str] = {}
        imported: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "euchre":
                modules.update({alias.asname or alias.name: alias.name for alias in node.names})
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("euchre."):
                module = (node.module or "").split(".")[1]
                for alias in node.names:
                    uses.names.add((module, alias.name))
                    imported[alias.asname or alias.name] = module
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                owner = node.value
                if isinstance(owner, ast.Name) and owner.id in modules:
                    uses.names.add((modules[owner.id], node.attr))
                elif not (isinstance(owner, ast.Name) and owner.id in ("world", "self")):
                    uses.attributes.add(node.attr)
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in imported
            ):
                passed = uses.constructed.setdefault(node.func.id, set())
                passed.update(f"#{n}" for n in range(len(node.args)))
                passed.update(k.arg for k in node.keywords if k.arg)
    return uses


USES = step_uses()


# Every name in the skeleton is in the reference, with a matching signature.


def parameters(function: object) -> list[inspect.Parameter]:
    if isinstance(function, property):
        function = function.fget
    if isinstance(function, classmethod | staticmethod):
        function = function.__func__
    assert callable(function), f"{function!r} is not a function"
    return list(inspect.signature(function).parameters.values())


def check_signature(where: str, skeleton: object, reference: object) -> None:
    """The skeleton's parameters are the reference's, leaving out only defaulted ones at the end."""
    ours, theirs = parameters(skeleton), parameters(reference)
    shown = [(p.name, p.kind, p.default is inspect.Parameter.empty) for p in ours]
    expected = [(p.name, p.kind, p.default is inspect.Parameter.empty) for p in theirs]
    assert shown == expected[: len(shown)], f"{where}{ours} should match the reference {theirs}"
    left_out = theirs[len(ours) :]
    assert all(p.default is not inspect.Parameter.empty for p in left_out), (
        f"{where} leaves out {[p.name for p in left_out]}, which have no default in the reference"
    )
    annotations = [p.annotation for p in ours], [p.annotation for p in theirs[: len(ours)]]
    assert annotations[0] == annotations[1], f"{where} annotates its parameters differently"


@functools.cache
def reference_attributes(cls: type) -> set[str]:
    """Attributes a reference class sets on ``self`` in its methods, as well as its members."""
    names = {
        name
        for kind in cls.__mro__
        if kind.__module__ not in ("builtins", "enum")
        for name in vars(kind)
    }
    try:
        source = inspect.getsource(cls)
    except OSError:  # an Enum's source is not always found; its members are in dir()
        return names
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and isinstance(node.ctx, ast.Store)
        ):
            names.add(node.attr)
    return names


@pytest.mark.parametrize("name", MODULES)
def test_every_skeleton_name_is_in_the_reference_with_a_matching_signature(name: str) -> None:
    skeleton, reference = load_skeleton(name), importlib.import_module(f"euchre.{name}")
    for attribute, node in public_names(skeleton_tree(name)).items():
        where = f"euchre.{name}.{attribute}"
        assert hasattr(reference, attribute), f"{where} is not in the reference"
        expected = getattr(reference, attribute)
        if isinstance(node, ast.FunctionDef):
            check_signature(where, getattr(skeleton, attribute), expected)
        if not isinstance(node, ast.ClassDef):
            continue
        assert isinstance(expected, type), f"{where} is a class, but not in the reference"
        value = getattr(skeleton, attribute)
        for member in members(node):
            body = inspect.getattr_static(value, member)
            assert member in reference_attributes(expected), f"{where}.{member} is not there"
            there = inspect.getattr_static(expected, member, None)
            if isinstance(body, property) and not isinstance(there, property):
                continue  # a plain attribute (or slot) there may be a property here
            check_signature(f"{where}.{member}", body, there)
        if dataclasses.is_dataclass(value):
            ours = [f.name for f in dataclasses.fields(value)]
            theirs = [f.name for f in dataclasses.fields(expected) if f.init]
            assert ours == [f for f in theirs if f in ours], (
                f"{where} has fields {ours}, which should be some of {theirs}, in that order"
            )
        if isinstance(value, enum.EnumMeta):
            assert [(m.name, m.value) for m in value] == [(m.name, m.value) for m in expected], (
                f"{where} should have the reference's members"
            )


# Every body raises NotImplementedError.


@pytest.mark.parametrize("name", MODULES)
def test_every_skeleton_body_raises_not_implemented_error(name: str) -> None:
    for node in ast.walk(skeleton_tree(name)):
        if isinstance(node, ast.FunctionDef) and node.name != "__getattr__":
            body = [stmt for stmt in node.body if not isinstance(stmt, ast.Expr)]
            where = f"{name}.{node.name}"
            assert len(body) == 1, f"{where} should only raise NotImplementedError"
            raised = body[0].exc if isinstance(body[0], ast.Raise) else None
            assert isinstance(raised, ast.Call), f"{where} should raise NotImplementedError"
            assert getattr(raised.func, "id", "") == "NotImplementedError", where


@pytest.mark.parametrize("name", MODULES)
def test_every_value_the_learner_provides_raises_not_implemented_error(name: str) -> None:
    """A module-level value such as DECK is only annotated, and reading it raises."""
    skeleton = load_skeleton(name)
    for attribute, node in public_names(skeleton_tree(name)).items():
        assert not isinstance(node, ast.Assign) or attribute == "Action", (
            f"euchre.{name}.{attribute} has a value: annotate it, and raise until it is written"
        )
        if isinstance(node, ast.AnnAssign):
            assert node.value is None, f"euchre.{name}.{attribute} should not have a value yet"
            with pytest.raises(NotImplementedError, match=attribute):
                getattr(skeleton, attribute)


# The step definitions and the skeleton agree, both ways.


def test_the_skeleton_has_every_name_the_step_definitions_use() -> None:
    assert USES.names, "no names found in the step definitions"
    for module, name in sorted(USES.names):
        assert module in MODULES, f"the steps use euchre.{module}, which the skeleton lacks"
        assert provided(load_skeleton(module), name), f"the skeleton lacks euchre.{module}.{name}"


def test_the_skeleton_has_every_method_the_step_definitions_call() -> None:
    """An attribute the steps read, that a model class has, is in that class in the skeleton."""
    skeleton = {
        (name, cls): value
        for name in MODULES
        for cls, value in vars(load_skeleton(name)).items()
        if isinstance(value, type) and value.__module__ == f"skeleton_{name}"
    }
    for attribute in sorted(USES.attributes - BUILTIN_NAMES):
        having = [
            (name, cls)
            for name, cls in skeleton
            if inspect.isclass(expected := getattr(importlib.import_module(f"euchre.{name}"), cls))
            and attribute in reference_attributes(expected)
        ]
        if having:
            assert any(has(skeleton[key], attribute) for key in having), (
                f"the steps read .{attribute}, which the reference's"
                f" {', '.join(cls for _, cls in having)} has, but the skeleton's does not"
            )


def test_every_public_name_in_the_skeleton_is_used_by_the_step_definitions() -> None:
    used = {name for _, name in USES.names} | USES.attributes
    for module in MODULES:
        for name, node in public_names(skeleton_tree(module)).items():
            if not isinstance(node, ast.ClassDef):
                assert (module, name) in USES.names, f"no step uses euchre.{module}.{name}"
                continue
            read = set(members(node)) | set(fields(node))
            assert (module, name) in USES.names or read <= used, (
                f"no step uses euchre.{module}.{name}, nor reads all of {sorted(read)} from one"
            )
            for member in members(node):
                if member not in SHOWN:
                    assert member in used, f"no step uses euchre.{module}.{name}.{member}"
            if module == "actions" or name in USES.constructed:
                passed = USES.constructed.get(name, set())
                for number, field in enumerate(fields(node)):
                    assert {field, f"#{number}"} & passed, (
                        f"no step gives euchre.{module}.{name} its {field}"
                    )
            elif any(field in used for field in fields(node)):
                for field in fields(node):
                    assert field in used, f"no step reads euchre.{module}.{name}.{field}"


# The skeleton gives names, not rules: the features are the only place the rules are stated.

RULE_WORDS = re.compile(
    r"\b(?:bars?|bowers?|jacks?|aces?|nines?|highest|lowest|higher|lower|beats?|wins|"
    r"follows?|following|colou?rs?|twice|odd|even|clockwise|must|march|euchred|"
    r"north|south|east|west|partners?|eldest|kitty'?s? top|\d+)\b",
    re.IGNORECASE,
)
"""Words that state a rule: ranks and Bars, who beats whom, following suit, seating, counts.

Text in quotes ("10D", ``parse``) is notation or a name, and is not read."""
QUOTED = re.compile(r'"[^"]*"|``[^`]*``|\'[^\']*\'|\([^)]*\.feature\)')


def sentences(tree: ast.Module) -> Iterator[str]:
    """Every string of the module that is prose: docstrings, attribute notes, messages."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value:
            yield node.value


@pytest.mark.parametrize("name", [*MODULES, "__init__"])
def test_no_skeleton_docstring_states_a_rule(name: str) -> None:
    for text in sentences(skeleton_tree(name)):
        stated = RULE_WORDS.findall(QUOTED.sub("", text))
        assert not stated, f"skeleton {name}.py states a rule ({', '.join(stated)}): {text!r}"


def test_the_rule_words_are_found_where_a_rule_is_stated() -> None:
    stated = (
        '"""The seat that played the highest trump, or else the highest card of the lead suit."""'
    )
    assert [*sentences(ast.parse(stated))]
    assert RULE_WORDS.findall(next(sentences(ast.parse(stated))))
    assert RULE_WORDS.findall("the suit of the first card (trump if it was the Left Bar)")
    assert not RULE_WORDS.findall(QUOTED.sub("", 'The card a feature writes, such as "10D".'))
