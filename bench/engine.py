"""Random self-play, the project's engine against OpenSpiel's C++ Euchre, side by side.

    .venv/bin/python bench/engine.py [--hands 20000] [--pairs 5] [--openspiel-python PATH]

Both sides are driven the same way from Python: a uniform random choice among the legal
actions until the hand ends (OpenSpiel's deal is its chance nodes, chosen the same way; the
project's is a shuffle and a deal). Each run is a fresh process; runs alternate project,
OpenSpiel, project, ... so that a change in the machine's load falls on both; the figures are
the medians. OpenSpiel is the optional ``bench`` extra (``pip install -e '.[bench]'``), or any
Python that has it, given by ``--openspiel-python`` or ``OPENSPIEL_PYTHON``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def project_hands(hands: int, seed: int) -> float:
    """Hands per second of the project's engine: ``legal_actions()``, a random choice, ``apply``."""
    from euchre.deal import deal, shuffled_deck
    from euchre.hand import Hand
    from euchre.seats import Seat

    rng = random.Random(seed)
    choice = rng.choice
    dealers = tuple(Seat)
    start = time.perf_counter()
    for number in range(hands):
        hand = Hand(deal(shuffled_deck(rng), dealers[number % 4]))
        while hand.turn is not None:
            hand.apply(choice(hand.legal_actions()))
    return hands / (time.perf_counter() - start)


def openspiel_hands(hands: int, seed: int) -> float:
    """Hands per second of OpenSpiel's Euchre, chance nodes included, driven the same way."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    choice = rng.choice
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
    return hands / (time.perf_counter() - start)


SIDES = {"project": project_hands, "openspiel": openspiel_hands}


def has_openspiel(python: str) -> bool:
    found = subprocess.run([python, "-c", "import pyspiel"], capture_output=True, check=False)
    return found.returncode == 0


def run_side(python: str, side: str, hands: int, seed: int) -> float:
    command = [python, str(HERE), "--side", side, "--hands", str(hands), "--seed", str(seed)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout)["hands_per_second"])


def machine() -> str:
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    model = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return f"{cpus} CPUs (nproc), {model}, Python {platform.python_version()}, load {load}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per run")
    parser.add_argument("--pairs", type=int, default=5, help="alternating runs of each side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--openspiel-python", default=os.environ.get("OPENSPIEL_PYTHON"))
    parser.add_argument("--side", choices=SIDES, help=argparse.SUPPRESS)  # one run, for main
    args = parser.parse_args(argv)
    if args.side:
        rate = SIDES[args.side](args.hands, args.seed)
        print(json.dumps({"side": args.side, "hands": args.hands, "hands_per_second": rate}))
        return 0

    spiel = args.openspiel_python or sys.executable
    if not has_openspiel(spiel):
        print(
            f"OpenSpiel is not installed for {spiel}, so there is nothing to compare with:"
            " install the bench extra (.venv/bin/pip install -e '.[bench]') or pass"
            " --openspiel-python. The project alone:"
        )
        spiel = ""
    print("machine:", machine())
    print("command:", shlex.join([sys.executable, *sys.argv]))
    print(
        f"each run: {args.hands} random hands in a fresh process; {args.pairs} pairs, alternating"
    )
    project: list[float] = []
    openspiel: list[float] = []
    for run in range(args.pairs):
        seed = args.seed + run
        project.append(run_side(sys.executable, "project", args.hands, seed))
        line = f"  run {run + 1}: project {project[-1]:8,.0f} hands/s"
        if spiel:
            openspiel.append(run_side(spiel, "openspiel", args.hands, seed))
            line += f"   OpenSpiel {openspiel[-1]:8,.0f} hands/s"
        print(line, flush=True)
    mine = statistics.median(project)
    print(f"project:   median {mine:8,.0f} hands/s")
    if openspiel:
        theirs = statistics.median(openspiel)
        print(f"OpenSpiel: median {theirs:8,.0f} hands/s  ({spiel})")
        print(
            f"ratio:     {mine / theirs:.2f}x OpenSpiel (median of project / median of OpenSpiel)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
