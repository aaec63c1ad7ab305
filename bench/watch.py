"""What a light costs under `make watch`, from the file's write to the light printed, beside
`make test`'s whole run, measured in the same run, save for save.

It makes a workspace (`make kata`) holding the kata's own model, so that every run is green,
and installs its own `.venv` as its Makefile does (the first `make test`), starts its coach
watching (`.venv/bin/python -m kata_coach watch`, as `make watch` runs it), and SAVES times over: it
writes one line to the model, and times how long until the run's light is printed; after each
save it times one `make test`. Twice: at stage 1 (its first scenario reached), and with stages 1
to 5 reached. It prints each figure's median and 90th percentile in milliseconds, their ratio, the
load and the machine; `--json` prints the same as JSON.

Both run as on a learner's machine, where Python writes its bytecode: a setting that says not to
(`PYTHONDONTWRITEBYTECODE`, which this project's own machines set) is left out of their
environment, or every run would compile the coach and the steps again.

    .venv/bin/python bench/watch.py [--saves 30] [--json]

The goal: a median at most 300 ms at stage 1, and at most 0.4 times `make test`'s.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import selectors
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from euchre.kata import workspace
from euchre.kata.coach.record import reach
from euchre.kata.coach.record.stages import KATA_STAGES, STAGES
from euchre.kata.coach.running import features

ROOT = Path(__file__).parent.parent
LIGHTS = ("🟥 Stage", "🟢 Stage", "🔶 Stage", "🔁", "⚡")
LEARNERS = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
MODULES = ("cards", "seats", "deal", "trump", "trick", "actions", "errors", "rules")


def prepared(folder: Path, stage_reached: int) -> Path:
    """A workspace with the kata's own model, reached to the end of ``stage_reached`` (or the
    first scenario of stage 1)."""
    target = folder / f"kata-{stage_reached}"
    workspace.create(target)
    for module in (ROOT / "euchre").glob("*.py"):
        shutil.copy(module, target / "euchre" / module.name)
    if stage_reached > 1:
        read = features.read(target, stage_reached)
        reach.save(target, reach.Reach(stage_reached, len(read.of(STAGES[stage_reached - 1]))))
    subprocess.run(
        ["make", "-s", ".venv/.installed", f"PYTHON={sys.executable}"],
        cwd=target,
        env=LEARNERS,
        check=True,
        capture_output=True,
    )
    return target


class Watch:
    """`python -m kata_coach watch` in a workspace, and the lines it prints."""

    def __init__(self, target: Path) -> None:
        self.process = subprocess.Popen(
            [".venv/bin/python", "-m", "kata_coach", "watch"],
            cwd=target,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=LEARNERS,
            process_group=0,
        )
        assert self.process.stdout is not None
        self.out = self.process.stdout.fileno()
        self.waiting = selectors.DefaultSelector()
        self.waiting.register(self.out, selectors.EVENT_READ)
        self.pending = ""
        self.next_line_with("👀 Watching")

    def next_line_with(self, *starts: str) -> float:
        """Read until a line starting with one of ``starts``; the time it was read."""
        deadline = time.monotonic() + 120
        while True:
            while "\n" in self.pending:
                line, self.pending = self.pending.split("\n", 1)
                if line.startswith(starts):
                    return time.perf_counter()
            if not self.waiting.select(max(deadline - time.monotonic(), 0)):
                raise SystemExit("the watch printed no light within 2 minutes")
            chunk = os.read(self.out, 65536)
            if not chunk:
                raise SystemExit("the watch ended")
            self.pending += chunk.decode("utf-8", "replace")

    def stop(self) -> None:
        os.killpg(self.process.pid, 2)
        self.process.communicate(timeout=60)


def measure(target: Path, saves: int) -> dict[str, list[float]]:
    """Milliseconds from a save to its light under watch, and of a whole `make test`, paired."""
    model = target / "euchre" / "cards.py"
    original = model.read_text()
    watched, tested = [], []
    watch = Watch(target)
    try:
        for number in range(saves):
            saved = time.perf_counter()
            model.write_text(original + f"\n# save {number}\n")
            watched.append((watch.next_line_with(*LIGHTS) - saved) * 1000)
            watch.next_line_with("👀 Watching")
            started = time.perf_counter()
            subprocess.run(["make", "-s", "test"], cwd=target, env=LEARNERS, capture_output=True)
            tested.append((time.perf_counter() - started) * 1000)
    finally:
        watch.stop()
    return {"watch": watched, "make test": tested}


def summary(times: list[float]) -> dict[str, float]:
    deciles = statistics.quantiles(times, n=10)
    return {"median": statistics.median(times), "p90": deciles[8]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results: dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores,"
        f" Python {platform.python_version()}",
        "command": f"python bench/watch.py --saves {args.saves}",
    }
    with tempfile.TemporaryDirectory() as folder:
        for reached, label in ((1, "stage 1"), (KATA_STAGES, "stages 1 to 5")):
            times = measure(prepared(Path(folder), reached), args.saves)
            watched, tested = summary(times["watch"]), summary(times["make test"])
            results[label] = {
                "watch": watched,
                "make test": tested,
                "ratio of medians": watched["median"] / tested["median"],
            }
    results["load average"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{results['machine']}; {results['command']}; load {results['load average']:.1f}")
    for label in ("stage 1", "stages 1 to 5"):
        figures = results[label]
        print(
            f"{label}: save to light {figures['watch']['median']:.0f} ms median,"
            f" {figures['watch']['p90']:.0f} ms p90; make test {figures['make test']['median']:.0f}"
            f" ms median, {figures['make test']['p90']:.0f} ms p90;"
            f" ratio {figures['ratio of medians']:.2f}"
        )


if __name__ == "__main__":
    main()
