"""A dojo's export: every pair's runs and the code kept of them, in one zip archive, which
`euchre dojo report` and `retro` read back as they read workspaces.

    dojo.json                      when the dojo ended, the minutes its board marked by, and
                                   each pair's name and folder
    pairs/<n>/kata-history.jsonl   the pair's runs kept, one history line each, in order
    pairs/<n>/code/<run>.json      the code of each run that kept it (record/code.py)

An archive handed over is untrusted, as a workspace is: it is read within ``MOST_BYTES``, and
what a dashboard would refuse (a name, a run, code that is not code) is left out, with a
warning.
"""

from __future__ import annotations

import json
import os
import tempfile
import zipfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from euchre.dojo import marks
from euchre.dojo.settings import MINUTES
from euchre.dojo.store import Store
from euchre.kata.coach.dojo_client.protocol import name_problem, run_problem
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.history import HISTORY
from euchre.kata.coach.record.line import Line, utc

MANIFEST = "dojo.json"
MOST_BYTES = 256 * 1024 * 1024
"""Bytes an archive may hold once unpacked: a large dojo's worth, and a bound on a made-up one."""

Warn = Callable[[str], None]


class ArchiveError(ValueError):
    """A file that is not a dojo's export, or one too large to read."""


def export(store: Store, out: Path) -> tuple[int, int]:
    """Write the dojo in ``store`` to ``out``, whole or not at all; how many pairs and runs."""
    pairs = [kept for listed in store.board(hidden=True) if (kept := store.pair(listed.id))]
    ended = store.settings.ended
    manifest = {
        "ended": utc(ended) if ended else None,
        "minutes": store.settings.minutes(),
        "pairs": [{"name": pair.name, "folder": f"pairs/{n}"} for n, pair in enumerate(pairs, 1)],
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=out.parent, prefix=".export-", suffix=".zip")
    os.close(handle)
    try:
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as made:
            made.writestr(MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1))
            for number, pair in enumerate(pairs, start=1):
                lines = "".join(f"{run.to_json()}\n" for run in pair.runs)
                made.writestr(f"pairs/{number}/{HISTORY}", lines)
                for run in dict.fromkeys(run.run for run in pair.runs if run.run):
                    code = store.run_code(pair.id, run)
                    if code is not None:
                        text = json.dumps(code.fields(), ensure_ascii=False)
                        made.writestr(f"pairs/{number}/code/{run}.json", text)
        os.replace(temporary, out)
    except BaseException:
        os.unlink(temporary)
        raise
    return len(pairs), sum(len(pair.runs) for pair in pairs)


def is_archive(path: Path) -> bool:
    return path.is_file() and zipfile.is_zipfile(path)


def ended(path: Path) -> datetime | None:
    """When the exported dojo ended; None if it had not."""
    with zipfile.ZipFile(path) as opened:
        value = _manifest(path, opened).get("ended")
    return datetime.fromisoformat(value) if isinstance(value, str) else None


def minutes(path: Path) -> dict[str, int]:
    """The minutes the exported dojo's board marked pairs stuck and idle by, as kept."""
    with zipfile.ZipFile(path) as opened:
        kept = _manifest(path, opened).get("minutes")
    fields = kept if isinstance(kept, dict) else {}
    # Untrusted: only what a dashboard could have been given (marks.py); else the defaults.
    return {
        name: fields[name]
        for name in MINUTES
        if type(fields.get(name)) is int and 1 <= fields[name] <= marks.LONGEST
    }


def read(path: Path, warn: Warn) -> list[tuple[str, list[Line], dict[str, Code]]]:
    """Each pair of the archive at ``path``: their name, runs and code, as a dashboard would
    take them."""
    with zipfile.ZipFile(path) as opened:
        if sum(member.file_size for member in opened.infolist()) > MOST_BYTES:
            raise ArchiveError(f"{path} unpacks to over {MOST_BYTES // 2**20} MiB: not read")
        listed = _manifest(path, opened).get("pairs")
        found = []
        now = datetime.now(UTC)
        for entry in listed if isinstance(listed, list) else []:
            name, folder = _entry(entry)
            if name_problem(name) or not folder:
                warn(f"{path}: a pair whose name or folder a dashboard would refuse is left out")
                continue
            runs, refused = _runs(opened, f"{folder}/{HISTORY}", now)
            if refused:
                warn(f"{path}: {name}: {refused} run(s) a dashboard would refuse are left out")
            code = {
                run.run: read_code
                for run in runs
                if run.run and (read_code := _code(opened, f"{folder}/code/{run.run}.json"))
            }
            found.append((name, runs, code))
        return found


def _manifest(path: Path, opened: zipfile.ZipFile) -> dict[str, Any]:
    try:
        manifest = json.loads(opened.read(MANIFEST))
    except KeyError:
        raise ArchiveError(f"{path} is not a dojo's export (it has no {MANIFEST})") from None
    except ValueError:
        raise ArchiveError(f"{path} is not a dojo's export (its {MANIFEST} is not JSON)") from None
    if not isinstance(manifest, dict):
        raise ArchiveError(f"{path} is not a dojo's export (its {MANIFEST} is not an object)")
    return manifest


def _entry(entry: object) -> tuple[str, str]:
    fields = entry if isinstance(entry, dict) else {}
    name, folder = fields.get("name"), fields.get("folder")
    if not isinstance(name, str) or not isinstance(folder, str) or not folder.startswith("pairs/"):
        return "", ""
    return name, folder


def _runs(opened: zipfile.ZipFile, member: str, now: datetime) -> tuple[list[Line], int]:
    """The runs in ``member`` a dashboard would take, and how many others it holds."""
    try:
        text = opened.read(member).decode("utf-8", "replace")
    except KeyError:
        return [], 0
    runs, refused = [], 0
    for line in text.splitlines():
        try:
            run = Line.from_json(line)
        except (ValueError, TypeError):
            refused += 1
            continue
        if run_problem(run, now) is None:
            runs.append(run)
        else:
            refused += 1
    return runs, refused


def _code(opened: zipfile.ZipFile, member: str) -> Code | None:
    try:
        return Code.from_fields(json.loads(opened.read(member)))
    except (KeyError, ValueError):
        return None
