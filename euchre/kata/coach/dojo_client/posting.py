"""Posts to the dashboard, each within the time a run may spend on them."""

from __future__ import annotations

import http.client
import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from ..record.joined import Joined
from .protocol import BATCH_BYTES

HOST = re.compile(r"[A-Za-z0-9._-]+|[0-9A-Fa-f:.]+")
"""A host's name or address, IPv4 or IPv6, as urllib can reach it: ASCII (no IDNA here)."""


def is_address(address: str) -> bool:
    """Whether ``address`` can be a dashboard's: http or https, a host, and a port there can be
    (1 to 65535) if one is given; no spaces, no query, no fragment."""
    try:
        parts = urllib.parse.urlsplit(address)
        port = parts.port  # ValueError when out of range, or not a number
    except ValueError:
        return False
    return (
        parts.scheme in ("http", "https")
        and bool(HOST.fullmatch(parts.hostname or ""))
        and port != 0
        and address.isprintable()
        and not any(character.isspace() for character in address)
        and not (parts.query or parts.fragment or address.endswith(("?", "#")))
    )


def batch_of(settings: Joined, lines: list[str]) -> list[Any]:
    """The first lines that fit in one post (one at least, however long)."""
    batch: list[Any] = []
    size = len(json.dumps(payload(settings, {"lines": []})))
    for line in lines:
        size += len(line.encode("utf-8")) + 2
        if batch and size > BATCH_BYTES:
            break
        batch.append(json.loads(line))
    return batch


def payload(settings: Joined, fields: dict[str, Any]) -> dict[str, Any]:
    return {"code": settings.code, "token": settings.token, **fields}


OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""The dashboard is on the room's network: a proxy set for the internet must not stand between."""
UNREACHABLE = (OSError, http.client.HTTPException, ValueError)
"""Refused, timed out, reset, not HTTP, or not an address at all: try again next run."""


def post_json(
    settings: Joined, path: str, fields: dict[str, Any], timeout: float
) -> tuple[int, str]:
    """POST JSON; return the status and the first line of the answer."""
    body = json.dumps(payload(settings, fields), ensure_ascii=False).encode("utf-8")
    request = urllib.request.Request(
        settings.address + path,
        data=body,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with OPENER.open(request, timeout=timeout) as answer:
            status, text = answer.status, answer.read(500)
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read(500)
        error.close()
    reason = text.decode("utf-8", errors="replace").strip().splitlines()
    return status, reason[0] if reason else str(status)


class UnansweredError(TimeoutError):
    """A post sent, and not answered within the run's time: the dashboard may have taken it."""


def post_within(
    settings: Joined, path: str, fields: dict[str, Any], seconds: float
) -> tuple[int, str]:
    """``post_json``, given up after ``seconds`` in all, however slowly the dashboard answers: a
    socket's timeout bounds each read, not the sum of them."""
    if seconds <= 0:
        raise TimeoutError("out of time for this run")
    answer: list[tuple[int, str]] = []
    failure: list[Exception] = []

    def post() -> None:
        try:
            # The socket may wait a little longer: the deadline below is the one that counts.
            answer.append(post_json(settings, path, fields, seconds + 1))
        except Exception as error:
            failure.append(error)

    poster = threading.Thread(target=post, daemon=True)  # left behind if it overruns
    poster.start()
    poster.join(seconds)
    if failure:
        raise failure[0]
    if not answer:
        raise UnansweredError("out of time for this run")
    return answer[0]


def why(error: Exception) -> str:
    reason = getattr(error, "reason", None) or error
    return str(reason).splitlines()[0] if str(reason) else type(error).__name__


def unreached(address: str, error: Exception, what: str = "") -> str:
    """Why a post got no answer, in words: one sent and not answered in the run's time may have
    been taken, and is said so."""
    if isinstance(error, UnansweredError):
        return (
            f"no answer from {address}{what} in this run's time (what it took is not counted twice)"
        )
    return f"could not reach {address} ({why(error)})"
