"""The dashboard as a Starlette application: the page, its live updates, and the posts.

| route | what |
| --- | --- |
| ``GET /`` | the board: one row per pair, brought up to date as lights arrive |
| ``GET /board`` | the board alone, which the page fetches when told of a change |
| ``GET /pairs/{id}`` | one pair's view, as `make progress` shows it (``/view``: alone) |
| ``GET /events`` | server-sent events: a message whenever a light arrives or a pair joins |
| ``GET /api/pairs`` | every pair's lights as JSON |
| ``POST /api/join`` | ``{"code", "pair"}``: a pair joins (403 without the code) |
| ``POST /api/lights`` | ``{"code", "pair", "lines": [...]}``: history lines, each kept once |

A refused post gets a 4xx and one line saying why. The page and the API show nothing of a
workspace but its lights.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from euchre.dojo import pages
from euchre.dojo.board import Row
from euchre.dojo.store import Store
from euchre.kata.coach.dojo_client import name_problem, normal_code
from euchre.kata.coach.lights import Run
from euchre.kata.coach.stages import STAGES

BODY_LIMIT = 4096
"""Bytes: a batch of history lines fits with room to spare; anything bigger is refused."""
MOST_LINES = 50
LONGEST_SCENARIO = 200
KEEP_ALIVE = 15.0
"""Seconds between comments on an idle event stream, so that no proxy closes it."""
WAKE = 0.5
"""Seconds an event stream waits before it checks whether the server is closing."""
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class RefusedError(Exception):
    """A post the dashboard will not take: its status and a one-line reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass(frozen=True)
class Post:
    """A post that passed every check."""

    pair: str
    runs: list[Run]


def read_post(body: bytes, code: str, with_lines: bool) -> Post:
    """Check a post's body: JSON, the join code, the pair's name, and each history line."""
    try:
        fields: Any = json.loads(body)
    except ValueError as error:  # UnicodeDecodeError is one
        raise RefusedError(400, f"the body is not JSON ({str(error).splitlines()[0]})") from None
    except RecursionError:
        raise RefusedError(400, "the body is not JSON (nested too deeply)") from None
    if not isinstance(fields, dict):
        raise RefusedError(400, "the body is not a JSON object")
    given = fields.get("code")
    expected = normal_code(code).encode()
    if not isinstance(given, str) or not hmac.compare_digest(normal_code(given).encode(), expected):
        raise RefusedError(403, "that is not this dojo's join code")
    pair = fields.get("pair")
    if not isinstance(pair, str):
        raise RefusedError(400, "no pair's name")
    problem = name_problem(pair)
    if problem:
        raise RefusedError(400, problem)
    if not with_lines:
        return Post(pair, [])
    lines = fields.get("lines")
    if not isinstance(lines, list) or not 1 <= len(lines) <= MOST_LINES:
        raise RefusedError(400, f"lines must be a list of 1 to {MOST_LINES} history lines")
    return Post(pair, [_run(number, line) for number, line in enumerate(lines, start=1)])


def _run(number: int, line: Any) -> Run:
    try:
        run = Run.from_json(json.dumps(line))
    except (ValueError, RecursionError) as error:
        raise RefusedError(400, f"line {number} is not a run ({error})") from None
    if not 1 <= run.stage <= len(STAGES):
        raise RefusedError(400, f"line {number}: there is no stage {run.stage}")
    if not 0 <= run.passed <= run.reached:
        raise RefusedError(400, f"line {number}: passed must be between 0 and reached")
    if len(run.scenario) > LONGEST_SCENARIO:
        raise RefusedError(400, f"line {number}: the scenario's name is too long")
    return run


