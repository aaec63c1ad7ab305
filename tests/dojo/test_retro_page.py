"""The retrospective's page: the value of retro.py worded by retro.html, with the dashboard's
Jinja2 environment (autoescaped); on the live dashboard each run links to its page, offline the
code of each run it links to is carried in the one file."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from syrupy.assertion import SnapshotAssertion

from euchre.dojo import pages, retro
from euchre.dojo.board import Pair
from euchre.kata.coach.record import episodes
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.line import Line
from tests.dashboards import START, Dashboard, a_run, post_lines
from tests.transcripts import page_text

SHA = "{:040x}".format
SCRIPT = "<script>alert(1)</script>"


def a_dojo() -> retro.Retro:
    through = {"caught": 1, "wrong_models": 3, "through": ("dealer-leads",)}
    evil = (
        a_run(0, "red", scenario=SCRIPT, run=SHA(1), guess="green"),
        a_run(14, "green", run=SHA(2), **through),
        a_run(15, "green", run=SHA(3), refactor=True),
        a_run(16, "red", run=SHA(4), reverted=True, constraint="baby-steps", minutes=2),
    )
    code = {
        SHA(2): Code(
            f"diff --git a/m.py b/m.py\n@@ -1 +1 @@\n-{SCRIPT}\n+x = 1\n", {"m.py": SCRIPT}
        ),
        SHA(3): Code("", {"m.py": "x = 1\n"}),
        SHA(4): Code(None, None),
    }
    quiet = (a_run(0, "green"), a_run(1, "amber"))
    return retro.retrospective([Pair(7, SCRIPT, evil, code), Pair(8, "Ada & Grace", quiet)])


def test_the_page_words_each_pairs_rhythm_and_the_questions_escaped(
    transcript: SnapshotAssertion,
) -> None:
    page = pages.retro(a_dojo(), written=START + timedelta(hours=1))
    assert SCRIPT not in page
    assert "<script" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Ada &amp; Grace" in page
    assert page_text(page) == transcript


def test_on_the_dashboard_each_run_links_to_its_page_and_no_code_is_carried() -> None:
    page = pages.retro(a_dojo())
    assert f'href="/pairs/7/runs/{SHA(2)}"' in page
    assert 'href="/"' in page
    assert 'class="run-code"' not in page


def test_offline_the_page_carries_the_code_of_each_run_it_links_to_and_nothing_else() -> None:
    made = a_dojo()
    codes = {7: {SHA(n): code for n, code in [(2, Code("", {})), (3, Code("", {}))]}, 8: {}}
    page = pages.retro(made, codes)
    assert f'href="#pair-7-run-{SHA(2)}"' in page
    assert page.count(f'id="pair-7-run-{SHA(2)}"') == 1, "a run linked twice is carried once"
    assert f'id="pair-7-run-{SHA(3)}"' in page
    assert f'id="pair-7-run-{SHA(1)}"' not in page, "no code of it was read"
    assert 'href="/"' not in page
    assert not re.search(r"(src|href)=\"(https?:)?//", page), "nothing from the network"
    assert page_text(page).count("1 of 1 reached scenarios pass") == 2, "in the level's words"


def test_the_page_says_when_it_was_written_and_when_the_last_light_came(
    transcript: SnapshotAssertion,
) -> None:
    made = retro.retrospective([Pair(1, "Ada", (a_run(0, "green"),))])
    text = page_text(pages.retro(made, written=START + timedelta(hours=2, seconds=7)))
    assert text == transcript  # the last light at 09:00:00, written at 11:00:07


def test_the_live_page_gives_the_last_lights_time_not_its_own(tmp_path: Path) -> None:
    """The live retrospective is of the runs until the last light: its header said the page's
    own time as the last light's."""
    dashboard = Dashboard(tmp_path / "dojo.sqlite3", clock=lambda: START + timedelta(minutes=20))
    try:
        post_lines(dashboard, a_run(0), a_run(3, "green"))
        text = page_text(dashboard.get("/retro"))
    finally:
        dashboard.stop()
    assert "1 pair; the last light at 09:03:00 UTC; this page written at 09:20:00 UTC" in text


def test_the_report_says_when_it_was_written_and_when_the_last_light_came(
    transcript: SnapshotAssertion,
) -> None:
    later = START + timedelta(minutes=30)
    page = pages.report([Pair(1, "Ada", (a_run(0, "green"),))], START, written=later)
    assert page_text(page) == transcript  # the last light at 09:00:00, written at 09:30:00


def test_a_mixed_room_is_asked_about_refactoring_in_the_words_of_each_level(
    transcript: SnapshotAssertion,
) -> None:
    def cycles(level: str) -> tuple[Line, ...]:
        return tuple(a_run(n, "red" if n % 2 else "green", level=level) for n in range(1, 5))

    room = [
        Pair(1, "Ada", cycles("model")),
        Pair(2, "Bea", cycles("model")),
        Pair(3, "Cy", cycles("steps")),
        Pair(4, "Di", cycles("stories")),
        Pair(5, "Ed", (*cycles("stories"), a_run(5, "green", refactor=True, level="stories"))),
    ]
    page = pages.retro(retro.retrospective(room))
    asked = page_text(page).split("Questions for the room\n")[1].split("Each pair")[0]
    assert asked == transcript


