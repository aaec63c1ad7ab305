"""The facilitator's commands to a running dashboard, each with the key its banner gave:
``euchre dojo end`` ends the dojo, ``remove`` removes pairs and their lights, ``hide`` hides
pairs who left from the board. Each answer, or why there is none, is one line."""

from __future__ import annotations

import argparse
import http.client
import json
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime
from typing import Any, TextIO

from euchre.dojo.problems import fail

Actions = Any
"""``euchre dojo``'s subcommands, as argparse gives them."""


def add_parsers(actions: Actions) -> None:
    """``end``, ``remove`` and ``hide``, each given the dashboard and the facilitator's key."""
    for name, helped, run, names in [
        (
            "end",
            "end a running dojo: its clocks stop, and no light counts after",
            end_command,
            False,
        ),
        ("remove", "remove pairs and their lights from a running dashboard", remove_command, True),
        (
            "hide",
            "hide pairs who left from a running dashboard's board; their runs are kept",
            hide_command,
            True,
        ),
    ]:
        command = actions.add_parser(name, help=helped)
        if names:
            command.add_argument(
                "names", nargs="+", metavar="NAME", help="a pair's name, as on the board"
            )
        command.add_argument("--dojo", required=True, metavar="URL", help="the dashboard's address")
        command.add_argument("--key", required=True, help="the facilitator's key the banner gave")
        command.set_defaults(run=run)


REMOVE_SECONDS = 10.0
"""How long a removal may take to be answered."""


def _address(given: str) -> str:
    """``--dojo`` without a trailing slash; "" if it is not a dashboard's address."""
    address = given.rstrip("/")
    parts = urllib.parse.urlsplit(address)
    if parts.scheme not in ("http", "https") or not parts.hostname or not address.isprintable():
        return ""
    return address


NOT_AN_ADDRESS = "--dojo {!r} is not a dashboard's address (http://HOST:PORT)"


def end_command(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """End the dojo at ``--dojo``; when it ended, or why not, in one line."""
    from euchre.kata.coach.dojo_client.protocol import END

    address = _address(args.dojo)
    if not address:
        return fail(NOT_AN_ADDRESS.format(args.dojo))
    ended, problem = _asked(address, END, {"key": args.key}, "ended")
    try:
        at = None if problem else datetime.fromisoformat(ended)
    except (ValueError, TypeError):
        at, problem = None, f"{address} answered, but not as a dashboard does"
    if at is None:
        return fail(problem)
    print(
        f"The dojo has ended at {at.astimezone():%H:%M:%S}: its clocks have stopped, and no"
        " more lights are counted.",
        file=stdout,
    )
    return 0


def remove_command(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Remove each pair named from the dashboard at ``--dojo``, in turn; the first refusal
    ends it, in one line."""
    from euchre.kata.coach.dojo_client.protocol import REMOVE

    address = _address(args.dojo)
    if not address:
        return fail(NOT_AN_ADDRESS.format(args.dojo))
    for name in args.names:
        fields = {"key": args.key, "pair": name}
        lights, problem = _asked(address, REMOVE, fields, "lights")
        if problem:
            return fail(problem)
        print(f"Removed {name!r} and their {lights} light(s).", file=stdout)
    return 0


def hide_command(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Hide each pair named from the board at ``--dojo``, in turn; the first refusal ends it,
    in one line."""
    from euchre.kata.coach.dojo_client.protocol import HIDE

    address = _address(args.dojo)
    if not address:
        return fail(NOT_AN_ADDRESS.format(args.dojo))
    for name in args.names:
        _, problem = _asked(address, HIDE, {"key": args.key, "pair": name}, "hidden")
        if problem:
            return fail(problem)
        print(f"Hid {name!r} from the board; their runs are kept.", file=stdout)
    return 0


def _asked(address: str, path: str, fields: dict[str, str], answer: str) -> tuple[Any, str]:
    """Post ``fields`` to the dashboard at ``address``: the field ``answer`` of its answer,
    and "", or None and why not, in the words of a line."""
    try:
        status, said = _post(address + path, fields)
    except (OSError, http.client.HTTPException, ValueError) as error:
        return None, f"cannot reach the dashboard at {address}: {error}"
    try:
        found = json.loads(said)[answer] if status == 200 else None
    except (ValueError, KeyError, TypeError):
        return None, f"{address} answered, but not as a dashboard does"
    if found is None:
        return None, said.strip() or f"the dashboard answered {status}"
    return found, ""


def _post(url: str, fields: dict[str, str]) -> tuple[int, str]:
    """POST ``fields`` as JSON, with no proxy between (the dashboard is in the room); the status
    and the start of the answer."""
    request = urllib.request.Request(
        url,
        data=json.dumps(fields).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=REMOVE_SECONDS) as answer:
            return answer.status, answer.read(4096).decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read(4096).decode("utf-8", "replace")
