"""The dashboard as a Starlette application: the page, its live updates, and the posts.

| route | what |
| --- | --- |
| ``GET /`` | the board: one row per pair, brought up to date as lights arrive |
| ``GET /board`` | the board alone, which the page fetches when told of a change |
| ``GET /pairs/{id}`` | one pair's view, as `make progress` shows it (``/view``: alone) |
| ``GET /events`` | server-sent events: a message whenever a light arrives or a pair joins |
| ``GET /api/pairs?page=N`` | the pairs' lights as JSON, ``PAIRS_PER_PAGE`` pairs a page |
| ``POST /api/join`` | ``{"code", "pair", "token"?}``: a pair joins, and is given a token |
| ``POST /api/lights`` | ``{"code", "token", "lines": [...]}``: history lines, each kept once |
| ``POST /api/code`` | ``{"code", "token", "run", "diff", "files"}``: the code of a run posted |
| ``POST /api/remove`` | ``{"key", "pair"}``: the facilitator removes a pair and their lights |
| ``GET /pairs/{id}/runs/{run}`` | one run of a pair's: its diff from the run before, its files |
| ``GET /retro`` | the retrospective: each pair's rhythm, and questions for the room |

A refused post gets a 4xx and one line saying why; each refusal is counted, and the board shows
the counts to the facilitator. A client that sends ``WRONG_CODES`` wrong codes is locked out
for a while (429), but for its posts that carry a pair's token. Event streams are limited per
client and in all; a page refused one polls. The database work and the rendering run in
Starlette's threads, off the event loop. The pages and the API show nothing of a workspace but
its lights, and the code each run posted.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import math
import re
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from euchre.dojo import pages, retro
from euchre.dojo.board import STUCK_MINUTES, Row, next_mark, ordered
from euchre.dojo.guard import (
    JOINS_PER_CLIENT,
    STREAMS_PER_CLIENT,
    Guard,
    Streams,
    streams_in_all,
)
from euchre.dojo.store import (
    DojoFullError,
    NameTakenError,
    Store,
    UnknownPairError,
    UnknownRunError,
)
from euchre.kata.coach.dojo_client.protocol import (
    BODY_LIMIT,
    CODE,
    JOIN,
    LIGHTS,
    MOST_LINES,
    REMOVE,
    name_problem,
    normal_code,
    run_problem,
)
from euchre.kata.coach.record.code import MOST_DIFF, MOST_FILES, Code
from euchre.kata.coach.record.history import Run

CODE_BODY_LIMIT = MOST_DIFF + MOST_FILES + 4096
"""Bytes of a post of one run's code: its diff and files, each within the coach's cap."""
RUN = re.compile("[0-9a-f]{40}")
TOKEN = re.compile("[A-Za-z0-9_-]{0,64}")
"""The tokens the store gives (``secrets.token_urlsafe``), with room to spare; "" before one."""
KEEP_ALIVE = 15.0
"""Seconds between comments on an idle event stream, so that no proxy closes it."""
WAKE = 0.5
"""Seconds an event stream waits before it checks whether the server is closing."""
STREAM_SECONDS = 600.0
"""An event stream ends after this long; the browser opens another a second later."""
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class RefusedError(Exception):
    """A post the dashboard will not take: its status, a one-line reason, and its kind, under
    which the facilitator sees it counted."""

    def __init__(self, status: int, reason: str, kind: str = "bad post") -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.kind = kind


WRONG_CODE = "wrong code"
NOT_STORED = "not stored"


@dataclass(frozen=True)
class Post:
    """A post that passed every check: a join's name, the pair's token, and their runs."""

    pair: str
    token: str
    runs: list[Run]


def read_post(fields: dict[str, Any], with_lines: bool, now: datetime) -> Post:
    """Check a post's fields (from ``read_fields``): the pair's name or token, each line as
    the dashboard's clock reads ``now``."""
    token = fields.get("token", "")
    if with_lines:
        lines = fields.get("lines")
        if not isinstance(lines, list) or not 1 <= len(lines) <= MOST_LINES:
            raise RefusedError(400, f"lines must be a list of 1 to {MOST_LINES} history lines")
        return Post(
            "", token, [_run(number, line, now) for number, line in enumerate(lines, start=1)]
        )
    pair = fields.get("pair")
    if not isinstance(pair, str):
        raise RefusedError(400, "no pair's name")
    problem = name_problem(pair)
    if problem:
        raise RefusedError(400, problem)
    return Post(pair, token, [])


