"""``euchre dojo``: ``serve`` starts the dashboard; ``report DIR...`` writes its page from
workspaces' history files or an export; ``retro`` the retrospective's page; ``export`` every
pair's runs in one archive; the facilitator's ``end``, ``remove`` and ``hide`` are in
facilitator.py. The web libraries are imported only when needed, so that the ``euchre`` command
works without the ``.[dojo]`` extra."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from euchre.dojo import facilitator, marks
from euchre.dojo.board import IDLE_MINUTES, STUCK_MINUTES
from euchre.dojo.guard import Proxies
from euchre.dojo.problems import fail, why
from euchre.kata.coach.record.files import write_atomically

if TYPE_CHECKING:
    from euchre.dojo.store import Store

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
LAST_PORT = 65535
DEFAULT_DB = Path("build/dojo.sqlite3")
DEFAULT_REPORT = Path("build/dojo-report.html")
DEFAULT_RETRO = Path("build/dojo-retro.html")
DEFAULT_EXPORT = Path("build/dojo-export.zip")
READ = "a pair's workspace, or the archive `euchre dojo export` wrote"
MISSING = (
    "euchre dojo {} needs the dojo extra ({} is not installed): pip install 'euchre-kata[dojo]'"
)

Subparsers = Any


def add_parser(subcommands: Subparsers) -> None:
    command = subcommands.add_parser(
        "dojo", help="a dashboard of every pair's traffic lights, for a coding dojo"
    )
    actions = command.add_subparsers(dest="action", required=True)
    serve = actions.add_parser("serve", help="start the dashboard; pairs join with `make join`")
    where = serve.add_mutually_exclusive_group()
    where.add_argument("--host", default=DEFAULT_HOST, help="the address to listen on")
    where.add_argument(
        "--lan",
        action="store_true",
        help="listen on the local network (the same as --host 0.0.0.0)",
    )
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help="0 for any free port")
    serve.add_argument("--db", type=Path, default=DEFAULT_DB, help="the SQLite file of lights")
    serve.add_argument(
        "--forwarded-allow-ips",
        metavar="ADDRESSES",
        help="behind a proxy: its addresses or networks, comma-separated ('*' for any), whose"
        " X-Forwarded-For header names the client; by default no one's is believed",
    )
    marks.add_options(
        serve,
        "mark a pair stuck after N minutes without green",
        "mark a pair idle after N minutes without a run",
    )
    serve.set_defaults(run=serve_command)
    report = actions.add_parser("report", help="the dashboard's page from workspaces' histories")
    report.add_argument("workspaces", nargs="+", type=Path, metavar="DIR", help=READ)
    report.add_argument("--out", type=Path, default=DEFAULT_REPORT, help="the page to write")
    marks.add_options(
        report,
        "mark a pair stuck after N minutes without green, as the board did",
        "mark a pair idle after N minutes without a run, as the board did",
    )
    report.set_defaults(run=report_command)
    facilitator.add_parsers(actions)
    export = actions.add_parser(
        "export", help="every pair's runs and code in one archive, which report and retro read"
    )
    export.add_argument("--db", type=Path, default=DEFAULT_DB, help="the SQLite file of lights")
    export.add_argument(
        "--out", type=Path, default=DEFAULT_EXPORT, help="the archive to write (a .zip)"
    )
    export.set_defaults(run=export_command)
    retro = actions.add_parser(
        "retro", help="the retrospective: each pair's rhythm, and questions for the room"
    )
    retro.add_argument("workspaces", nargs="*", type=Path, metavar="DIR", help=READ)
    retro.add_argument(
        "--db", type=Path, metavar="FILE", help="a dashboard's file of lights, instead of DIR..."
    )
    retro.add_argument(
        "--out", type=Path, metavar="FILE", default=DEFAULT_RETRO, help="the page to write"
    )
    marks.add_options(
        retro,
        "ask about stretches in red of N minutes or more, as the board marked",
        "ask about stretches of N minutes or more without a run, as the board marked",
    )
    retro.set_defaults(run=retro_command)


def serve_command(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    try:
        from euchre.dojo import banner, server
    except ImportError as missing:
        print(MISSING.format("serve", missing.name), file=sys.stderr)
        return 2
    from euchre.dojo.store import Store  # here: every `euchre` command starts without it

    host = "0.0.0.0" if args.lan else args.host
    if not 0 <= args.port <= LAST_PORT:  # checked before the file of lights is made
        return fail(f"--port {args.port} is not a port: 0 to {LAST_PORT} (0 for any free one)")
    minutes = marks.given(args)
    if isinstance(minutes, str):
        return fail(minutes)
    stuck_after, idle_after = minutes["stuck_after"], minutes["idle_after"]
    try:
        host.encode("utf-8")
    except UnicodeEncodeError:  # bytes that are not UTF-8, as a shell may pass: bind would fail
        return fail(f"--host {host!r} is not an address or a name")
    named = args.forwarded_allow_ips
    try:
        proxies = None if named is None else Proxies(named)
    except ValueError:
        return fail(f"--forwarded-allow-ips {named!r} is not a list of addresses or networks")
    try:
        store = Store(args.db)
        code, key = store.settings.code, store.settings.key
    except (OSError, sqlite3.Error) as error:
        return fail(f"cannot keep the lights in {args.db}: {why(error)}")
    try:
        sock = server.listen(host, args.port)
    except OSError as error:
        store.close()
        return fail(f"cannot listen on {host} port {args.port}: {error.strerror or error}")

    def say(line: str) -> None:
        print(line, file=stdout, flush=True)

    port = sock.getsockname()[1]
    ended = store.settings.ended
    addresses, command = banner.local_addresses(), banner.typed(sys.argv[0])
    for line in banner.banner(host, port, code, args.db, addresses, key, ended, command):
        say(line)
    try:
        server.DojoServer(
            store, say, proxies=proxies, stuck_after=stuck_after, idle_after=idle_after
        ).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops cleanly on Ctrl-C, then passes it on
        pass
    finally:
        sock.close()
        store.close()
    say(f"The dashboard has stopped; its lights are kept in {args.db}.")
    return 0


def report_command(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    try:
        from euchre.dojo import pages
    except ImportError as missing:
        print(MISSING.format("report", missing.name), file=sys.stderr)
        return 2
    from euchre.dojo.report import ReportError, end_of, read_workspaces

    def warn(line: str) -> None:
        print(f"warning: {line}", file=sys.stderr)

    given = marks.given(args)
    if isinstance(given, str):
        return fail(given)
    try:
        pairs = read_workspaces(args.workspaces, warn)
    except ReportError as error:
        return fail(str(error))
    kept, ended = _exported(args.workspaces)
    minutes = kept | given
    problem = _write_page(args.out, pages.report(pairs, end_of(pairs), None, ended, minutes))
    if problem:
        return fail(problem)
    print(f"Wrote the dojo's page for {len(pairs)} pair(s) to {args.out}", file=stdout)
    return 0


def _write_page(out: Path, page: str) -> str:
    """Write ``page`` to ``out``, whole or not at all; why it cannot be, in one line ("": it is)."""
    try:  # a name too long for the file system fails even to be looked at
        if out.is_dir():
            return f"--out {out} is a folder: name the page's file"
        if out.exists() and not out.is_file():  # a device cannot be replaced by renaming a file
            return f"--out {out} is not a regular file"
        out.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(out, page)
    except OSError as error:
        return f"--out {out} cannot be written: {error.strerror or error}"
    return ""


def retro_command(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """The retrospective's page, from the pairs' workspaces or a dashboard's file of lights."""
    try:
        from euchre.dojo import pages
    except ImportError as missing:
        print(MISSING.format("retro", missing.name), file=sys.stderr)
        return 2
    from euchre.dojo import retro
    from euchre.dojo.report import ReportError, read_workspaces

    db: Path | None = args.db
    given = marks.given(args)
    if isinstance(given, str):
        return fail(given)
    settings = {"stuck_after": STUCK_MINUTES, "idle_after": IDLE_MINUTES}
    if bool(args.workspaces) == (db is not None):
        return fail(
            "name the pairs' workspaces (DIR...) or a dashboard's file of lights (--db FILE),"
            " one or the other"
        )
    if db is None:
        try:
            pairs = read_workspaces(
                args.workspaces, lambda line: print(f"warning: {line}", file=sys.stderr)
            )
        except ReportError as error:
            return fail(str(error))
        kept, ended = _exported(args.workspaces)
        chosen = settings | kept | given
        made = retro.retrospective(pairs, None, chosen["stuck_after"], chosen["idle_after"], ended)
        codes = {pair.id: pair.code for pair in pairs}
    else:
        store = _opened(db)
        if isinstance(store, str):
            return fail(store)
        try:
            pairs, folded = retro.read_store(store)
            chosen = settings | store.settings.minutes() | given
            ended = store.settings.ended
            made = retro.retrospective(
                pairs, folded, chosen["stuck_after"], chosen["idle_after"], ended
            )
            codes = retro.carried(store, made)
        finally:
            store.close()
    problem = _write_page(args.out, pages.retro(made, codes, ended=ended))
    if problem:
        return fail(problem)
    print(f"Wrote the dojo's retrospective of {len(pairs)} pair(s) to {args.out}", file=stdout)
    return 0


