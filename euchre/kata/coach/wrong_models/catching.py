"""Which catalogued wrong models the learner's reached scenarios catch, in one pytest session.

After a green run, the reached scenarios run again, once for each wrong model (a model that
breaks one rule), each until one scenario catches it. At level ``examples`` this measures the
learner's examples; at level ``steps``, their step definitions: a wrong model that the given
steps catch in the same scenarios, but theirs let through, points at a step that checks less
than it says.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from ..record import learner
from ..record.files import write_atomically
from ..record.stages import STAGES
from ..running import bdd, reference
from ..running.bdd import Key
from ..running.features import Features
from ..running.session import QUIET_WARNINGS, TimeLimit
from . import plugin
from .catalogue import WrongModel


@dataclass(eq=False)  # pluggy keeps plugins in sets
class _Reached:
    """A pytest plugin that keeps the reached scenarios and no other test, and of those only
    the runs against a wrong model whose outcome is not known already."""

    reached: set[Key]
    known: set[tuple[Key, str]] = field(default_factory=set)
    scenario_of: dict[str, Key] = field(default_factory=dict)
    interrupted: bool = False
    records: list[dict[str, Any]] = field(default_factory=list)
    """Each test's outcome, as the wrong models' plugin records it."""

    def pytest_configure(self, config: pytest.Config) -> None:
        # No traceback is read, and formatting each failure's source took a third of the session.
        config.option.tbstyle = "no"

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.records = plugin.records(session.config)

    def pytest_keyboard_interrupt(self, excinfo: pytest.ExceptionInfo[BaseException]) -> None:
        """Ctrl-C, not the stop after a collection error (see running/session.py)."""
        self.interrupted = not excinfo.errisinstance(pytest.Session.Interrupted)

    def pytest_collection_modifyitems(
        self, session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        kept, dropped = [], []
        for item in items:
            scenario = bdd.scenario_of(item)
            key = None if scenario is None else bdd.key_of(scenario)
            callspec = getattr(item, "callspec", None)
            wrong = callspec.params.get("wrong_model") if callspec is not None else None
            # A scenario that meets no wrong model in this session would run for nothing.
            if key in self.reached and wrong is not None and (key, wrong) not in self.known:
                self.scenario_of[item.nodeid] = key
                kept.append(item)
            else:
                dropped.append(item)
        items[:] = kept
        if dropped:
            config.hook.pytest_deselected(items=dropped)


@dataclass(frozen=True)
class Catch:
    """The wrong models met, and for each that was caught, the scenarios that caught it."""

    met: tuple[WrongModel, ...]
    caught_by: dict[str, list[Key]]
    interrupted: bool = False
    """Ctrl-C stopped a session: what the wrong models would have done is not known."""
    unwritten: Mapping[str, str] = field(default_factory=dict)
    """Those not caught that made the model raise NotImplementedError, each with its message
    (the part, as the workspace's model names it): they reach a part of it not written yet,
    which no scenario can catch."""
    stopped: Mapping[str, str] = field(default_factory=dict)
    """Those not caught with which a scenario stopped on another error than a check failing,
    each with the error's name: ``KeyError``, say."""

    @property
    def caught(self) -> int:
        return sum(bool(self.caught_by.get(wrong.name)) for wrong in self.met)

    @property
    def through(self) -> list[WrongModel]:
        """The wrong models no reached scenario caught, in the catalogue's order."""
        return [wrong for wrong in self.met if not self.caught_by.get(wrong.name)]


def check(
    workspace: Path, features: Features, scenarios: set[Key], wrong_models: Iterable[WrongModel]
) -> Catch:
    """Run ``scenarios`` against each of ``wrong_models``, each until one scenario catches it.

    First each wrong model meets the scenarios of its own stage, which catch most; only those
    still uncaught then meet the earlier stages' scenarios too. What a scenario, as written,
    did against a wrong model is kept (``CAUGHT``) while the code it runs is unchanged, so
    each run meets only the new examples.
    """
    met = tuple(wrong_models)
    texts = {key: _text(features, key) for key in scenarios}
    code = _code(workspace)
    memory = _recall(workspace, code)
    known = {
        (key, wrong.name): memory[f"{wrong.name} {texts[key]}"]
        for key in scenarios
        for wrong in met
        if f"{wrong.name} {texts[key]}" in memory
    }
    ran: dict[tuple[Key, str], bool] = {}
    unwritten: dict[str, str] = {}
    stopped: dict[str, str] = {}
    for meeting in ("stage", "reached"):
        still = tuple(w for w in met if not _caught(w.name, known | ran))
        done = set(known) | set(ran)
        # Starting pytest is most of a session's cost: none is started to run nothing.
        if any(
            _meets(key, wrong, meeting) and (key, wrong.name) not in done
            for key in scenarios
            for wrong in still
        ):
            session = _session(workspace, scenarios, still, meeting, done)
            ran |= session.outcomes
            unwritten |= session.unwritten
            stopped |= session.stopped
            if session.interrupted:
                return Catch(met, {}, interrupted=True)
    outcomes = known | ran
    # Not kept: read back, an outcome would not say the model raised, and they would be told
    # as let through; nor which error a scenario stopped on. They run again each time, until
    # that part is written or the error mended.
    again = unwritten.keys() | stopped.keys()
    kept = {pair: caught for pair, caught in ran.items() if caught or pair[1] not in again}
    memory |= {f"{name} {texts[key]}": caught for (key, name), caught in kept.items()}
    _remember(workspace, code, memory)
    caught_by: dict[str, list[Key]] = {}
    for (key, name), caught in sorted(outcomes.items()):
        if caught:
            caught_by.setdefault(name, []).append(key)
    left = {name: part for name, part in unwritten.items() if name not in caught_by}
    errors = {name: error for name, error in stopped.items() if name not in caught_by}
    return Catch(met, caught_by, unwritten=left, stopped=errors)


def _meets(key: Key, wrong: WrongModel, meeting: str) -> bool:
    """Whether scenario ``key`` meets ``wrong`` in a session of ``meeting``."""
    stage = next(stage.number for stage in STAGES if stage.feature == key[0])
    return plugin.in_meeting(stage, wrong.stage, meeting)


def _caught(name: str, outcomes: dict[tuple[Key, str], bool]) -> bool:
    return any(caught for (_, wrong), caught in outcomes.items() if wrong == name)


CAUGHT = ".kata-caught.json"
"""What each scenario, as written, did against each wrong model, for the code it ran."""


def _text(features: Features, key: Key) -> str:
    """A scenario as written (its Background too), hashed: a changed example is a new one."""
    feature, line = key
    stage = next(stage for stage in STAGES if stage.feature == feature)
    scenario = next(s for s in features.of(stage) if s.line == line)
    written = "\n".join(features.gherkin(scenario))
    return hashlib.sha256(f"{feature}\n{written}".encode()).hexdigest()[:16]


def _code(workspace: Path) -> str:
    """The steps and the model the scenarios ran on: when they change, nothing is known."""
    steps = learner.fingerprint(workspace, "steps")
    model = learner.fingerprint(reference.REFERENCE, "model")
    return f"{steps}{model}"


def _recall(workspace: Path, code: str) -> dict[str, bool]:
    try:
        kept = json.loads((workspace / CAUGHT).read_text(encoding="utf-8"))
        outcomes = kept["outcomes"] if kept["code"] == code else {}
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {str(k): bool(v) for k, v in outcomes.items()} if isinstance(outcomes, dict) else {}


def _remember(workspace: Path, code: str, memory: dict[str, bool]) -> None:
    text = json.dumps({"code": code, "outcomes": memory}, sort_keys=True)
    with suppress(OSError):  # a cache: a full disk costs the next run time, not its light
        write_atomically(workspace / CAUGHT, text + "\n")


class _Session(NamedTuple):
    outcomes: dict[tuple[Key, str], bool]
    interrupted: bool
    unwritten: dict[str, str]
    stopped: dict[str, str]


def _session(
    workspace: Path,
    scenarios: set[Key],
    met: tuple[WrongModel, ...],
    meeting: str,
    known: set[tuple[Key, str]],
) -> _Session:
    """One pytest session: the reached scenarios against ``met``, as ``meeting`` says, but
    the pairs whose outcome is ``known``; what each scenario did against each wrong model,
    whether Ctrl-C stopped it, the wrong models with which the model raised
    NotImplementedError, each with its message, and those with which a scenario stopped on
    another error, each with the error's name."""
    features = {feature for feature, _ in scenarios}
    paths = [str(workspace / s.steps) for s in STAGES if s.feature in features]
    keep = _Reached(scenarios, known)
    pytest.main(
        [
            *paths,
            *("-p", "no:cacheprovider", "-p", "no:terminal", *QUIET_WARNINGS),
            *("--wrong-models", ",".join(wrong.name for wrong in met)),
            *("--wrong-models-scenarios", meeting, "--wrong-models-until-caught"),
        ],
        plugins=[keep, plugin, TimeLimit()],
    )
    outcomes: dict[tuple[Key, str], bool] = {}
    unfinished = set()  # a row skipped, as the wrong model was caught already: not known
    raised = {
        r["wrong_model"]: r["message"] for r in keep.records if r["error"] == "NotImplementedError"
    }
    errors = {  # the first error each wrong model met; a skip is pytest's, no error
        r["wrong_model"]: r["error"]
        for r in reversed(keep.records)
        if r["error"] not in (None, "NotImplementedError", "Skipped") and not r["caught"]
    }
    for record in keep.records:  # none if the session did not start: nothing was caught
        pair = (keep.scenario_of[record["test"]], record["wrong_model"])
        if record["outcome"] == "skipped":
            unfinished.add(pair)
        else:
            outcomes[pair] = outcomes.get(pair, False) or bool(record["caught"])
    kept = {pair: caught for pair, caught in outcomes.items() if caught or pair not in unfinished}
    return _Session(kept, keep.interrupted, raised, errors)