async def read_body(request: Request) -> bytes:
    """The body, refused with 413 once it is bigger than ``BODY_LIMIT``, whatever it claims."""
    length = request.headers.get("content-length", "")
    declared = int(length) if length.isdigit() else 0  # uvicorn refuses any other length
    if declared > BODY_LIMIT:
        raise RefusedError(413, f"the body is over {BODY_LIMIT} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_LIMIT:
            raise RefusedError(413, f"the body is over {BODY_LIMIT} bytes")
    return body


class Changes:
    """A count of the changes, and a way for event streams to wait for the next one."""

    def __init__(self) -> None:
        self.count = 0
        self._changed = asyncio.Event()

    def tell(self) -> None:
        self.count += 1
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait(self, timeout: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)


def create_app(
    store: Store,
    closing: Callable[[], bool] = lambda: False,
    say: Callable[[str], None] = lambda line: None,
) -> Starlette:
    """The dashboard for ``store``; ``closing`` tells event streams the server is stopping."""
    changes = Changes()

    def now() -> datetime:
        return datetime.now(UTC)

    def page(html: str, script_nonce: str | None = None) -> HTMLResponse:
        scripts = f"'nonce-{script_nonce}'" if script_nonce else "'none'"
        policy = (
            f"default-src 'none'; script-src {scripts}; style-src {scripts};"
            " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
        return HTMLResponse(html, headers=HEADERS | {"Content-Security-Policy": policy})

    async def dashboard(request: Request) -> Response:
        script_nonce = pages.nonce()
        address = str(request.base_url).rstrip("/")
        return page(pages.dashboard(store.pairs(), now(), script_nonce, address), script_nonce)

    async def board(request: Request) -> Response:
        address = str(request.base_url).rstrip("/")
        return page(pages.board(store.pairs(), now(), address))

    def row(request: Request) -> Row | None:
        pair = store.pair(request.path_params["pair"])
        return None if pair is None else Row(pair.id, pair.name, pair.runs, now())

    async def pair_page(request: Request) -> Response:
        found = row(request)
        if found is None:
            return refuse(RefusedError(404, "no such pair"))
        script_nonce = pages.nonce()
        return page(pages.pair_page(found, script_nonce), script_nonce)

    async def pair_view(request: Request) -> Response:
        found = row(request)
        if found is None:
            return refuse(RefusedError(404, "no such pair"))
        return page(pages.pair_view(found))

    async def pairs(request: Request) -> Response:
        shown = [
            {"id": pair.id, "pair": pair.name, "runs": [json.loads(r.to_json()) for r in pair.runs]}
            for pair in store.pairs()
        ]
        return JSONResponse({"pairs": shown}, headers=HEADERS)

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            yield "retry: 1000\n\n"
            seen, quiet = -1, 0.0
            while not closing():
                if changes.count != seen:
                    seen, quiet = changes.count, 0.0
                    yield f"data: {seen}\n\n"
                elif quiet >= KEEP_ALIVE:
                    quiet = 0.0
                    yield ": still here\n\n"
                await changes.wait(WAKE)
                quiet += WAKE

        return StreamingResponse(stream(), media_type="text/event-stream", headers=HEADERS)

    async def join(request: Request) -> Response:
        try:
            post = read_post(await read_body(request), store.code, with_lines=False)
        except RefusedError as refused:
            return refuse(refused)
        pair, new = store.join(post.pair)
        if new:
            say(f"{now():%H:%M:%S} {post.pair} joined")
            changes.tell()
        return JSONResponse({"pair": post.pair, "id": pair}, headers=HEADERS)

    async def lights(request: Request) -> Response:
        try:
            post = read_post(await read_body(request), store.code, with_lines=True)
        except RefusedError as refused:
            return refuse(refused)
        added = store.add(post.pair, post.runs)
        if added:
            changes.tell()
        duplicates = len(post.runs) - added
        return JSONResponse({"added": added, "duplicates": duplicates}, headers=HEADERS)

    routes = [
        Route("/", dashboard),
        Route("/board", board),
        Route("/pairs/{pair:int}", pair_page),
        Route("/pairs/{pair:int}/view", pair_view),
        Route("/events", events),
        Route("/api/pairs", pairs),
        Route("/api/join", join, methods=["POST"]),
        Route("/api/lights", lights, methods=["POST"]),
    ]
    return Starlette(routes=routes)


def refuse(refused: RefusedError) -> Response:
    return PlainTextResponse(f"{refused.reason}\n", status_code=refused.status, headers=HEADERS)