def read_code(fields: dict[str, Any]) -> tuple[str, str, Code]:
    """Check a post of a run's code (from ``read_fields``): its token, run and code's shape."""
    run = fields.get("run")
    if not isinstance(run, str) or not RUN.fullmatch(run):
        raise RefusedError(400, "run is not a commit's name")
    try:
        return fields.get("token", ""), run, Code.from_fields(fields)
    except ValueError as error:
        raise RefusedError(400, str(error)) from None


def read_object(body: bytes) -> dict[str, Any]:
    """A post's body as a JSON object."""
    try:
        fields: Any = json.loads(body)
    except ValueError as error:  # UnicodeDecodeError is one
        raise RefusedError(400, f"the body is not JSON ({str(error).splitlines()[0]})") from None
    except RecursionError:
        raise RefusedError(400, "the body is not JSON (nested too deeply)") from None
    if not isinstance(fields, dict):
        raise RefusedError(400, "the body is not a JSON object")
    return fields


def token_in(body: bytes) -> str:
    """The token a post carries, if it is one a pair could have been given; "" if not."""
    try:
        token = read_object(body).get("token")
    except RefusedError:
        return ""
    return token if isinstance(token, str) and TOKEN.fullmatch(token) else ""


def read_fields(body: bytes, code: str) -> dict[str, Any]:
    """A post's fields, once it is JSON with this dojo's join code and a token that is text."""
    fields = read_object(body)
    given = fields.get("code")
    expected = normal_code(code).encode()
    if not isinstance(given, str) or not hmac.compare_digest(normal_code(given).encode(), expected):
        raise RefusedError(403, "that is not this dojo's join code", WRONG_CODE)
    token = fields.get("token", "")
    if not isinstance(token, str):
        raise RefusedError(400, "the token is not text")
    if not TOKEN.fullmatch(token):  # a lone surrogate, too, which no database can hold
        raise RefusedError(400, "the token is not one a pair is given")
    return fields


def _run(number: int, line: Any, now: datetime) -> Run:
    try:
        run = Run.from_json(json.dumps(line))
    except (ValueError, RecursionError) as error:
        raise RefusedError(400, f"line {number} is not a run ({error})") from None
    problem = run_problem(run, now)
    if problem:
        raise RefusedError(400, f"line {number}: {problem}")
    return run


async def read_body(request: Request, limit: int = BODY_LIMIT) -> bytes:
    """The body, refused with 413 once it is bigger than ``limit``, whatever it claims."""
    length = request.headers.get("content-length", "")
    declared = int(length) if length.isdigit() else 0  # uvicorn refuses any other length
    if declared > limit:
        raise RefusedError(413, f"the body is over {limit} bytes", "too big")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise RefusedError(413, f"the body is over {limit} bytes", "too big")
    return bytes(body)


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


class _Stream(StreamingResponse):
    """An event stream that gives its place back however it ends, even before it began."""

    def __init__(self, stream: AsyncIterator[str], done: Callable[[], None]) -> None:
        super().__init__(stream, media_type="text/event-stream", headers=HEADERS)
        self.done = done

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.done()


