"""The dashboard shows the code: each light's diff from the run before and the files at that run.

A small workspace in a real git repository (as in test_kata_review) joins a real dashboard
(as in test_dojo); its coach posts each run's code after the light, and the pages show it.
"""

from __future__ import annotations

import html
import json
import re
import sqlite3
import threading
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from euchre.dojo import pages, posts, report, runs_code, schema, store
from euchre.dojo.board import Pair, Row
from euchre.dojo.store import Store
from euchre.kata.coach.dojo_client import client, protocol
from euchre.kata.coach.record import code, history, joined
from euchre.kata.coach.record.code import Code
from tests.dashboards import Dashboard, a_run, join, post_lines, send
from tests.transcripts import page_text
from tests.workspaces import git, kept_runs, model, run, settle


@pytest.fixture
def workspace(workspace_in_git: Path) -> Path:
    """Here a workspace of one stage, a model and the learner's test, in its own git."""
    return workspace_in_git


LINK = re.compile(r'href="/pairs/(\d+)/runs/([0-9a-f]{40})"')


def run_links(dashboard: Dashboard, pair: int = 1) -> list[str]:
    """The run pages the pair's page links its lights to, in order, once each."""
    found = LINK.findall(dashboard.get(f"/pairs/{pair}"))
    return list(dict.fromkeys(f"/pairs/{pair}/runs/{sha}" for _, sha in found))


def test_each_light_of_a_joined_workspace_opens_its_diff_and_its_files(
    workspace: Path, dashboard: Dashboard
) -> None:
    join(workspace, dashboard)
    model(workspace, "return 4")
    assert run(workspace, "test")[0] == 1
    model(workspace, "return 5")
    (workspace / "tests" / "notes.txt").write_text("small steps\n")
    assert run(workspace, "test")[0] == 0
    kept = kept_runs(workspace)
    links = run_links(dashboard)
    assert links == [f"/pairs/1/runs/{r.run}" for r in kept]

    second = dashboard.get(links[1])
    assert "Run 2: green, stage 1," in second
    assert '<span class="removed">-    return 4</span>' in second
    assert '<span class="added">+    return 5</span>' in second
    assert '<span class="added">+small steps</span>' in second
    assert '<span class="hunk">@@ -1,2 +1,2 @@</span>' in second
    assert '<details class="kept" open><summary>euchre/hand.py</summary>' in second
    assert "<pre>def cards_each() -&gt; int:\n    return 5\n</pre>" in second
    assert '<details class="kept"><summary>tests/test_learners_hand.py</summary>' in second
    assert f'class="light green current" href="{links[1]}"' in second
    assert f'href="{links[0]}" rel="prev">← run 1</a>' in second
    # The first run kept has no run before it: every file is new.
    first = dashboard.get(links[0])
    assert '<span class="added">+    return 4</span>' in first
    assert f'href="{links[1]}" rel="next">run 2 →</a>' in first
    assert not (workspace / joined.OUTBOX).exists()


def test_each_lights_page_shows_what_the_pair_read_and_each_file_changed_with_its_diff(
    workspace: Path, dashboard: Dashboard
) -> None:
    join(workspace, dashboard)
    model(workspace, "return 4")
    code_red, said_red = run(workspace, "test")
    assert code_red == 1
    model(workspace, "return 5")
    (workspace / "tests" / "notes.txt").write_text("small steps\n")
    assert run(workspace, "test")[0] == 0
    links = run_links(dashboard)
    red = dashboard.get(links[0])
    shown = re.search(r'<pre class="said">(.*?)</pre>', red, re.DOTALL)
    assert shown is not None
    # Word for word, each light drawn as the page draws lights (a terminal's emoji may have
    # no font on the facilitator's machine).
    symbol = {light: symbol for symbol, light in pages.SYMBOLS.items()}
    lights = re.sub(
        r'<span class="light ([a-z-]+)">[^<]*</span>', lambda found: symbol[found[1]], shown[1]
    )
    assert html.unescape(lights).splitlines() == said_red.splitlines(), "word for word"
    assert '<pre class="said"><span class="light red">' in red
    green = dashboard.get(links[1])
    file = f"run-{links[1][-40:][:12]}-file-"
    assert re.findall(r'<li><a href="#([^"]+)">([^<]+)</a> ([^<]+)</li>', green) == [
        (f"{file}1", "euchre/hand.py", "+1 \N{MINUS SIGN}1"),
        (f"{file}2", "tests/notes.txt", "+1"),
    ]
    diffs = re.findall(
        r'<h5 id="([^"]+)">([^<]+)</h5>\s*<pre class="diff">(.*?)</pre>', green, re.S
    )
    assert [(anchor, path) for anchor, path, _ in diffs] == [
        (f"{file}1", "euchre/hand.py"),
        (f"{file}2", "tests/notes.txt"),
    ]
    assert "+    return 5" in html.unescape(diffs[0][2])
    assert "small steps" not in html.unescape(diffs[0][2]), "each file its own diff"


