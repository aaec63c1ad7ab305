"""What the wrong-model check costs a run at level ``examples``: ``levels.examples.caught`` after
each example a learner writes.

It makes a workspace of level examples (`make kata LEVEL=examples`) and writes the kata's own
examples into it one at a time, in the order the features give them, as a learner would; after
each, with every Rule of the stage revealed, it times the check the coach runs after a green
run: the reached examples against every catalogued wrong model of the reached stages. What a
scenario, as written, did against a wrong model is kept between runs, so a run meets only its
new example; the first figure, all the features at once with nothing kept, is the worst case.
The issue's budget is 3 s a run.

    .venv/bin/python bench/examples_check.py [--stages 5]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pytest_bdd.feature

from euchre.kata import workspace
from euchre.kata.coach.levels import examples
from euchre.kata.coach.record import reach
from euchre.kata.coach.record.stages import STAGES
from euchre.kata.coach.running import features
from euchre.kata.coach.wrong_models import catching

BUDGET_S = 3.0
EXAMPLE = re.compile(r"^\s*(Example|Scenario|Scenario Outline):")
REPOSITORY = Path(__file__).resolve().parent.parent


def first_examples(text: str, count: int) -> str:
    """A feature with its first ``count`` examples (Scenario Outlines whole), every Rule kept."""
    kept, seen, keeping = [], 0, True
    for line in text.splitlines():
        if EXAMPLE.match(line):
            seen += 1
            keeping = seen <= count
        elif line.strip().startswith("Rule:"):
            keeping = True
        elif line.strip().startswith("@") and line[:1].isspace():
            keeping = seen < count  # an example's tag goes with the example after it
        if keeping:
            kept.append(line)
    return "\n".join(kept) + "\n"


def check(folder: Path, stage: int) -> tuple[float, float, int]:
    """One check, as the coach runs it after a green run: seconds on the clock, of processor
    time, and how many wrong models were caught."""
    for name in [name for name in sys.modules if name.startswith("step_defs")]:
        del sys.modules[name]  # a new process would import the steps afresh
    pytest_bdd.feature.features.clear()
    start, cpu = time.perf_counter(), _cpu()
    read = features.read(folder, stage)  # as the run does, once
    reached = reach.Reach(stage, len(read.rules(STAGES[stage - 1])))
    measured = examples.caught(folder, read, reached)
    return time.perf_counter() - start, _cpu() - cpu, measured.caught


def _cpu() -> float:
    mine = resource.getrusage(resource.RUSAGE_SELF)
    return mine.ru_utime + mine.ru_stime


def walk(stages: int) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "kata"
        workspace.create(folder, level="examples")
        sys.path.insert(0, str(folder))
        os.chdir(folder)
        originals = [(REPOSITORY / s.feature_path).read_text(encoding="utf-8") for s in STAGES]
        for stage in STAGES[:stages]:
            (folder / stage.feature_path).write_text(originals[stage.number - 1])
        took, busy, caught = check(folder, stages)
        print(
            f"All the examples of stages 1 to {stages} at once, nothing kept: {took:.2f} s on"
            f" the clock, {busy:.2f} s of processor time, {caught} wrong models caught"
        )
        (folder / catching.CAUGHT).unlink()
        for stage in STAGES[:stages]:
            (folder / stage.feature_path).write_text(first_examples(originals[stage.number - 1], 0))
        clock, processor = [], []
        for stage in STAGES[:stages]:
            lines = originals[stage.number - 1].splitlines()
            count = sum(bool(EXAMPLE.match(line)) for line in lines)
            for written in range(1, count + 1):
                text = first_examples(originals[stage.number - 1], written)
                (folder / stage.feature_path).write_text(text)
                took, busy, caught = check(folder, stage.number)
                clock.append(took)
                processor.append(busy)
        print(f"One example more, {len(clock)} times; the budget is {BUDGET_S:.0f} s a run:")
        for name, seconds in (("on the clock", clock), ("of processor time", processor)):
            deciles = statistics.quantiles(seconds, n=10)
            print(
                f"  {name}: median {statistics.median(seconds):.2f} s, 90th percentile"
                f" {deciles[-1]:.2f} s, slowest {max(seconds):.2f} s"
            )
        print(
            f"Load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores,"
            f" Python {sys.version.split()[0]}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stages", type=int, default=5, help="the stages to walk (the kata's 5)")
    walk(parser.parse_args().stages)


if __name__ == "__main__":
    main()
