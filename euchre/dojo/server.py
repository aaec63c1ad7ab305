"""Serving the dashboard with uvicorn, on a socket bound before it starts (its banner, where
pairs join, is banner.py's)."""

from __future__ import annotations

import asyncio
import http
import logging
import socket
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, ClassVar

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from euchre.dojo.app import create_app
from euchre.dojo.board import IDLE_MINUTES, STUCK_MINUTES
from euchre.dojo.guard import (
    CONNECTIONS_PER_CLIENT,
    REQUEST_SECONDS,
    TOO_SLOW,
    UNREAD,
    UNREAD_SECONDS,
    Connections,
    Guard,
    Proxies,
    Streams,
)
from euchre.dojo.store import Store


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port`` (0 for any free port); OSError if it cannot."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


class GuardedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1, within three limits: ``CONNECTIONS_PER_CLIENT`` connections open from
    one address (``Connections``), ``REQUEST_SECONDS`` for each request's head and body to
    arrive, from its first byte or, for the first, from the connection, and ``UNREAD_SECONDS``
    for an answer to be read once the buffers are full. A connection over the limit is answered
    503 and closed before it is read; a request cut off, 408, unless its answer has begun (one
    that sent nothing is closed without a word); an answer unread is dropped.

    A subclass, because uvicorn has no public hook for any of the three: its
    ``limit_concurrency`` counts every client's connections together, and its timeouts are for
    keep-alive connections between requests and for the graceful shutdown, not for a request's
    head and body or for an answer no one reads."""

    held: ClassVar[Connections]

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self.address = self.client[0] if self.client else "unknown"
        self.deadline: asyncio.TimerHandle | None = None
        self.unread: asyncio.TimerHandle | None = None
        self.heard = False
        self.counted = self.held.take(self.address)
        if not self.counted:
            self._answer(503, "too many connections from this address at once: try again soon")
            return
        self._arm()

    def data_received(self, data: bytes) -> None:
        self.heard = True
        if self.deadline is None:  # the first byte of a request
            self._arm()
        super().data_received(data)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):  # all of it has come
            _cancel(self.deadline)
            self.deadline = None

    def pause_writing(self) -> None:
        super().pause_writing()  # asyncio's buffer is full: so is the socket's
        self.unread = self.loop.call_later(UNREAD_SECONDS, self._unread)

    def resume_writing(self) -> None:
        super().resume_writing()
        _cancel(self.unread)
        self.unread = None

    def _unread(self) -> None:
        self.held.guard.note(
            UNREAD,
            f"Answers dropped after {UNREAD_SECONDS:g} s unread, with their connections. Said"
            " once.",
        )
        self.transport.abort()  # closing would wait for the buffer to be read: for ever

    def connection_lost(self, exc: Exception | None) -> None:
        _cancel(self.deadline)
        self.deadline = None
        _cancel(self.unread)
        self.unread = None
        if self.counted:
            self.held.give_back(self.address)
            self.counted = False
        super().connection_lost(exc)

    def _arm(self) -> None:
        self.deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _too_slow(self) -> None:
        self.deadline = None
        if not self.heard:  # a connection a browser opened ahead of need, say
            self.transport.close()
            return
        self.held.guard.note(
            TOO_SLOW,
            f"Requests cut off after {REQUEST_SECONDS:g} s: their head or body came too slowly"
            " (answered 408). Said once.",
        )
        if self.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE):
            self._answer(408, f"the request took over {REQUEST_SECONDS:g} s to arrive")
        self.transport.close()

    def _answer(self, status: int, reason: str) -> None:
        """Say ``status`` and ``reason``, and close: written as it is, since h11 may not have
        read a request to answer."""
        body = f"{reason}\n".encode()
        head = (
            f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}\r\n"
            f"content-type: text/plain; charset=utf-8\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n"
        )
        self.transport.write(head.encode() + body)
        self.transport.close()


def _cancel(timer: asyncio.TimerHandle | None) -> None:
    if timer is not None:
        timer.cancel()


class SaidOnce(logging.Filter):
    """uvicorn's warnings, each said once however often it happens: a client may cause one
    with every request it sends (one that is not HTTP, say). Its advice to install a WebSocket
    library is not said at all: the dashboard has no use for one. Answers it cancels at a stop
    (a crowd's pages still being drawn) are said in one line, not in a traceback each."""

    def __init__(self) -> None:
        super().__init__()
        self.said: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], asyncio.CancelledError):
            record.msg = "Answers still being made when the dashboard stopped were cut off."
            record.exc_info = None
        elif record.levelno != logging.WARNING:
            return True
        if str(record.msg).startswith("No supported WebSocket library") or record.msg in self.said:
            return False
        self.said.add(record.msg)
        record.msg = f"{record.msg} Said once, however often it happens."
        return True


class DojoServer(uvicorn.Server):
    """uvicorn serving the dashboard for ``store``; its event streams end when it stops. The
    address a request comes from is its connection's, or, from the ``proxies`` the facilitator
    names alone, the one their ``X-Forwarded-For`` names.

    When the process runs out of file descriptors, the event loop cannot accept connections
    for a moment, and would log a traceback each time it tries: that is said once instead.
    """

    def __init__(
        self,
        store: Store,
        say: Callable[[str], None] = lambda line: None,
        streams: Streams | None = None,
        proxies: Proxies | None = None,
        stuck_after: int = STUCK_MINUTES,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        idle_after: int = IDLE_MINUTES,
    ) -> None:
        guard = Guard(say=say)
        app = create_app(
            store,
            closing=lambda: self.should_exit,
            say=say,
            guard=guard,
            streams=streams,
            stuck_after=stuck_after,
            clock=clock,
            idle_after=idle_after,
        )

        class Protocol(GuardedProtocol):
            held = Connections(CONNECTIONS_PER_CLIENT, guard, proxies or Proxies(None))

        config = uvicorn.Config(
            app,
            http=Protocol,
            ws="none",
            # uvicorn believes X-Forwarded-For from 127.0.0.1 by default: anyone on this machine
            # could then have wrong codes counted against another address, and guess freely.
            proxy_headers=proxies is not None,
            forwarded_allow_ips=proxies.named if proxies else "",
            lifespan="on",
            log_config=None,
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=2,
        )
        super().__init__(config)
        self.say = say
        self.out_of_descriptors = 0

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        asyncio.get_running_loop().set_exception_handler(self._trouble)
        once = SaidOnce()
        logging.getLogger("uvicorn.error").addFilter(once)
        try:
            await super().serve(sockets)
        finally:
            logging.getLogger("uvicorn.error").removeFilter(once)

    def _trouble(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", ""))
        if self.out_of_descriptors and self.should_exit and "._start_serving(" in message:
            return  # accepting again, a second after running out, on a socket closed since
        if not message.startswith("socket.accept() out of system"):
            loop.default_exception_handler(context)
            return
        self.out_of_descriptors += 1
        if self.out_of_descriptors == 1:
            self.say(
                "Out of file descriptors: new connections wait until some close."
                " Said once, however often it happens."
            )
