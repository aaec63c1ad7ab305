"""What a facilitator needs from the board during a dojo: who is stuck, and what the
room misses, worked out when a pair's lights change and re-evaluated as the minutes pass.
"""

from __future__ import annotations

import http.client
import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from euchre.dojo import app, board, pages, rhythm
from euchre.dojo.board import Pair, Row
from euchre.dojo.room import Missed, OnStage, Reddest, Room
from euchre.dojo.summary import Summary, summarize
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.stages import KATA_STAGES
from tests.dashboards import START, Dashboard, a_run, post_lines
from tests.transcripts import page_text


def at(minute: float) -> datetime:
    return START + timedelta(minutes=minute)


def row(
    *runs: Line, now: float, stuck_after: int = 10, name: str = "Ada", idle_after: int = 60
) -> Row:
    return Row(
        1, name, summarize(runs), at(now), runs, stuck_after=stuck_after, idle_after=idle_after
    )


def measured(minute: int, *through: str, stage: int = 3) -> Line:
    """A green run measured by the wrong models, which let ``through`` through."""
    return a_run(minute, "green", stage, caught=9 - len(through), wrong_models=9, through=through)


# Who is stuck


def test_a_pair_not_green_for_n_minutes_is_stuck_counted_from_their_first_run_after_green() -> None:
    runs = (a_run(0), a_run(5, "green"), a_run(7, "amber"), a_run(9))
    assert not row(*runs, now=16.9).stuck
    stuck = row(*runs, now=17)
    assert (stuck.stuck, stuck.stuck_minutes, stuck.ambers_in_a_row) == (True, 10, 0)
    assert stuck.stuck_words == ["stuck 10 min on 'Scenario at 9'"]
    assert row(*runs, now=12, stuck_after=5).stuck
    never_green = (a_run(0), a_run(4))
    assert not row(*never_green, now=9.5).stuck
    assert row(*never_green, now=10).stuck_words == ["stuck 10 min on 'Scenario at 4'"]


def test_the_minutes_shown_and_the_stuck_mark_agree_as_whole_minutes_passed() -> None:
    """1.8 minutes without green is shown as 1 min: under ``--stuck-after 2`` it is not stuck
    yet, and "2 min" is shown only once it is."""
    runs = (a_run(0, "green"), a_run(1))
    early = row(*runs, now=2.8, stuck_after=2)
    assert (early.stuck, early.stuck_minutes, early.red_minutes) == (False, 1, 1)
    due = row(*runs, now=3, stuck_after=2)
    assert (due.stuck, due.stuck_minutes, due.red_minutes) == (True, 2, 2)
    assert row(*runs, now=2.9, idle_after=1).last_run_minutes == 1


def test_the_amber_of_nothing_written_yet_is_no_sign_of_being_stuck() -> None:
    designed = (a_run(0, "amber", nothing_written=True), a_run(1, "amber", nothing_written=True))
    assert not row(*designed, now=2).stuck
    assert row(*designed, a_run(2, "amber"), a_run(3, "amber"), now=3).stuck


def test_a_pair_with_nothing_written_yet_is_not_stuck_however_long_only_idle() -> None:
    """Their clock without green starts at their first run with something to run: until
    then they are writing, and the idle mark says if the room has not heard from them."""
    opening = a_run(0, "amber", nothing_written=True)
    waiting = row(opening, now=30, idle_after=3)
    assert (waiting.stuck, waiting.stuck_minutes, waiting.stuck_at) == (False, None, None)
    assert waiting.idle_words == "idle: no run for 30 min"
    writing = row(opening, a_run(5), now=14)
    assert (writing.stuck, writing.stuck_minutes, writing.red_minutes) == (False, 9, 9)
    after_green = row(a_run(0, "green"), a_run(1, "amber", nothing_written=True), now=30)
    assert (after_green.stuck, after_green.stuck_minutes) == (False, None)
    assert row(a_run(0), a_run(1, "amber", nothing_written=True), now=10).stuck


