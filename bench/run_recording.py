"""What keeping each run's code costs the learner's loop: ``runs.record`` in a fresh workspace.

It makes a workspace (`make kata`), then records RUNS runs, changing one line of the model
before each, as a learner does between two `make test`; and prints the median, the quartiles
and the slowest, in milliseconds. The issue's budget is 50 ms a run.

    .venv/bin/python bench/run_recording.py [--runs 200]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from euchre.kata import workspace
from euchre.kata.coach.record import learner, runs

BUDGET_MS = 50.0


def measure(count: int) -> tuple[list[float], list[float]]:
    """Milliseconds each of ``count`` recordings took: on the clock, and of processor time."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "kata"
        workspace.create(target)
        paths = learner.load(target).paths
        model = target / "euchre" / "cards.py"
        original = model.read_text()
        took, busy = [], []
        for number in range(1, count + 1):
            model.write_text(original + f"\n# change {number}\n")
            start, cpu = time.perf_counter(), _cpu()
            kept = runs.record(target, paths, f"Run {number}", datetime.now(UTC))
            took.append((time.perf_counter() - start) * 1000)
            busy.append((_cpu() - cpu) * 1000)
            assert kept, "the run was not kept"
        assert len(runs.git(target, "rev-list", runs.REF).split()) == count + 1
    return took, busy


def _cpu() -> float:
    """Seconds of processor time used so far by this process and the git it ran."""
    mine, theirs = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return mine.ru_utime + mine.ru_stime + theirs.ru_utime + theirs.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    took, busy = measure(parser.parse_args().runs)
    quartiles = statistics.quantiles(took, n=4)
    print(
        f"Recording a run: median {statistics.median(took):.1f} ms on the clock over {len(took)}"
        f" runs (quartiles {quartiles[0]:.1f} to {quartiles[2]:.1f} ms, slowest"
        f" {max(took):.1f} ms), {statistics.median(busy):.1f} ms of processor time;"
        f" the budget is {BUDGET_MS:.0f} ms. Load average: {os.getloadavg()[0]:.1f}"
        f" on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
