"""The dashboard in a real browser: Chromium, driven by Playwright (tests/browser.py).

`make test` gets Chromium when it is missing; without it, each test fails with the command.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from euchre.dojo import pages, report
from euchre.dojo.board import Pair
from tests import dojo_scene
from tests.browser import launched
from tests.dashboards import START, Dashboard, a_run, join, post_lines
from tests.workspaces import model, run


@pytest.fixture
def workspace(workspace_in_git: Path) -> Path:
    """Here a workspace of one stage, a model and the learner's test, in its own git."""
    return workspace_in_git


pytestmark = pytest.mark.e2e  # a real browser: `make quick` leaves them out


@pytest.fixture
def dashboard(tmp_path: Path) -> Iterator[Dashboard]:
    served = Dashboard(tmp_path / "dojo.sqlite3")
    yield served
    served.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launched() as chromium:
        yield chromium


def test_the_page_shows_every_pair_and_a_new_light_arrives_without_a_reload(
    dashboard: Dashboard, browser: Browser
) -> None:
    post_lines(dashboard, a_run(0), pair="Ada and Grace")
    post_lines(dashboard, a_run(1), a_run(2, "green"), pair="Linus and Barbara")
    page = browser.new_page()
    page.goto(dashboard.url)
    expect(page.locator(".board .pair:not(.head)")).to_have_count(2)
    expect(page.locator(".pair .name")).to_have_text(["Ada and Grace", "Linus and Barbara"])
    page.evaluate("window.sameDocument = true")  # gone if the page reloads
    page.wait_for_timeout(300)  # the event stream is open
    lights = page.locator('[data-pair="Ada and Grace"] .lights .light')
    expect(lights).to_have_count(1)

    post_lines(dashboard, a_run(3, "green", passed_at_once=True), pair="Ada and Grace")
    expect(lights).to_have_count(2, timeout=5000)  # how fast is bench/dojo_load.py's to say
    expect(lights.first).to_have_class("light at-once")  # the newest first, from the row's end
    assert page.evaluate("window.sameDocument") is True
    page.close()


def test_a_pair_joining_appears_and_their_view_opens_from_the_board(
    dashboard: Dashboard, browser: Browser
) -> None:
    page = browser.new_page()
    page.goto(dashboard.url)
    expect(page.locator(".empty")).to_contain_text("No pair has joined yet")
    post_lines(dashboard, a_run(0), a_run(5, "green"), pair="<b>Ada</b>")
    expect(page.locator(".pair .name")).to_have_text(["<b>Ada</b>"], timeout=5000)
    page.locator(".pair .name a").click()
    expect(page.locator("h2")).to_have_text("<b>Ada</b>")
    expect(page.locator(".progress")).to_contain_text("Red-to-green cycles in all: 1")
    post_lines(dashboard, a_run(6), pair="<b>Ada</b>")
    expect(page.locator(".runs tr")).to_have_count(4, timeout=5000)  # a header and three runs
    page.close()


def test_on_a_phone_a_row_fits_the_screen(dashboard: Dashboard, browser: Browser) -> None:
    for start in (0, 20):
        runs = (a_run(minute) for minute in range(start, start + 20))
        assert post_lines(dashboard, *runs, pair="Ada and Grace")[0] == 200
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(dashboard.url)
    expect(page.locator(".pair .name")).to_have_text(["Ada and Grace"])
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.close()


def test_clicking_a_light_on_the_board_or_a_pairs_page_shows_its_diff_in_colour(
    dashboard: Dashboard, browser: Browser, workspace: Path
) -> None:
    join(workspace, dashboard)
    model(workspace, "return 4")
    run(workspace, "test")
    model(workspace, "return 5  # </script><b>not bold</b>")
    run(workspace, "test")
    page = browser.new_page()
    page.goto(dashboard.url)
    page.locator("#row-1 .lights a.light").first.click()  # on the board, newest first
    expect(page.locator("h3")).to_contain_text("Run 2: green")
    page.goto(f"{dashboard.url}/pairs/1")
    lights = page.locator(".pair-view .lights a.light")
    expect(lights).to_have_count(2)
    lights.nth(1).click()
    expect(page.locator("h3")).to_contain_text("Run 2: green")
    expect(page.locator(".diff .removed")).to_have_text(["-    return 4"])
    expect(page.locator(".diff .added")).to_have_text(["+    return 5  # </script><b>not bold</b>"])
    assert colour(page, ".diff .added") != colour(page, ".diff .removed")
    assert colour(page, ".diff .same") == "rgba(0, 0, 0, 0)"  # unchanged lines are not coloured
    expect(page.locator("details[open] summary")).to_have_text(["euchre/hand.py"])
    page.locator("a[rel=prev]").click()
    expect(page.locator("h3")).to_contain_text("Run 1: red")
    light = page.locator("pre.said .light").first  # the coach's words begin with their light
    box = light.bounding_box()
    assert box is not None
    assert abs(box["width"] - box["height"]) < 1, ("a light, not stretched", box)
    assert light.evaluate("e => getComputedStyle(e).display") == "inline-flex", "in its line"
    page.close()


