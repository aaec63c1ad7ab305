"""Send each run's light to a dojo's dashboard, if the workspace has joined one.

``make join DOJO=<address> CODE=<code> NAME=<pair name>`` stores the settings in
``.kata-dojo.json``; from then on every run's history line is posted to the dashboard, and
after it the run's code (its diff and files, capped: see code.py), to that dashboard alone. This
uses the standard library only, because it is copied into workspaces. It never fails nor
slows the learner's loop: each run's line is queued in ``.kata-outbox.jsonl`` first (one
append, so two runs at once both keep theirs), then the queue is posted within a second in all,
and what could not be sent waits for the next run. One run sends at a time: it holds a lock on
the workspace's folder and moves the queue aside to ``.kata-outbox-sending.jsonl`` while it posts,
so lines queued meanwhile are never overwritten.
"""

from __future__ import annotations

import fcntl
import http.client
import json
import os
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from . import code, files, lights, runs, typed
from .files import append_line, write_atomically
from .lights import Run

SETTINGS = ".kata-dojo.json"
MOST_SETTINGS = 64 * 1024
"""Far more than an address, a code, a name and a token take."""
OUTBOX = ".kata-outbox.jsonl"
SENDING = ".kata-outbox-sending.jsonl"
BUDGET = 1.0
"""Seconds that one run may spend posting, in all."""
BATCH_BYTES = 3000
"""A post's body stays under this, well inside the dashboard's limit of 4 KiB."""
LONGEST_NAME = 40
REFUSED = 2
Say = Callable[[str], None]


@dataclass(frozen=True)
class Joined:
    """The dojo a workspace has joined: its address, its join code, the pair's name, and the
    token the dashboard gave this pair when they joined ("" until it could be reached)."""

    address: str
    code: str
    pair: str
    token: str = ""


def normal_code(code: str) -> str:
    """A join code as the dashboard compares it: ``kxt-mrf`` is ``KXTMRF``."""
    return "".join(character for character in code.upper() if character.isalnum())


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a pair's name, or None if it can."""
    if not name.strip():
        return "the pair's name is empty"
    if len(name) > LONGEST_NAME:
        return f"the pair's name is longer than {LONGEST_NAME} characters"
    if not name.isprintable():
        return "the pair's name holds a control character"
    if name != name.strip():
        return "the pair's name starts or ends with a space"
    return None


def add_parser(commands: Any) -> None:
    """``python -m coach join ADDRESS CODE NAME``: what ``make join`` runs."""
    join = commands.add_parser("join", help="send each run's light to a dojo's dashboard")
    join.add_argument("address", help="the dashboard's address, such as http://192.168.1.20:8000")
    join.add_argument("code", help="the join code the facilitator gives")
    join.add_argument("name", help="your pair's name, as the dashboard shows it")


def load(workspace: Path, warn: Say = lambda line: None) -> Joined | None:
    """The settings saved by ``make join``, or None if the workspace has not joined a dojo;
    one warning if they are not in a regular file (then they are not read)."""
    try:
        text = files.read_regular(workspace / SETTINGS, MOST_SETTINGS).decode("utf-8")
    except files.NotARegularFileError:
        warn(f"{SETTINGS} is not a regular file: not read")
        return None
    except (OSError, ValueError):
        return None
    try:
        fields = json.loads(text)
        return Joined(
            str(fields["address"]),
            str(fields["code"]),
            str(fields["pair"]),
            str(fields.get("token", "")),
        )
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None


def join(workspace: Path, address: str, code: str, name: str, say: Say) -> int:
    """Check the code with the dashboard, save the settings, and send the history so far."""
    address = address.strip().rstrip("/")
    problem = None
    if not address.startswith(("http://", "https://")):
        dojo = typed.option("dojo", repr(address))
        problem = f"{dojo} is not an address like http://192.168.1.20:8000"
    elif not normal_code(code):
        problem = "CODE is empty: the facilitator's screen shows it"
    else:
        problem = name_problem(name)
    if problem:
        say(f"{typed.command('join')}: {problem}")
        return REFUSED
    before = load(workspace)
    token = before.token if before is not None and before.address == address else ""
    settings = Joined(address, normal_code(code), name, token)
    try:
        status, reason = _post_within(settings, "/api/join", {"pair": name}, BUDGET)
    except _UNREACHABLE as error:
        status, reason = 0, _why(error)
    if status not in (0, 200):
        say(f"{typed.command('join')}: the dojo at {address} said: {reason}")
        return REFUSED
    try:
        settings = _with_token(workspace, settings, reason) if status else settings
    except NoTokenError as error:
        say(f"{typed.command('join')}: the dojo at {address} cannot be joined: {error}")
        return REFUSED
    if not status:
        write_atomically(workspace / SETTINGS, json.dumps(asdict(settings)) + "\n")
    if status:
        each = f"each `{typed.command('test')}` now shows there, with its code"
        say(f"Joined the dojo at {address} as {name}: {each}.")
    else:
        say(
            f"Saved, but the dojo at {address} cannot be reached now ({reason}):"
            " your lights will be sent once it can."
        )
    lines = [run.to_json() for run in lights.read(workspace, lambda line: None)]
    _flush(workspace, settings, lines, say)
    return 0


def send(workspace: Path, run: Run, warn: Say) -> None:
    """Queue ``run``, then post it and any lines kept from earlier runs, if the workspace joined
    a dojo. The light is queued first, so that a run killed while it posts loses nothing."""
    settings = load(workspace)
    if settings is None:
        return
    append_line(workspace / OUTBOX, run.to_json())
    _flush(workspace, settings, [], warn)


