"""The dashboard's API: a pair joins, posts lights and the code of a run, the facilitator
removes a pair or ends the dojo, and anyone reads the pairs' lights as JSON. Each post is read
by ``posts``; a refusal is raised, and answered in one line by the application's handlers."""

from __future__ import annotations

import hmac
import json
import math
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from euchre.dojo.guard import JOINS_PER_CLIENT
from euchre.dojo.posts import (
    CODE_BODY_LIMIT,
    HEADERS,
    WRONG_CODE,
    Post,
    RefusedError,
    client_of,
    dojo_of,
    read_body,
    read_code,
    read_fields,
    read_object,
    read_post,
    token_in,
)
from euchre.dojo.store import Store, UnknownPairError
from euchre.kata.coach.dojo_client.protocol import BODY_LIMIT
from euchre.kata.coach.record.line import utc

Answer = TypeVar("Answer")


def pairs(request: Request) -> Response:
    asked = request.query_params.get("page", "1")
    number = int(asked) if asked.isdigit() and len(asked) < 9 else 0
    shown, count = dojo_of(request).store.page(max(number, 1))
    if not 1 <= number <= count:
        raise RefusedError(404, f"no page {asked}: there are {count} page(s)", "")
    listed = [
        {"id": pair.id, "pair": pair.name, "runs": [json.loads(run.to_json()) for run in pair.runs]}
        for pair in shown
    ]
    return JSONResponse({"pairs": listed, "page": number, "pages": count}, headers=HEADERS)


async def guarded(request: Request, limit: int) -> dict[str, Any]:
    """The body's fields, within ``limit``, once it carries the join code; a wrong one is
    counted against the client. A client locked out is refused, unless the post carries a
    pair's token: whoever holds one was given it for the right code."""
    dojo, client = dojo_of(request), client_of(request)
    body = await read_body(request, limit)
    wait = dojo.guard.locked(client)
    if wait and not await run_in_threadpool(dojo.store.knows, token_in(body)):
        minutes = math.ceil(wait / 60)
        raise RefusedError(
            429, f"too many wrong join codes: try again in {minutes} min", "while locked out"
        )
    try:
        return read_fields(body, dojo.code)
    except RefusedError as refused:
        if refused.kind == WRONG_CODE:
            dojo.guard.wrong_code(client)
        raise


async def posted(request: Request, with_lines: bool) -> Post:
    return read_post(await guarded(request, BODY_LIMIT), with_lines, dojo_of(request).clock())


async def join(request: Request) -> Response:
    dojo, client = dojo_of(request), client_of(request)
    post = await posted(request, with_lines=False)
    if not dojo.guard.may_join(client) and not await run_in_threadpool(
        dojo.store.knows, post.token
    ):
        raise RefusedError(
            429,
            f"{JOINS_PER_CLIENT} pairs have joined from this address: ask the facilitator",
            "joins from one address",
        )
    joined = await run_in_threadpool(dojo.store.join, post.pair, post.token)
    if joined.new:
        dojo.guard.joined(client)
        dojo.say(f"{dojo.clock().astimezone():%H:%M:%S} {post.pair} joined")  # the reader's clock
    if joined.new or joined.renamed:
        dojo.changes.tell()
    answer = {"pair": post.pair, "id": joined.id, "token": joined.token}
    return JSONResponse(answer, headers=HEADERS)


async def lights(request: Request) -> Response:
    dojo = dojo_of(request)
    post = await posted(request, with_lines=True)
    added = await run_in_threadpool(dojo.store.add, post.token, post.runs)
    if added:
        dojo.changes.tell()
    duplicates = len(post.runs) - added
    return JSONResponse({"added": added, "duplicates": duplicates}, headers=HEADERS)


async def code_post(request: Request) -> Response:
    token, run, posted_code = read_code(await guarded(request, CODE_BODY_LIMIT))
    added = await run_in_threadpool(dojo_of(request).store.add_code, token, run, posted_code)
    return JSONResponse({"added": int(added)}, headers=HEADERS)


async def facilitators(request: Request) -> dict[str, Any]:
    """The body's fields, once it carries the key the banner gave the facilitator. A wrong key
    counts against the client as a wrong join code does."""
    dojo, client = dojo_of(request), client_of(request)
    fields = read_object(await read_body(request))
    if dojo.guard.locked(client):
        raise RefusedError(429, "too many wrong keys: try again later", "while locked out")
    key = fields.get("key")
    if not isinstance(key, str) or not hmac.compare_digest(
        key.encode("utf-8", "replace"), dojo.store.settings.key.encode()
    ):
        dojo.guard.wrong_code(client)
        raise RefusedError(403, "that is not this dojo's facilitator's key", "wrong key")
    return fields


async def end(request: Request) -> Response:
    """The facilitator ends the dojo: its clocks stop there, and no light counts after."""
    await facilitators(request)
    dojo = dojo_of(request)
    ended = await run_in_threadpool(dojo.store.settings.end, dojo.clock())
    dojo.say(f"{ended.astimezone():%H:%M:%S} the dojo ended: its clocks have stopped")
    dojo.changes.tell()
    return JSONResponse({"ended": utc(ended)}, headers=HEADERS)


async def hide(request: Request) -> Response:
    """The facilitator hides a pair who left from the board, until their next light."""
    name, _ = await _to_pair(request, Store.hide, "hidden")
    return JSONResponse({"pair": name, "hidden": True}, headers=HEADERS)


async def remove(request: Request) -> Response:
    """The facilitator removes a pair, with the key the banner gave them."""
    name, removed = await _to_pair(request, Store.remove, "removed")
    return JSONResponse({"pair": name, "lights": removed}, headers=HEADERS)


async def _to_pair(
    request: Request, action: Callable[[Store, str], Answer], done: str
) -> tuple[str, Answer]:
    """Do the store's ``action`` to the pair the facilitator names, and say it was ``done``:
    the pair's name and what the store answered."""
    dojo = dojo_of(request)
    fields = await facilitators(request)
    name = fields.get("pair")
    if not isinstance(name, str):
        raise RefusedError(400, "no pair's name")
    try:
        answered = await run_in_threadpool(action, dojo.store, name)
    except UnknownPairError as unknown:
        raise RefusedError(404, str(unknown), "") from None
    dojo.say(f"{dojo.clock().astimezone():%H:%M:%S} {name} {done} by the facilitator")
    dojo.changes.tell()
    return name, answered
