"""Claims on pairs from before tokens, when a pair was only a name.

A join with such a pair's name is given a token, a claim; their name was all there was to them,
and anyone may give it, so the token is theirs only once a light posted with it is one of their
lights (``Store``). Claims are kept in memory: a restart forgets them, and such a pair joins
again.
"""

from __future__ import annotations

import secrets

MOST_CLAIMS = 8
"""Claims kept on one pair: the newest joins with their name."""


class Claims:
    """The claims given and not yet proven or dropped, each token with its pair's id."""

    def __init__(self) -> None:
        self._pairs: dict[str, int] = {}

    def give(self, pair: int) -> str:
        """A new claim on ``pair``; the oldest goes once there are ``MOST_CLAIMS``."""
        held = self.on(pair)
        self.drop(held[: max(len(held) + 1 - MOST_CLAIMS, 0)])
        token = secrets.token_urlsafe(24)
        self._pairs[token] = pair
        return token

    def claimed(self, token: str) -> int | None:
        """The pair ``token`` claims, None if it claims none."""
        return self._pairs.get(token)

    def on(self, pair: int) -> list[str]:
        """The claims on ``pair``, oldest first."""
        return [token for token, claimed in self._pairs.items() if claimed == pair]

    def drop(self, tokens: list[str]) -> None:
        for token in tokens:
            del self._pairs[token]