def test_amber_twice_in_a_row_is_stuck_at_once_and_the_mark_goes_when_they_are_green() -> None:
    once = (a_run(0, "green"), a_run(1, "amber"))
    assert not row(*once, now=2).stuck
    twice = (*once, a_run(2, "amber"))
    assert row(*twice, now=2).stuck_words == ["amber twice in a row: their tests cannot run"]
    thrice = (*twice, a_run(3, "amber"))
    assert row(*thrice, now=3).stuck_words == ["amber 3 times in a row: their tests cannot run"]
    assert not row(*thrice, a_run(4), now=5).stuck  # red: the code imports again
    both = row(*thrice, now=13)
    assert both.stuck_words == [
        "stuck 12 min on 'Scenario at 3'",
        "amber 3 times in a row: their tests cannot run",
    ]
    green = row(*thrice, a_run(14, "green"), now=40)
    assert (green.stuck, green.stuck_minutes, green.stuck_words) == (False, None, [])


def test_the_time_a_pair_would_become_stuck_is_known_until_they_are() -> None:
    runs = (a_run(0, "green"), a_run(3), a_run(5))
    assert row(*runs, now=6).stuck_at == at(13)
    assert row(*runs, now=13).stuck_at is None  # stuck already
    assert row(a_run(0, "green"), now=6).stuck_at is None  # green: nothing to wait for
    assert Row(2, "Linus", Summary(), at(0)).stuck_at is None  # joined, no run yet


# Who is idle


def test_a_pair_with_no_run_for_n_minutes_is_idle_until_their_next_run() -> None:
    """A silent pair shows: how long since their last run, and idle once that is
    ``idle_after`` minutes, whatever their light."""
    runs = (a_run(0, "green"), a_run(3, "green"))
    assert (
        row(*runs, now=4.9, idle_after=5).last_run_minutes,
        row(*runs, now=5, idle_after=5).last_run_minutes,
    ) == (1, 2)
    assert not row(*runs, now=7.9, idle_after=5).idle
    idle = row(*runs, now=8, idle_after=5)
    assert (idle.idle, idle.idle_words) == (True, "idle: no run for 5 min")
    assert row(*runs, now=6, idle_after=3).idle
    assert not row(*runs, a_run(8.5), now=9, idle_after=5).idle  # a run, red or not, ends it
    assert (row(*runs, now=7, idle_after=5).idle_at, row(*runs, now=8, idle_after=5).idle_at) == (
        at(8),
        None,
    )
    linus = Row(2, "Linus", Summary(), at(30))  # joined, no run yet: nothing to time from
    assert (linus.idle, linus.idle_at, linus.last_run_minutes) == (False, None, None)


def test_a_pair_who_finished_the_kata_is_not_idle_but_done() -> None:
    """Their silence after the kata's last stage is green is not a pair gone quiet: the row
    says the kata is done, and the room does not count them idle. The stages after it, the
    whole game, are optional."""
    last = KATA_STAGES
    finished = (a_run(0, "green", last), a_run(2, "green", last, stage_done=True))
    done = row(*finished, now=30, idle_after=5)
    assert (done.finished, done.idle, done.idle_at, done.idle_words) == (True, False, None, "")
    assert "✓ 5 stages done: the kata is done" in page_text(pages.board([done], "http://dojo", []))
    going_on = row(*finished, a_run(4, "red", last + 1), now=30, idle_after=5)
    assert (going_on.finished, going_on.idle) == (True, False)
    short = row(finished[0], now=30, idle_after=5)  # the kata's last stage, not finished: quiet
    assert (short.finished, short.idle) == (False, True)
    assert Room.of([done, short]).idle == 1


def test_the_board_is_drawn_again_when_the_next_pair_becomes_idle_or_stuck() -> None:
    quiet = row(a_run(0, "green"), now=1, idle_after=5)  # idle at 5
    red = row(a_run(0, "green"), a_run(2), now=3, idle_after=60)  # stuck at 12
    assert board.next_mark([quiet, red]) == at(5)
    assert board.next_mark([red]) == at(12)


def test_the_page_title_counts_the_idle_pairs_beside_the_stuck() -> None:
    assert pages.title(0, 2) == "(2 idle) Euchre dojo"
    assert pages.title(1, 2) == "(1 stuck, 2 idle) Euchre dojo"
    rows = [
        row(a_run(0, "green"), now=9, name="Ada", idle_after=5),
        row(a_run(8, "green"), now=9, name="Bea", idle_after=5),
    ]
    assert Room.of(rows).idle == 1


