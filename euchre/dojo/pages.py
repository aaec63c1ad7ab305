"""The dashboard's pages, rendered by Jinja2 with autoescaping: no pair's name or scenario is
ever read as HTML. The live pages and the offline report share one set of templates."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from jinja2 import DictLoader, Environment, select_autoescape
from markupsafe import Markup, escape

from euchre.dojo.board import Pair, Row, next_mark, rows
from euchre.dojo.pair_history import WRITING_EXAMPLES
from euchre.dojo.report import MOST_CODE
from euchre.dojo.retro import Retro, spoken
from euchre.dojo.room import Axis, Room
from euchre.dojo.summary import Summary
from euchre.kata.coach.record import lights, progress
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.line import Line, utc
from euchre.kata.coach.record.stages import STAGES

TEMPLATES = Path(__file__).parent / "templates"
SYMBOLS = {symbol: light for light, symbol in lights.LIGHTS.items()} | {
    lights.AT_ONCE: "at-once",
    lights.REFACTOR: "refactor",
}

ENVIRONMENT = Environment(
    loader=DictLoader({path.name: path.read_text("utf-8") for path in TEMPLATES.glob("*.html")}),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)

GLYPHS = {
    "red": "\N{MULTIPLICATION SIGN}",
    "amber": "!",
    "green": "✓",
    "at-once": "★",
    "refactor": "↻",
}
"""Each kind of light's glyph, drawn in it: lights are told apart by more than colour."""
NAMES = {"at-once": "passed at once", "refactor": "refactor"}
"""The green lights that are named as themselves; the others by their colour."""


def lights_in_text(line: str) -> Markup:
    """A line of `make progress`, escaped, with its light symbols drawn as the page's lights."""
    marked = escape(line)
    for symbol, light in SYMBOLS.items():
        marked = Markup(
            marked.replace(
                symbol, Markup('<span class="light {}">{}</span>').format(light, GLYPHS[light])
            )
        )
    return marked


def clock(time: datetime) -> str:
    return time.astimezone(UTC).strftime("%H:%M:%S UTC")


def diff_lines(diff: str) -> list[tuple[str, str]]:
    """Each line of a unified diff with how it is drawn: a file's start, the rest of its header
    (file), a hunk's head, an added line, a removed one, or one the same in both."""
    drawn = []
    for line in diff.splitlines():
        if line.startswith("diff --git "):
            kind = "start"
        elif line.startswith(("index ", "--- ", "+++ ", "new file", "deleted file", "Binary")):
            kind = "file"
        elif line.startswith("@@"):
            kind = "hunk"
        else:
            kind = {"+": "added", "-": "removed"}.get(line[:1], "same")
        drawn.append((kind, line))
    return drawn


@dataclass(frozen=True)
class FileDiff:
    """One file's part of a run's diff: its path, and its lines as ``diff_lines`` draws them."""

    path: str
    lines: list[tuple[str, str]]

    @property
    def counts(self) -> str:
        """``+3 -1`` (a minus sign): the lines it adds and removes, each only if any."""
        added = sum(kind == "added" for kind, _ in self.lines)
        removed = sum(kind == "removed" for kind, _ in self.lines)
        said = [f"+{added}"] * bool(added) + [f"\N{MINUS SIGN}{removed}"] * bool(removed)
        return " ".join(said) or "no line"


def by_file(diff: str) -> list[FileDiff]:
    """A diff cut into its files, in its order, each named as its header's ``+++ b/`` says, or
    for a file deleted its ``--- a/``, or (a binary file) its first line."""
    parts: list[list[tuple[str, str]]] = []
    for kind, line in diff_lines(diff):
        if kind == "start" or not parts:  # a pair's post may hold lines before any file's
            parts.append([])
        parts[-1].append((kind, line))
    files = []
    for lines in parts:
        named = [
            line[6:] for kind, line in lines if kind == "file" and line[:6] in ("+++ b/", "--- a/")
        ]
        files.append(FileDiff(named[-1] if named else lines[0][1].split(" b/", 1)[-1], lines))
    return files


def changed(diff: str | None) -> set[str]:
    """The files a diff changes (and keeps): the page opens them."""
    return {line[6:] for line in (diff or "").splitlines() if line.startswith("+++ b/")}


def stage_name(number: int) -> str:
    """A stage's name; "?" for a number no stage has (a report reads any history line)."""
    return STAGES[number - 1].name if 1 <= number <= len(STAGES) else "?"


ENVIRONMENT.filters.update(
    glyph=GLYPHS.__getitem__,
    named=lambda kind: NAMES.get(kind, kind),
    lights_in_text=lights_in_text,
    utc=utc,
    clock=clock,
    diff_lines=diff_lines,
    by_file=by_file,
    changed=changed,
    stage_name=stage_name,
)

# The retrospective's: a stretch's time and a title as said aloud, and a question's kind.
ENVIRONMENT.filters.update(kind=lambda value: type(value).__name__)
ENVIRONMENT.filters.update(stretch=progress.stretch, spoken=spoken)

MOST_ROWS_DRAWN = 5000
_ROWS: dict[tuple[object, ...], Markup] = {}
"""Each row as last drawn: a row changes only when its pair's lights do, or a minute passes."""


def row_html(row: Row, link: str, axis: Axis | None = None, run_link: str = "") -> Markup:
    """The board's line for ``row``, its lights on the room's ``axis``, each a link to its run
    (``run_link``, if given, where its code was kept), drawn once for each thing it shows."""
    key = (
        *(row.id, row.name, row.summary, row.red_minutes, tuple(row.stuck_words)),
        *(row.last_run_minutes, row.until, row.idle, link, axis, run_link),
    )
    drawn = _ROWS.get(key)
    if drawn is None:
        if len(_ROWS) >= MOST_ROWS_DRAWN:  # rows of pairs whose lights have changed since
            _ROWS.clear()
        template = ENVIRONMENT.get_template("row.html")
        drawn = Markup(template.render(row=row, link=link, axis=axis, run_link=run_link))
        _ROWS[key] = drawn
    return drawn


