"""A pytest plugin that runs the scenarios against wrong models, to see which scenarios catch them.

    pytest -p coach.wrong_models.plugin --wrong-model left-bar-only-when-red
    pytest -p coach.wrong_models.plugin --wrong-models all --wrong-models-report caught.json

``--wrong-model NAME`` makes the model that wrong model for the whole run.

``--wrong-models`` runs every test once for each wrong model named (``all``, or names separated
by commas; ``none`` is the model as it is) in one session: each test is patched as it starts
and restored as it ends, and its id names the wrong model (``[~name]``). With it:

- ``--wrong-models-scenarios stage`` runs each wrong model against the scenarios of its own
  stage only, ``reached`` against those of its stage and the stages before it;
- ``--wrong-models-until-caught`` skips the tests of a wrong model once one has caught it;
- ``--wrong-models-report PATH`` writes every test's outcome, with its wrong model and whether
  it caught it, as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from ..record.stages import STAGES
from ..running import bdd
from .catalogue import CATALOGUE, applied, by_name

NONE = "none"
"""The name that stands for the model as it is, with no wrong model."""
_REPORT = pytest.StashKey[list[dict[str, Any]]]()
_CAUGHT = pytest.StashKey[set[str]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("wrong models", "run the scenarios against the catalogued wrong models")
    group.addoption("--wrong-model", metavar="NAME", help="use this wrong model for the whole run")
    group.addoption(
        "--wrong-models",
        metavar="NAME,NAME|all",
        help="run every test once for each of these wrong models (none: the model as it is)",
    )
    group.addoption(
        "--wrong-models-scenarios",
        choices=("all", "stage", "reached"),
        default="all",
        help="the tests each wrong model meets: all, its stage's scenarios, or those up to it",
    )
    group.addoption(
        "--wrong-models-until-caught",
        action="store_true",
        help="skip the tests of a wrong model once one has caught it",
    )
    group.addoption(
        "--wrong-models-report", metavar="PATH", help="write each test's outcome, as JSON"
    )


def chosen(config: pytest.Config) -> list[str]:
    """The names ``--wrong-models`` asks for, in the catalogue's order; ``none`` first."""
    option = config.getoption("--wrong-models") or ""
    names = [name.strip() for name in option.split(",") if name.strip()]
    if "all" in names:
        names = [name for name in names if name in (NONE, "all")]
        names[names.index("all") : names.index("all") + 1] = [wrong.name for wrong in CATALOGUE]
    for name in names:
        if name != NONE:
            by_name(name)  # an unknown name fails now, with the names to choose from
    return names


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_REPORT] = []
    config.stash[_CAUGHT] = set()
    try:
        chosen(config)
        single = config.getoption("--wrong-model")
        if single:
            by_name(single)
    except KeyError as error:
        raise pytest.UsageError(str(error.args[0])) from None


@pytest.hookimpl(wrapper=True)
def pytest_runtestloop(session: pytest.Session) -> Iterator[None]:
    """``--wrong-model``: the whole run, once collected, meets the one wrong model."""
    single = session.config.getoption("--wrong-model")
    with ExitStack() as stack:
        if single:
            stack.enter_context(applied(by_name(single)))
        return (yield)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    names = [name for name in chosen(metafunc.config) if meets(metafunc.config, name, metafunc)]
    if names:
        metafunc.parametrize("wrong_model", names, indirect=True, ids=[f"~{n}" for n in names])


def meets(config: pytest.Config, name: str, metafunc: pytest.Metafunc) -> bool:
    """Whether the test ``metafunc`` makes is run against the wrong model ``name``."""
    scenarios = config.getoption("--wrong-models-scenarios")
    if name == NONE or scenarios == "all":
        return True
    stage = stage_of(metafunc.function)
    return stage is not None and in_meeting(stage, by_name(name).stage, scenarios)


def in_meeting(scenario_stage: int, wrong_stage: int, scenarios: str) -> bool:
    """Whether a scenario of ``scenario_stage`` meets a wrong model of ``wrong_stage`` when
    ``--wrong-models-scenarios`` is ``scenarios``: its own stage's, or those up to its stage."""
    if scenarios == "stage":
        return scenario_stage == wrong_stage
    return scenarios == "all" or scenario_stage <= wrong_stage


@pytest.fixture(autouse=True)
def wrong_model(request: pytest.FixtureRequest) -> Iterator[str | None]:
    """The wrong model this test meets, applied for the test and undone after it."""
    name: str | None = getattr(request, "param", None)
    if name in (None, NONE):
        yield name
        return
    if name in request.config.stash[_CAUGHT] and request.config.getoption(
        "--wrong-models-until-caught"
    ):
        pytest.skip(f"{name} is caught already")
    with applied(by_name(name)):
        yield name


def stage_of(test: object) -> int | None:
    """The stage whose feature the scenario ``test`` (an item or its function) runs; None for
    any other test."""
    scenario = bdd.scenario_of(test)
    if scenario is None:
        return None
    feature = bdd.key_of(scenario)[0]
    return next((stage.number for stage in STAGES if stage.feature == feature), None)


def _wrong_model_of(item: pytest.Item) -> str | None:
    callspec = getattr(item, "callspec", None)
    return None if callspec is None else callspec.params.get("wrong_model")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report: pytest.TestReport = yield  # type: ignore[assignment]
    if report.when == "call" or report.outcome != "passed":
        record = _record(item, call, report)
        item.config.stash[_REPORT].append(record)
        if record["caught"]:
            item.config.stash[_CAUGHT].add(record["wrong_model"])
    return report  # type: ignore[return-value]


def _record(
    item: pytest.Item, call: pytest.CallInfo[None], report: pytest.TestReport
) -> dict[str, Any]:
    error = call.excinfo
    kind = None if error is None else error.type.__name__
    refusal = error is not None and any(k.__name__ == "EuchreError" for k in error.type.__mro__)
    return {
        "test": item.nodeid,
        "wrong_model": _wrong_model_of(item),
        "stage": stage_of(item),
        "when": report.when,
        "outcome": report.outcome,
        "error": kind,
        "message": "" if error is None else str(error.value),
        # Caught: the scenario failed as a scenario fails, on an assertion or a refusal, not
        # on an error in the test's own code.
        "caught": report.when == "call"
        and report.failed
        and (refusal or (error is not None and error.errisinstance(AssertionError))),
    }


def records(config: pytest.Config) -> list[dict[str, Any]]:
    """Every test's outcome so far, with its wrong model and whether it caught it."""
    return config.stash[_REPORT]


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = session.config.getoption("--wrong-models-report")
    if path:
        Path(path).write_text(json.dumps(records(session.config), indent=1) + "\n", "utf-8")
