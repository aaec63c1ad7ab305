"""`make progress`: the history as a row of lights, time per stage, and red-to-green cycles."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta
from itertools import pairwise

from .history import LIGHTS, Run


def minutes(span: timedelta) -> str:
    total = round(span.total_seconds() / 60)
    return f"{total // 60} h {total % 60:02d} min" if total >= 60 else f"{total} min"


def report(runs: list[Run]) -> list[str]:
    """The lines `make progress` prints for ``runs``, oldest first."""
    if not runs:
        return ["No runs yet: `make test` starts the history."]
    lines = ["Lights: " + "".join(LIGHTS[run.light] for run in runs)]
    per_stage: dict[tuple[int, str], timedelta] = defaultdict(timedelta)
    for run, after in pairwise(runs):
        per_stage[run.stage, run.name] += after.time - run.time
    per_stage.setdefault((runs[-1].stage, runs[-1].name), timedelta())
    lines.append("Time in each stage:")
    lines += [
        f"  Stage {n}, {name}: {minutes(span)}" for (n, name), span in sorted(per_stage.items())
    ]
    lines.append(f"Red-to-green cycles: {cycles(runs)}")
    lines.append(f"Longest stretch red: {minutes(longest_red(runs))}")
    last = runs[-1]
    lines.append(
        f"Now: stage {last.stage} of {last.stages}, {last.name}:"
        f" {last.passed} of {last.total} scenarios pass {LIGHTS[last.light]}"
    )
    return lines


def cycles(runs: list[Run]) -> int:
    """How many times a red run was followed, sooner or later, by a green one."""
    count, red = 0, False
    for run in runs:
        if run.light == "red":
            red = True
        elif run.light == "green" and red:
            count, red = count + 1, False
    return count


def longest_red(runs: list[Run]) -> timedelta:
    """The longest time from a red run to the first run after it that was not red."""
    longest, since = timedelta(), None
    for run in runs:
        if run.light == "red":
            since = since or run.time
        elif since is not None:
            longest, since = max(longest, run.time - since), None
    if since is not None:
        longest = max(longest, runs[-1].time - since)
    return longest
