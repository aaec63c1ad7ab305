"""The dojo's dashboard under a full room: how long a learner's post and the facilitator's page
take.

    .venv/bin/python bench/dojo_load.py [--pairs 40] [--lights 300] [--pages 40] [--rounds 200]

`euchre dojo serve` runs as it does in a dojo, in its own process, on 127.0.0.1 only, with a
fresh file of lights. ``--pairs`` pairs join and post ``--lights`` lights each; then ``--pages``
open pages, each from its own loopback address as each would be on its own machine, hold an
event stream and fetch the board whenever they are told of a change, as the page's script does.
Then, ``--rounds`` times: one pair posts one light (timed), and the facilitator's ``GET /`` is
timed. Printed: the medians and the 90th percentiles, the machine, and the command.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import random
import shlex
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from served import serve

ROOT = Path(__file__).resolve().parent.parent
START = datetime(2026, 3, 14, 9, 0, tzinfo=UTC)
LIGHTS = ("red", "green", "amber")
LET_THROUGH = (
    "three-then-two",
    "dealer-leads",
    "play-goes-right",
    "left-bar-only-when-red",
    "ace-above-the-bars",
    "every-jack-is-a-right-bar",
)
"""Wrong models a green run's examples let through, as the coach posts them at level examples:
the board counts what the room misses from them."""
BATCH = 10
"""Lines a post carries while the pairs' lights are loaded: as many as fit the body's limit."""


def line(minute: int, rng: random.Random) -> dict[str, object]:
    light = rng.choice(LIGHTS)
    measured: dict[str, object] = {}
    if light == "green":
        through = rng.sample(LET_THROUGH, rng.randrange(len(LET_THROUGH)))
        measured = {"caught": 10 - len(through), "wrong_models": 10, "through": through}
    return measured | {
        "time": (START + timedelta(minutes=minute)).isoformat().replace("+00:00", "Z"),
        "stage": 1 + minute // 60 % 10,
        "scenario": f"Scenario {minute % 7 + 1} of a stage",
        "light": light,
        "passed": 1 if light == "green" else 0,
        "reached": 1,
        "passed_at_once": False,
    }


def request(
    port: int, method: str, path: str, body: object = None, source: str = "127.0.0.1"
) -> tuple[int, bytes, float]:
    """One request on its own connection: the status, the body, and the seconds it took."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=30, source_address=(source, 0)
    )
    data = None if body is None else json.dumps(body).encode()
    started = time.perf_counter()
    connection.request(method, path, body=data, headers={"Content-Type": "application/json"})
    answer = connection.getresponse()
    text = answer.read()
    took = time.perf_counter() - started
    connection.close()
    return answer.status, text, took


class Page(threading.Thread):
    """An open page: an event stream, and the board fetched at each change it tells of."""

    def __init__(self, port: int, source: str) -> None:
        super().__init__(daemon=True)
        self.port, self.source = port, source
        self.fetched = 0
        self.connection = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=60, source_address=(source, 0)
        )

    def run(self) -> None:
        self.connection.request("GET", "/events")
        stream = self.connection.getresponse()
        if stream.status != 200:
            raise SystemExit(f"a page was refused its event stream: {stream.status}")
        try:
            while raw := stream.readline():
                if raw.startswith(b"data:"):
                    request(self.port, "GET", "/board", source=self.source)
                    self.fetched += 1
        except OSError:  # the dashboard stopped
            return


def percentile(values: list[float], share: float) -> float:
    return sorted(values)[min(int(len(values) * share), len(values) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--lights", type=int, default=300)
    parser.add_argument("--pages", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="dojo-load-"))
    served, port, code = serve(folder / "dojo.sqlite3")
    try:
        tokens = []
        for number in range(args.pairs):
            status, text, _ = request(
                port, "POST", "/api/join", {"code": code, "pair": f"Pair {number + 1}"}
            )
            assert status == 200, text
            tokens.append(json.loads(text)["token"])
        for token in tokens:
            lines = [line(minute, rng) for minute in range(args.lights)]
            for start in range(0, len(lines), BATCH):
                body = {"code": code, "token": token, "lines": lines[start : start + BATCH]}
                status, text, _ = request(port, "POST", "/api/lights", body)
                assert status == 200, text
        pages = [Page(port, f"127.0.0.{2 + number}") for number in range(args.pages)]
        for page in pages:
            page.start()
        posts, boards = [], []
        for round_ in range(args.rounds):
            body = {
                "code": code,
                "token": rng.choice(tokens),
                "lines": [line(10_000 + round_, rng)],
            }
            status, text, took = request(port, "POST", "/api/lights", body)
            assert status == 200, text
            posts.append(took)
            status, _, took = request(port, "GET", "/")
            assert status == 200
            boards.append(took)
        fetched = sum(page.fetched for page in pages)
    finally:
        served.send_signal(signal.SIGINT)
        served.wait(30)
        shutil.rmtree(folder, ignore_errors=True)  # the file of lights is the run's alone
    milliseconds = {
        "post": [1000 * took for took in posts],
        "GET /": [1000 * took for took in boards],
    }
    print(f"dojo_load: {args.pairs} pairs x {args.lights} lights, {args.pages} open pages,")
    print(
        f"  {args.rounds} rounds of one post and one GET /;"
        f" the pages fetched the board {fetched} times"
    )
    for name, values in milliseconds.items():
        print(
            f"  {name:6} median {statistics.median(values):6.1f} ms,"
            f" 90th percentile {percentile(values, 0.9):6.1f} ms"
        )
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()}"
        f" {platform.release()}, Python {platform.python_version()}"
    )
    print(f"command: {shlex.join([Path(sys.executable).name, *sys.argv])}")


if __name__ == "__main__":
    main()