def test_the_board_says_when_each_pair_last_ran_and_marks_the_idle(
    transcript: SnapshotAssertion,
) -> None:
    rows = board.ordered(
        [
            row(a_run(0, "green"), a_run(1, "green"), now=12, name="Ada", idle_after=5),
            row(a_run(0, "green"), a_run(10, scenario="Lead"), now=12, name="Bea", idle_after=5),
        ]
    )
    html = pages.board(rows, "http://dojo", [])
    assert '<li class="pair idle" id="row-1" data-pair="Ada">' in html
    assert 'data-title="(1 idle) Euchre dojo"' in html
    assert page_text(html) == transcript


def test_stuck_pairs_come_first_then_by_stage_and_name() -> None:
    pairs = [
        Pair(1, "Bea", (a_run(0, stage=2),)),
        Pair(2, "Cal", (a_run(0, "green", stage=1),)),
        Pair(3, "Ada", (a_run(0, "green", stage=3), a_run(1, stage=3))),
    ]
    assert [shown.name for shown in board.rows(pairs, at(10.5))] == ["Bea", "Cal", "Ada"]
    assert [shown.name for shown in board.rows(pairs, at(11))] == ["Bea", "Ada", "Cal"]


def test_a_summary_brought_up_to_date_run_by_run_is_the_one_worked_out_at_once() -> None:
    runs = [
        a_run(0),
        a_run(2, "amber"),
        measured(3, "dealer-leads"),
        a_run(4, scenario="B"),
        a_run(9, "red", scenario="B"),
        a_run(12, "amber"),
        a_run(13, "amber"),
        measured(20),
        a_run(25, "red", scenario="B"),
    ]
    whole = summarize(runs)
    for cut in range(len(runs) + 1):
        assert summarize(runs[:cut]).extend(runs[cut:]) == whole, cut
    assert whole.through == ()
    assert whole.in_red == (("B", timedelta(minutes=8)), ("Scenario at 0", timedelta(minutes=2)))
    assert whole.not_green_since == at(25)
    assert summarize(runs[:7]).ambers == 2
    assert summarize(runs[:3]).through == ("dealer-leads",)
    assert summarize(runs[:2]).through is None  # no green measured yet


# What the room misses


def test_the_room_counts_the_pairs_on_each_stage_and_those_without_a_run() -> None:
    rows = [
        row(a_run(0, stage=2), now=1, name="Ada"),
        row(a_run(0, stage=2), now=1, name="Bea"),
        row(a_run(0, stage=5), now=1, name="Cal"),
        Row(4, "Dee", Summary(), at(1)),
    ]
    room = Room.of(rows)
    assert room.stages == (OnStage(2, "Play order", 2), OnStage(5, "Winning a trick", 1))
    assert room.waiting == 1
    assert room.stuck == 0


def test_the_room_misses_what_the_most_pairs_latest_measured_green_lets_through() -> None:
    rows = [
        row(measured(0, "three-then-two"), a_run(1), now=2, name="Ada"),
        row(measured(0, "three-then-two", "unheard-of"), now=2, name="Bea"),
        row(measured(0, "three-then-two"), measured(1), now=2, name="Cal"),  # caught it since
        row(measured(0, "dealer-leads"), a_run(1, "green"), now=2, name="Dee"),
    ]
    room = Room.of(rows)
    assert [(missed.name, missed.pairs) for missed in room.missed] == [
        ("three-then-two", 2),
        ("dealer-leads", 1),
        ("unheard-of", 1),
    ]
    first = room.missed[0]
    assert first == Missed(
        "three-then-two",
        "the cards are dealt 3 to each player first, then 2",
        2,
        len(rows),
        ("Ada", "Bea"),
    )
    # "1 of 1 pair" did not say which pair (a facilitator): two at most are named.
    assert first.words == (
        f"2 of {len(rows)} pairs (Ada; Bea): the cards are dealt 3 to each player first, then 2"
    )
    assert room.missed[2].words == f"1 of {len(rows)} pairs (Bea): unheard-of"  # a newer coach's
    many = [row(measured(0, "dealer-leads"), now=2, name=name) for name in ("Eve", "Fay")]
    (most, *_) = Room.of([*rows, *many]).missed
    assert most.words.startswith("3 of 5 pairs: "), "three are not named"


