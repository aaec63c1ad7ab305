"""`euchre dojo export`: every pair's runs and code in one archive, which `report` and `retro`
read back as they read workspaces."""

from __future__ import annotations

import json
import sqlite3
import zipfile
from pathlib import Path

import pytest

from euchre.cli import main
from euchre.dojo import archive, report
from euchre.dojo.store import Store
from euchre.kata.coach.record.code import Code
from tests.dashboards import a_run

CODE = Code("diff --git a/euchre/deal.py b/euchre/deal.py\n", {"euchre/deal.py": "DECK = []\n"})


def a_dojo(db: Path) -> None:
    """Two pairs, three runs, the code of one, and its end."""
    store = Store(db)
    ada = store.join("Ada & Grace").token
    linus = store.join("Linus").token
    store.add(ada, [a_run(0, run="a" * 40), a_run(2, "green", run="b" * 40)])
    store.add(linus, [a_run(1, "amber")])
    store.add_code(ada, "b" * 40, CODE)
    store.settings.end(a_run(5).time)
    store.close()


def test_an_export_read_back_gives_every_pairs_runs_and_code(tmp_path: Path) -> None:
    db, out = tmp_path / "dojo.sqlite3", tmp_path / "dojo-export.zip"
    a_dojo(db)
    store = Store(db)
    try:
        assert archive.export(store, out) == (2, 3)
    finally:
        store.close()
    warned: list[str] = []
    pairs = report.read_workspaces([out], warned.append)
    assert warned == []
    assert [pair.name for pair in pairs] == ["Ada & Grace", "Linus"]
    assert [len(pair.runs) for pair in pairs] == [2, 1]
    assert pairs[0].runs == (a_run(0, run="a" * 40), a_run(2, "green", run="b" * 40))
    assert pairs[0].code == {"b" * 40: CODE}
    assert archive.ended(out) == a_run(5).time