def test_clicking_a_light_in_the_offline_report_shows_its_diff(
    browser: Browser, workspace: Path, tmp_path: Path
) -> None:
    model(workspace, "return 4")
    run(workspace, "test")
    model(workspace, "return 5")
    run(workspace, "test")
    pairs = report.read_workspaces([workspace], pytest.fail)
    written = tmp_path / "dojo.html"
    written.write_text(pages.report(pairs, report.end_of(pairs)), encoding="utf-8")
    page = browser.new_page()
    page.goto(written.as_uri())
    expect(page.locator(".run-code")).to_have_count(2)
    expect(page.locator(".run-code:visible")).to_have_count(0)
    page.locator(".pair-view .lights a.light").nth(1).click()
    expect(page.locator(".run-code:visible")).to_have_count(1)
    expect(page.locator(".run-code:visible .diff .added")).to_have_text(["+    return 5"])
    page.close()


def test_the_offline_report_s_board_shows_every_light_of_a_long_row(
    browser: Browser, tmp_path: Path
) -> None:
    """The live board says how many lights are out of sight ("+12"), counted by its script; a
    report has none, and hid them without a word: its rows wrap instead."""
    runs = tuple(a_run(n, "red" if n % 2 else "green") for n in range(60))
    written = tmp_path / "dojo.html"
    written.write_text(pages.report([Pair(1, "Ada", runs)], START), encoding="utf-8")
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    page.goto(written.as_uri())
    row = page.locator(".board .pair:not(.head) > .lights")
    expect(row.locator(".light")).to_have_count(48)  # the newest a row carries; the rest below
    hidden = row.evaluate("e => e.scrollHeight - e.clientHeight")
    assert hidden <= 1, f"{hidden} px of lights out of sight"
    # Read as the header says, oldest first, left to right and down: the newest line last (a
    # facilitator read the oldest lights on the line below).
    tops = row.locator(".light").evaluate_all("es => es.map(e => e.getBoundingClientRect().top)")
    assert tops[0] == max(tops) > min(tops) == tops[-1], "the newest light on the last line"
    page.close()


def colour(page: Page, selector: str) -> str:
    """The background colour of the first element ``selector`` finds."""
    shown: str = page.locator(selector).first.evaluate("e => getComputedStyle(e).backgroundColor")
    return shown


def test_at_the_back_of_the_room_the_lights_and_names_are_large_enough(
    dashboard: Dashboard, browser: Browser
) -> None:
    """On a projector at 1024 by 768: each light at least 20 px, with its glyph drawn in it
    (dark on the light's colour), each pair's name at least 24 px, and no word under 14 px
    (the scenarios, the last runs and the room's lines at 11 px could not be read from the
    back of a room, two facilitators)."""
    dojo_scene.a_dojo(dashboard, datetime.now(UTC).replace(microsecond=0))
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    page.goto(dashboard.url)
    expect(page.locator(".board .lights .light").first).to_be_visible()
    # Measured in one go: the live board may be drawn again between two questions.
    lights, names, words = page.evaluate(
        """() => [
          [...document.querySelectorAll('.board .lights .light')].map(e => {
            const box = e.getBoundingClientRect();
            return [box.width, box.height, e.textContent, getComputedStyle(e).color];
          }),
          [...document.querySelectorAll('.board .name')].map(
            e => parseFloat(getComputedStyle(e).fontSize)),
          [...document.body.querySelectorAll('*')].filter(e => [...e.childNodes].some(
              n => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
            .filter(e => e.getClientRects().length)
            .map(e => [parseFloat(getComputedStyle(e).fontSize), e.textContent.trim()]),
        ]"""
    )
    small = [(size, text[:40]) for size, text in words if size < 14]
    assert not small, small
    assert lights
    for width, height, glyph, colour in lights:
        assert min(width, height) >= 20, (width, height)
        assert glyph in pages.GLYPHS.values(), glyph
        assert colour == "rgb(0, 0, 0)", colour
    assert names
    assert min(names) >= 24, names
    page.close()


