"""A dojo of real pairs: workspaces that post to a real dashboard, some kept red on purpose.

    .venv/bin/python bench/dojo_room.py [--pairs 8] [--stuck-after 1] [--screenshots docs]

`euchre dojo serve` runs on 127.0.0.1 with a fresh file of lights. Each pair is a real practice
workspace (`euchre kata new`) that joins it (`make join`) and runs the coach as a learner does
(`make test`, `make next`), each `make test` a process of its own, so every light, its code
and the lights' timing reach the dashboard as in a dojo. The pairs at level model write the
minimal learner's model (tests/data/minimal_learner/, one change a revealed scenario); the
pairs at level examples write the first example of each Rule of the kata's own features. The
pairs differ as a room does:

- steady: reach further and further, and end green;
- stuck: reveal a scenario and stop in red (marked once ``--stuck-after`` minutes pass);
- amber: break their model's syntax and run twice (marked at once: amber twice in a row);
- examples: write one example a Rule, which lets wrong models through (the room's misses).

Then, after ``--stuck-after`` minutes and a few seconds, the board and the retrospective are
fetched and their lines printed; with ``--screenshots DIR``, Chromium saves both pages there.
The room's folder is kept (``--keep DIR``) for `euchre dojo report` and `euchre dojo retro`.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html import unescape
from pathlib import Path

from served import serve

ROOT = Path(__file__).resolve().parent.parent
CHANGES = ROOT / "tests" / "data" / "minimal_learner"
FIRST_EXAMPLE = re.compile(r"^\s*(Example|Scenario)( Outline)?:")


@dataclass(frozen=True)
class Pair:
    name: str
    kind: str
    """steady, stuck, amber or examples."""
    reveals: int
    """How many scenarios the pair reveals (at level model) before it stops."""

    @property
    def level(self) -> str:
        return "examples" if self.kind == "examples" else "model"


ROOM = (
    Pair("Ada and Grace", "steady", 30),
    Pair("Alan and Barbara", "stuck", 9),
    Pair("Edsger and Tony", "steady", 18),
    Pair("Frances and John", "amber", 6),
    Pair("Katherine and Dorothy", "examples", 0),
    Pair("Ken and Dennis", "stuck", 17),
    Pair("Margaret and Hedy", "examples", 0),
    Pair("Radia and Vint", "steady", 12),
)


def coach(folder: Path, *argv: str) -> tuple[int, str]:
    """One coach command in its own process, as `make test` runs it."""
    done = subprocess.run(
        [sys.executable, "-m", "coach", *argv],
        cwd=folder,
        capture_output=True,
        text=True,
        env=os.environ | {"PYTHONDONTWRITEBYTECODE": "1"},
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


def write_change(change: Path, folder: Path) -> None:
    """The learner's change: each module in it replaces the workspace's, whole."""
    for module in change.rglob("*.py"):
        target = folder / module.relative_to(change)
        target.write_text(module.read_text(encoding="utf-8"), encoding="utf-8")


def walk_the_model(folder: Path, reveals: int) -> int:
    """Reveal ``reveals`` scenarios, writing the minimal learner's change whenever one is red,
    and make the last one green; the status of the last run."""
    changes = iter(sorted(CHANGES.iterdir()))
    status, _ = coach(folder, "test")
    for revealed in range(reveals + 1):
        while status != 0:
            write_change(next(changes), folder)
            status, _ = coach(folder, "test")
        if revealed < reveals:
            status, _ = coach(folder, "next")
    return status


def first_examples(text: str) -> str:
    """A feature of the kata's with only the first example of each Rule."""
    kept, seen, keeping = [], 0, True
    for line in text.splitlines():
        if FIRST_EXAMPLE.match(line):
            seen += 1
            keeping = seen == 1
        elif line.strip().startswith("Rule:"):
            keeping, seen = True, 0
        elif line.strip().startswith("@") and line[:1].isspace():
            continue  # a tag of an example
        if keeping:
            kept.append(line)
    return "\n".join(kept) + "\n"


def write_examples(folder: Path) -> None:
    """One example a Rule, revealed one Rule at a time until the coach asks for better ones."""
    for feature in (ROOT / "features").glob("*.feature"):
        (folder / "features" / feature.name).write_text(first_examples(feature.read_text()))
    for _ in range(12):
        if coach(folder, "test")[0] != 0 or coach(folder, "next")[0] == 2:
            return


def practise(pair: Pair, folder: Path, url: str, code: str) -> None:
    made = subprocess.run(
        [sys.executable, "-m", "euchre", "kata", "new", "--level", pair.level, str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if made.returncode != 0:
        raise SystemExit(f"{pair.name}: euchre kata new: {made.stderr.strip()}")
    joined, said = coach(folder, "join", url, code, pair.name)
    if joined != 0:
        raise SystemExit(f"{pair.name}: make join: {said.strip()}")
    if pair.kind == "examples":
        write_examples(folder)
        return
    walk_the_model(folder, pair.reveals)
    if pair.kind == "stuck":
        coach(folder, "next")  # a scenario revealed, and left red
    elif pair.kind == "amber":
        (folder / "euchre" / "deal.py").write_text("def deal(:\n")
        coach(folder, "test")
        coach(folder, "test")


def get(port: int, path: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    answer = connection.getresponse()
    body = answer.read().decode()
    connection.close()
    if answer.status != 200:
        raise SystemExit(f"GET {path}: {answer.status} {body[:200]}")
    return body


def text_of(html: str) -> list[str]:
    """The page's words, one line per element that holds some."""
    html = re.sub(r"(?s)<(script|style)\b.*?</\1>", "", html)
    parts = re.split(r"<[^>]+>", html)
    words = (re.sub(r"\s+", " ", unescape(part)).strip() for part in parts)
    return [word for word in words if word]


def screenshot(url: str, path: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=_chromium())
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(path), full_page=True)
        browser.close()


def _chromium() -> str | None:
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=len(ROOM), choices=range(1, len(ROOM) + 1))
    parser.add_argument("--stuck-after", type=int, default=1, help="minutes")
    parser.add_argument("--screenshots", type=Path, help="a folder for board.png and retro.png")
    parser.add_argument("--keep", type=Path, help="make the room here, and keep it")
    args = parser.parse_args()
    room = args.keep or Path(tempfile.mkdtemp(prefix="dojo-room-"))
    room.mkdir(parents=True, exist_ok=True)
    served, port, code = serve(room / "dojo.sqlite3", "--stuck-after", str(args.stuck_after))
    try:
        url = f"http://127.0.0.1:{port}"
        started = time.monotonic()
        pairs = ROOM[: args.pairs]
        with ThreadPoolExecutor(max_workers=4) as pool:
            done = [
                pool.submit(practise, pair, room / f"pair-{n}", url, code)
                for n, pair in enumerate(pairs, start=1)
            ]
            for each in done:
                each.result()
        print(f"{len(pairs)} pairs practised in {time.monotonic() - started:.0f} s")
        time.sleep(args.stuck_after * 60 + 5)  # the stuck pairs' red, long enough to be marked
        for path in ("/", "/retro"):
            print(f"--- GET {path}")
            for line in text_of(get(port, path)):
                print(line)
        if args.screenshots:
            args.screenshots.mkdir(parents=True, exist_ok=True)
            screenshot(url + "/", args.screenshots / "dojo-room-board.png")
            screenshot(url + "/retro", args.screenshots / "dojo-room-retro.png")
        print(f"the room: {room}")
    finally:
        served.terminate()
        served.wait(timeout=30)
        if args.keep is None:
            shutil.rmtree(room, ignore_errors=True)


if __name__ == "__main__":
    main()
