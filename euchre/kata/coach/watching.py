"""``make watch``: a light after every save, with no key pressed.

One warm process imports pytest, pytest-bdd, the Gherkin parser and the coach once. Before it
starts watching the workspace's files (with ``watchfiles``, whose watcher runs in threads), it
forks a single-threaded copy of itself, the runner; every run is a fresh fork of the runner, so
the learner's modules and steps are imported anew each time and nothing of one run is left in
the next, and no fork is ever made of a process with threads. Every run is a run of
``make test`` (cli.py's own ``test``): the same verdict, history line, run kept in git,
constraints and dojo post. ``make next``, in another terminal, still reveals; the next save runs
what it revealed.

Saves of several files a few milliseconds apart are one run (``watchfiles`` gathers the changes
of one step). Only a save of the learner's Python or Gherkin starts one: an editor's swap and
backup files, the history and the coach's own files do not. Ctrl-C ends it cleanly: a run in
progress hears it too, and is recorded as nothing (its verdict is "interrupted").
"""

from __future__ import annotations

import contextlib
import gc
import importlib.metadata
import os
import select
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from . import typed
from .record import reach
from .record.reach import REACHED
from .record.stages import STAGES

RUN_ON = (".py", ".feature")
"""What a learner writes: their model, steps and tests, and the features."""
IGNORED = (".venv", ".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", "coach")
"""Folders whose changes are never the learner's writing (the coach's own is copied in)."""
WATCHING = "👀 Watching your files: each save runs the tests. Ctrl-C stops."
WAKE_MS = 200
"""How long the watcher waits for a save before it says it has none: the first wait starts
the watch, and each after it costs a wake-up of nothing."""
STEP_MS = 5
"""Saves this many milliseconds apart or closer are one run: an editor's "save all", say."""
STOPPED = "⏹ Stopped watching."
Run = Callable[[], int]


def starts_a_run(path: str, workspace: Path) -> bool:
    """Whether a change to ``path`` is a save of the learner's that asks for a run."""
    where = Path(path)
    try:
        parts = where.relative_to(workspace).parts
    except ValueError:  # outside the workspace: a link's target, say
        return False
    name = where.name
    editors = name.startswith((".#", "#", ".~")) or name.endswith(("~", ".swp", ".swx"))
    hidden = any(part.startswith(".") or part in IGNORED for part in parts[:-1])
    return where.suffix in RUN_ON and not editors and not hidden


def watch(workspace: Path, say: Callable[[str], None]) -> int:
    """Run the tests once now, then after every save, until Ctrl-C; 130 at the end."""
    import watchfiles  # only this command needs it

    root = workspace.resolve()
    runner = Runner(root) if hasattr(os, "fork") else None
    run = runner.run if runner is not None else lambda: _new_process(root)
    moved = str(root / REACHED)  # `make next`, in another terminal: told, not run again
    saves = watchfiles.watch(
        root,
        watch_filter=lambda _, path: path == moved or starts_a_run(path, root),
        step=STEP_MS,
        rust_timeout=WAKE_MS,
        yield_on_timeout=True,  # its first wait, empty, says the watcher is in place
    )
    try:
        next(saves)  # watching from now: a save made during the first run is not missed
        run()
        say(WATCHING)
        for batch in saves:
            if {path for _, path in batch} == {moved}:
                say(_moved_on(root))
            elif batch:
                run()
                say(WATCHING)
    except KeyboardInterrupt:
        say(STOPPED)
    finally:
        if runner is not None:
            runner.close()
    return 130


def _moved_on(workspace: Path) -> str:
    """Where ``make next`` in another terminal has moved the learner; it ran the tests there."""
    stage = reach.load(workspace).current
    return (
        f"👀 Now at stage {stage.number} of {len(STAGES)}, {stage.name}"
        f" (`{typed.command('next')}` moved you on): each save runs it."
    )


