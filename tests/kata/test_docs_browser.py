"""The living documentation in a real browser, at a desktop's width and a phone's.

`make docs` writes one self-contained page; here it is opened from a file, as a reader would,
in Chromium driven by Playwright (tests/browser.py), which `make test` gets. Without Chromium,
it fails with the command that gets it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pytest

from euchre.cards import PLAIN_CARD, Card
from euchre.kata.docs import render
from tests.browser import launched
from tests.kata.pages import FEATURES, results, scenarios_of

pytestmark = pytest.mark.e2e  # a real browser: `make quick` leaves them out

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
HEADINGS = """[...document.querySelectorAll('.scenario > h4')].map(heading =>
    [...heading.childNodes].filter(node => !node.classList?.contains('badge'))
        .map(node => node.textContent).join('').replace(/\\s+/g, ' ').trim())"""
"""Each scenario's heading as the reader sees it, without its result."""
CONTENTS_LEFTS = (
    "[...document.querySelectorAll('nav > ul > li')].map(li => li.getBoundingClientRect().x)"
)
"""Where each feature's entry in the contents starts across the screen: one column or two."""


@dataclass
class Opened:
    """The page in a tab, and everything it said went wrong or fetched from elsewhere."""

    tab: Page
    problems: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("docs")
    out = folder / "living-documentation.html"
    out.write_text(render(FEATURES, results(folder, failing="Trump is led")), encoding="utf-8")
    return out.as_uri()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launched() as chromium:
        yield chromium


def open_page(browser: Browser, url: str, width: str) -> Iterator[Opened]:
    phone = width == "phone"
    tab = browser.new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone)
    opened = Opened(tab)

    def console(message: Any) -> None:
        if message.type in ("error", "warning"):
            opened.problems.append(f"console {message.type}: {message.text}")

    def request(sent: Any) -> None:
        if not sent.url.startswith("file:"):
            opened.problems.append(f"fetched {sent.url}")

    tab.on("console", console)
    tab.on("pageerror", lambda error: opened.problems.append(f"page error: {error}"))
    tab.on("request", request)
    tab.goto(url)
    yield opened
    tab.close()


@pytest.fixture(params=["desktop", "phone"])
def page(browser: Browser, page_url: str, request: pytest.FixtureRequest) -> Iterator[Opened]:
    yield from open_page(browser, page_url, request.param)


@pytest.fixture
def phone(browser: Browser, page_url: str) -> Iterator[Opened]:
    yield from open_page(browser, page_url, "phone")


@pytest.fixture
def desktop(browser: Browser, page_url: str) -> Iterator[Opened]:
    yield from open_page(browser, page_url, "desktop")


def with_symbols(text: str) -> str:
    return PLAIN_CARD.sub(lambda found: Card.parse(found.group()).symbol, text)


def test_every_scenario_is_visible_and_inside_the_screens_width(page: Opened) -> None:
    names = [
        f"{scenario.keyword}: {with_symbols(scenario.name)}"
        for path in FEATURES.glob("*.feature")
        for scenario in scenarios_of(path)
    ]
    assert sorted(page.tab.evaluate(HEADINGS)) == sorted(names)
    width = page.tab.viewport_size["width"] if page.tab.viewport_size else 0
    for scenario in page.tab.locator(".scenario").all():
        assert scenario.is_visible()
        box = scenario.bounding_box()
        assert box is not None
        assert box["width"] > 0
        assert box["height"] > 0
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= width
    assert page.problems == []


@pytest.mark.parametrize("link", [0, 1, 2, 20, -2, -1])
def test_a_contents_link_lands_on_its_section(page: Opened, link: int) -> None:
    """The first links (who sits where, the first feature and its first rule), one in the
    middle, the last rule and the glossary."""
    chosen = page.tab.locator("nav a").nth(link)
    target = str(chosen.get_attribute("href"))
    chosen.click()
    assert page.tab.evaluate("location.hash") == target
    top, bottom, height = page.tab.evaluate(
        """id => {
            const box = document.getElementById(id).getBoundingClientRect();
            return [box.top, box.bottom, window.innerHeight];
        }""",
        target.removeprefix("#"),
    )
    assert -1 <= top < height / 2, f"{target} is at {top} of {height}"
    assert bottom > top
    assert page.problems == []


def test_every_contents_link_has_a_section(page: Opened) -> None:
    missing = page.tab.evaluate(
        """[...document.querySelectorAll('nav a')]
            .map(a => a.getAttribute('href').slice(1))
            .filter(id => !document.getElementById(id))"""
    )
    assert missing == []
    assert page.tab.locator("nav a").count() > 40


def test_on_a_phone_nothing_scrolls_sideways_and_the_contents_are_one_column(
    phone: Opened,
) -> None:
    assert phone.tab.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    assert len(set(phone.tab.evaluate(CONTENTS_LEFTS))) == 1
    assert phone.problems == []


def test_on_a_desktop_the_contents_are_two_columns(desktop: Opened) -> None:
    assert len(set(desktop.tab.evaluate(CONTENTS_LEFTS))) == 2
    assert desktop.problems == []
