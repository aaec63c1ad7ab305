"""What a workspace's coach and the dojo's dashboard agree on: where each post goes, how large
it may be, and what a join code and a pair's name are. The dashboard imports this module and
nothing else of the client, so that the two cannot drift apart.
"""

from __future__ import annotations

JOIN = "/api/join"
"""A pair joins: ``{"code", "pair"}``; the answer gives the pair's token."""
LIGHTS = "/api/lights"
"""A batch of history lines: ``{"code", "token", "lines": [...]}``."""
CODE = "/api/code"
"""One run's code, after its light: ``{"code", "token", "run", "diff", "files"}``."""

BODY_LIMIT = 4096
"""Bytes of a post of lights or of a join: a batch of history lines fits with room to spare."""
BATCH_BYTES = 3000
"""The coach keeps each batch under this, well inside ``BODY_LIMIT``."""
MOST_LINES = 50
"""History lines in one post."""
LONGEST_SCENARIO = 200
"""Characters of a scenario's name in a history line."""
LONGEST_NAME = 40
"""Characters of a pair's name."""


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