def test_export_report_and_retro_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, out = tmp_path / "dojo.sqlite3", tmp_path / "dojo-export.zip"
    a_dojo(db)
    assert main(["dojo", "export", "--db", str(db), "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"Wrote 2 pair(s) and 3 run(s) to {out}\n"
    page = tmp_path / "dojo.html"
    assert main(["dojo", "report", str(out), "--out", str(page)]) == 0
    assert "Ada &amp; Grace" in page.read_text(encoding="utf-8")
    retro = tmp_path / "retro.html"
    assert main(["dojo", "retro", str(out), "--out", str(retro)]) == 0
    assert "Linus" in retro.read_text(encoding="utf-8")


def test_the_report_of_an_export_is_of_the_board_at_the_dojos_end_by_its_minutes(
    tmp_path: Path,
) -> None:
    """As the ended board showed it: Linus, amber since minute 1 of a dojo that ended at
    minute 5, is marked stuck under the dashboard's 3 minutes, and ran 4 minutes before the
    end (not "ago", read after it); and the report says it is of the dojo until its end."""
    db, out = tmp_path / "dojo.sqlite3", tmp_path / "dojo-export.zip"
    a_dojo(db)
    store = Store(db)
    store.settings.settle(stuck_after=3, idle_after=60)
    store.close()
    assert main(["dojo", "export", "--db", str(db), "--out", str(out)]) == 0
    page = tmp_path / "dojo.html"
    assert main(["dojo", "report", str(out), "--out", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert "until the dojo's end at 09:05:00 UTC" in text
    assert "last run 4 min before the end" in text
    assert "stuck 4 min on &#39;Scenario at 1&#39;" in text


def test_what_is_not_an_export_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.sqlite3"
    assert main(["dojo", "export", "--db", str(missing), "--out", str(tmp_path / "x.zip")]) == 2
    assert capsys.readouterr().err == (
        f"euchre dojo: --db {missing} is not a file: name a dashboard's file of lights\n"
    )
    db = tmp_path / "dojo.sqlite3"
    a_dojo(db)
    assert main(["dojo", "export", "--db", str(db), "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith(f"euchre dojo: --out {tmp_path} cannot be written: ")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["dojo.sqlite3"], "nothing half-made"
    foreign = tmp_path / "notes.sqlite3"
    with sqlite3.connect(foreign) as made_db:
        made_db.execute("CREATE TABLE notes (text TEXT)")
    assert main(["dojo", "export", "--db", str(foreign), "--out", str(tmp_path / "y.zip")]) == 2
    assert capsys.readouterr().err.startswith(f"euchre dojo: cannot read the lights in {foreign}: ")
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as made:
        made.writestr("notes.txt", "hello")
    assert main(["dojo", "report", str(other), "--out", str(tmp_path / "p.html")]) == 2
    assert capsys.readouterr().err == (
        f"euchre dojo: {other} is not a dojo's export (it has no dojo.json)\n"
    )
    assert not (tmp_path / "p.html").exists()


def made(path: Path, **members: str) -> Path:
    with zipfile.ZipFile(path, "w") as archive_file:
        for name, text in members.items():
            archive_file.writestr(name.replace("__", "/"), text)
    return path


@pytest.mark.parametrize(
    ("manifest", "why"),
    [("{", "its dojo.json is not JSON"), ("[]", "its dojo.json is not an object")],
)
def test_an_export_whose_manifest_is_not_the_dojos_is_refused(
    tmp_path: Path, manifest: str, why: str
) -> None:
    path = made(tmp_path / "x.zip", **{"dojo.json": manifest})
    with pytest.raises(report.ReportError, match=f"is not a dojo's export \\({why}\\)"):
        report.read_workspaces([path], pytest.fail)


@pytest.mark.parametrize("minutes", [10**20, 0, -5, 24 * 60 + 1, True])
def test_an_exports_minutes_a_dashboard_could_not_keep_are_left_for_the_defaults(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], minutes: object
) -> None:
    """Untrusted: minutes past a day, none or negative would overflow or mark every pair."""
    manifest = {"pairs": [], "minutes": {"stuck_after": minutes, "idle_after": minutes}}
    path = made(tmp_path / "x.zip", **{"dojo.json": json.dumps(manifest)})
    assert archive.minutes(path) == {}
    for command in ("report", "retro"):
        out = tmp_path / f"{command}.html"
        assert main(["dojo", command, str(path), "--out", str(out)]) == 0, capsys.readouterr()


def test_an_export_is_read_as_untrusted_and_what_a_dashboard_refuses_is_left_out(
    tmp_path: Path,
) -> None:
    good = a_run(0, run="c" * 40).to_json()
    path = made(
        tmp_path / "x.zip",
        **{
            "dojo.json": '{"pairs": [{"name": "Ada", "folder": "pairs/1"},'
            ' {"name": "", "folder": "pairs/2"}, 7, {"name": "Bea", "folder": "pairs/3"}]}',
            "pairs__1__kata-history.jsonl": f"{good}\nnot a run\n"
            + a_run(0, scenario="x" * 300).to_json()
            + "\n",
            "pairs__1__code__" + "c" * 40 + ".json": '{"diff": 7}',
        },
    )
    warned: list[str] = []
    pairs = report.read_workspaces([path], warned.append)
    assert [(pair.name, len(pair.runs), pair.code) for pair in pairs] == [
        ("Ada", 1, {}),
        ("Bea", 0, {}),
    ]
    assert warned == [
        f"{path}: Ada: 2 run(s) a dashboard would refuse are left out",
        f"{path}: a pair whose name or folder a dashboard would refuse is left out",
        f"{path}: a pair whose name or folder a dashboard would refuse is left out",
    ]
    assert archive.ended(path) is None


def test_an_export_that_unpacks_too_large_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = made(tmp_path / "x.zip", **{"dojo.json": '{"pairs": []}', "big": "x" * 100})
    monkeypatch.setattr(archive, "MOST_BYTES", 50)
    with pytest.raises(report.ReportError, match="unpacks to over"):
        report.read_workspaces([path], pytest.fail)