def test_words_over_their_limit_are_not_read_with_the_code(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model(workspace, "return 4")
    assert run(workspace, "test")[0] == 1
    commit = kept_runs(workspace)[-1].run
    assert code.of_run(workspace, commit).said
    monkeypatch.setattr(code, "MOST_SAID", 10)
    assert code.of_run(workspace, commit).said is None


def test_an_amber_runs_page_says_its_tests_could_not_run(
    dashboard: Dashboard, transcript: SnapshotAssertion
) -> None:
    post_lines(dashboard, a_run(0, "amber", run="a" * 40))
    page = dashboard.get(f"/pairs/1/runs/{'a' * 40}")
    assert "reached scenarios pass" not in page
    assert page_text(page) == transcript


def test_a_red_runs_page_says_which_earlier_scenario_it_is_red_on(dashboard: Dashboard) -> None:
    """The page headed a run by the newest scenario, "Team 2 Player 4 deals", and showed first
    the failure of an earlier one that broke (a facilitator)."""
    post_lines(dashboard, a_run(0, scenario="Newest", failing="Earlier", run="b" * 40))
    said = page_text(dashboard.get(f"/pairs/1/runs/{'b' * 40}"))
    assert "Run 1: red, stage 1, Dealing the hand: Newest, red on Earlier" in said


def test_learners_code_is_shown_as_text_never_as_html(
    workspace: Path, dashboard: Dashboard
) -> None:
    join(workspace, dashboard)
    model(workspace, 'return "</script><script>alert(1)</script><b>5</b>"  # &amp;')
    run(workspace, "test")
    page = dashboard.get(run_links(dashboard)[0])
    assert "<script>alert(1)" not in page
    assert "<b>5</b>" not in page
    escaped = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;5&lt;/b&gt;"
    assert f"    return &#34;{escaped}&#34;  # &amp;amp;" in page
    assert page.count("<script") == 0  # a run's page runs no script at all


def test_code_over_the_cap_is_not_sent_and_the_page_says_so(
    workspace: Path, dashboard: Dashboard
) -> None:
    join(workspace, dashboard)
    big = "".join(f"LINE_{number} = {number}\n" for number in range(5000))  # 80 KB
    (workspace / "euchre" / "big.py").write_text(big)
    run(workspace, "test")
    page = dashboard.get(run_links(dashboard)[0])
    assert '<p class="too-large">diff too large to show</p>' in page
    assert "<summary>euchre/big.py</summary>" in page  # 80 KB of files are within the cap
    (workspace / "euchre" / "bigger.py").write_text(big * 3)
    said = run(workspace, "test")[1]
    assert "dojo" not in said
    page = dashboard.get(run_links(dashboard)[1])
    assert '<p class="too-large">diff too large to show</p>' in page
    assert '<p class="too-large">files too large to show</p>' in page


def test_a_restarted_dashboard_keeps_each_runs_code(workspace: Path, tmp_path: Path) -> None:
    first = Dashboard(tmp_path / "dojo.sqlite3")
    try:
        join(workspace, first)
        model(workspace, "return 5")
        run(workspace, "test")
        shown = first.get(run_links(first)[0])
    finally:
        first.stop()
    again = Dashboard(tmp_path / "dojo.sqlite3")
    try:
        nonce = re.compile(r'nonce="[^"]+"')  # each page has a fresh one
        assert nonce.sub("", again.get(run_links(again)[0])) == nonce.sub("", shown)
        assert '<span class="added">+    return 5</span>' in shown
    finally:
        again.stop()


def test_the_board_shows_each_pairs_level_constraint_and_how_often_they_predicted_right(
    workspace: Path, dashboard: Dashboard
) -> None:
    settle(workspace, "predict")
    join(workspace, dashboard)
    model(workspace, "return 4")
    run(workspace, "test", keys=("g",))  # wrong: it is red
    model(workspace, "return 5")
    run(workspace, "test", keys=("g",))
    run(workspace, "test", keys=(None,))  # no guess
    board = dashboard.get("/board")
    # Apart, not "level modelpredict 1/2 right" to a screen reader or the page's text.
    tags = '<span class="level">level model</span> <span class="constraint">predict 1/2 right'
    assert f'<a href="/pairs/1">Ada and Grace</a>{tags}' in board  # a room may mix levels
    assert f"{tags}</span></h2>" in dashboard.get("/pairs/1")
    assert "they guessed green: wrong" in dashboard.get(run_links(dashboard)[0])
    post_lines(dashboard, a_run(0, constraint="baby-steps", minutes=3), pair="Linus")
    post_lines(dashboard, a_run(0, constraint="predict"), pair="Barbara")
    board = dashboard.get("/board")
    assert '<a href="/pairs/2">Linus</a><span class="constraint">baby-steps 3 min</span>' in board
    assert '<a href="/pairs/3">Barbara</a><span class="constraint">predict</span>' in board
    post_lines(dashboard, a_run(1), pair="Barbara")  # the constraint is the last run's
    assert '<a href="/pairs/3">Barbara</a></span>' in dashboard.get("/board")


def test_the_prediction_rate_counts_the_folded_lights_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "MOST_LIGHTS", 2)
    kept = Store(tmp_path / "dojo.sqlite3")
    try:
        token = kept.join("Ada").token
        guesses = [("red", "red"), ("green", "red"), ("green", "green"), ("red", "red")]
        for minute, (light, guess) in enumerate(guesses):
            kept.add(token, [a_run(minute, light, guess=guess, constraint="predict")])
        counts = kept.board()[0].summary.counts
        assert (counts.guesses, counts.right) == (4, 3)
    finally:
        kept.close()
    again = Store(tmp_path / "dojo.sqlite3")
    try:
        row = Row(1, "Ada", again.board()[0].summary, datetime.now(UTC))
        assert row.constraint == "predict 3/4 right"
    finally:
        again.close()


