"""The retrospective in a real browser: Chromium, driven by Playwright (tests/browser.py), on a
dojo of eight pairs posting to a real dashboard (tests/dojo/screenshots.py, which also makes
docs/dojo-retro.png), and offline, as the one file `euchre dojo retro` writes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from euchre.cli import main
from tests.browser import launched
from tests.dashboards import Dashboard
from tests.dojo.screenshots import a_dojo_of_eight, retro_screenshot

pytestmark = pytest.mark.e2e  # a real browser: `make quick` leaves them out


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launched() as chromium:
        yield chromium


@pytest.fixture
def dojo(tmp_path: Path) -> Iterator[Dashboard]:
    served = Dashboard(tmp_path / "dojo.sqlite3")
    a_dojo_of_eight(served)
    yield served
    served.stop()


def test_the_retrospective_opens_from_the_board_and_its_largest_step_shows_the_diff(
    dojo: Dashboard, browser: Browser, tmp_path: Path
) -> None:
    page = browser.new_page()
    page.goto(dojo.url)
    page.get_by_role("link", name="the retrospective").click()
    expect(page.locator("h1")).to_have_text("Euchre dojo retrospective")
    questions = page.locator(".questions li")
    expect(questions.first).to_contain_text(
        "3 of 8 pairs (Ada and Grace; Linus and Barbara; Katherine and Dennis) let through the"
        " wrong model in which “the dealer leads the first trick”, and it still gets through for"
        " 2 of them (Linus and Barbara; Katherine and Dennis). Which example would catch it?"
    )
    expect(page.locator(".rhythm")).to_have_count(8)
    largest = page.locator('[data-pair="Barbara and John"] li', has_text="Largest step")
    # From the first red of the stretch: 1 line at run 4, and the 36 at run 5.
    expect(largest).to_contain_text("37 lines changed, from run 3 (red) to run 5 (green)")
    largest.get_by_role("link", name="run 5").click()
    expect(page.locator("h3")).to_contain_text("Run 5: green")
    expect(page.locator(".diff .added")).to_have_count(36)
    page.close()
    shot = tmp_path / "retro.png"
    retro_screenshot(dojo, browser, shot)
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_offline_a_run_it_names_shows_its_code_in_the_one_file(
    dojo: Dashboard, browser: Browser, tmp_path: Path
) -> None:
    dojo.stop()  # the retrospective is written after the session, from its file of lights
    written = tmp_path / "retro.html"
    assert main(["dojo", "retro", "--db", str(dojo.store.path), "--out", str(written)]) == 0
    page = browser.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(written.as_uri())
    expect(page.locator(".run-code:visible")).to_have_count(0)
    page.locator('[data-pair="Linus and Barbara"]').get_by_role("link", name="run 6").first.click()
    expect(page.locator(".run-code:visible")).to_have_count(1)
    expect(page.locator(".run-code:visible h3")).to_contain_text("Run 6: green")
    assert requests == [written.as_uri()], "one self-contained file"
    page.close()
