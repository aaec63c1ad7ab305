"""The retrospective of a dojo of eight pairs, and its screenshot in docs/ (docs/dojo-retro.png):

    .venv/bin/python -m tests.dojo.screenshots

A real dashboard serves on 127.0.0.1 (a fresh file of lights in a temporary folder); eight pairs
post their lights and each run's code as their workspaces would; Chromium opens /retro and the
whole page is saved. tests/dojo/test_retro_browser.py walks the same dojo in Chromium.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from euchre.kata.coach.record.line import Line
from tests.dashboards import Dashboard, a_run, post_lines
from tests.paths import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser

SCREENSHOT = ROOT / "docs" / "dojo-retro.png"
SCENARIOS = (
    "Team 1 Player 1 deals",
    "The deck is shuffled from the seed 7",
    "The player on the dealer's left leads the first trick",
    "Team 2 Player 4 tries to play when it is Team 1 Player 1's turn",
    "The Left Bar is led when hearts are trump",
    "With clubs led, a player holding the Jack of diamonds may play it",
    "The Right Bar beats the Ace of trump",
    "Team 1 makes trump and wins 3 tricks",
)
ROOM = {
    # Each run: its light (r red, g green, b a refactor, o passed at once, a amber), the minutes
    # since the run before, and a mark: ! a large step, * reverted by baby steps, ? a wrong guess.
    "Ada and Grace": "r2 g3 b1 r2 g2 b1 r3 g2 r2 g3 b2 r2 g2",
    "Linus and Barbara": "r3 g2 r4 r5 r6 g2 r3 g1 o1 r2 g2",
    "Margaret and Alan": "r1 g2 r1 g1 r1 g2 r2 g1 r1 g2 r1 g1",
    "Edsger and Frances": "r3 g2 b1 r2 a1 a1 g2 r3 g2 r2 g2",
    "Katherine and Dennis": "r2 g2 o1 r2 g3 b1 r2 g1 r2 g2",
    "Radia and Ken": "r2 g1 r2 r2* r1 g2 r2* r1 g2 b1 r2 g1",
    "Hedy and Claude": "r2 g2? r1 g2 b1 r2? g3 r1 g2",
    "Barbara and John": "r2 g2 r3 r4 g3! b2 r2 g2",
}
LET_THROUGH = {"Ada and Grace", "Linus and Barbara", "Katherine and Dennis"}
"""Their examples let "the dealer leads the first trick" through, from stage 2 to stage 4."""
LIGHTS = {"r": "red", "g": "green", "b": "green", "o": "green", "a": "amber"}


def runs_of(pair: int, name: str, script: str) -> list[Line]:
    """The pair's runs as their script says, with a commit's name each."""
    runs, minute, stage, revealed = [], 0, 1, 0
    for number, token in enumerate(script.split()):
        kind, rest = token[0], token[1:]
        minute += int(rest.rstrip("!*?"))
        light = LIGHTS[kind]
        fields: dict[str, object] = {
            # A refactor is on the scenario that last passed; every other run on the newest.
            "scenario": SCENARIOS[(revealed - (kind == "b")) % len(SCENARIOS)],
            "reached": revealed + (kind != "b"),
            "passed": revealed + (kind != "b") - (light != "green"),
            "run": f"{pair:02x}{number:038x}",
            "refactor": kind == "b",
            "passed_at_once": kind == "o",
            "reverted": "*" in rest,
        }
        if name == "Radia and Ken":
            fields |= {"constraint": "baby-steps", "minutes": 2}
        if name == "Hedy and Claude":
            wrong = {"red": "green", "green": "red"}[light]
            fields |= {"constraint": "predict", "guess": wrong if "?" in rest else light}
        if light == "green" and kind != "b":
            through = ("dealer-leads",) if name in LET_THROUGH and 2 <= stage <= 4 else ()
            fields |= {"caught": 5, "wrong_models": 6, "through": through}
        runs.append(a_run(minute, light, stage, **fields))
        if light == "green" and kind != "b":  # the next scenario revealed
            revealed += 1
        if light == "green" and kind not in "bo":
            stage = min(stage + 1, 10)
    return runs


def diff(lines: int, number: int) -> str:
    """A diff of the learner's model that adds ``lines`` lines."""
    added = "".join(f"+    step_{number}_{line} = {line}\n" for line in range(lines))
    return (
        "diff --git a/euchre/hand.py b/euchre/hand.py\n"
        "--- a/euchre/hand.py\n+++ b/euchre/hand.py\n"
        f"@@ -1,2 +1,{lines + 1} @@\n def cards_each() -> int:\n{added}"
    )


def a_dojo_of_eight(dashboard: Dashboard) -> None:
    """Eight pairs join the dashboard and post their lights and each run's code."""
    for pair, (name, script) in enumerate(ROOM.items(), start=1):
        runs = runs_of(pair, name, script)
        status, said = post_lines(dashboard, *runs, pair=name)
        assert status == 200, said
        model = "def cards_each() -> int:\n"  # the files grow by each run's diff
        for number, (run, token) in enumerate(zip(runs, script.split(), strict=True)):
            lines = 36 if token.endswith("!") else 1 + number % 3
            model += "".join(f"    step_{number}_{line} = {line}\n" for line in range(lines))
            body = {"code": dashboard.code, "token": dashboard.token(name), "run": run.run}
            code = {"diff": diff(lines, number), "files": {"euchre/hand.py": model}}
            status, said = dashboard.post("/api/code", body | code)
            assert status == 200, said


def retro_screenshot(dashboard: Dashboard, browser: Browser, path: Path) -> None:
    """The retrospective's page, whole, as a projector shows it."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{dashboard.url}/retro")
    page.screenshot(path=str(path), full_page=True)
    page.close()


def main() -> int:
    from tests.browser import launched

    with tempfile.TemporaryDirectory() as folder:
        dashboard = Dashboard(Path(folder) / "dojo.sqlite3")
        try:
            a_dojo_of_eight(dashboard)
            with launched() as browser:
                retro_screenshot(dashboard, browser, SCREENSHOT)
        finally:
            dashboard.stop()
    print(f"Wrote {SCREENSHOT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
