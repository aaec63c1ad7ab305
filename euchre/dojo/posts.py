"""What a post to the dashboard must be: its body within a size, JSON, this dojo's join code,
a token a pair could have been given, and lines that are runs the dashboard will show. Each
refusal is a ``RefusedError``: its status, one line saying why, and the kind under which the
facilitator sees it counted."""

from __future__ import annotations

import hmac
import json
import re
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from euchre.kata.coach.dojo_client.protocol import (
    BODY_LIMIT,
    MOST_LINES,
    name_problem,
    normal_code,
    run_problem,
)
from euchre.kata.coach.record.code import MOST_DIFF, MOST_FILES, Code
from euchre.kata.coach.record.line import Line

if TYPE_CHECKING:
    from euchre.dojo.state import Dojo

CODE_BODY_LIMIT = MOST_DIFF + MOST_FILES + 4096
"""Bytes of a post of one run's code: its diff and files, each within the coach's cap."""
RUN = re.compile("[0-9a-f]{40}")
TOKEN = re.compile("[A-Za-z0-9_-]{0,64}")
"""The tokens the store gives (``secrets.token_urlsafe``), with room to spare; "" before one."""
WRONG_CODE = "wrong code"
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


@dataclass(frozen=True)
class Post:
    """A post that passed every check: a join's name, the pair's token, and their runs."""

    pair: str
    token: str
    runs: list[Line]


def read_post(fields: dict[str, Any], with_lines: bool, now: datetime) -> Post:
    """Check a post's fields (from ``read_fields``): the pair's name or token, each line as
    the dashboard's clock reads ``now``."""
    token = fields.get("token", "")
    if with_lines:
        lines = fields.get("lines")
        if not isinstance(lines, list) or not 1 <= len(lines) <= MOST_LINES:
            raise RefusedError(400, f"lines must be a list of 1 to {MOST_LINES} history lines")
        return Post("", token, [_run(number, line, now) for number, line in enumerate(lines, 1)])
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


def _run(number: int, line: Any, now: datetime) -> Line:
    try:
        run = Line.from_json(json.dumps(line))
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


def dojo_of(request: Request) -> Dojo:
    """The dashboard's state, made in the application's lifespan."""
    dojo: Dojo = request.state.dojo
    return dojo


def client_of(request: Request) -> str:
    """The address a request comes from: what limits count by."""
    return request.client.host if request.client else "unknown"


def refuse(refused: RefusedError, headers: dict[str, str] | None = None) -> Response:
    return PlainTextResponse(
        f"{refused.reason}\n", status_code=refused.status, headers=HEADERS | (headers or {})
    )


def counted(
    request: Request, refused: RefusedError, headers: dict[str, str] | None = None
) -> Response:
    """A refusal, counted under its kind for the facilitator to see."""
    dojo_of(request).guard.refused[refused.kind] += 1
    return refuse(refused, headers)