def warm() -> None:
    """Import once what every run needs, and set the warm process's objects aside.

    What is imported here is never imported again by a run: pytest, pytest-bdd's parser, the
    coach, the plugins pytest would load from what is installed (as pytest does, unless
    ``PYTEST_DISABLE_PLUGIN_AUTOLOAD`` says not to), and what a session imports beyond them
    (pytest's own plugins, and the debugger, unittest and XML modules they bring), by a session
    on an empty folder: none of the learner's code runs, and it prints nothing. A plugin that
    fails to import is left to pytest, which says so in the run as ``make test`` would.
    ``gc.freeze`` keeps all this out of the collector's passes, which pytest makes at the end
    of every run.
    """
    import pytest
    import pytest_bdd.parser  # noqa: F401

    from . import cli  # noqa: F401  (and with it the loop, the session, the levels)

    if not os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        for plugin in importlib.metadata.entry_points(group="pytest11"):
            with contextlib.suppress(Exception):
                plugin.load()
    with tempfile.TemporaryDirectory() as nothing:
        # A configuration of its own, empty, so that none found above the folder is read;
        # in a pyproject.toml, as the workspace's is, so that its reader is imported too.
        (Path(nothing) / "pyproject.toml").write_text("[tool.pytest.ini_options]\n")
        pytest.main(["-p", "no:terminal", "-p", "no:cacheprovider", nothing])
    gc.collect()
    gc.freeze()


def _fork() -> int:
    """``os.fork``, which Windows has not: there, ``watch`` runs each run in a new process."""
    fork: Callable[[], int] = getattr(os, "fork")  # noqa: B009  (so that Windows' types check)
    return fork()


def _new_process(workspace: Path) -> int:
    """Where there is no fork (Windows): a run of ``make test`` in a process of its own."""
    command = [sys.executable, "-m", __package__ or "coach", "test"]
    return subprocess.run(command, cwd=workspace, check=False).returncode


class Runner:
    """A single-threaded fork, made before the watcher's threads exist, that warms itself
    (``warm``); each run is forked from it, and its exit status told back through a pipe."""

    def __init__(self, workspace: Path) -> None:
        asks, self._ask = os.pipe()
        self._told, tells = os.pipe()
        sys.stdout.flush()
        # In the fork, os.fork() is 0: it serves the requests, and never returns.
        self.pid = _fork() or _serve(workspace, asks, tells, (self._ask, self._told))
        os.close(asks)
        os.close(tells)

    def run(self) -> int:
        """One run; its exit status. Ctrl-C reaches the run, which ends recording nothing:
        it is waited out before the watch ends."""
        os.write(self._ask, b"r")
        stopped = False
        while True:
            try:
                # Waiting reads nothing: a Ctrl-C handled as the status arrives cannot lose it.
                select.select([self._told], [], [])
            except KeyboardInterrupt:
                stopped = True
                continue
            told = os.read(self._told, 1)  # the run has ended: a Ctrl-C now ends the watch
            if stopped:
                raise KeyboardInterrupt
            return told[0] if told else 1

    def close(self) -> None:
        os.close(self._ask)  # the runner reads the end of its requests, and ends
        os.close(self._told)
        os.waitpid(self.pid, 0)


# The runner and each run are forks that end by os._exit; coverage saves what they ran as they
# do (pyproject.toml: `patch = ["_exit"]`), and tests/kata/coach/test_watching.py drives them in
# real processes (a save, a light, Ctrl-C in the middle of a run).


def _serve(workspace: Path, asks: int, tells: int, others: tuple[int, int]) -> NoReturn:
    """The runner: a run on each request, its exit status told back, until the requests end."""
    for end in others:  # the parent's ends of the pipes
        os.close(end)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # it waits its runs out
    # Nothing may leave this function but os._exit: an exception would go on as the watcher.
    # What fails to import here fails again in each run, which says so as make test would.
    with contextlib.suppress(Exception):
        warm()
    while os.read(asks, 1):
        child = _fork()
        if child == 0:
            _run(workspace)
        _, status = os.waitpid(child, 0)
        os.write(tells, bytes([os.waitstatus_to_exitcode(status) & 0xFF]))
    os._exit(0)


def _run(workspace: Path) -> NoReturn:
    """One run of ``make test``, in a fresh fork: Ctrl-C is heard again, and the process is
    gone at the end without the clean-ups of the process it was forked from."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    from .cli import main

    status = 1
    try:
        status = main(["test"], workspace)
    finally:
        try:  # whatever is raised here (a second Ctrl-C, say), the fork ends here
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(status)
