"""A real browser for the tests that need one: Chromium, driven by Playwright.

`make test` gets one before the tests run (`python -m tests.browser`), the first of these:

1. the system's Chromium, /usr/bin/chromium, where there is one, or Playwright's own if it was
   fetched before;
2. Debian's package `chromium`, where apt can install it: as root, or with sudo without a
   password;
3. Playwright's own build, `playwright install chromium` (kept in ~/.cache/ms-playwright).

The tests launch the system's where there is one, else Playwright's own. Without either, a
browser test fails at once with the command that gets one: a browser test that is skipped
checks nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM = Path("/usr/bin/chromium")
"""The system's Chromium, where Debian's package puts it."""
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PLAYWRIGHTS_OWN = (sys.executable, "-m", "playwright", "install", "chromium")

Run = Callable[[Sequence[str]], int]


@contextmanager
def launched() -> Iterator[Browser]:
    """Chromium, headless, closed again when the block ends: the system's, else Playwright's."""
    import pytest
    from playwright.sync_api import Error, sync_playwright

    system = CHROMIUM.exists()
    with sync_playwright() as playwright:
        missing = ""
        try:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM) if system else None, args=ARGS
            )
        except Error as error:
            if system:
                raise
            missing = str(error).strip().splitlines()[0]
        if missing:
            pytest.fail(
                f"no Chromium: {CHROMIUM} is missing, and so is Playwright's own ({missing});"
                " `make test` gets one",
                pytrace=False,
            )
        try:
            yield browser
        finally:
            browser.close()


class NoBrowserError(Exception):
    """No way to get a Chromium worked: why, in one line."""


def _run(command: Sequence[str]) -> int:
    return subprocess.run(command, stdin=subprocess.DEVNULL, check=False).returncode


def _quietly(command: Sequence[str]) -> int:
    return subprocess.run(command, capture_output=True, check=False).returncode


def apt(
    euid: int, which: Callable[[str], str | None] = shutil.which, ask: Run = _quietly
) -> list[str] | None:
    """How to run apt-get as root here: itself (we are root), through sudo without a password,
    or not at all (None)."""
    if which("apt-get") is None:
        return None
    if euid == 0:
        return ["apt-get"]
    if which("sudo") is not None and ask(["sudo", "-n", "true"]) == 0:
        return ["sudo", "-n", "env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]
    return None


def playwrights_own() -> bool:
    """Whether Playwright's own Chromium is installed (asked of Playwright: half a second)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        return Path(playwright.chromium.executable_path).exists()


def get(
    say: Callable[[str], None],
    system: Path = CHROMIUM,
    as_root: list[str] | None = None,
    run: Run = _run,
    own: Callable[[], bool] = playwrights_own,
) -> str:
    """Make sure a Chromium is there for the browser tests, and say which it is."""
    if system.exists():
        return f"the system's, {system}"
    if own():
        return "Playwright's own"
    if as_root is not None:
        say(f"{system} is missing: installing Debian's chromium (apt-get, the first time only)")
        if (
            run([*as_root, "update", "-qq"]) == 0
            and run([*as_root, "install", "-y", "-qq", "chromium"]) == 0
            and system.exists()
        ):
            return f"Debian's, {system}"
    say("Getting Playwright's own Chromium (playwright install chromium) ...")
    if run(PLAYWRIGHTS_OWN) != 0:
        raise NoBrowserError(
            f"{system} is missing, apt cannot install Debian's chromium here"
            " (as root or with sudo without a password), and `playwright install chromium`"
            " failed"
        )
    return "Playwright's own"


def main() -> int:
    """`python -m tests.browser`: quiet when there is a Chromium already; 1 when none can be had."""

    def say(line: str) -> None:
        print(line, file=sys.stderr)

    os.environ.setdefault("DEBIAN_FRONTEND", "noninteractive")
    try:
        get(say, as_root=apt(os.geteuid()))
    except NoBrowserError as error:
        say(f"The browser tests have no Chromium: {error}.")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