def test_on_a_projector_five_pairs_fit_the_screen_after_the_end_one_of_them_stuck(
    tmp_path: Path, browser: Browser
) -> None:
    """At 1024 by 768, with the end said, a pair stuck and two constraints, the fifth pair's
    row was below the screen (two facilitators): the rows are as tall as their names."""
    dashboard = Dashboard(tmp_path / "dojo.sqlite3", stuck_after=2)
    try:
        seats = {
            "Edsger and Tony": {"level": "model"},
            "Alan and Joan": {"level": "stories", "constraint": "predict", "guess": "green"},
            "Linus and Barbara": {"level": "steps"},
            "Ada and Grace": {"level": "model", "constraint": "baby-steps", "minutes": 2},
            "Ken and Dennis": {"level": "examples"},
        }
        for name, seat in seats.items():
            minutes = range(31) if name == "Edsger and Tony" else range(37)
            runs = [a_run(minute, "red" if minute % 2 else "green", **seat) for minute in minutes]
            if name == "Edsger and Tony":  # red from minute 35 to the end: stuck, not idle
                runs.append(a_run(35, "red", scenario="The Left Bar, JD, is led", **seat))
            for start in range(0, len(runs), 8):  # as a workspace posts: a few lines at once
                assert post_lines(dashboard, *runs[start : start + 8], pair=name)[0] == 200
        dashboard.store.settings.end(START + timedelta(minutes=38))
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        page.goto(dashboard.url)
        expect(page.locator(".stuck-mark")).to_have_count(1)
        expect(page.locator(".idle-mark")).to_have_count(0)
        bottoms = page.evaluate(
            "() => [...document.querySelectorAll('.board .pair:not(.head)')]"
            ".map(e => e.getBoundingClientRect().bottom)"
        )
        assert len(bottoms) == 5
        assert max(bottoms) <= 768, bottoms
        page.close()
    finally:
        dashboard.stop()


def test_a_row_longer_than_the_board_shows_its_newest_lights_whole_and_cuts_none(
    dashboard: Dashboard, browser: Browser
) -> None:
    """48 lights do not fit a row at 1024 wide: the oldest are left out whole, never one cut
    in half at the row's edge, and the newest is at the row's end."""
    runs = [a_run(minute, "red" if minute % 2 else "green") for minute in range(47)]
    for ten in range(0, 47, 10):  # as a coach posts them, a few at a time
        assert post_lines(dashboard, *runs[ten : ten + 10], pair="Ada")[0] == 200
    post_lines(dashboard, a_run(47, "green", passed_at_once=True), pair="Ada")
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    page.goto(dashboard.url)
    expect(page.locator(".board .lights .light")).to_have_count(48)
    row, lights = page.evaluate(
        """() => {
          const row = document.querySelector('.board .pair:not(.head) .lights');
          const box = e => { const b = e.getBoundingClientRect(); return [b.left, b.right,
            b.top, b.bottom, e.className]; };
          return [box(row), [...row.querySelectorAll('.light')].map(box)];
        }"""
    )
    left, right, top, bottom, _ = row
    shown = [light for light in lights if light[1] > left and light[0] < right]
    shown = [light for light in shown if light[3] > top and light[2] < bottom]
    assert 10 < len(shown) < 48, len(shown)
    for light in shown:
        assert left <= light[0], ("cut at the left", light, row)
        assert light[1] <= right, ("cut at the right", light, row)
        assert top <= light[2], ("cut at the top", light, row)
        assert light[3] <= bottom, ("cut at the bottom", light, row)
    newest = max(shown, key=lambda light: light[1])
    assert "at-once" in newest[4], newest
    # The row says how many earlier lights are out of sight, left of those shown.
    earlier = page.locator(".board .pair:not(.head) .lights .earlier")
    expect(earlier).to_have_text(f"+{48 - len(shown)}")
    # Read in one step: the page may be drawn again meanwhile, as an event stream's first
    # message asks, and an element read before it is gone.
    mark_left, mark_right = page.evaluate(
        """() => { const b = document.querySelector('.board .lights .earlier')
          .getBoundingClientRect(); return [b.left, b.right]; }"""
    )
    assert mark_right <= min(light[0] for light in shown), "left of the lights"
    assert left <= mark_left, ("the mark is inside the row", mark_left, row)
    # The page scales with the screen, so a wider one shows as many; a phone's row is laid
    # out anew, and the mark counts again.
    page.set_viewport_size({"width": 420, "height": 800})
    expect(earlier).not_to_have_text(f"+{48 - len(shown)}")
    out = page.evaluate(
        """() => { const lights = [...document.querySelectorAll('.board .lights .light')];
          return lights.filter(l => l.offsetTop !== lights[0].offsetTop).length; }"""
    )
    expect(earlier).to_have_text(f"+{out}")
    page.close()