def test_the_room_shows_the_few_wrong_models_let_through_by_the_most_pairs() -> None:
    names = ["three-then-two", "dealer-leads", "dealer-dealt-first", "left-bar-only-when-red"]
    rows = [
        row(measured(0, *names[: pair % 4 + 1], "extra-" + str(pair)), now=1, name=f"P{pair}")
        for pair in range(8)
    ]
    room = Room.of(rows)
    assert [missed.pairs for missed in room.missed] == [8, 6, 4, 2, 1]


def test_the_room_shows_the_scenarios_pairs_spent_longest_in_red_the_current_stretch_too() -> None:
    rows = [
        row(a_run(0, scenario="Deal"), a_run(6, "green"), now=30, name="Ada"),  # 6 min
        row(a_run(0, scenario="Deal"), a_run(3, scenario="Deal"), now=9, name="Bea"),  # 9 min
        row(a_run(0, scenario="Lead"), a_run(20, "green"), now=30, name="Cal"),  # 20 min
        row(a_run(0, scenario="Trump"), a_run(1, "green"), now=30, name="Dee"),  # 1 min
        row(a_run(0, scenario="Left"), a_run(0.9, "green"), now=30, name="Eve"),  # not a minute
        row(a_run(0, scenario="Bid"), a_run(3.7, "green"), now=30, name="Fay"),  # 3 min, passed
    ]
    room = Room.of(rows)
    assert room.reddest == (  # whole minutes passed, as the rows count their minutes in red
        Reddest("Lead", 20, 1),
        Reddest("Deal", 15, 2),
        Reddest("Bid", 3, 1),
    )
    # A sum of pairs' minutes says it is one: "2 min …, 3 pairs" was read as each pair's
    # (a facilitator).
    assert room.reddest[1].words == "15 min in red on 'Deal', 2 pairs' minutes together"
    assert room.reddest[0].words == "20 min in red on 'Lead', 1 pair"


def test_the_room_counts_who_is_stuck_and_the_page_title_says_how_many() -> None:
    rows = [row(a_run(0), now=15, name="Ada"), row(a_run(0), now=15, name="Bea")]
    assert Room.of(rows).stuck == 2
    assert pages.title(2) == "(2 stuck) Euchre dojo"
    assert pages.title(0) == "Euchre dojo"


# On the page


def test_the_board_marks_stuck_pairs_in_words_and_shows_what_the_room_misses(
    transcript: SnapshotAssertion,
) -> None:
    rows = board.ordered(
        [
            row(a_run(0), a_run(2, "green"), a_run(3, scenario="<i>Deal</i>"), now=15, name="Ada"),
            row(measured(0, "three-then-two"), now=15, name="<script>alert(1)</script>"),
        ]
    )
    html = pages.board(rows, "http://dojo", [])
    assert "<script>alert" not in html
    assert "<i>Deal" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert '<li class="pair stuck" id="row-1" data-pair="Ada">' in html
    assert 'data-title="(1 stuck) Euchre dojo"' in html
    assert html.index("Ada") < html.index("&lt;script&gt;")  # the stuck pair first
    assert page_text(html) == transcript
    page = pages.dashboard(2, html, "n", 1)
    assert "<title>(1 stuck) Euchre dojo</title>" in page
    # An amber is any run whose tests cannot run: at level examples, most often a feature the
    # learner is writing that is not Gherkin yet, or no example written at all.
    assert "amber: could not run, or nothing written yet" in page


def test_a_pairs_page_counts_a_stretch_still_red_up_to_the_boards_time() -> None:
    """The board's time is now, or the dojo's end: the minutes in red on the row and the
    longest stretch on the pair's page agree."""
    still_red = row(a_run(0, "green"), a_run(2, "red"), a_run(3, "red"), now=14)
    assert still_red.red_minutes == 12
    assert "Longest stretch red: 12 min" in still_red.progress()
    ended = row(a_run(2, "red"), a_run(3, "green"), now=14)
    assert "Longest stretch red: 1 min" in ended.progress()