# The posts of code, and what the dashboard refuses.


def code_post(dashboard: Dashboard, sha: str, **fields: object) -> tuple[int, str]:
    body = {"code": dashboard.code, "token": dashboard.token("Ada and Grace"), "run": sha}
    return dashboard.post("/api/code", body | {"diff": "", "files": {}} | fields)


def test_a_pairs_page_gives_the_lines_of_each_step_from_red_to_green_where_code_was_posted(
    dashboard: Dashboard, transcript: SnapshotAssertion
) -> None:
    post_lines(dashboard, a_run(0, run="a" * 40), a_run(3, "green", run="b" * 40))
    diff = "diff --git a/m.py b/m.py\n@@ -1 +1,2 @@\n-x\n+y\n+z\n"
    assert code_post(dashboard, "b" * 40, diff=diff)[0] == 200
    assert page_text(dashboard.get("/pairs/1")) == transcript  # 3 lines from red to green


def test_a_pairs_page_measures_a_step_of_two_reds_from_the_first_as_the_retrospective_does(
    dashboard: Dashboard,
) -> None:
    """The pair's page said "4 lines (median of 4)" where the retrospective said "6 lines
    (median of 5)" (a facilitator): the page read no code of a stretch's first red."""
    shas = [c * 40 for c in "abc"]
    post_lines(
        dashboard,
        *(
            a_run(m, light, run=sha)
            for m, light, sha in zip((0, 1, 2), ("red", "red", "green"), shas, strict=True)
        ),
    )
    for sha, text in zip(shas, ("x\n", "x\ny\n", "x\ny\nz\n"), strict=True):
        assert code_post(dashboard, sha, diff="+y\n", files={"m.py": text})[0] == 200
    said = page_text(dashboard.get("/pairs/1/view"))
    assert "Steps from red to green: 2 lines (one step)" in said, said
    retro = page_text(dashboard.get("/retro"))
    assert "Largest step: 2 lines changed, from run 1 (red) to run 3 (green)" in retro