def _flush(workspace: Path, settings: Joined, extra: list[str], warn: Say) -> None:
    """Post the queue and ``extra`` unless another run is posting; queue again what is left."""
    folder = os.open(workspace, os.O_RDONLY)
    try:
        try:
            fcntl.flock(folder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another run is posting: these lines wait in the queue
            for line in extra:
                append_line(workspace / OUTBOX, line)
            return
        sending = workspace / SENDING
        if not sending.exists() and (workspace / OUTBOX).exists():
            os.replace(workspace / OUTBOX, sending)  # lines queued from now on start a new file
        left = _post_lines(workspace, settings, [*_queued(sending, warn), *extra], warn)
        for line in left:
            append_line(workspace / OUTBOX, line)
        sending.unlink(missing_ok=True)
    finally:
        os.close(folder)  # and the lock with it


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
    write_atomically(workspace / SETTINGS, json.dumps(asdict(settings)) + "\n")
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
            lights.Run.from_json(line)
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
        batch = _batch(settings, pending)
        joining = not settings.token
        path, fields = (
            ("/api/join", {"pair": settings.pair}) if joining else ("/api/lights", {"lines": batch})
        )
        try:
            status, reason = _post_within(settings, path, fields, deadline - time.monotonic())
        except _UNREACHABLE as error:
            warn(
                f"dojo: could not reach {settings.address} ({_why(error)}):"
                f" {len(pending)} line(s) kept for the next run"
            )
            break
        if status in (403, 409) or (joining and status == 400):
            again = f"`{typed.command('join')}` again"
            warn(f"dojo: {settings.address} refused the lines ({reason}): {again}")
            break
        if status >= 500 or status == 404:
            warn(f"dojo: {settings.address} answered {status}: lines kept for the next run")
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


def _send_code(
    workspace: Path, settings: Joined, batch: list[Any], deadline: float, warn: Say
) -> int:
    """Post the code of each run in ``batch`` whose code was kept, after its light (the
    dashboard takes a run's code once it has its light); how many lines are done. A line whose
    code could not be sent is kept, and its light sent again with it (the dashboard counts it
    once). Code the dashboard will never take, or git cannot read, goes unsent, with a warning."""
    for done, line in enumerate(batch):
        run = line.get("run", "")
        if not run:
            continue
        try:
            fields = code.of_run(workspace, run).fields()
        except runs.GitFailedError as error:
            warn(f"dojo: the code of run {run[:12]} cannot be read ({error}): not sent")
            continue
        try:
            status, reason = _post_within(
                settings, "/api/code", {"run": run, **fields}, deadline - time.monotonic()
            )
        except _UNREACHABLE as error:
            status, reason = 0, f"could not reach it: {_why(error)}"
        if status in (0, 403, 409) or status >= 500:
            warn(
                f"dojo: {settings.address} did not take the code ({reason}):"
                f" {len(batch) - done} line(s) kept for the next run"
            )
            return done
        if status != 200:
            warn(f"dojo: {settings.address} refused the code of run {run[:12]}: {reason}")
    return len(batch)


def _batch(settings: Joined, lines: list[str]) -> list[Any]:
    """The first lines that fit in one post (one at least, however long)."""
    batch: list[Any] = []
    size = len(json.dumps(_payload(settings, {"lines": []})))
    for line in lines:
        size += len(line.encode("utf-8")) + 2
        if batch and size > BATCH_BYTES:
            break
        batch.append(json.loads(line))
    return batch


def _payload(settings: Joined, fields: dict[str, Any]) -> dict[str, Any]:
    return {"code": settings.code, "token": settings.token, **fields}


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""The dashboard is on the room's network: a proxy set for the internet must not stand between."""
_UNREACHABLE = (OSError, http.client.HTTPException, ValueError)
_LINE = re.compile(r"line (\d+)\b")
"""Refused, timed out, reset, not HTTP, or not an address at all: try again next run."""


def _post(settings: Joined, path: str, fields: dict[str, Any], timeout: float) -> tuple[int, str]:
    """POST JSON; return the status and the first line of the answer."""
    body = json.dumps(_payload(settings, fields), ensure_ascii=False).encode("utf-8")
    request = urllib.request.Request(
        settings.address + path,
        data=body,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with _OPENER.open(request, timeout=timeout) as answer:
            status, text = answer.status, answer.read(500)
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read(500)
        error.close()
    reason = text.decode("utf-8", errors="replace").strip().splitlines()
    return status, reason[0] if reason else str(status)


def _post_within(
    settings: Joined, path: str, fields: dict[str, Any], seconds: float
) -> tuple[int, str]:
    """``_post``, given up after ``seconds`` in all, however slowly the dashboard answers: a
    socket's timeout bounds each read, not the sum of them."""
    if seconds <= 0:
        raise TimeoutError("out of time for this run")
    answer: list[tuple[int, str]] = []
    failure: list[Exception] = []

    def post() -> None:
        try:
            # The socket may wait a little longer: the deadline below is the one that counts.
            answer.append(_post(settings, path, fields, seconds + 1))
        except Exception as error:
            failure.append(error)

    poster = threading.Thread(target=post, daemon=True)  # left behind if it overruns
    poster.start()
    poster.join(seconds)
    if failure:
        raise failure[0]
    if not answer:
        raise TimeoutError("out of time for this run")
    return answer[0]


def _why(error: Exception) -> str:
    reason = getattr(error, "reason", None) or error
    return str(reason).splitlines()[0] if str(reason) else type(error).__name__
