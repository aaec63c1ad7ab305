"""A dojo in full swing, posted to a real dashboard: the browser tests look at it, and it is the
screenshot in docs/dojo.md, made by

    .venv/bin/python -m tests.dojo_scene docs/dojo-stuck.png

which serves a fresh dashboard on 127.0.0.1, posts the pairs' lights to it over HTTP, and saves
what Chromium shows (tests/browser.py).
"""

from __future__ import annotations

import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from euchre.kata.coach.record.line import Line
from tests.dashboards import Dashboard, post_lines

if TYPE_CHECKING:
    from playwright.sync_api import Browser

DEAL = "Team 2 Player 4 deals"
LEADS = "Team 1 Player 3 tries to play when it is Team 2 Player 2's turn"
LEFT = "The Left Bar, the Jack of diamonds, is led when hearts are trump"
FOLLOW = "With spades led, a player holding the Jack of diamonds may play it"


def lights(now: datetime, *runs: tuple[float, str, int, str], **measured: Any) -> list[Line]:
    """Runs ``(minutes ago, light, stage, scenario)``; a green one is measured when ``through``
    is given (the wrong models its steps let through)."""
    made = []
    for ago, light, stage, scenario in runs:
        fields: dict[str, Any] = {}
        if light == "green" and "through" in measured:
            through = tuple(measured["through"])
            fields = {"caught": 10 - len(through), "wrong_models": 10, "through": through}
        passed = 0 if light != "green" else 1
        when = now - timedelta(minutes=ago)
        made.append(Line(when, stage, scenario, light, passed, 1, level="steps", **fields))
    return made


def a_dojo(dashboard: Dashboard, now: datetime) -> None:
    """Eight pairs, some kept red on purpose, at level steps (which lets a pair move on with a
    wrong model through): two stuck, the rest working."""
    room = {
        "Ada & Grace": lights(
            now,
            (40, "red", 2, LEADS),
            (31, "green", 2, LEADS),
            (26, "green", 3, LEFT),
            (14, "red", 3, FOLLOW),
            (9, "red", 3, FOLLOW),
            (3, "red", 3, FOLLOW),
            through=["dealer-leads", "left-bar-only-when-red"],
        ),
        "Linus & Barbara": lights(
            now,
            (30, "red", 2, DEAL),
            (22, "green", 2, LEADS),
            (4, "amber", 2, LEADS),
            (2, "amber", 2, LEADS),
            through=["dealer-leads"],
        ),
        "Alan & Joan": lights(
            now,
            (35, "red", 2, LEADS),
            (20, "green", 2, LEADS),
            (12, "red", 3, LEFT),
            (5, "green", 3, LEFT),
            through=["dealer-leads", "left-bar-only-when-red"],
        ),
        "Edsger & Frances": lights(
            now,
            (33, "red", 1, DEAL),
            (28, "green", 1, DEAL),
            (18, "red", 2, LEADS),
            (8, "green", 2, LEADS),
            (4, "red", 2, LEADS),
            through=["dealer-leads", "play-goes-right"],
        ),
        "Ken & Radia": lights(
            now, (25, "red", 1, DEAL), (19, "green", 1, DEAL), through=["three-then-two"]
        ),
        "Donald & Margaret": lights(
            now, (29, "red", 2, LEADS), (16, "green", 2, LEADS), (6, "green", 3, LEFT), through=[]
        ),
        "Tim & Sophie": lights(now, (7, "red", 1, DEAL), (2, "red", 1, DEAL)),
        "Guido & Hedy": [],
    }
    for pair, runs in room.items():
        if runs:
            assert post_lines(dashboard, *runs, pair=pair)[0] == 200
        else:
            dashboard.token(pair)  # joined: no run yet


def screenshot(browser: Browser, url: str, out: Path) -> None:
    """What Chromium shows of the page at ``url``, saved as ``out``."""
    page = browser.new_page(viewport={"width": 1280, "height": 760})
    page.goto(url)
    page.locator(".stuck-mark").first.wait_for()
    page.screenshot(path=str(out), full_page=True)
    page.close()


def make(browser: Browser, out: Path) -> None:
    """A fresh dashboard, the dojo posted to it, and its screenshot saved as ``out``."""
    with tempfile.TemporaryDirectory() as folder:
        dashboard = Dashboard(Path(folder) / "dojo.sqlite3")
        try:
            a_dojo(dashboard, datetime.now(UTC).replace(microsecond=0))
            screenshot(browser, dashboard.url, out)
        finally:
            dashboard.stop()


if __name__ == "__main__":
    from tests.browser import launched

    saved = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/dojo-stuck.png")
    with launched() as chromium:
        make(chromium, saved)
    print(f"Saved the dashboard of a dojo of eight pairs as {saved}")