def test_code_is_kept_once_and_only_for_a_light_the_pair_posted(dashboard: Dashboard) -> None:
    sha = "a" * 40
    assert post_lines(dashboard, a_run(0, run=sha))[0] == 200
    assert code_post(dashboard, sha, diff="+x\n") == (200, '{"added":1}')
    assert code_post(dashboard, sha, diff="+y\n") == (200, '{"added":0}')
    assert dashboard.store.run_code(1, sha) == Code("+x\n", {})
    assert code_post(dashboard, "b" * 40) == (
        404,
        "no light of this pair's is run bbbbbbbbbbbb: its light comes first\n",
    )
    forged = {"code": dashboard.code, "token": "forged", "run": sha, "diff": "", "files": {}}
    assert dashboard.post("/api/code", forged)[0] == 403
    status, _, _ = dashboard.request("GET", f"/pairs/1/runs/{'b' * 40}")
    assert status == 404
    assert dashboard.request("GET", "/pairs/1/runs/HEAD")[0] == 404
    assert dashboard.request("GET", f"/pairs/9/runs/{sha}")[0] == 404


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"run": "HEAD"}, "run is not a commit's name"),
        ({"diff": 5}, "the diff is not text"),
        ({"files": ["a.py"]}, "the files are not paths, each with its text"),
        ({"files": {"a.py": 1}}, "the files are not paths, each with its text"),
        ({"files": {"": "x"}}, "the files are not paths, each with its text"),
        ({"diff": "x" * (code.MOST_DIFF + 1)}, "the code is over its size limit"),
        ({"diff": "\ud800"}, "the code holds a lone surrogate, which is not text"),
        ({"said": ["red"]}, "what the coach said is not text, or is too long"),
        ({"said": "x" * (code.MOST_SAID + 1)}, "what the coach said is not text, or is too long"),
    ],
)
def test_code_of_the_wrong_shape_or_size_is_refused_in_one_line(
    dashboard: Dashboard, fields: dict[str, object], reason: str
) -> None:
    post_lines(dashboard, a_run(0, run="a" * 40))
    assert code_post(dashboard, "a" * 40, **fields) == (400, reason + "\n")


def test_the_guard_refuses_a_body_over_the_codes_limit(dashboard: Dashboard) -> None:
    huge = b'{"diff": "' + b"x" * posts.CODE_BODY_LIMIT + b'"}'
    status, text = dashboard.post("/api/code", huge)
    assert (status, text) == (413, f"the body is over {posts.CODE_BODY_LIMIT} bytes\n")
    assert dashboard.post("/api/lights", b" " * (protocol.BODY_LIMIT + 1))[0] == 413
    assert code.MOST_DIFF + code.MOST_FILES < posts.CODE_BODY_LIMIT


def test_code_from_a_wrong_join_code_counts_against_the_client(dashboard: Dashboard) -> None:
    body = {"code": "WRONG", "token": "", "run": "a" * 40, "diff": "", "files": {}}
    assert dashboard.post("/api/code", body)[0] == 403
    assert "wrong code: 1" in dashboard.get("/board")


# The workspace's side: what is not sent, and what waits for the next run.


LATE = -1
"""A ``CodeRefused`` status: the code is taken, and answered too late for the run."""


class CodeRefused(ThreadingHTTPServer):
    """A dashboard stand-in that takes every light and answers ``status`` to each run's code."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.paths: list[str] = []
        self.answer = threading.Event()
        """Under ``LATE``, the code is answered once this is set."""
        super().__init__(("127.0.0.1", 0), _Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Handler(BaseHTTPRequestHandler):
    server: CodeRefused

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        self.server.paths.append(self.path)
        status = self.server.status if self.path == "/api/code" else 200
        if status == LATE:  # taken, and answered after the run's time is up
            self.server.answer.wait(10)
            status = 200
        if not status:  # gone without an answer, as a dashboard stopped mid-post
            self.close_connection = True
            return
        text = b'{"token": "t", "added": 1}' if status == 200 else b"not now"
        self.send_response(status)
        self.send_header("Content-Length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)

    def log_message(self, format: str, *args: object) -> None:
        pass


def a_run_sent_to(served: CodeRefused, workspace: Path) -> list[str]:
    """Run the workspace's tests once, send the run to ``served``, and stop it: the warnings."""
    try:
        (workspace / joined.SETTINGS).write_text(
            json.dumps({"address": served.url, "code": "K", "pair": "Ada", "token": "t"})
        )
        warned: list[str] = []
        run(workspace, "test")
        send(workspace, kept_runs(workspace)[-1], warned.append)
    finally:
        served.answer.set()
        served.shutdown()
        served.server_close()
    return warned