def test_every_light_is_told_apart_by_a_glyph_as_well_as_its_colour() -> None:
    """Red and green look alike to a red-green colour-blind eye: each kind of light has its
    own glyph in the page, and a refactor and a pass at once are named as themselves."""
    runs = (
        a_run(0, "red"),
        a_run(1, "amber"),
        a_run(2, "green"),
        a_run(3, "green", passed_at_once=True),
        a_run(4, "green", refactor=True),
    )
    html = pages.board([row(*runs, now=5)], "http://dojo", [])
    glyphs = re.findall(r'<span class="light ([a-z-]+)"[^>]*>([^<]+)</span>', html)
    assert glyphs == [  # newest first: the row lays them from its end
        ("refactor", "↻"),
        ("at-once", "★"),
        ("green", "✓"),
        ("amber", "!"),
        ("red", "\N{MULTIPLICATION SIGN}"),
    ]
    assert len({glyph for _, glyph in glyphs}) == 5
    assert ": passed at once, stage 1" in html
    assert ": refactor, stage 1" in html
    page = pages.dashboard(1, html, "n", 0)
    legend = re.findall(r'<span class="light ([a-z-]+)"[^>]*>([^<]+)</span> ', page)
    assert dict(legend) == dict(glyphs)


def test_a_light_after_which_baby_steps_put_the_files_back_is_marked_so() -> None:
    """The run's page and the retrospective said it; the board showed a plain red (a
    facilitator)."""
    runs = (a_run(0, "green"), a_run(1, reverted=True), a_run(2))
    html = pages.board([row(*runs, now=3)], "http://dojo", [])
    lights = re.findall(r'<span class="(light [a-z -]+)" title="([^"]+)"', html)
    assert lights[1] == (
        "light red reverted",
        "09:01:00 UTC: red, stage 1, 0 of 1; then baby steps put the files back",
    )
    assert lights[0][0] == "light red"
    page = pages.dashboard(1, html, "n", 0)
    assert (
        '<span><span class="light red reverted">\u00d7</span> dashed: files put back</span>' in page
    ), "the legend says what the dashed outline means (a facilitator looked for it)"


def test_every_pairs_lights_lie_on_one_time_axis_for_the_room_so_gaps_show() -> None:
    """As cyber-dojo lays lights minute by minute: the room's first light at the left, now at
    the right, and each pair's stages done marked where they moved on."""
    rows = board.ordered(
        [
            row(a_run(0, "green"), a_run(10, "red"), now=10, name="Ada"),
            row(a_run(2, "green"), a_run(5, "green", stage=2), now=10, name="Bea"),
        ]
    )
    html = pages.board(rows, "http://dojo", [])
    ticks = re.findall(r'<rect class="tick ([a-z-]+)" x="(\d+)"', html)
    assert ticks == [("green", "0"), ("red", "994"), ("green", "199"), ("green", "497")]
    assert re.findall(r'<rect class="stage-done" x="(\d+)"[^>]*><title>([^<]+)</title>', html) == [
        ("497", "stage 1 done at 09:05:00 UTC")
    ]
    assert "✓ 1 stage done" in page_text(html)


def test_a_stage_is_marked_done_at_the_green_that_finished_it_not_when_the_next_begins() -> None:
    """The coach says a stage is done at the green that finishes it; a pair may run again, and
    take a while, before `make next`. Lines from before the coach said so are marked where the
    next stage began."""
    done = (a_run(0, "green"), a_run(2, "green", stage_done=True), a_run(3, "green"))
    marks = r'<rect class="stage-done" x="(\d+)"[^>]*><title>([^<]+)</title>'
    html = pages.board([row(*done, now=10)], "http://dojo", [])
    assert re.findall(marks, html) == [("199", "stage 1 done at 09:02:00 UTC")]
    assert "✓ 1 stage done" in page_text(html)
    moved_on = pages.board([row(*done, a_run(6, "red", stage=2), now=10)], "http://dojo", [])
    assert re.findall(marks, moved_on) == [("199", "stage 1 done at 09:02:00 UTC")]
    assert "✓ 1 stage done" in page_text(moved_on)
    older = pages.board([row(done[0], a_run(6, "red", stage=2), now=10)], "http://dojo", [])
    assert re.findall(marks, older) == [("596", "stage 1 done at 09:06:00 UTC")]


