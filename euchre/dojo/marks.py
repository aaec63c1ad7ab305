"""The minutes after which a board marks a pair stuck or idle, as the dojo's commands take
them: ``--stuck-after`` and ``--idle-after``, each a whole number of minutes. The dashboard
keeps its own in its file (settings.py), so that a page written after the dojo marks the pairs
as the board did unless the facilitator gives others."""

from __future__ import annotations

import argparse

from euchre.dojo.board import IDLE_MINUTES, STUCK_MINUTES

LONGEST = 24 * 60
"""The most minutes either mark may wait: a day."""
NOT_MINUTES = "{} {!r} is not a number of minutes: 1 to " + str(LONGEST)


def add_options(command: argparse.ArgumentParser, stuck: str, idle: str) -> None:
    """``--stuck-after`` and ``--idle-after``, worded by ``stuck`` and ``idle``: the dashboard's
    with their defaults; a page's defaulting to what the dashboard kept."""
    serving = command.prog.endswith("serve")
    for option, meaning, default in (
        ("--stuck-after", stuck, STUCK_MINUTES),
        ("--idle-after", idle, IDLE_MINUTES),
    ):
        command.add_argument(
            option,
            metavar="N",
            default=str(default) if serving else None,
            help=f"{meaning} (default {default}"
            + ("" if serving else ", or the dashboard's, as its file or export keeps it")
            + ")",
        )


def given(args: argparse.Namespace) -> dict[str, int] | str:
    """The minutes given, by name (``stuck_after``, ``idle_after``); why not, in one line."""
    found = {}
    for name, value in (("stuck_after", args.stuck_after), ("idle_after", args.idle_after)):
        if value is not None:
            minutes = _minutes(value)
            if minutes is None:
                return NOT_MINUTES.format("--" + name.replace("_", "-"), value)
            found[name] = minutes
    return found


def _minutes(value: str) -> int | None:
    """Whole minutes, 1 to ``LONGEST``; None for anything else."""
    if not (value.isdecimal() and len(value) <= 4) or not 1 <= int(value) <= LONGEST:
        return None
    return int(value)
