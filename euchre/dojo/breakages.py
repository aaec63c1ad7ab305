"""Scenarios that had passed and failed again: each time a pair broke some, and the question
of them for the room (which change broke them, and what would have told you before?)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import NamedTuple

from euchre.kata.coach.record.line import Line


class Breakage(NamedTuple):
    """A red run on scenarios that had passed before: the first that failed, how many failed of
    how many reached, and how many of those were newly revealed (whether those failed is not);
    then how long and how many runs it took to be green again (None: not by the end), and the
    names of those that failed that had passed, where the line keeps them (``Line.failures``)."""

    red_on: str
    failed: int
    reached: int
    revealed: int
    mended: timedelta | None = None
    runs: int = 0
    names: tuple[str, ...] = ()
    reverted: bool = False
    """Whether baby steps put the files back on the way to green again, not the pair."""


@dataclass(frozen=True)
class Breakages:
    """Pairs, each with the times they went red on scenarios that had passed before."""

    pairs: tuple[tuple[str, int], ...]
    first: tuple[Breakage, ...]
    """Each pair's first time, in the order of ``pairs``: which scenarios a room is asked about."""
    second: tuple[Breakage | None, ...] = ()
    """Each pair's second time, where they broke scenarios twice (None otherwise): said too."""

    @property
    def once(self) -> Breakage | None:
        """Where one pair did so once: that time."""
        return self.first[0] if len(self.pairs) == 1 and self.pairs[0][1] == 1 else None


def asked(broke: Sequence[tuple[str, tuple[Breakage, ...]]]) -> list[Breakages]:
    """The question of the pairs who broke scenarios (``broke``: each pair's name and times),
    if any did."""
    counted = tuple((name, len(times)) for name, times in broke if times)
    if not counted:
        return []
    firsts = tuple(times[0] for _, times in broke if times)
    seconds = tuple(times[1] if len(times) == 2 else None for _, times in broke if times)
    return [Breakages(counted, firsts, seconds)]


def _marks(runs: Sequence[Line]) -> list[Breakage | None]:
    """For each run red on scenarios that had passed before, with nothing more specified (a
    step or example made to check more is a new test doing its job), its ``Breakage``; None
    for any other run."""
    passed: set[str] = set()  # each scenario is the newest of the green that made it pass
    reached, specified = 0, ""  # at the last green
    found: list[Breakage | None] = []
    for index, run in enumerate(runs):
        # Red on the newest, with nothing new revealed (an example of a later stage may share
        # an earlier one's name), or on an earlier one.
        newest = run.reached <= reached and run.scenario in passed
        earlier = run.failing in passed if run.failing else newest
        if run.light == "red" and earlier and run.specified == specified:
            revealed = max(run.reached - reached, 0)
            broken = {run.red_on, *run.failures}
            again = next((n for n in range(index, len(runs)) if _passes(runs[n], broken)), None)
            mended = None if again is None else runs[again].time - run.time
            runs_later = 0 if again is None else again - index
            said = (run.red_on, run.reached - run.passed, run.reached, revealed)
            names = tuple(name for name in run.failures if name in passed)  # not one revealed
            put_back = any(later.reverted for later in runs[index : again or len(runs)])
            found.append(Breakage(*said, mended, runs_later, names, put_back))
        else:
            found.append(None)
        if run.light == "green":
            passed.add(run.scenario)
            reached, specified = run.reached, run.specified
    return found


def _passes(run: Line, broken: set[str]) -> bool:
    """Whether ``broken`` pass again at ``run``: it is green, or red on another scenario, the
    newest, with none of them failing."""
    if run.light != "red":
        return run.light == "green"
    return not run.failing and run.red_on not in broken and not broken.intersection(run.failures)


def each_time(runs: Sequence[Line]) -> tuple[Breakage, ...]:
    """Each time ``runs`` went red on scenarios that had passed before: its first such run's."""
    found = _marks(runs)
    return tuple(
        mark for mark, before in zip(found, (None, *found), strict=False) if mark and not before
    )