def test_a_mixed_room_is_asked_in_words_true_of_each_pair(transcript: SnapshotAssertion) -> None:
    """Counts among the pairs a question can be about, grammar for one pair or several."""

    def at_once(level: str, *scenarios: str) -> tuple[Line, ...]:
        return tuple(
            a_run(n, "green", passed_at_once=True, scenario=scenario, level=level)
            for n, scenario in enumerate(scenarios)
        )

    through = {"caught": 1, "wrong_models": 3, "level": "examples"}
    stories = [a_run(n, "red" if n % 2 else "green", level="stories") for n in range(5)]
    stories[0] = a_run(0, "amber", level="stories", nothing_written=True)  # as the kata begins
    stories.insert(1, a_run(0.5, "amber", level="stories", amber="example"))
    let = {"caught": 1, "wrong_models": 3, "level": "steps", "stage": 3}
    both = ("dealer-leads", "left-bar-only-when-red")
    steps = [
        a_run(n, "red", level="steps", stage=3) if n % 2 else a_run(n, "green", through=both, **let)
        for n in range(5)
    ]
    room = [
        Pair(1, "Ada", at_once("model", "A", "B")),
        Pair(2, "Bea", at_once("steps", "A", "B")),
        Pair(3, "Cy", at_once("model", "C")),
        Pair(4, "Di", (a_run(0, "green", stage=2, through=("dealer-leads",), **through),)),
        Pair(
            5,
            "Ed",
            (
                a_run(0, "green", stage=2, through=("dealer-leads",), **through),
                a_run(1, "green", stage=3, through=(), **through),
            ),
        ),
        Pair(6, "Gus", tuple(stories)),
        Pair(7, "Hal", tuple(steps)),
    ]
    page = pages.retro(retro.retrospective(room, idle_after=60))
    asked = page_text(page).split("Questions for the room\n")[1].split("Each pair")[0]
    assert asked == transcript


def test_the_page_says_what_each_word_of_the_practice_means() -> None:
    """A newcomer reads "test-addition" and "spread" once, defined where they are used."""
    text = page_text(pages.retro(a_dojo()))
    defined = text.split("Each pair\N{RIGHT SINGLE QUOTATION MARK}s rhythm")[1]
    for kind in episodes.KINDS:
        assert f"{kind.capitalize()}:" in defined or f"{kind}:" in defined, kind
    assert "Spread:" in defined
    assert "docs/practice.md" in defined


def test_a_quiet_room_is_asked_nothing_made_up(transcript: SnapshotAssertion) -> None:
    quiet = retro.retrospective([Pair(1, "Ada", (a_run(0, "green"),))])
    text = page_text(pages.retro(quiet))
    asked = text.split("Questions for the room\n")[1].split("Each pair")[0]
    assert "?" not in asked
    assert asked == transcript


def test_the_dashboard_serves_the_retrospective_linked_from_the_board(
    dashboard: Dashboard,
) -> None:
    post_lines(dashboard, a_run(0, run=SHA(1)), a_run(11, "green", run=SHA(2)), pair="<i>Ada</i>")
    body = {"code": dashboard.code, "token": dashboard.token("<i>Ada</i>"), "run": SHA(2)}
    diff = "diff --git a/m.py b/m.py\n@@ -1 +1 @@\n-x\n+y\n"
    assert dashboard.post("/api/code", body | {"diff": diff, "files": {}})[0] == 200
    assert 'href="/retro"' in dashboard.get("/")
    status, page, headers = dashboard.request("GET", "/retro")
    assert status == 200
    assert "&lt;i&gt;Ada&lt;/i&gt; spent 11 min in red" in page
    assert "2 lines changed, 1 added and 1 removed, from" in page
    assert f'<a href="/pairs/1/runs/{SHA(2)}">run 2</a> (green)' in page
    nonce = re.search(r'<style nonce="([^"]+)">', page)
    assert nonce is not None
    policy = {name.lower(): value for name, value in headers.items()}["content-security-policy"]
    assert f"style-src 'nonce-{nonce[1]}'" in policy
    assert "<script" not in page


def test_a_wrong_model_some_pairs_caught_later_is_asked_of_those_who_still_let_it_through() -> None:
    measured = {"caught": 1, "wrong_models": 3}
    caught_later = (  # a rule of stage 2, let through past it, until stage 3
        a_run(0, "green", stage=3, through=("dealer-leads",), **measured),
        a_run(3, "green", stage=4, through=(), **measured),
    )
    still = (a_run(0, "green", stage=2, through=("dealer-leads",), **measured),)
    for pairs, asked in [
        (
            [Pair(1, "Ada", caught_later)],
            "Ada (the one pair) let through the wrong model in which “the dealer leads the first"
            " trick” until stage 3. Which example would have caught it?",
        ),
        (
            [Pair(1, "Ada", caught_later), Pair(2, "Linus", still)],
            "Both pairs (Ada; Linus) let through the wrong model in which “the dealer leads the"
            " first trick”, and it still gets through Linus\N{RIGHT SINGLE QUOTATION MARK}s"
            " examples. Which example would catch it?",
        ),
    ]:
        text = re.sub(r"<[^>]+>", "", pages.retro(retro.retrospective(pairs)))
        assert asked in " ".join(text.split())


def test_a_stretch_still_red_at_the_end_says_so(transcript: SnapshotAssertion) -> None:
    stuck = (a_run(0, "red", run=SHA(1)), a_run(5, "green"))
    new = {"scenario": "The dealer deals", "reached": 2}  # revealed after the green
    still = (a_run(0, "green"), a_run(1, "red", run=SHA(2), **new))
    made = retro.retrospective([Pair(1, "Ada", still), Pair(2, "Linus", stuck)])
    text = page_text(pages.retro(made))
    rhythms = text.split("Each pair\N{RIGHT SINGLE QUOTATION MARK}s rhythm\n")[1]
    assert rhythms == transcript  # Ada's 4 min, still red at the end
