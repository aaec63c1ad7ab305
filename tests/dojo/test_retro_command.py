"""`euchre dojo retro`: the retrospective's page, from the pairs' workspaces (read as `euchre dojo
report` reads them) or from a dashboard's file of lights; bad input is one line and status 2."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from euchre.cli import main
from euchre.dojo import retro
from euchre.dojo.store import Store
from euchre.kata.coach.record import history, joined
from euchre.kata.coach.record.code import Code
from tests.dashboards import Dashboard, a_run, post_lines, save_settings, write_history
from tests.workspaces import kept_runs, model, run

SHA = "{:040x}".format


@pytest.fixture
def workspace(workspace_in_git: Path) -> Path:
    """A workspace of one stage, a model and the learner's test, in its own git."""
    return workspace_in_git


def test_retro_writes_the_page_from_workspaces_with_the_code_of_the_runs_it_names(
    workspace: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model(workspace, "return 4")
    run(workspace, "test")
    model(workspace, "return 5")
    run(workspace, "test")
    red, green = (kept.run for kept in kept_runs(workspace)[-2:])
    other = tmp_path / "pair2"
    write_history(other, a_run(0, scenario="<script>"), a_run(15, "green"))
    save_settings(other, joined.Joined("http://127.0.0.1:9", "KXR", "<b>Ada</b>"))
    out = tmp_path / "retro" / "page.html"
    assert main(["dojo", "retro", str(workspace), str(other), "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"Wrote the dojo's retrospective of 2 pair(s) to {out}\n"
    page = out.read_text()
    assert "<script" not in page
    assert "&lt;b&gt;Ada&lt;/b&gt; spent 15 min in red on “&lt;script&gt;”" in page
    assert f'href="#pair-1-run-{green}"' in page
    assert f'<article class="run-code" id="pair-1-run-{green}">' in page
    assert f'<article class="run-code" id="pair-1-run-{red}">' in page
    assert '<span class="added">+    return 5</span>' in page


def test_retro_writes_the_page_from_a_dashboards_file_of_lights_to_build_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "dojo.sqlite3"
    with closing(Store(db)) as store:
        token = store.join("Ada and Grace").token
        store.add(token, [a_run(0, run=SHA(1)), a_run(12, "green", run=SHA(2))])
        store.add_code(token, SHA(2), Code("diff --git a/m.py b/m.py\n@@ -1 +1 @@\n+x\n", {}))
    monkeypatch.chdir(tmp_path)
    assert main(["dojo", "retro", "--db", str(db)]) == 0
    out = Path("build/dojo-retro.html")
    assert capsys.readouterr().out == f"Wrote the dojo's retrospective of 1 pair(s) to {out}\n"
    page = out.read_text()
    assert "Ada and Grace spent 12 min in red" in page
    assert "1 line changed, from" in page
    assert f'<article class="run-code" id="pair-1-run-{SHA(2)}">' in page
    assert f'id="pair-1-run-{SHA(1)}"' not in page, "no code was posted for it"


def test_retro_asks_about_the_reds_as_long_as_the_dashboard_s_stuck_after(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pair, out = tmp_path / "pair", tmp_path / "page.html"
    write_history(pair, a_run(0, scenario="The dealer deals"), a_run(4, "green"))
    assert main(["dojo", "retro", str(pair), "--out", str(out)]) == 0
    assert "4 min in red" not in out.read_text()
    assert main(["dojo", "retro", str(pair), "--out", str(out), "--stuck-after", "4"]) == 0
    assert "spent 4 min in red on “The dealer deals”" in out.read_text()
    capsys.readouterr()


def test_the_report_marks_the_pairs_by_the_minutes_the_facilitator_gives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As the dashboard would have under ``--stuck-after`` and ``--idle-after``; one line and
    exit 2 for minutes that are not."""
    pair, out = tmp_path / "pair", tmp_path / "page.html"
    write_history(pair, a_run(0, "green"), a_run(1, scenario="The dealer deals"), a_run(5))
    assert main(["dojo", "report", str(pair), "--out", str(out)]) == 0
    assert "stuck 4 min" not in out.read_text()
    argv = ["dojo", "report", str(pair), "--out", str(out), "--stuck-after", "4"]
    assert main(argv) == 0
    assert "stuck 4 min on &#39;Scenario at 5&#39;" in out.read_text()
    assert main([*argv[:-2], "--idle-after", "0"]) == 2
    err = capsys.readouterr().err
    assert err.endswith("euchre dojo: --idle-after '0' is not a number of minutes: 1 to 1440\n")


def test_retro_of_a_dashboards_file_uses_the_minutes_that_dashboard_was_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The board marked stuck and idle by the facilitator's minutes: its file keeps them, and
    the retrospective read from it asks by them, unless told otherwise."""
    db, out = tmp_path / "dojo.sqlite3", tmp_path / "page.html"
    dashboard = Dashboard(db, stuck_after=4, idle_after=9)
    try:
        post_lines(dashboard, a_run(0, scenario="The dealer deals"), a_run(4, "green"))
        post_lines(dashboard, a_run(12, "red"))
    finally:
        dashboard.stop()
    assert main(["dojo", "retro", "--db", str(db), "--out", str(out)]) == 0
    page = out.read_text()
    assert "spent 4 min in red on “The dealer deals”" in page
    assert "went 8 min without a run" not in page, "under 9 min: not idle"
    assert main(["dojo", "retro", "--db", str(db), "--out", str(out), "--idle-after", "8"]) == 0
    assert "went 8 min without a run after their green run on “Scenario at 4”" in out.read_text()
    assert main(["dojo", "retro", "--db", str(db), "--out", str(out), "--stuck-after", "5"]) == 0
    assert "4 min in red" not in out.read_text()
    capsys.readouterr()


def test_retro_refuses_bad_input_in_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace, out = tmp_path / "kata", tmp_path / "page.html"
    write_history(workspace, a_run(0))
    foreign = tmp_path / "other.sqlite3"
    with closing(sqlite3.connect(foreign)) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    held = tmp_path / "held.sqlite3"
    cases = [
        ([], "name the pairs' workspaces (DIR...) or a dashboard's file of lights (--db FILE)"),
        ([str(workspace), "--db", str(foreign)], "name the pairs' workspaces (DIR...) or"),
        ([str(tmp_path)], f"{tmp_path} has no {history.HISTORY}: is it a kata workspace?"),
        ([str(tmp_path / "dojo.zip")], f"{tmp_path / 'dojo.zip'}: no such file or folder"),
        (["--db", str(tmp_path / "none.sqlite3")], f"--db {tmp_path / 'none.sqlite3'} is no"),
        (["--db", str(foreign)], f"cannot read the lights in {foreign}: it is another program"),
        (["--db", str(held)], f"cannot read the lights in {held}: another program has it open"),
        ([str(workspace), "--out", str(tmp_path)], f"--out {tmp_path} is a folder"),
        ([str(workspace), "--stuck-after", "0"], "--stuck-after '0' is not a number of minutes"),
        ([str(workspace), "--stuck-after", "ten"], "--stuck-after 'ten' is not a number of"),
    ]
    with closing(Store(held)):
        for argv, said in cases:
            given = argv if "--out" in argv else [*argv, "--out", str(out)]
            assert main(["dojo", "retro", *given]) == 2, argv
            err = capsys.readouterr().err
            assert err.startswith(f"euchre dojo: {said}"), err
            assert err.count("\n") == 1, err
    assert not out.exists()
    assert not (tmp_path / "none.sqlite3").exists()


@pytest.mark.parametrize("command", ["report", "retro"])
def test_the_help_says_a_workspace_or_an_export_may_be_read(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["dojo", command, "--help"])
    assert "a pair's workspace, or the archive `euchre dojo export` wrote" in " ".join(
        capsys.readouterr().out.split()
    )


def test_a_dashboards_retrospective_reads_the_code_a_step_across_an_amber_is_measured_from(
    tmp_path: Path,
) -> None:
    """Red, amber, green: the step is measured from the red's files, which it reads too."""
    with closing(Store(tmp_path / "dojo.sqlite3")) as store:
        token = store.join("Ada and Grace").token
        lights = [
            a_run(0, run=SHA(1)),
            a_run(1, "amber", run=SHA(2)),
            a_run(2, "green", run=SHA(3)),
        ]
        store.add(token, lights)
        for number, text in enumerate(["a\n", "(\n", "b\nc\n"], start=1):
            store.add_code(token, SHA(number), Code("", {"m.py": text}))
        (pair,), _ = retro.read_store(store)
        assert sorted(pair.code) == [SHA(1), SHA(3)]
        (rhythm,) = retro.retrospective([pair]).pairs
        assert rhythm.largest_step is not None
        assert rhythm.largest_step.added_removed == (2, 1)