def test_a_pairs_runs_older_than_their_row_shows_are_a_span_on_the_axis_not_a_gap() -> None:
    """A row keeps a pair's newest runs: those before them, still counted, are drawn as one
    span saying how many, from the axis's start to the first run drawn."""
    many = [a_run(minute, "red" if minute % 2 else "green") for minute in range(50)]
    rows = [row(*many, now=50, name="Ada"), row(a_run(0, "green"), now=50, name="Bea")]
    html = pages.board(board.ordered(rows), "http://dojo", [])
    earlier = r'<rect class="earlier" x="0" y="4" width="(\d+)"[^>]*><title>([^<]+)<'
    assert re.findall(earlier, html) == [("40", "2 earlier runs, not drawn")]
    one = pages.board([row(*many[1:], now=50, name="Ada")], "http://dojo", [])
    assert re.findall(earlier, one)[0][1] == "1 earlier run, not drawn"


# Live: the server re-evaluates the marks as time passes


def clocked(tmp_path: Path, stuck_after: int = 10) -> tuple[Dashboard, list[datetime]]:
    """A dashboard whose clock the test moves; no pair is marked idle within the hour."""
    now = [at(0)]
    dashboard = Dashboard(
        tmp_path / "dojo.sqlite3", clock=lambda: now[0], stuck_after=stuck_after, idle_after=60
    )
    return dashboard, now


def test_a_pair_becomes_stuck_on_the_board_as_time_passes_without_a_post(tmp_path: Path) -> None:
    dashboard, now = clocked(tmp_path, stuck_after=5)
    try:
        post_lines(dashboard, a_run(0, "green"), a_run(1, scenario="The dealer deals"))
        now[0] = at(5.5)
        assert 'class="pair stuck"' not in dashboard.get("/board")
        assert "<title>Euchre dojo</title>" in dashboard.get("/")
        now[0] = at(6)
        assert "stuck 5 min on &#39;The dealer deals&#39;" in dashboard.get("/board")
        assert "<title>(1 stuck) Euchre dojo</title>" in dashboard.get("/")
        post_lines(dashboard, a_run(7, "green"))
        assert 'class="pair stuck"' not in dashboard.get("/board")
    finally:
        dashboard.stop()


def test_a_pair_becomes_idle_on_the_board_as_time_passes_without_a_run(tmp_path: Path) -> None:
    now = [at(0)]
    dashboard = Dashboard(tmp_path / "dojo.sqlite3", clock=lambda: now[0], idle_after=3)
    try:
        post_lines(dashboard, a_run(0, "green"))
        now[0] = at(2.9)
        assert "idle-mark" not in dashboard.get("/board")
        now[0] = at(3)
        assert "idle: no run for 3 min" in dashboard.get("/board")
        assert "<title>(1 idle) Euchre dojo</title>" in dashboard.get("/")
        post_lines(dashboard, a_run(3.5))
        assert "idle-mark" not in dashboard.get("/board")
    finally:
        dashboard.stop()


def test_a_page_that_polls_sees_the_mark_as_soon_as_it_is_due_within_the_minute(
    tmp_path: Path,
) -> None:
    dashboard, now = clocked(tmp_path, stuck_after=5)
    try:
        post_lines(dashboard, a_run(0, "green"), a_run(1.5))
        now[0] = at(6.2)
        assert "stuck-mark" not in dashboard.get("/board")  # due at 6.5
        now[0] = at(6.6)
        assert "stuck 5 min on &#39;Scenario at 1.5&#39;" in dashboard.get("/board")
    finally:
        dashboard.stop()


