"""What a workspace's coach and the dojo's dashboard agree on: where each post goes, how large
it may be, and what a join code and a pair's name are. The dashboard imports this module and
nothing else of the client, so that the two cannot drift apart.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from ..record.line import Line, utc

JOIN = "/api/join"
"""A pair joins: ``{"code", "pair"}``; the answer gives the pair's token."""
LIGHTS = "/api/lights"
"""A batch of history lines: ``{"code", "token", "lines": [...]}``."""
CODE = "/api/code"
"""One run's code, after its light: ``{"code", "token", "run", "diff", "files"}``."""
REMOVE = "/api/remove"
"""The facilitator removes a pair and their lights: ``{"key", "pair"}``."""
HIDE = "/api/hide"
"""The facilitator hides a pair who left from the board, until their next light:
``{"key", "pair"}``."""
END = "/api/end"
"""The facilitator ends the dojo: ``{"key"}``; its clocks stop, and no light counts after."""
ENDED = 410
"""The dashboard's answer to lights, or a join, after the dojo's end."""

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
AHEAD = timedelta(minutes=5)
"""How far ahead of the dashboard's clock a light's time may be: a learner's clock a little
fast. A light from further ahead would stay the newest, and the board's times would be
worked out from it."""


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


def run_problem(run: Line, now: datetime) -> str | None:
    """Why the dashboard will not show ``run`` at ``now``, or None if it will."""
    if not 0 <= run.passed <= run.reached:
        return "passed must be between 0 and reached"
    if len(run.scenario) > LONGEST_SCENARIO:
        return "the scenario's name is too long"
    if len(run.failing) > LONGEST_SCENARIO:
        return "the failing scenario's name is too long"
    if run.time > now + AHEAD:
        return (
            f"its time, {utc(run.time)}, is over {AHEAD.seconds // 60} minutes ahead of the"
            f" dashboard's clock ({utc(now)})"
        )
    return None
