"""What keeps one client from locking the others out: wrong join codes are limited per client,
live-update streams per client and in all, and connections per client, each of whose requests
must arrive within a few seconds (``server``).

A client is the address a connection comes from, or, from a proxy the facilitator names, the
address it forwards for. Every refusal is counted for the facilitator; the clock is given, so
that a lockout can be tested without waiting for it.
"""

from __future__ import annotations

import ipaddress
import resource
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

WRONG_CODES = 10
"""Wrong join codes a client may send before it is locked out."""
LOCKOUT = 600.0
"""Seconds a client is locked out for; wrong codes older than this are forgotten."""
JOINS_PER_CLIENT = 10
"""New pairs that may join from one address: a machine holds a pair or two, and a room behind
one address a few more; past that, someone is making pairs up."""
STREAMS_PER_CLIENT = 6
"""Live pages one client may keep open at once (a browser opens six connections to a host)."""
MOST_STREAMS = 200
"""Live pages in all, at most; the rest poll."""
SPARE_DESCRIPTORS = 100
"""File descriptors kept out of the streams' reach: for posts, pages and the database."""
CONNECTIONS_PER_CLIENT = 16
"""Connections one address may hold open at once: a browser opens six to a host, a pair's coach
one at a time; a proxy the facilitator names has no limit."""
REQUEST_SECONDS = 5.0
"""Seconds a request's head and body may take to arrive, from its first byte (or from when its
connection was made); a pair's coach sends a post at once, and gives up after one second."""
UNREAD_SECONDS = 10.0
"""Seconds an answer may wait for its client to read any of it, once the socket's buffers are
full: a client that asks and never reads would hold its connection for ever."""

Clock = Callable[[], float]


def streams_in_all(most: int = MOST_STREAMS) -> int:
    """As many streams as the process's file descriptors allow, leaving the spare ones."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return most
    return max(min(most, soft - SPARE_DESCRIPTORS), 0)


@dataclass
class _Guesses:
    wrong: int = 0
    last: float = 0.0
    locked_until: float = 0.0


class Guard:
    """Counts the refusals, and locks a client out after ``WRONG_CODES`` wrong codes."""

    def __init__(self, clock: Clock = time.monotonic, say: Callable[[str], None] = print) -> None:
        self.clock = clock
        self.say = say
        self.refused: Counter[str] = Counter()
        """Every refusal, by its kind (``RefusedError.kind``): what the facilitator sees."""
        self.lockouts = 0
        self._clients: dict[str, _Guesses] = {}
        self._joins: Counter[str] = Counter()

    def may_join(self, client: str) -> bool:
        """Whether a new pair may join from ``client``: fewer than ``JOINS_PER_CLIENT`` have."""
        return self._joins[client] < JOINS_PER_CLIENT

    def joined(self, client: str) -> None:
        self._joins[client] += 1

    def locked(self, client: str) -> float:
        """Seconds until ``client`` may try again; 0 if it is not locked out."""
        guesses = self._clients.get(client)
        return max(guesses.locked_until - self.clock(), 0.0) if guesses else 0.0

    def wrong_code(self, client: str) -> None:
        now = self.clock()
        guesses = self._clients.setdefault(client, _Guesses())
        if now - guesses.last > LOCKOUT:
            guesses.wrong = 0
        guesses.wrong, guesses.last = guesses.wrong + 1, now
        if guesses.wrong >= WRONG_CODES:
            guesses.wrong, guesses.locked_until = 0, now + LOCKOUT
            self.lockouts += 1
            self.say(
                f"{client} is locked out for {LOCKOUT / 60:.0f} min: {WRONG_CODES} wrong join codes"
            )
        self._forget(now)

    def _forget(self, now: float) -> None:
        """Drop the clients with nothing to remember, so that many addresses cost no memory."""
        if len(self._clients) > 1000:
            for client, guesses in list(self._clients.items()):
                if now - guesses.last > LOCKOUT and guesses.locked_until <= now:
                    del self._clients[client]

    def locked_out(self) -> int:
        """How many clients are locked out now."""
        now = self.clock()
        return sum(guesses.locked_until > now for guesses in self._clients.values())

    def note(self, kind: str, said: str) -> None:
        """Count a refusal made below the application, by the connection: ``said`` to the
        facilitator the first time of its kind alone, so that thousands of them are one line."""
        if not self.refused[kind]:
            self.say(said)
        self.refused[kind] += 1


class Proxies:
    """The proxies the facilitator names (``--forwarded-allow-ips``): addresses or networks,
    comma-separated, or ``*`` for any. ValueError for anything else."""

    def __init__(self, named: str | None) -> None:
        items = [] if named is None else [item.strip() for item in named.split(",")]
        self.anyone = "*" in items
        self.networks = [ipaddress.ip_network(item, strict=False) for item in items if item != "*"]

    @property
    def named(self) -> str:
        """As uvicorn reads them: ``*`` alone for any, each network as it is written plainly
        (``127.0.0.1/8`` is ``127.0.0.0/8``), so that it believes the very same proxies."""
        return "*" if self.anyone else ",".join(map(str, self.networks))

    def __contains__(self, address: str) -> bool:
        try:
            found = ipaddress.ip_address(address)
        except ValueError:
            return self.anyone
        return self.anyone or any(found in network for network in self.networks)


class Connections:
    """The open connections, per client, within ``per_client``: one address cannot take every
    file descriptor the process has, however slowly its requests come. A proxy's are not
    counted: they carry many clients' requests."""

    def __init__(self, per_client: int, guard: Guard, proxies: Proxies) -> None:
        self.per_client = per_client
        self.guard = guard
        self.proxies = proxies
        self.open: Counter[str] = Counter()

    def take(self, client: str) -> bool:
        """Whether ``client`` may hold one more connection; if so, it is counted open."""
        if client in self.proxies:
            return True
        if self.open[client] >= self.per_client:
            self.guard.note(
                TOO_MANY_CONNECTIONS,
                f"Connections refused beyond {self.per_client} at once from one address"
                " (answered 503: a pair's coach keeps its lights for its next run). Said once.",
            )
            return False
        self.open[client] += 1
        return True

    def give_back(self, client: str) -> None:
        if client in self.open:
            self.open[client] -= 1
            if not self.open[client]:
                del self.open[client]


TOO_MANY_CONNECTIONS = "too many connections"
TOO_SLOW = "too slow"
UNREAD = "answer unread"


class Streams:
    """The open live-update streams, per client, within their limits."""

    def __init__(self, per_client: int, in_all: int, say: Callable[[str], None]) -> None:
        self.per_client = per_client
        self.in_all = in_all
        self.say = say
        self.open: Counter[str] = Counter()
        self._said = False

    def take(self, client: str) -> bool:
        """Whether ``client`` may open one more stream; if so, it is counted open."""
        if self.open[client] >= self.per_client or self.open.total() >= self.in_all:
            if not self._said:  # once: an attacker's thousands of attempts are one line
                self._said = True
                self.say(
                    f"Live updates refused beyond {self.in_all} pages ({self.per_client} per"
                    " address): those pages refresh every 10 s instead. Said once."
                )
            return False
        self.open[client] += 1
        return True

    def give_back(self, client: str) -> None:
        self.open[client] -= 1
        if not self.open[client]:
            del self.open[client]