def _opened(db: Path) -> Store | str:
    """A dashboard's file of lights, to read; why not, in one line. It is never made here."""
    from euchre.dojo.store import Store

    if not db.is_file():
        return f"--db {db} is not a file: name a dashboard's file of lights"
    try:
        return Store(db)
    except (OSError, sqlite3.Error) as error:
        return f"cannot read the lights in {db}: {why(error)}"


def _exported(paths: list[Path]) -> tuple[dict[str, int], datetime | None]:
    """The minutes the dashboard marked pairs by, and its end, as the first export among
    ``paths`` keeps them; none for workspaces."""
    from euchre.dojo import archive

    exports = [path for path in paths if archive.is_archive(path)]
    return (archive.minutes(exports[0]), archive.ended(exports[0])) if exports else ({}, None)


def export_command(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """The dashboard's file of lights, written as one archive (archive.py)."""
    from euchre.dojo import archive

    store = _opened(args.db)
    if isinstance(store, str):
        return fail(store)
    try:
        pairs, runs = archive.export(store, args.out)
    except OSError as error:
        return fail(f"--out {args.out} cannot be written: {error.strerror or error}")
    finally:
        store.close()
    print(f"Wrote {pairs} pair(s) and {runs} run(s) to {args.out}", file=stdout)
    return 0