@pytest.mark.parametrize(
    ("status", "kept"),
    [(503, True), (403, True), (0, True), (404, False), (413, False)],
)
def test_code_that_could_not_be_sent_waits_and_code_never_taken_is_dropped(
    workspace: Path, status: int, kept: bool
) -> None:
    served = CodeRefused(status)
    warned = a_run_sent_to(served, workspace)
    assert served.paths[:2] == ["/api/lights", "/api/code"]
    assert (workspace / joined.OUTBOX).exists() == kept
    if kept:
        said = f"{served.url} did not take the code (not now)"
        said = said if status else f"could not reach {served.url} (Remote end closed connection"
        assert warned[-1].startswith(f"dojo: {said}")
        assert warned[-1].endswith("): 1 line(s) kept for the next run")
    else:
        sha = kept_runs(workspace)[-1].run
        assert warned == [f"dojo: {served.url} refused the code of run {sha[:12]}: not now"]


def test_code_answered_too_late_for_the_run_is_kept_without_saying_it_was_not_taken(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "did not take the code (could not reach it: out of time for this run)" of a dashboard
    that had taken it: the run's light and code were on the board (a facilitator)."""
    served = CodeRefused(LATE)
    # Long enough for the light and git's reading of the code on a loaded machine (0.5 s
    # was not, beside two dojos at once), short enough for the code's answer to miss it.
    monkeypatch.setattr(client, "BUDGET", 2.0)
    assert a_run_sent_to(served, workspace) == [
        f"dojo: no answer from {served.url} to the code in this run's time (what it took is not"
        " counted twice): 1 line(s) kept for the next run"
    ]
    assert (workspace / joined.OUTBOX).exists()


def test_a_run_whose_code_git_cannot_read_is_sent_without_it(
    workspace: Path, dashboard: Dashboard
) -> None:
    join(workspace, dashboard)
    warned: list[str] = []
    missing = a_run(0, run="c" * 40)
    send(workspace, missing, warned.append)
    assert warned[0].startswith("dojo: the code of run cccccccccccc cannot be read (fatal: ")
    assert len(dashboard.lights()["Ada and Grace"]) == 1
    assert "No code was posted for this run." in dashboard.get(f"/pairs/1/runs/{'c' * 40}")


def test_a_binary_or_undecodable_file_is_named_but_not_shown(workspace: Path) -> None:
    (workspace / "tests" / "logo.bin").write_bytes(b"\x89PNG\0\1")
    (workspace / "tests" / "latin.txt").write_bytes("café".encode("latin-1"))
    run(workspace, "test")
    kept = code.of_run(workspace, kept_runs(workspace)[-1].run)
    assert kept.files is not None
    assert kept.diff is not None
    assert kept.files["tests/logo.bin"] == kept.files["tests/latin.txt"] == code.BINARY
    assert "Binary files /dev/null and b/tests/logo.bin differ" in kept.diff
    with pytest.raises(ValueError, match="the code is not a JSON object"):
        Code.from_fields([])


def test_a_file_named_in_any_language_is_named_as_it_is_in_the_diff(workspace: Path) -> None:
    (workspace / "euchre" / "café.py").write_text("X = 1\n")
    run(workspace, "test")
    kept = code.of_run(workspace, kept_runs(workspace)[-1].run)
    assert kept.diff is not None
    assert "+++ b/euchre/café.py\n" in kept.diff
    assert kept.files is not None
    assert "euchre/café.py" in kept.files


def test_a_repository_inside_the_learners_folders_is_not_among_the_files(
    workspace: Path,
) -> None:
    inner = workspace / "euchre" / "vendored"
    inner.mkdir()
    (inner / "lib.py").write_text("X = 1\n")
    git(inner, "init", "-q")
    git(inner, "add", "-A")
    git(inner, "commit", "-q", "-m", "Vendored")
    run(workspace, "test")
    sha = kept_runs(workspace)[-1].run
    assert git(workspace, "ls-tree", "-r", sha, "euchre/vendored").startswith("160000 commit")
    kept = code.of_run(workspace, sha)
    assert kept.files is not None
    assert "euchre/hand.py" in kept.files
    assert not any(path.startswith("euchre/vendored") for path in kept.files)


# The store: an older file is brought up to date in place.


def test_a_file_of_lights_from_before_code_is_brought_up_to_date(tmp_path: Path) -> None:
    db = tmp_path / "dojo.sqlite3"
    sha = "d" * 40
    with sqlite3.connect(db) as raw:
        raw.executescript(schema.FIRST_SCHEMA + schema.MIGRATIONS[1] + "PRAGMA user_version = 1;")
        raw.execute("INSERT INTO dojo VALUES ('code', 'KXRM-AWFH')")
        raw.execute("INSERT INTO pairs (name, joined, token) VALUES ('Ada', '2026', 'tok')")
        for minute, line in enumerate(
            [a_run(0, run=sha).to_json(), "not json", a_run(1).to_json()]
        ):
            raw.execute(
                "INSERT INTO lights (pair, time, line, received) VALUES (1, ?, ?, '')",
                (f"2026-03-14T09:0{minute}:00Z", line),
            )
    raw.close()
    kept = Store(db)
    try:
        assert kept.add_code("tok", sha, Code("+x\n", {"a.py": "x\n"})) is True
        assert kept.run_code(1, sha) == Code("+x\n", {"a.py": "x\n"})
        assert kept.unreadable == 1
    finally:
        kept.close()
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (schema.SCHEMA_VERSION,)
        assert schema.SCHEMA_VERSION == 3
        raw.execute("UPDATE lights SET code = 'not json' WHERE run = ?", (sha,))
    raw.close()
    again = Store(db)
    try:
        assert again.run_code(1, sha) is None  # unreadable code is shown as none posted
    finally:
        again.close()


def test_code_goes_when_its_light_is_folded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "MOST_LIGHTS", 1)
    kept = Store(tmp_path / "dojo.sqlite3")
    try:
        token = kept.join("Ada").token
        kept.add(token, [a_run(0, run="a" * 40)])
        kept.add_code(token, "a" * 40, Code("", {}))
        kept.add(token, [a_run(1, run="b" * 40)])
        assert kept.run_code(1, "a" * 40) is None
        with pytest.raises(runs_code.UnknownRunError):
            kept.add_code(token, "a" * 40, Code("", {}))
        with pytest.raises(store.UnknownPairError):
            kept.add_code("forged", "b" * 40, Code("", {}))
    finally:
        kept.close()


