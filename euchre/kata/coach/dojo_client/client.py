"""Send each run's light to a dojo's dashboard, if the workspace has joined one.

``make join DOJO=<address> CODE=<code> NAME=<pair name>`` stores the settings in
``.kata-dojo.json`` (record/joined.py); from then on every run's history line is posted to the
dashboard, and after it the run's code (its diff and files, capped: see record/code.py), to that
dashboard alone. It never fails nor slows the learner's loop: each run's line is queued in
``.kata-outbox.jsonl`` first (one append, so two runs at once both keep theirs), then the queue
is posted within a second in all, and what could not be sent waits for the next run. One run
sends at a time: it holds a lock on the workspace's folder and moves the queue aside to
``.kata-outbox-sending.jsonl`` while it posts, so lines queued meanwhile are never overwritten.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import typed
from ..record import code, history, recovery, runs
from ..record.files import append_line
from ..record.joined import OUTBOX, Joined, load, save
from ..record.line import Line
from . import protocol, sending
from .posting import UNREACHABLE, batch_of, is_address, post_within, unreached, why

SENDING = ".kata-outbox-sending.jsonl"
BUDGET = 1.0
"""Seconds that one run may spend posting, in all."""
REFUSED = 2
LOCKED_OUT = 429
"""Too many wrong join codes from this machine's address (another pair's, behind one NAT)."""
REFUSALS = (400, 413)
"""The dashboard's answers to lines it will never take (not lines, too large): they, its 403 and
409 to a pair it does not know, and its 410 after the dojo's end take lines off the queue. After
any other answer (a lockout's 429, its own error, or another server's where the dashboard was,
such as a captive portal's) the lines wait for the next run."""
ADDRESS = "(http or https, a host, and a port from 1 to 65535 if one is given)"
Say = Callable[[str], None]
_LINE = re.compile(r"line (\d+)\b")


def join(workspace: Path, address: str, code: str, name: str, say: Say) -> int:
    """Check the code with the dashboard, save the settings, and send the history so far."""
    typed_address, address = address, address.strip().rstrip("/")
    if not is_address(address):
        dojo = typed.option("dojo", repr(typed_address))
        problem: str | None = f"{dojo} is not an address like http://192.168.1.20:8000 {ADDRESS}"
    elif not protocol.normal_code(code):
        problem = "CODE is empty: the facilitator's screen shows it"
    else:
        problem = protocol.name_problem(name)
    if problem:
        say(f"{typed.command('join')}: {problem}")
        return REFUSED
    before = load(workspace)
    token = before.token if before is not None and before.address == address else ""
    settings = Joined(address, protocol.normal_code(code), name, token)
    try:
        status, reason = post_within(settings, protocol.JOIN, {"pair": name}, BUDGET)
    except UNREACHABLE as error:
        status, reason = 0, why(error)
    if status not in (0, 200):
        say(f"{typed.command('join')}: the dojo at {address} said: {reason}")
        return REFUSED
    try:
        settings = _with_token(workspace, settings, reason) if status else settings
    except NoTokenError as error:
        say(f"{typed.command('join')}: the dojo at {address} cannot be joined: {error}")
        return REFUSED
    if not status:
        save(workspace, settings)
    if status:
        each = f"each `{typed.command('test')}` now shows there, with its code"
        say(f"Joined the dojo at {address} as {name}: {each}.")
    else:
        say(
            f"Saved, but the dojo at {address} cannot be reached now ({reason}):"
            " your lights will be sent once it can."
        )
    lines = [run.to_json() for run in recovery.read(workspace, lambda line: None)[0]]
    _flush(workspace, settings, lines, say)
    return 0


def deliver(workspace: Path, warn: Say) -> None:
    """Post the lines queued for the dojo (record/joined.py), if the workspace joined one."""
    settings = load(workspace)
    if settings is not None and (workspace / OUTBOX).is_file():
        _flush(workspace, settings, [], warn)


def _flush(workspace: Path, settings: Joined, extra: list[str], warn: Say) -> None:
    """Post the queue and ``extra`` unless another run is posting; queue again what is left."""
    with sending.alone(workspace) as alone:
        if not alone:  # another run is posting: these lines wait in the queue
            for line in extra:
                append_line(workspace / OUTBOX, line)
            return
        held = workspace / SENDING
        if not held.exists() and (workspace / OUTBOX).is_file():
            os.replace(workspace / OUTBOX, held)  # lines queued from now on start a new file
        left = _post_lines(workspace, settings, [*_queued(held, warn), *extra], warn)
        for line in left:
            append_line(workspace / OUTBOX, line)
        held.unlink(missing_ok=True)


class NoTokenError(ValueError):
    """A dashboard's answer to a join that gives no token, as an older dashboard's."""


def _with_token(workspace: Path, settings: Joined, answer: str) -> Joined:
    """The settings with the token in the dashboard's answer to a join, saved."""
    try:
        token = json.loads(answer)["token"]
    except (ValueError, KeyError, TypeError):
        token = None
    if not isinstance(token, str) or not token:
        raise NoTokenError("it answered the join without a token: is it an older dashboard?")
    settings = Joined(settings.address, settings.code, settings.pair, str(token))
    save(workspace, settings)
    return settings


def _queued(path: Path, warn: Say) -> list[str]:
    """The runs queued in ``path``; a line that is not a run is dropped, with a warning."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return []
    kept = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            Line.from_json(line)
        except ValueError as error:
            reason = str(error).splitlines()[0][:80]
            warn(f"dojo: a line of {OUTBOX} is not a run and is dropped ({reason})")
            continue
        kept.append(line)
    return kept


def _post_lines(workspace: Path, settings: Joined, lines: list[str], warn: Say) -> list[str]:
    """Post ``lines`` in batches until one fails or the time is up; return the rest. A pair
    who joined while the dashboard could not be reached join first, for their token."""
    deadline = time.monotonic() + BUDGET
    pending = list(dict.fromkeys(lines))  # a line kept twice is sent once
    while pending:
        batch = batch_of(settings, pending)
        joining = not settings.token
        fields: dict[str, Any]
        if joining:
            path, fields = protocol.JOIN, {"pair": settings.pair}
        else:
            path, fields = protocol.LIGHTS, {"lines": batch}
        try:
            status, reason = post_within(settings, path, fields, deadline - time.monotonic())
        except UNREACHABLE as error:
            said = unreached(settings.address, error)
            warn(f"dojo: {said}: {len(pending)} line(s) kept for the next run")
            break
        if status == protocol.ENDED:  # nothing is counted after the end: nothing to keep
            warn(f"dojo: the dojo at {settings.address} has ended: {len(pending)} line(s) not sent")
            return []
        if status in (403, 409) or (joining and status == 400):
            again = f"`{typed.command('join')}` again"
            warn(f"dojo: {settings.address} refused the lines ({reason}): {again}")
            break
        if status not in (200, *REFUSALS):  # a lockout (429) ends: so does the lines' wait
            said = f" ({reason})" if status == LOCKED_OUT else ""
            warn(f"dojo: {settings.address} answered {status}{said}: lines kept for the next run")
            break
        if status == 200 and not joining and not _is_dashboards(reason):
            warn(
                f"dojo: {settings.address} answered 200, but not as a dojo's dashboard does:"
                " lines kept for the next run"
            )
            break
        if status == 200 and joining:
            try:
                settings = _with_token(workspace, settings, reason)
            except NoTokenError as error:
                warn(f"dojo: {settings.address} {error}: lines kept for the next run")
                break
            continue
        if status == 200:
            sent = _send_code(workspace, settings, batch, deadline, warn)
            pending = pending[sent:]
            if sent < len(batch):
                break
            continue
        # The dashboard will never take these: keeping them would not help. A line it names
        # is dropped alone, and the others are sent again.
        named = _LINE.match(reason)
        if named and len(batch) > 1 and 1 <= int(named[1]) <= len(batch):
            warn(f"dojo: {settings.address} refused 1 line(s): {reason}")
            del pending[int(named[1]) - 1]
        else:
            warn(f"dojo: {settings.address} refused {len(batch)} line(s): {reason}")
            pending = pending[len(batch) :]
    return pending


def _is_dashboards(answer: str) -> bool:
    """Whether ``answer`` is the dashboard's to a post of lines: how many it added."""
    try:
        fields = json.loads(answer)
    except ValueError:
        return False
    return isinstance(fields, dict) and type(fields.get("added")) is int


def _send_code(
    workspace: Path, settings: Joined, batch: list[Any], deadline: float, warn: Say
) -> int:
    """Post the code of each run in ``batch`` kept in git, after its light (which the dashboard
    needs first); how many lines are done. A line whose code was not sent is kept, its light sent
    again (counted once); code never to be taken, or git cannot read, is not sent: a warning."""
    kept = history.read(workspace, warn)  # which run's files baby steps put back
    for done, line in enumerate(batch):
        run = line.get("run", "")
        if not run:
            continue
        try:
            fields = code.of_run(workspace, run, runs=kept).fields()
        except runs.GitFailedError as error:
            warn(f"dojo: the code of run {run[:12]} cannot be read ({error}): not sent")
            continue
        try:
            status, reason = post_within(
                settings, protocol.CODE, {"run": run, **fields}, deadline - time.monotonic()
            )
        except UNREACHABLE as error:
            status, reason = 0, unreached(settings.address, error, " to the code")
        if status in (0, 403, 409, LOCKED_OUT) or status >= 500:
            said = reason if not status else f"{settings.address} did not take the code ({reason})"
            warn(f"dojo: {said}: {len(batch) - done} line(s) kept for the next run")
            return done
        if status != 200:
            warn(f"dojo: {settings.address} refused the code of run {run[:12]}: {reason}")
    return len(batch)