def drawable(row: Row, link: str = "/pairs/{}") -> Row:
    """``row``, or if the board cannot draw it, a row that says why: one pair's lights, however
    odd, never cost the room its board."""
    try:
        row_html(row, link)
        Room.of([row])
        next_mark([row])
    except Exception as error:  # whatever it is, it is that pair's alone
        return Row(row.id, row.name, Summary(), row.now, problem=str(error) or type(error).__name__)
    return row


ENVIRONMENT.globals.update(row_html=row_html, writing_examples=WRITING_EXAMPLES)
# Every template read and compiled once, here: a dashboard short of file descriptors (slow
# clients may hold them all) opens no file, nor imports a module, to draw a page.
for _name in ENVIRONMENT.list_templates():
    ENVIRONMENT.get_template(_name)


def nonce() -> str:
    """A fresh value for the page's Content-Security-Policy: only its own script runs."""
    return secrets.token_urlsafe(16)


def title(stuck: int, idle: int = 0) -> str:
    """The live page's title, with how many pairs are stuck and idle: seen from another tab."""
    counts = [f"{stuck} stuck"] * bool(stuck) + [f"{idle} idle"] * bool(idle)
    return f"({', '.join(counts)}) Euchre dojo" if counts else "Euchre dojo"


def board(rows: list[Row], address: str, notes: list[str], ended: datetime | None = None) -> str:
    """The board alone: what the live page fetches when a light arrives, with what the room
    misses above the rows, when the dojo ended, and the page's title for its script to show."""
    return ENVIRONMENT.get_template("board.html").render(
        rows=rows,
        link="/pairs/{}",
        run_link=RUN_LINK,
        address=address,
        notes=notes,
        room=Room.of(rows),
        title=title,
        ended=ended,
    )


def dashboard(pairs: int, board_html: str, script_nonce: str, stuck: int, idle: int = 0) -> str:
    """The live page around the board (``board``'s), brought up to date as lights arrive."""
    return ENVIRONMENT.get_template("dashboard.html").render(
        pairs=pairs,
        board=Markup(board_html),
        nonce=script_nonce,
        live="/board",
        title=title(stuck, idle),
    )


RUN_LINK = "/pairs/{0}/runs/{1}"
"""A run's page on the live dashboard; the report links to the run's code further down."""


def pair_view(row: Row) -> str:
    return ENVIRONMENT.get_template("pair_view.html").render(row=row, run_link=RUN_LINK)


def pair_page(row: Row, script_nonce: str) -> str:
    return ENVIRONMENT.get_template("pair.html").render(
        row=row, nonce=script_nonce, live=f"/pairs/{row.id}/view", run_link=RUN_LINK
    )


def run_page(row: Row, index: int, code: Code | None, script_nonce: str) -> str:
    """One run of the pair's (``row.runs[index]``): its light, its diff and its files."""
    return ENVIRONMENT.get_template("run.html").render(
        row=row, index=index, run=row.runs[index], code=code, nonce=script_nonce, run_link=RUN_LINK
    )


def report(
    pairs: list[Pair],
    now: datetime,
    written: datetime | None = None,
    ended: datetime | None = None,
    minutes: Mapping[str, int] | None = None,
) -> str:
    """The page for a dojo without a network: no script, and every pair's view below the board,
    with each run's code, shown when its light is clicked; of the runs until ``now`` (the last
    light), or the dojo's end if it ``ended``, ``written`` then (by default, now); pairs marked
    by the dashboard's ``minutes`` (``stuck_after``, ``idle_after``) where they are known."""
    until = "the end" if ended else "the last light"
    shown = rows(pairs, ended or now, **(minutes or {}), until=until)
    codes = {pair.id: pair.code for pair in pairs}
    return ENVIRONMENT.get_template("report.html").render(
        rows=shown,
        room=Room.of(shown),
        title=title,
        link="#pair-{}",
        now=ended or now,
        ended=ended,
        written=written or datetime.now(UTC),
        notes=[],
        run_link="#pair-{0}-run-{1}",
        codes=codes,
        carried={row.id: _first_of_each(row.runs, codes[row.id]) for row in shown},
        left_out={pair.id: pair.code_left_out for pair in pairs},
        most_code=f"{MOST_CODE // (1024 * 1024)} MB",
    )


def _first_of_each(runs: tuple[Line, ...], codes: dict[str, Code]) -> list[tuple[int, Line]]:
    """The runs whose code the page carries, each commit once (at its first run), by index."""
    first: dict[str, int] = {}
    for index, run in enumerate(runs):
        if run.run in codes:
            first.setdefault(run.run, index)
    return [(index, runs[index]) for index in first.values()]


def retro(
    made: Retro,
    codes: dict[int, dict[str, Code]] | None = None,
    script_nonce: str | None = None,
    written: datetime | None = None,
    ended: datetime | None = None,
) -> str:
    """The retrospective's page, of the runs until the last light, or until the dojo
    ``ended``, ``written`` then (by default, now). On the dashboard (no ``codes``; the
    nonce lets its style in) each run it names links to the run's page; offline, the code of
    each run it names is carried in the page, by pair."""
    return ENVIRONMENT.get_template("retro.html").render(
        retro=made,
        written=written or datetime.now(UTC),
        ended=ended,
        codes=codes,
        run_link=RUN_LINK if codes is None else "#pair-{0}-run-{1}",
        nonce=script_nonce,
    )