def create_app(
    store: Store,
    closing: Callable[[], bool] = lambda: False,
    say: Callable[[str], None] = lambda line: None,
    guard: Guard | None = None,
    streams: Streams | None = None,
    stuck_after: int = STUCK_MINUTES,
    clock: Callable[[], datetime] = lambda: datetime.now(UTC),
) -> Starlette:
    """The dashboard for ``store``; ``closing`` tells event streams the server is stopping.
    A pair is marked stuck after ``stuck_after`` minutes without green, by ``clock``."""
    changes = Changes()
    code = store.code
    guard = guard or Guard(say=say)
    streams = streams or Streams(STREAMS_PER_CLIENT, streams_in_all(), say)

    def now() -> datetime:
        return clock()

    def page(html: str, script_nonce: str | None = None) -> HTMLResponse:
        scripts = f"'nonce-{script_nonce}'" if script_nonce else "'none'"
        policy = (
            f"default-src 'none'; script-src {scripts}; style-src {scripts};"
            " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
        return HTMLResponse(html, headers=HEADERS | {"Content-Security-Policy": policy})

    def rows() -> list[Row]:
        at = now()
        listed = store.board()
        return ordered(
            [
                pages.drawable(Row(pair.id, pair.name, pair.summary, at, stuck_after=stuck_after))
                for pair in listed
            ]
        )

    def notes() -> list[str]:
        """For the facilitator: what was refused, who is locked out, what could not be read."""
        shown = [f"{kind}: {count:,}" for kind, count in sorted(guard.refused.items())]
        said = [f"Refused: {', '.join(shown)}"] if shown else []
        if guard.locked_out():
            said.append(f"{guard.locked_out()} address(es) locked out for wrong codes")
        if store.unreadable:
            said.append(f"{store.unreadable:,} stored light(s) unreadable, skipped")
        return said

    drawn: list[tuple[object, int, int, str]] = []
    marked: list[datetime | None] = [None]
    """When the next pair will be marked stuck, as the board last drawn tells."""

    def board_html(request: Request) -> tuple[int, int, str]:
        """How many pairs, how many are stuck, and the board: drawn once for all the pages that
        ask after a change (and at most once a minute, for the minutes in red and stuck, or
        when a pair's mark is due: a page that polls sees it then)."""
        address = str(request.base_url).rstrip("/")
        said = notes()
        at = now()
        due = marked[0] is not None and at >= marked[0]
        key = (changes.count, at.replace(second=0, microsecond=0), due, said, address)
        if drawn and drawn[0][0] == key:
            return drawn[0][1:]
        shown = rows()
        marked[0] = next_mark(shown)
        stuck = sum(row.stuck for row in shown)
        drawn[:] = [(key, len(shown), stuck, pages.board(shown, address, said))]
        return drawn[0][1:]

    def mark_due() -> bool:
        """Whether a pair has become stuck since the board was drawn: the pages are told, as
        they are of a light, though none came. Told once: the board drawn again says when
        the next is due."""
        due = marked[0] is not None and now() >= marked[0]
        if due:
            marked[0] = None
        return due

    # The pages are plain functions: Starlette runs them in its threads, off the event loop.
    def dashboard(request: Request) -> Response:
        script_nonce = pages.nonce()
        count, stuck, html = board_html(request)
        return page(pages.dashboard(count, html, script_nonce, stuck), script_nonce)

    def board(request: Request) -> Response:
        return page(board_html(request)[2])

    def row(request: Request) -> Row | None:
        kept = store.pair(request.path_params["pair"])
        if kept is None:
            return None
        return Row(kept.id, kept.name, kept.summary, now(), kept.runs, kept.folded.runs)

    def pair_page(request: Request) -> Response:
        found = row(request)
        if found is None:
            return refuse(RefusedError(404, "no such pair"))
        script_nonce = pages.nonce()
        return page(pages.pair_page(found, script_nonce), script_nonce)

    def pair_view(request: Request) -> Response:
        found = row(request)
        if found is None:
            return refuse(RefusedError(404, "no such pair"))
        return page(pages.pair_view(found))

    def pairs(request: Request) -> Response:
        asked = request.query_params.get("page", "1")
        number = int(asked) if asked.isdigit() and len(asked) < 9 else 0
        shown, count = store.page(max(number, 1))
        if not 1 <= number <= count:
            return refuse(RefusedError(404, f"no page {asked}: there are {count} page(s)"))
        listed = [
            {"id": pair.id, "pair": pair.name, "runs": [json.loads(r.to_json()) for r in pair.runs]}
            for pair in shown
        ]
        return JSONResponse({"pairs": listed, "page": number, "pages": count}, headers=HEADERS)

    async def events(request: Request) -> Response:
        client = _client(request)
        if not streams.take(client):
            busy = "too many live pages: this one refreshes every 10 s instead"
            return counted(RefusedError(503, busy, "live page"), {"Connection": "close"})

        async def stream() -> AsyncIterator[str]:
            yield "retry: 1000\n\n"
            seen, quiet, lived = -1, 0.0, 0.0
            while not closing() and lived < STREAM_SECONDS:
                if mark_due():
                    changes.tell()
                if changes.count != seen:
                    seen, quiet = changes.count, 0.0
                    yield f"data: {seen}\n\n"
                elif quiet >= KEEP_ALIVE:
                    quiet = 0.0
                    yield ": still here\n\n"
                await changes.wait(WAKE)
                quiet += WAKE
                lived += WAKE

        return _Stream(stream(), lambda: streams.give_back(client))

    async def posted(request: Request, with_lines: bool) -> Post:
        return read_post(await guarded(request, BODY_LIMIT), with_lines, now())

    async def guarded(request: Request, limit: int) -> dict[str, Any]:
        """The body's fields, within ``limit``, once it carries the join code; a wrong one is
        counted against the client. A client locked out is refused, unless the post carries a
        pair's token: whoever holds one was given it for the right code."""
        client = _client(request)
        body = await read_body(request, limit)
        wait = guard.locked(client)
        if wait and not await run_in_threadpool(store.knows, token_in(body)):
            minutes = math.ceil(wait / 60)
            raise RefusedError(
                429, f"too many wrong join codes: try again in {minutes} min", "while locked out"
            )
        try:
            return read_fields(body, code)
        except RefusedError as refused:
            if refused.kind == WRONG_CODE:
                guard.wrong_code(client)
            raise

    async def join(request: Request) -> Response:
        client = _client(request)
        try:
            post = await posted(request, with_lines=False)
            if not guard.may_join(client) and not await run_in_threadpool(store.knows, post.token):
                raise RefusedError(
                    429,
                    f"{JOINS_PER_CLIENT} pairs have joined from this address: ask the facilitator",
                    "joins from one address",
                )
            joined = await run_in_threadpool(store.join, post.pair, post.token)
        except NameTakenError as taken:
            return counted(RefusedError(409, str(taken), "name taken"))
        except DojoFullError as full:
            return counted(RefusedError(403, str(full), "dojo full"))
        except RefusedError as refused:
            return counted(refused)
        if joined.new:
            guard.joined(client)
            say(f"{now().astimezone():%H:%M:%S} {post.pair} joined")  # the reader's clock
        if joined.new or joined.renamed:
            changes.tell()
        answer = {"pair": post.pair, "id": joined.id, "token": joined.token}
        return JSONResponse(answer, headers=HEADERS)

    async def lights(request: Request) -> Response:
        try:
            post = await posted(request, with_lines=True)
            added = await run_in_threadpool(store.add, post.token, post.runs)
        except UnknownPairError as unknown:
            return counted(RefusedError(403, str(unknown), "unknown pair"))
        except NameTakenError as taken:  # a claim on a pair from before tokens, not theirs
            return counted(RefusedError(409, str(taken), "name taken"))
        except RefusedError as refused:
            return counted(refused)
        if added:
            changes.tell()
        duplicates = len(post.runs) - added
        return JSONResponse({"added": added, "duplicates": duplicates}, headers=HEADERS)

    async def code_post(request: Request) -> Response:
        try:
            token, run, posted_code = read_code(await guarded(request, CODE_BODY_LIMIT))
            added = await run_in_threadpool(store.add_code, token, run, posted_code)
        except UnknownPairError as unknown:
            return counted(RefusedError(403, str(unknown), "unknown pair"))
        except UnknownRunError as unknown:
            return counted(RefusedError(404, f"{unknown}: its light comes first", "unknown run"))
        except RefusedError as refused:
            return counted(refused)
        return JSONResponse({"added": int(added)}, headers=HEADERS)

    async def remove(request: Request) -> Response:
        """The facilitator removes a pair, with the key the banner gave them. A wrong key counts
        against the client as a wrong join code does."""
        client = _client(request)
        try:
            fields = read_object(await read_body(request))
            if guard.locked(client):
                raise RefusedError(429, "too many wrong keys: try again later", "while locked out")
            key = fields.get("key")
            if not isinstance(key, str) or not hmac.compare_digest(
                key.encode("utf-8", "replace"), store.key.encode()
            ):
                guard.wrong_code(client)
                raise RefusedError(403, "that is not this dojo's facilitator's key", "wrong key")
            name = fields.get("pair")
            if not isinstance(name, str):
                raise RefusedError(400, "no pair's name")
            lights = await run_in_threadpool(store.remove, name)
        except UnknownPairError as unknown:
            return refuse(RefusedError(404, str(unknown)))
        except RefusedError as refused:
            return counted(refused)
        say(f"{now().astimezone():%H:%M:%S} {name} removed by the facilitator")
        changes.tell()
        return JSONResponse({"pair": name, "lights": lights}, headers=HEADERS)

    def run_page(request: Request) -> Response:
        found = row(request)
        shown = request.path_params["run"]
        numbers = {run.run: number for number, run in enumerate(found.runs)} if found else {}
        if found is None or not RUN.fullmatch(shown) or shown not in numbers:
            return refuse(RefusedError(404, "no such run"))
        script_nonce = pages.nonce()  # no script: the nonce lets the page's own style in
        posted_code = store.run_code(found.id, shown)
        return page(pages.run_page(found, numbers[shown], posted_code, script_nonce), script_nonce)

    made_retro: dict[int, retro.Retro] = {}
    making = threading.Lock()

    def retro_page(request: Request) -> Response:
        """The retrospective, worked out once between lights however many read it: it reads
        every light kept, which the board never does."""
        with making:  # readers at once wait for one working it out
            seen = changes.count
            if seen not in made_retro:
                pairs, folded = retro.read_store(store)
                made_retro.clear()
                made_retro[seen] = retro.retrospective(pairs, folded, stuck_after)
            made = made_retro[seen]
        script_nonce = pages.nonce()  # no script: the nonce lets the page's own style in
        return page(pages.retro(made, now(), script_nonce=script_nonce), script_nonce)

    def not_stored(request: Request, error: Exception) -> Response:
        """A post the file of lights cannot take (a full disk): 503, said to the facilitator
        once, and nothing of it counted on the board (the store changes nothing it keeps)."""
        guard.note(
            NOT_STORED, f"Posts refused: the file of lights cannot be written ({error}). Said once."
        )
        return refuse(RefusedError(503, f"the dashboard cannot store lights now ({error})"))

    def counted(refused: RefusedError, headers: dict[str, str] | None = None) -> Response:
        guard.refused[refused.kind] += 1
        return refuse(refused, headers)

    routes = [
        Route("/", dashboard),
        Route("/board", board),
        Route("/pairs/{pair:int}", pair_page),
        Route("/pairs/{pair:int}/view", pair_view),
        Route("/pairs/{pair:int}/runs/{run}", run_page),
        Route("/retro", retro_page),
        Route("/events", events),
        Route("/api/pairs", pairs),
        Route(JOIN, join, methods=["POST"]),
        Route(LIGHTS, lights, methods=["POST"]),
        Route(CODE, code_post, methods=["POST"]),
        Route(REMOVE, remove, methods=["POST"]),
    ]
    return Starlette(
        routes=routes, exception_handlers={ClientDisconnect: gone, sqlite3.Error: not_stored}
    )


async def gone(request: Request, error: Exception) -> Response:
    """A client that went away before its body ended, or was cut off for sending it too
    slowly (``server``): there is no one to answer, nor anything to log."""
    return Response(status_code=400)


def _client(request: Request) -> str:
    """The address a request comes from: what limits count by."""
    return request.client.host if request.client else "unknown"


def refuse(refused: RefusedError, headers: dict[str, str] | None = None) -> Response:
    return PlainTextResponse(
        f"{refused.reason}\n", status_code=refused.status, headers=HEADERS | (headers or {})
    )