# The report: the same code, offline, in the one page.


def test_the_report_shows_each_runs_code_when_its_light_is_clicked_without_a_server(
    workspace: Path, tmp_path: Path
) -> None:
    model(workspace, "return 4")
    run(workspace, "test")
    model(workspace, "return 5")
    run(workspace, "test")
    shas = [r.run for r in kept_runs(workspace)]
    lost = a_run(9, run="e" * 40)  # a run whose commit is not in this git
    (workspace / history.HISTORY).write_text(
        (workspace / history.HISTORY).read_text() + lost.to_json() + "\n"
    )
    warned: list[str] = []
    pairs = report.read_workspaces([workspace], warned.append)
    assert warned == [f"{workspace}: the code of 1 run(s) cannot be read from its git: not shown"]
    page = pages.report(pairs, report.end_of(pairs))
    for sha in shas:
        assert f'href="#pair-1-run-{sha}"' in page
        assert f'<article class="run-code" id="pair-1-run-{sha}">' in page
    assert f'id="pair-1-run-{"e" * 40}"' not in page
    assert '<span class="added">+    return 5</span>' in page
    assert ".codes .run-code:not(:target) { display: none; }" in page
    assert "<script" not in page


def test_a_report_of_pairs_without_code_shows_their_lights_alone() -> None:
    page = pages.report([Pair(1, "Ada", (a_run(0),))], datetime.now(UTC))
    assert "run-code" not in html.unescape(page).split("</style>")[1]
    assert [pages.stage_name(number) for number in (1, 0, 11)] == ["Dealing the hand", "?", "?"]


