import gc
import os
import sys
import time
from collections.abc import Iterator

import pytest
from hypothesis import settings

# The tests' data holds a learner's `euchre` package, change by change: data, never collected.
collect_ignore = ["data"]

# The step definitions, imported by some tests, explain a failed assert as they do in a
# feature's run: rewritten. A run that collects the features has loaded them as plugins
# (rewritten) already; a run of these tests alone has not.
if "step_defs" not in sys.modules:
    pytest.register_assert_rewrite("step_defs")

# Fixtures shared across folders: made-up workspaces, and the real dashboard.
pytest_plugins = [
    "pytester",
    "tests.workspaces",
    "tests.dashboards",
    "tests.kata.installs",
    "tests.transcripts",
]

# The learner's loop stays quick; CI (HYPOTHESIS_PROFILE=thorough) tries thousands of hands.
# No deadline in either: a test is not timed (speed is measured in bench/), and on a shared
# machine a busy moment would fail a property that holds.
settings.register_profile("quick", max_examples=20, stateful_step_count=100, deadline=None)
settings.register_profile("thorough", max_examples=2000, stateful_step_count=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


def pytest_configure(config: pytest.Config) -> None:
    # Registered here, not in pyproject.toml, whose markers a workspace's must equal.
    config.addinivalue_line(
        "markers",
        "e2e: end to end: a browser, the built wheel, a terminal, whole processes, the kata"
        " walked through; `make quick` leaves them out",
    )


@pytest.fixture(autouse=True)
def _frozen_heap() -> Iterator[None]:
    """Keep the collector off this session's heap while a test runs.

    The coach and pytester run pytest inside this process, and each inner session ends with
    full garbage collections. A learner's fresh process has a small heap; this one holds every
    collected test, so each collection would walk all of it. Frozen objects are not walked.
    """
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture(autouse=True)
def _own_step_modules() -> Iterator[None]:
    """This project's ``step_defs`` modules, put back after each test. A coach run in this
    process imports a workspace's in their place; a later test importing this project's would
    get the workspace's (its folder deleted: "No module named 'step_defs.conftest'")."""
    saved = {name: mod for name, mod in sys.modules.items() if name.split(".")[0] == "step_defs"}
    yield
    for name in [name for name in sys.modules if name.split(".")[0] == "step_defs"]:
        del sys.modules[name]
    sys.modules.update(saved)


@pytest.fixture(autouse=True)
def _utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The learner's clock at UTC, whatever this machine's time zone: what the coach says of a
    time is as the learner's own clock reads it (``tests`` in another zone set ``TZ``)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def uncovered() -> Iterator[None]:
    """Trace nothing while the test runs: for an end-to-end test, a sweep of every wrong model,
    or a property tried on many random examples (thousands in CI), of code that other tests
    cover line by line, where coverage's tracer would only slow it down two to five times
    (`make test` still fails on a line that no other test runs).

    The walk through the whole kata runs pytest in this process once a reveal; traced, it takes
    17 s instead of 9. The tracer is taken off the interpreter, not stopped through coverage's
    API: in an xdist worker, stopping the current measurement resumes the one pytest-cov
    started with the process. (pytest-cov's ``no_cover`` marker does not reach its workers.)
    """
    tracing = sys.gettrace()
    sys.settrace(None)
    yield
    sys.settrace(tracing)
