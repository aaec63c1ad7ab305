"""The layers: the rules model uses the standard library only, and nothing inside leans outward."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from tests.paths import ROOT

PACKAGE = Path(__file__).parent.parent / "euchre"
MODEL = sorted(path for path in PACKAGE.glob("*.py") if path.name != "__main__.py")
# Each layer, and the layers of the project it may import from.
MAY_USE = {
    "players": {"euchre", "euchre.players"},
    # Measurement of the bots: whole games, duplicate deals, how sure a figure is.
    "measure": {"euchre", "euchre.players", "euchre.measure"},
    "history": {"euchre", "euchre.history"},
    # The front door: the game's commands, the kata's and the dojo's.
    "cli": {
        "euchre",
        "euchre.players",
        "euchre.measure",
        "euchre.history",
        "euchre.cli",
        "euchre.dojo",
        "euchre.kata",
    },
    "kata": {"euchre", "euchre.kata"},
    # The dojo dashboard sums up the kata coach's history lines; nothing beneath it uses it.
    "dojo": {"euchre", "euchre.kata", "euchre.dojo"},
}
COACH = PACKAGE / "kata" / "coach"
"""Copied into each workspace, where there is no `euchre` but the learner's own."""
CONTRACT = (
    "euchre.kata.coach.record",
    "euchre.kata.coach.dojo_client.protocol",
    "euchre.kata.coach.wrong_models.catalogue",
)
"""What the dashboard and the commands may read of the coach: the workspace's record (the one
file writer among it), the protocol the coach and the dashboard share, and the catalogue of
wrong models, whose sentences say what the room's examples let through and what the
retrospective asks."""
COACH_FLOORS = {
    "record": set(),
    "running": {"record"},
    "wrong_models": {"record", "running"},
    "levels": {"record", "running", "wrong_models"},
    "run": {"record", "running", "wrong_models", "levels"},
    "practice": {"record", "run"},
    "dojo_client": {"record", "run"},
    "telling": {"record", "running", "wrong_models", "levels", "run"},
    "top": {"record", "running", "wrong_models", "levels", "run", "practice", "dojo_client"}
    | {"telling"},
}
"""Each folder of the coach, and the folders beneath it that it may import (and itself, and
``typed``, the commands as the learner types them, which is beneath them all). "run" is the
run's record and the hooks its plugins answer (testrun, hooks), which the plugins in
practice/ and dojo_client/ build on; "top" is the coach's own modules: the run's steps
(starting, verdict, keeping, loop), the snapshots' plugin, and the commands (cli), which
register the plugins."""
RUN = ("testrun", "hooks")


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def layer_of(module: str) -> str:
    parts = module.split(".")
    return "euchre" if len(parts) == 1 or parts[1] not in MAY_USE else f"euchre.{parts[1]}"


@pytest.mark.parametrize("path", MODEL, ids=lambda path: path.name)
def test_the_model_uses_the_standard_library_and_itself_only(path: Path) -> None:
    for module in imports(path):
        top = module.split(".")[0]
        if top == "euchre":
            assert layer_of(module) == "euchre", f"{path.name} imports {module}"
        else:
            assert top in sys.stdlib_module_names or top == "__future__", f"{path.name}: {module}"


MODEL_ROOMS = (
    "rules",
    "glossary",
    "euchre_error",
    "cards",
    "seats",
    "actions",
    "errors",
    "trump",
    "scoring",
    "deal",
    "trick",
    "bidding",
    "hand",
    "game",
)
"""The rules model's modules in the order a reader meets them, each built on those before it:
no arrow back up, not even one for the types alone (under ``TYPE_CHECKING``)."""


def test_the_model_names_every_module_in_its_order() -> None:
    assert sorted(MODEL_ROOMS) == sorted(path.stem for path in MODEL if path.stem != "__init__")


@pytest.mark.parametrize("room", MODEL_ROOMS)
def test_each_module_of_the_model_builds_only_on_those_before_it(room: str) -> None:
    before = {f"euchre.{name}" for name in MODEL_ROOMS[: MODEL_ROOMS.index(room)]}
    used = {module for module in imports(PACKAGE / f"{room}.py") if module.startswith("euchre.")}
    assert used <= before, f"{room}.py imports {sorted(used - before)}"


def test_an_import_for_the_types_alone_counts_too(tmp_path: Path) -> None:
    module = tmp_path / "cards.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from euchre.hand import Hand\n",
        encoding="utf-8",
    )
    assert "euchre.hand" in imports(module)