def test_after_the_end_the_pages_minutes_in_red_stop_too(tmp_path: Path, browser: Browser) -> None:
    """The page brings the minutes in red up to date by itself, between the board's draws: by
    the browser's clock, in whole minutes passed, and never past the dojo's end."""
    now = datetime.now(UTC).replace(microsecond=0)
    dashboard = Dashboard(tmp_path / "dojo.sqlite3")
    try:
        post_lines(dashboard, a_run(0, "green"), a_run(1, scenario="Lead"))
        red_since = START + timedelta(minutes=1)
        dashboard.store.settings.end(red_since + timedelta(minutes=3, seconds=50))
        page = browser.new_page()
        page.clock.install(time=now)
        page.goto(dashboard.url)
        shown = page.locator("[data-red-since]")
        expect(shown).to_have_text("3 min")
        page.clock.fast_forward("30:00")
        expect(shown).to_have_text("3 min")
        page.close()
    finally:
        dashboard.stop()


def test_a_red_of_under_a_minute_is_said_so_not_as_none(tmp_path: Path, browser: Browser) -> None:
    """ "0 min" in red of a pair red at the end was read as no time in red (a facilitator);
    "under 1 min" then wrapped onto two lines of the narrow column on a projector."""
    dashboard = Dashboard(tmp_path / "dojo.sqlite3")
    try:
        post_lines(dashboard, a_run(0, "green"), a_run(1, scenario="Lead"))
        dashboard.store.settings.end(START + timedelta(minutes=1, seconds=30))
        assert '<span data-red-since="' in dashboard.get("/board")
        assert ">&lt;1 min</span>" in dashboard.get("/board"), "as the server draws it"
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        page.goto(dashboard.url)
        shown = page.locator("[data-red-since]")
        expect(shown).to_have_text("<1 min")  # as the page ticks
        # Measured in one go: the live board may be drawn again between two questions.
        height, size = page.evaluate(
            "() => { const span = document.querySelector('[data-red-since]');"
            " return [span.getBoundingClientRect().height,"
            " parseFloat(getComputedStyle(span).fontSize)]; }"
        )
        assert height < 1.8 * size, "on one line"
        page.close()
    finally:
        dashboard.stop()


def test_the_board_marks_who_is_stuck_and_shows_what_the_room_misses(
    dashboard: Dashboard, browser: Browser
) -> None:
    now = datetime.now(UTC).replace(microsecond=0)
    dojo_scene.a_dojo(dashboard, now)
    script = "<script>alert(1)</script>"
    post_lines(dashboard, *dojo_scene.lights(now, (11, "red", 1, "<b>deals</b>")), pair=script)
    page = browser.new_page()
    page.goto(dashboard.url)
    expect(page).to_have_title("(3 stuck, 4 idle) Euchre dojo")
    marks = page.locator(".pair.stuck")
    expect(marks.locator(".name > a")).to_have_text([script, "Linus & Barbara", "Ada & Grace"])
    expect(marks.locator(".stuck-mark")).to_have_text(
        [
            "⚠ stuck 11 min on '<b>deals</b>'",
            "⚠ amber twice in a row: their tests cannot run",
            f"⚠ stuck 14 min on '{dojo_scene.FOLLOW}'",
        ]
    )
    room = page.locator(".room.summary")  # below the rows
    expect(room.locator(".missed li").first).to_have_text(
        # Of those the wrong models measure who reached its stage: one pair is on stage 1.
        "4 of 5 pairs: the dealer leads the first trick"
    )
    expect(room.locator(".reddest li").first).to_have_text(
        f"51 min in red on '{dojo_scene.LEADS}', 4 pairs' minutes together"
    )
    expect(room).to_contain_text("3 pairs on stage 1, Dealing the hand")
    page.evaluate("window.sameDocument = true")
    page.wait_for_timeout(300)  # the event stream is open
    post_lines(
        dashboard, *dojo_scene.lights(now, (0, "green", 3, dojo_scene.FOLLOW)), pair="Ada & Grace"
    )
    expect(page).to_have_title("(2 stuck, 4 idle) Euchre dojo", timeout=5000)
    expect(marks.locator(".name > a")).to_have_text([script, "Linus & Barbara"])
    assert page.evaluate("window.sameDocument") is True
    page.close()


def test_the_screenshot_of_a_dojo_for_the_docs_is_made_by_one_command(
    browser: Browser, tmp_path: Path
) -> None:
    out = tmp_path / "dojo-stuck.png"
    dojo_scene.make(browser, out)
    width, height, values = png_shape(out.read_bytes())
    assert width == 1280  # the scene's viewport, the whole page long
    assert height >= 760
    assert values > 50  # a page drawn, not a blank one (a blank one has a few)


def png_shape(data: bytes) -> tuple[int, int, int]:
    """A PNG's width and height, and how many byte values its image data holds once
    decompressed: a handful for a page of one colour, many for one with text and lights."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", data[16:24])
    image, at = b"", 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            image += data[at + 8 : at + 8 + length]
        at += 12 + length
    return width, height, len(set(zlib.decompress(image)))
