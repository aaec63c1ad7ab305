"""The practice workspace's starting package matches the reference solution, name for name.

The skeleton is what a learner starts from: the public names the step definitions use, with
the reference's signatures and docstrings, and bodies that raise NotImplementedError.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).parent.parent
SKELETON = ROOT / "euchre" / "kata" / "skeleton" / "euchre"
MODULES = sorted(path.stem for path in SKELETON.glob("*.py") if path.stem != "__init__")


def load_skeleton(name: str) -> ModuleType:
    """A skeleton module, loaded beside (not instead of) the reference package."""
    spec = importlib.util.spec_from_file_location(f"skeleton_{name}", SKELETON / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def public(namespace: object) -> dict[str, object]:
    return {
        name: value
        for name, value in vars(namespace).items()
        if not name.startswith("_") or name in ("__init__", "__str__")
    }


def defined_here(module: ModuleType) -> dict[str, object]:
    return {
        name: value
        for name, value in public(module).items()
        if getattr(value, "__module__", module.__name__) == module.__name__
        and not isinstance(value, ModuleType)
        and name not in ("annotations",)
    }


def signature(member: object) -> str:
    if isinstance(member, property):
        member = member.fget
    if isinstance(member, classmethod | staticmethod):
        member = member.__func__
    return str(inspect.signature(member)) if callable(member) else type(member).__name__


def check_member(where: str, body: object, expected: object) -> None:
    """A skeleton method has the reference's signature; a property may be a plain attribute."""
    if isinstance(body, property):
        assert isinstance(expected, property) or inspect.isdatadescriptor(expected), where
    else:
        assert signature(body) == signature(expected), where


@pytest.mark.parametrize("name", MODULES)
def test_every_skeleton_name_is_in_the_reference_with_the_same_signature(name: str) -> None:
    skeleton, reference = load_skeleton(name), importlib.import_module(f"euchre.{name}")
    for attribute, value in defined_here(skeleton).items():
        where = f"euchre.{name}.{attribute}"
        assert hasattr(reference, attribute), f"{where} is not in the reference"
        expected = getattr(reference, attribute)
        if inspect.isfunction(value):
            check_member(where, value, expected)
            assert inspect.getdoc(value), f"{where} needs a docstring"
        elif isinstance(value, type):
            assert isinstance(expected, type), where
            for member, body in public(value).items():
                if callable(body) or isinstance(body, property | classmethod):
                    assert hasattr(expected, member), f"{where}.{member}"
                    check_member(
                        f"{where}.{member}", body, inspect.getattr_static(expected, member)
                    )


@pytest.mark.parametrize("name", MODULES)
def test_enums_and_dataclasses_have_the_reference_members_and_fields(name: str) -> None:
    import dataclasses
    import enum

    skeleton, reference = load_skeleton(name), importlib.import_module(f"euchre.{name}")
    for attribute, value in defined_here(skeleton).items():
        if isinstance(value, enum.EnumMeta):
            expected = getattr(reference, attribute)
            assert [(m.name, m.value) for m in value] == [(m.name, m.value) for m in expected]
        if dataclasses.is_dataclass(value):
            expected = getattr(reference, attribute)
            init_fields = [f.name for f in dataclasses.fields(expected) if f.init]
            assert [f.name for f in dataclasses.fields(value)] == init_fields


@pytest.mark.parametrize("name", MODULES)
def test_every_skeleton_body_raises_not_implemented_error(name: str) -> None:
    tree = ast.parse((SKELETON / f"{name}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            body = [stmt for stmt in node.body if not isinstance(stmt, ast.Expr)]
            where = f"{name}.{node.name}"
            assert len(body) == 1, where
            assert isinstance(body[0], ast.Raise), where
            raised = body[0].exc
            assert isinstance(raised, ast.Call), where
            assert getattr(raised.func, "id", "") == "NotImplementedError", where


def test_the_skeleton_has_every_name_the_step_definitions_import() -> None:
    for path in sorted((ROOT / "step_defs").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("euchre."):
                module = load_skeleton(node.module.split(".")[1])  # type: ignore[union-attr]
                for alias in node.names:
                    assert hasattr(module, alias.name), f"{path.name}: {node.module}.{alias.name}"