def test_the_first_run_is_diffed_against_the_starting_position_when_it_was_kept(
    workspace: Path,
) -> None:
    settle(workspace, "")
    from euchre.kata.coach.record import runs

    start = runs.record(workspace, ("euchre", "tests"), "The kata's starting position", START)
    model(workspace, "return 5")
    run(workspace, "test")
    kept = code.of_run(workspace, kept_runs(workspace)[0].run)
    assert kept.diff is not None
    assert "-    raise NotImplementedError\n+    return 5\n" in kept.diff
    assert git(workspace, "rev-parse", f"{kept_runs(workspace)[0].run}^").strip() == start


START = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)


def test_a_runs_lines_changed_are_its_diffs_added_and_removed_lines_whatever_they_hold() -> None:
    diff = (
        "diff --git a/euchre/hand.py b/euchre/hand.py\n"
        "index 1111111..2222222 100644\n"
        "--- a/euchre/hand.py\n"
        "+++ b/euchre/hand.py\n"
        "@@ -1,3 +1,3 @@\n"
        " def deal():\n"
        "--- a removed line that looks like a header\n"
        "+++ an added line that looks like one\n"
        "-    return 4\n"
        "+    return 5\n"
        "\\ No newline at end of file\n"
        "diff --git a/new.py b/new.py\n"
        "new file mode 100644\n"
        "--- /dev/null\n"
        "+++ b/new.py\n"
        "@@ -0,0 +1 @@\n"
        "+x = 1\n"
        "diff --git a/card.png b/card.png\n"
        "Binary files a/card.png and b/card.png differ\n"
    )
    assert Code(diff, {}).lines_changed == 5
    assert Code("", {}).lines_changed == 0
    assert Code(None, {}).lines_changed is None, "a diff too large to show is not measured"


def test_a_line_moved_is_no_line_changed_whatever_its_indent() -> None:
    """Steps moved from one file to another (into a conftest.py, say) are no larger a step:
    a line removed in one place and added in another, the same but for its indent, counts for
    neither, as git's --color-moved would show it."""
    diff = (
        "diff --git a/step_defs/conftest.py b/step_defs/conftest.py\n"
        "--- a/step_defs/conftest.py\n"
        "+++ b/step_defs/conftest.py\n"
        "@@ -0,0 +1,4 @@\n"
        "+@given('a deck')\n"
        "+def _deck() -> list[str]:\n"
        "+        return DECK\n"
        "+x = 2\n"
        "diff --git a/step_defs/test_dealing.py b/step_defs/test_dealing.py\n"
        "--- a/step_defs/test_dealing.py\n"
        "+++ b/step_defs/test_dealing.py\n"
        "@@ -1,4 +0,0 @@\n"
        "-@given('a deck')\n"
        "-def _deck() -> list[str]:\n"
        "-    return DECK\n"
        "-x = 1\n"
    )
    assert Code(diff, {}).lines_changed == 2, "x = 1 became x = 2; the rest moved"
    assert Code(diff, {}).lines_moved == 3


def test_a_line_with_no_letter_or_digit_is_never_moved() -> None:
    """A blank line or a lone bracket removed in one place and added in another is no move:
    "changed 78 lines" where git counted 84 could not be reconciled (a facilitator)."""
    diff = (
        "diff --git a/euchre/deal.py b/euchre/deal.py\n"
        "--- a/euchre/deal.py\n"
        "+++ b/euchre/deal.py\n"
        "@@ -1,3 +1,3 @@\n"
        "-\n"
        "-    )\n"
        "-from euchre.cards import Card\n"
        "+from euchre.cards import Card\n"
        "+\n"
        "+)\n"
    )
    code = Code(diff, {})
    assert (code.lines_changed, code.lines_added_removed, code.lines_moved) == (4, (2, 2), 1)
    assert Code(None, {}).lines_moved is None
