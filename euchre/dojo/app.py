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
| ``POST /api/hide`` | ``{"key", "pair"}``: the facilitator hides a pair who left from the board |
| ``POST /api/end`` | ``{"key"}``: the facilitator ends the dojo; later lights and joins: 410 |
| ``GET /pairs/{id}/runs/{run}`` | one run of a pair's: its diff from the run before, its files |
| ``GET /retro`` | the retrospective: each pair's rhythm, and questions for the room |

The endpoints are Starlette's plain functions and coroutines, at module level, in one list of
routes; what they share (``state.Dojo``) is made in the application's lifespan. A refused post
gets a 4xx and one line saying why (``posts``); each refusal is counted, and the board shows
the counts to the facilitator. A client that sends ``WRONG_CODES`` wrong codes is locked out
for a while (429), but for its posts that carry a pair's token. Event streams are limited per
client and in all; a page refused one polls. The database work and the rendering run in
Starlette's threads, off the event loop. The pages and the API show nothing of a workspace but
its lights, and the code each run posted.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any, cast

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import (
    HTMLResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from euchre.dojo import pages, retro
from euchre.dojo.api import code_post, end, hide, join, lights, pairs, remove
from euchre.dojo.board import IDLE_MINUTES, STUCK_MINUTES, Row
from euchre.dojo.guard import STREAMS_PER_CLIENT, Guard, Streams, streams_in_all
from euchre.dojo.posts import (
    HEADERS,
    RUN,
    RefusedError,
    client_of,
    counted,
    dojo_of,
    refuse,
)
from euchre.dojo.runs_code import UnknownRunError
from euchre.dojo.settings import DojoEndedError
from euchre.dojo.state import Dojo
from euchre.dojo.store import DojoFullError, NameTakenError, Store, UnknownPairError
from euchre.kata.coach.dojo_client.protocol import CODE, END, ENDED, HIDE, JOIN, LIGHTS, REMOVE

KEEP_ALIVE = 15.0
"""Seconds between comments on an idle event stream, so that no proxy closes it."""
WAKE = 0.5
"""Seconds an event stream waits before it checks whether the server is closing."""
STREAM_SECONDS = 600.0
"""An event stream ends after this long; the browser opens another a second later."""
NOT_STORED = "not stored"


def page(html: str, script_nonce: str | None = None) -> HTMLResponse:
    scripts = f"'nonce-{script_nonce}'" if script_nonce else "'none'"
    policy = (
        f"default-src 'none'; script-src {scripts}; style-src {scripts};"
        " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    return HTMLResponse(html, headers=HEADERS | {"Content-Security-Policy": policy})


# The pages are plain functions: Starlette runs them in its threads, off the event loop.
def dashboard(request: Request) -> Response:
    script_nonce = pages.nonce()
    drawn = dojo_of(request).board(str(request.base_url).rstrip("/"))
    return page(
        pages.dashboard(drawn.pairs, drawn.html, script_nonce, drawn.stuck, drawn.idle),
        script_nonce,
    )


def board(request: Request) -> Response:
    return page(dojo_of(request).board(str(request.base_url).rstrip("/")).html)


def _row(request: Request) -> Row:
    dojo = dojo_of(request)
    kept = dojo.store.pair(request.path_params["pair"])
    if kept is None:
        raise RefusedError(404, "no such pair", "")
    measured = {kept.runs[index].run for index in retro.measured(kept.runs)} - {""}
    code = {run: found for run in measured if (found := dojo.store.run_code(kept.id, run))}
    return Row(
        *(kept.id, kept.name, kept.summary, dojo.now(), kept.runs, kept.folded.runs),
        code=code,
    )


def pair_page(request: Request) -> Response:
    script_nonce = pages.nonce()
    return page(pages.pair_page(_row(request), script_nonce), script_nonce)


def pair_view(request: Request) -> Response:
    return page(pages.pair_view(_row(request)))


def run_page(request: Request) -> Response:
    found = _row(request)
    shown = request.path_params["run"]
    numbers = {run.run: number for number, run in enumerate(found.runs)}
    if not RUN.fullmatch(shown) or shown not in numbers:
        raise RefusedError(404, "no such run", "")
    script_nonce = pages.nonce()  # no script: the nonce lets the page's own style in
    posted_code = dojo_of(request).store.run_code(found.id, shown)
    return page(pages.run_page(found, numbers[shown], posted_code, script_nonce), script_nonce)


def retro_page(request: Request) -> Response:
    dojo = dojo_of(request)
    script_nonce = pages.nonce()  # no script: the nonce lets the page's own style in
    made = pages.retro(
        dojo.retrospective(),
        script_nonce=script_nonce,
        written=dojo.clock(),
        ended=dojo.store.settings.ended,
    )
    return page(made, script_nonce)


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


async def events(request: Request) -> Response:
    dojo, client = dojo_of(request), client_of(request)
    if not dojo.streams.take(client):
        busy = "too many live pages: this one refreshes every 10 s instead"
        return counted(request, RefusedError(503, busy, "live page"), {"Connection": "close"})

    async def stream() -> AsyncIterator[str]:
        changes = dojo.changes
        yield "retry: 1000\n\n"
        seen, quiet, lived = -1, 0.0, 0.0
        while not dojo.closing() and lived < STREAM_SECONDS:
            if dojo.mark_due():
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

    return _Stream(stream(), lambda: dojo.streams.give_back(client))


ROUTES = [
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
    Route(END, end, methods=["POST"]),
    Route(HIDE, hide, methods=["POST"]),
]


def refused(request: Request, error: Exception) -> Response:
    """A ``RefusedError``: one line, counted under its kind unless it has none (a page or a
    pair that is not there is no one's misdeed)."""
    refusal = cast(RefusedError, error)  # the handler of RefusedError alone
    return counted(request, refusal) if refusal.kind else refuse(refusal)


STORE_REFUSALS: dict[type[Exception], tuple[int, str, str]] = {
    NameTakenError: (409, "{}", "name taken"),
    DojoFullError: (403, "{}", "dojo full"),
    UnknownPairError: (403, "{}", "unknown pair"),
    UnknownRunError: (404, "{}: its light comes first", "unknown run"),
    DojoEndedError: (ENDED, "{}", ""),
}
"""What the store's refusals are answered with: a status, the words, and the kind counted."""


def refused_by_store(request: Request, error: Exception) -> Response:
    status, words, kind = STORE_REFUSALS[type(error)]
    refusal = RefusedError(status, words.format(error), kind)
    return counted(request, refusal) if kind else refuse(refusal)


def not_stored(request: Request, error: Exception) -> Response:
    """A post the file of lights cannot take (a full disk): 503, said to the facilitator
    once, and nothing of it counted on the board (the store changes nothing it keeps)."""
    dojo_of(request).guard.note(
        NOT_STORED, f"Posts refused: the file of lights cannot be written ({error}). Said once."
    )
    return refuse(RefusedError(503, f"the dashboard cannot store lights now ({error})"))


async def gone(request: Request, error: Exception) -> Response:
    """A client that went away before its body ended, or was cut off for sending it too
    slowly (``server``): there is no one to answer, nor anything to log."""
    return Response(status_code=400)


def create_app(
    store: Store,
    closing: Callable[[], bool] = lambda: False,
    say: Callable[[str], None] = lambda line: None,
    guard: Guard | None = None,
    streams: Streams | None = None,
    stuck_after: int = STUCK_MINUTES,
    clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    idle_after: int = IDLE_MINUTES,
) -> Starlette:
    """The dashboard for ``store``; ``closing`` tells event streams the server is stopping.
    A pair is marked stuck after ``stuck_after`` minutes without green, and idle after
    ``idle_after`` without a run, by ``clock``."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Dojo]]:
        yield {
            "dojo": Dojo(
                store,
                guard or Guard(say=say),
                streams or Streams(STREAMS_PER_CLIENT, streams_in_all(), say),
                clock,
                stuck_after,
                say,
                closing,
                idle_after,
            )
        }

    handlers: dict[Any, Any] = {
        ClientDisconnect: gone,
        RefusedError: refused,
        sqlite3.Error: not_stored,
    } | dict.fromkeys(STORE_REFUSALS, refused_by_store)
    return Starlette(routes=ROUTES, lifespan=lifespan, exception_handlers=handlers)
