"""`make test` gets the browser tests' Chromium itself (tests/browser.py): the system's where
there is one, Debian's package where apt can install it, else Playwright's own."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests import browser
from tests.paths import ROOT


class Machine:
    """The commands run, and what each does: apt's install puts Chromium where Debian's does.
    ``failing`` names those that fail: "update", "install" (apt's) or "playwright"."""

    def __init__(self, system: Path, failing: Sequence[str] = ()) -> None:
        self.system = system
        self.failing = failing
        self.ran: list[list[str]] = []
        self.said: list[str] = []

    def run(self, command: Sequence[str]) -> int:
        self.ran.append(list(command))
        kind = "playwright" if "playwright" in command else command[1]
        if kind in self.failing:
            return 1
        if kind == "install":
            self.system.touch()
        return 0


def nothing() -> bool:
    """Playwright's own Chromium is not installed."""
    return False


def test_the_systems_chromium_is_used_as_it_is(tmp_path: Path) -> None:
    machine = Machine(tmp_path / "chromium")
    machine.system.touch()
    got = browser.get(machine.said.append, machine.system, ["apt-get"], machine.run, nothing)
    assert got == f"the system's, {machine.system}"
    assert (machine.ran, machine.said) == ([], [])


def test_without_one_debians_package_is_installed_where_apt_can(tmp_path: Path) -> None:
    machine = Machine(tmp_path / "chromium")
    got = browser.get(machine.said.append, machine.system, ["apt-get"], machine.run, nothing)
    assert got == f"Debian's, {machine.system}"
    assert machine.ran == [
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "chromium"],
    ]
    assert machine.said == [
        f"{machine.system} is missing: installing Debian's chromium (apt-get, the first time only)"
    ]


@pytest.mark.parametrize("failing", ["update", "install"])
def test_where_apt_fails_playwrights_own_is_fetched(tmp_path: Path, failing: str) -> None:
    machine = Machine(tmp_path / "chromium", failing=[failing])
    got = browser.get(machine.said.append, machine.system, ["apt-get"], machine.run, nothing)
    assert got == "Playwright's own"
    assert machine.ran[-1] == [sys.executable, "-m", "playwright", "install", "chromium"]
    assert machine.said[-1] == "Getting Playwright's own Chromium (playwright install chromium) ..."


def test_where_apt_cannot_be_used_playwrights_own_is_fetched_alone(tmp_path: Path) -> None:
    machine = Machine(tmp_path / "chromium")
    assert browser.get(machine.said.append, machine.system, None, machine.run, nothing) == (
        "Playwright's own"
    )
    assert machine.ran == [[sys.executable, "-m", "playwright", "install", "chromium"]]


def test_when_nothing_works_it_says_why_in_one_line(tmp_path: Path) -> None:
    machine = Machine(tmp_path / "chromium", failing=["install", "playwright"])
    with pytest.raises(browser.NoBrowserError) as refused:
        browser.get(machine.said.append, machine.system, ["apt-get"], machine.run, nothing)
    assert str(refused.value) == (
        f"{machine.system} is missing, apt cannot install Debian's chromium here (as root or"
        " with sudo without a password), and `playwright install chromium` failed"
    )


def test_apt_runs_as_root_or_through_sudo_without_a_password_or_not_at_all() -> None:
    def which(found: set[str]):  # type: ignore[no-untyped-def]
        return lambda name: f"/usr/bin/{name}" if name in found else None

    def asked(answer: int):  # type: ignore[no-untyped-def]
        return lambda command: answer if list(command) == ["sudo", "-n", "true"] else 9

    both = which({"apt-get", "sudo"})
    assert browser.apt(0, both, asked(1)) == ["apt-get"]
    assert browser.apt(1000, both, asked(0)) == [
        "sudo",
        "-n",
        "env",
        "DEBIAN_FRONTEND=noninteractive",
        "apt-get",
    ]
    assert browser.apt(1000, both, asked(1)) is None, "sudo asks for a password"
    assert browser.apt(1000, which({"apt-get"}), asked(0)) is None, "no sudo"
    assert browser.apt(0, which({"sudo"}), asked(0)) is None, "no apt: not Debian"


def test_make_test_gets_the_browser_before_the_tests_run() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ntest: $(STAMP)\n", 1)[1].split("\n\n", 1)[0]
    assert recipe.splitlines()[0] == "\t$(BIN)/python -m tests.browser"
    assert "pytest" in recipe.splitlines()[1]


def test_playwrights_own_once_fetched_is_used_as_it_is(tmp_path: Path) -> None:
    machine = Machine(tmp_path / "chromium")
    got = browser.get(machine.said.append, machine.system, ["apt-get"], machine.run, lambda: True)
    assert got == "Playwright's own"
    assert (machine.ran, machine.said) == ([], [])


def test_the_command_is_quiet_with_a_chromium_and_one_line_without(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(browser, "get", lambda say, **_: "the system's, /usr/bin/chromium")
    assert browser.main() == 0
    assert capsys.readouterr() == ("", "")

    def refused(say: object, **_: object) -> str:
        raise browser.NoBrowserError("apt cannot install it here")

    monkeypatch.setattr(browser, "get", refused)
    assert browser.main() == 1
    assert capsys.readouterr() == (
        "",
        "The browser tests have no Chromium: apt cannot install it here.\n",
    )