def test_the_event_stream_tells_the_pages_when_a_pair_becomes_stuck(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app, "WAKE", 0.05)
    dashboard, now = clocked(tmp_path)
    try:
        post_lines(dashboard, a_run(0, "green"), a_run(1))
        connection = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=5)
        connection.request("GET", "/events")
        stream = connection.getresponse()
        assert stream.readline() == b"retry: 1000\n"
        stream.readline()
        assert stream.readline() == b"data: 2\n"
        dashboard.get("/board")  # a page draws the board: the next mark is due at minute 11
        now[0] = at(11)
        stream.readline()
        assert stream.readline() == b"data: 3\n"
        assert "stuck 10 min on &#39;Scenario at 1&#39;" in dashboard.get("/board")
        connection.close()
    finally:
        dashboard.stop()


def test_the_dashboard_s_retrospective_asks_about_reds_as_long_as_its_stuck_after(
    tmp_path: Path,
) -> None:
    dashboard, _ = clocked(tmp_path, stuck_after=5)
    try:
        post_lines(dashboard, a_run(0, scenario="The dealer deals"), a_run(5, "green"))
        assert "spent 5 min in red on “The dealer deals”" in dashboard.get("/retro")
    finally:
        dashboard.stop()


def test_a_pair_red_on_an_earlier_scenario_than_their_newest_is_said_to_be_red_on_it() -> None:
    """Their newest scenario passes and an earlier one broke again: the stuck mark and the
    room's minutes in red name the one that fails; the retrospective, both."""
    broke = {"scenario": "The dealer deals", "failing": "Deal"}
    stuck = row(a_run(0, "green"), a_run(1, **broke), a_run(4, **broke), now=12, stuck_after=10)
    assert stuck.stuck_words == ["stuck 11 min on 'Deal'"]
    assert Room.of([stuck]).reddest == (Reddest("Deal", 11, 1),)
    mended = rhythm.rhythm(Pair(1, "Ada", (*stuck.recent, a_run(14, "green"))))
    assert mended.longest_red is not None
    red = mended.longest_red
    assert (red.scenario, red.broke, red.writing) == ("The dealer deals", ("Deal",), False)


def test_at_level_steps_a_stage_left_with_a_wrong_model_through_is_not_marked_done() -> None:
    """The coach tells a pair at level steps a stage is done once their steps catch every wrong
    model of it, and lets them move on before: the board said "✓ 2 stages done, stage 1 done"
    of stages they left with wrong models through (two facilitators)."""
    steps = {"level": "steps", "caught": 1, "wrong_models": 3, "through": ("dealer-leads",)}
    left = (a_run(0, "green", **steps), a_run(2, "red", stage=2, level="steps"))
    marks = r'<rect class="stage-done" x="(\d+)"[^>]*><title>([^<]+)</title>'
    html = pages.board([row(*left, now=10)], "http://dojo", [])
    assert re.findall(marks, html) == []
    assert "stage done" not in page_text(html)
    assert "stages done" not in page_text(html)
    caught = {"level": "steps", "caught": 3, "wrong_models": 3}
    done = (a_run(0, "green", stage_done=True, **caught), a_run(2, "red", stage=2, level="steps"))
    html = pages.board([row(*done, now=10)], "http://dojo", [])
    assert re.findall(marks, html) == [("0", "stage 1 done at 09:00:00 UTC")]
    assert "✓ 1 stage done" in page_text(html)


def test_at_level_steps_a_pair_past_the_katas_stages_is_done_though_not_every_stage_caught() -> (
    None
):
    """The coach told a pair at level steps "the kata is done" as they left its last stage,
    with wrong models of two stages still through; the board counted 3 stages done, and so
    marked them idle (a facilitator)."""
    last = KATA_STAGES
    steps = {"level": "steps", "caught": 1, "wrong_models": 3}
    runs = (
        a_run(0, "green", 1, stage_done=True, **steps),
        a_run(2, "green", last, through=("dealer-leads",), **steps),
        a_run(4, "red", last + 1, level="steps"),
    )
    done = row(*runs, now=30, idle_after=5)
    assert (done.finished, done.idle) == (True, False)
    assert "✓ the kata is done, 1 stage with every wrong model caught" in page_text(
        pages.board([done], "http://dojo", [])
    )