@pytest.mark.parametrize("layer", sorted(MAY_USE))
def test_each_layer_builds_only_on_the_layers_beneath_it(layer: str) -> None:
    for path in (PACKAGE / layer).rglob("*.py"):
        for module in imports(path):
            if module.split(".")[0] == "euchre":
                assert layer_of(module) in MAY_USE[layer], f"{layer}/{path.name}: {module}"


@pytest.mark.parametrize("layer", ["cli", "dojo"])
def test_the_dashboard_and_the_commands_read_only_the_coach_s_record_and_protocol(
    layer: str,
) -> None:
    for path in (PACKAGE / layer).rglob("*.py"):
        for module in imports(path):
            if module.startswith("euchre.kata.coach"):
                assert module.startswith(CONTRACT), f"{layer}/{path.name}: {module}"


def coach_imports(path: Path) -> set[str]:
    """The coach's modules that ``path`` imports, relative or not, by their dotted names."""
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = list(package[: len(package) - node.level + 1])
            names = [node.module] if node.module else [alias.name for alias in node.names]
            found.update(".".join([*base, name]) for name in names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return {name for name in found if name.startswith("euchre.kata.coach.")}


def floor_of(module: str) -> str:
    part = module.split(".")[3]
    if part in RUN:
        return "run"
    return part if part in COACH_FLOORS else "typed" if part == "typed" else "top"


@pytest.mark.parametrize(
    "path", sorted(COACH.rglob("*.py")), ids=lambda path: str(path.relative_to(COACH))
)
def test_each_folder_of_the_coach_builds_only_on_the_folders_beneath_it(path: Path) -> None:
    here = floor_of(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
    for module in coach_imports(path):
        floor = floor_of(module)
        allowed = {here, "typed", *COACH_FLOORS.get(here, set())}
        assert floor in allowed, f"{path.relative_to(COACH)} imports {module}"


def test_the_coach_s_floors_name_every_folder_of_it() -> None:
    folders = {path.name for path in COACH.iterdir() if (path / "__init__.py").exists()}
    assert folders == set(COACH_FLOORS) - {"top", "run"}


@pytest.mark.parametrize(
    "path", sorted(COACH.rglob("*.py")), ids=lambda path: str(path.relative_to(COACH))
)
def test_no_file_of_the_coach_is_over_250_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 250


def test_no_file_of_the_dashboard_is_over_300_lines() -> None:
    long = {
        path.name: lines
        for path in sorted((PACKAGE / "dojo").glob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 300
    }
    assert long == {}


@pytest.mark.parametrize(
    "path", sorted(COACH.rglob("*.py")), ids=lambda path: str(path.relative_to(COACH))
)
def test_the_coach_uses_the_standard_library_pytest_and_itself_only(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            tops = {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops = {node.module.split(".")[0]}
        else:
            continue
        # watchfiles only for `make watch`, which imports it when it starts; pluggy is pytest's.
        allowed = sys.stdlib_module_names | {"__future__", "pytest", "pytest_bdd", "pluggy"}
        allowed |= {"watchfiles"}
        assert tops <= allowed, f"coach/{path.relative_to(COACH)} imports {tops - allowed}"


EGN = PACKAGE / "history" / "egn"
EGN_ROOMS = ("notation", "ruleset", "game", "unseen", "deal", "reader", "writer", "convert")
"""The modules of the EGN package in the order a reader meets them, each built on those before."""


@pytest.mark.parametrize("room", EGN_ROOMS)
def test_each_module_of_the_egn_package_builds_only_on_those_before_it(room: str) -> None:
    assert {path.stem for path in EGN.glob("*.py")} == {"__init__", *EGN_ROOMS}
    before = {f"euchre.history.egn.{name}" for name in EGN_ROOMS[: EGN_ROOMS.index(room)]}
    used = {
        module for module in imports(EGN / f"{room}.py") if module.startswith("euchre.history.egn")
    }
    assert used <= before, f"egn/{room}.py imports {sorted(used - before)}"


@pytest.mark.parametrize(
    "path",
    sorted(path for path in (PACKAGE / "players").glob("*.py") if path.stem != "levels"),
    ids=lambda path: path.name,
)
def test_the_rule_bots_and_what_they_use_never_reach_the_expert_and_its_solver(
    path: Path,
) -> None:
    # Only the list of levels names the expert; below it, the rule bots and the knowledge they
    # share know nothing of the search.
    assert not any(module.startswith("euchre.players.expert") for module in imports(path))


def test_no_test_module_imports_another() -> None:
    """What tests share lives in a module of its own (builders, fixtures as plugins), so that
    running one test file never collects another's tests."""
    importing = re.compile(r"^\s*(from|import)\s+tests(\.\w+)*\.test_\w+", re.MULTILINE)
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if importing.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []
