"""The dashboard's pages, rendered by Jinja2 with autoescaping: no pair's name or scenario is
ever read as HTML. The live pages and the offline report share one set of templates."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from euchre.dojo.board import STUCK_MINUTES, Row, rows
from euchre.dojo.store import Pair
from euchre.kata.coach.lights import AT_ONCE, LIGHTS, REFACTOR

TEMPLATES = Path(__file__).parent / "templates"
SYMBOLS = {symbol: light for light, symbol in LIGHTS.items()} | {
    AT_ONCE: "at-once",
    REFACTOR: "refactor",
}

ENVIRONMENT = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


def lights_in_text(line: str) -> Markup:
    """A line of `make progress`, escaped, with its light symbols drawn as the page's lights."""
    marked = escape(line)
    for symbol, light in SYMBOLS.items():
        marked = Markup(
            marked.replace(symbol, Markup('<span class="light {}"></span>').format(light))
        )
    return marked


def utc(time: datetime) -> str:
    return time.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def clock(time: datetime) -> str:
    return time.astimezone(UTC).strftime("%H:%M:%S UTC")


ENVIRONMENT.filters.update(lights_in_text=lights_in_text, utc=utc, clock=clock)
ENVIRONMENT.globals.update(STUCK_MINUTES=STUCK_MINUTES)


def nonce() -> str:
    """A fresh value for the page's Content-Security-Policy: only its own script runs."""
    return secrets.token_urlsafe(16)


def board(pairs: list[Pair], now: datetime, address: str) -> str:
    """The board alone: what the live page fetches when a light arrives."""
    return ENVIRONMENT.get_template("board.html").render(
        rows=rows(pairs, now), link="/pairs/{}", address=address
    )


def dashboard(pairs: list[Pair], now: datetime, script_nonce: str, address: str) -> str:
    """The live page: the board, brought up to date whenever a light arrives."""
    return ENVIRONMENT.get_template("dashboard.html").render(
        rows=rows(pairs, now), link="/pairs/{}", nonce=script_nonce, live="/board", address=address
    )


def pair_view(row: Row) -> str:
    return ENVIRONMENT.get_template("pair_view.html").render(row=row)


def pair_page(row: Row, script_nonce: str) -> str:
    return ENVIRONMENT.get_template("pair.html").render(
        row=row, nonce=script_nonce, live=f"/pairs/{row.id}/view"
    )


def report(pairs: list[Pair], now: datetime) -> str:
    """The page for a dojo without a network: no script, and every pair's view below the board."""
    return ENVIRONMENT.get_template("report.html").render(
        rows=rows(pairs, now), link="#pair-{}", now=now
    )
