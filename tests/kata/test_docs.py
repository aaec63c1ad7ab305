"""`make docs`: the features as one self-contained page, with the results of a run."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stderr
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pytest_bdd.gherkin_parser import get_gherkin_document

from euchre.kata.cli import main
from euchre.kata.docs import GLOSSARY, cards_html, render
from tests.kata.pages import FEATURES, results, scenarios_of

VOID = {"meta", "br", "hr", "img", "input", "link"}


class Page(HTMLParser):
    """Checks that tags nest properly, and gathers text, table rows and outside references."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.text: list[str] = []
        self.rows: list[list[str]] = []
        self.outside: list[str] = []
        self.scenarios: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in ("src", "href"):
            if found.get(name) and not str(found[name]).startswith("#"):
                self.outside.append(str(found[name]))
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th") and "data-source" in found:
            self.rows[-1].append(str(found["data-source"]))
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open, f"</{tag}> closes nothing"
        assert self.open.pop() == tag, f"</{tag}> closes the wrong tag"

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    assert page.open == [], f"unclosed tags: {page.open}"
    return page


@pytest.fixture(scope="module")
def page_html(tmp_path_factory: pytest.TempPathFactory) -> str:
    return render(FEATURES, results(tmp_path_factory.mktemp("run")))


def test_the_page_is_well_formed_and_loads_nothing_from_outside(page_html: str) -> None:
    page = parse(page_html)
    assert page.outside == []
    assert "url(" not in page_html
    assert "<script" not in page_html
    assert "@import" not in page_html


def test_every_feature_rule_and_scenario_is_on_the_page(page_html: str) -> None:
    text = " ".join(parse(page_html).text)
    for path in FEATURES.glob("*.feature"):
        feature = get_gherkin_document(str(path)).feature
        assert feature.name in text
        for scenario in scenarios_of(path):
            assert scenario.name.split("<")[0].strip() in text, scenario.name
        for child in feature.children:
            if child.rule is not None:
                assert child.rule.name in text


def test_every_data_table_row_is_on_the_page(page_html: str) -> None:
    rows = parse(page_html).rows
    for path in FEATURES.glob("*.feature"):
        for scenario in scenarios_of(path):
            for step in scenario.steps:
                if step.datatable is not None:
                    for row in step.datatable.rows:
                        assert [cell.value for cell in row.cells] in rows, (path.name, row)
            for table in scenario.examples:
                for row in table.table_body or []:
                    assert [cell.value for cell in row.cells] in rows


def test_a_passing_run_says_so_and_a_failing_scenario_shows_as_failing(tmp_path: Path) -> None:
    passing = render(FEATURES, results(tmp_path))
    assert "106 scenarios: 106 passed, 0 failed" in passing
    failing = render(FEATURES, results(tmp_path, failing="Trump is led"))
    assert "106 scenarios: 105 passed, 1 failed" in failing
    assert (
        '<div class="scenario failed">\n<h4>Example: Trump is led <span class="badge">failed'
        in failing
    )


def test_scenarios_without_results_show_as_not_run(tmp_path: Path) -> None:
    html = render(FEATURES, None)
    assert "106 scenarios: 0 passed, 0 failed, 106 not run" in html
    assert '<span class="badge">not run</span>' in html


def test_cards_show_as_symbols_with_red_suits_in_red() -> None:
    assert cards_html("9H beats AS & 10C") == (
        '<span class="card red" title="9H">9♥</span> beats '
        '<span class="card" title="AS">A♠</span> &amp; <span class="card" title="10C">10♣</span>'
    )


def test_the_glossary_explains_the_words_a_newcomer_meets(page_html: str) -> None:
    text = " ".join(parse(page_html).text)
    for word in (
        "Right Bar (right bower)",
        "Left Bar (left bower)",
        "Kitty",
        "Upcard",
        "Maker",
        "Euchred",
        "March",
        "Loner",
    ):
        assert word in GLOSSARY
        assert word in text


def test_each_word_of_the_glossary_links_to_the_story_that_defines_it(page_html: str) -> None:
    glossary = page_html.split('<section id="glossary">')[1]
    said = dict(re.findall(r"<dt>(.+?)</dt><dd>.+?(?:<a href=\"#([^\"]+)\">|</dd>)", glossary))
    assert said["Trump"] == "play-order"
    assert said["Order up"] == "making-trump"
    assert said["Eldest"] == "", "a word the features never use links nowhere"
    assert len(said) == len(GLOSSARY)


def test_the_docs_command_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "site" / "index.html"
    assert main(["docs", "--results", str(results(tmp_path)), "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_a_doc_string_is_shown_as_written(tmp_path: Path) -> None:
    (tmp_path / "record.feature").write_text(
        'Feature: Records\n  Scenario: A record\n    Given this record:\n      """\n'
        '      {"dealer": "W"}\n      """\n    Then it is read\n'
    )
    html = render(tmp_path, None)
    assert "<pre>{&#34;dealer&#34;: &#34;W&#34;}</pre>" in html


def test_what_a_feature_says_is_shown_as_text_never_as_html(tmp_path: Path) -> None:
    (tmp_path / "odd.feature").write_text(
        "Feature: <script>alert(1)</script>\n  A & B <b>bold</b>\n\n"
        "  Rule: <i>rule</i>\n    Example: <img src=x>\n      Given a <td> cell:\n"
        '        | <th> | " & |\n        | 9H   | AS  |\n'
    )
    html = render(tmp_path, None)
    page = parse(html)
    assert "<script" not in html
    assert "<img" not in html
    assert page.outside == []
    text = "".join(page.text)
    for shown in ("<script>alert(1)</script>", "A & B <b>bold</b>", "<i>rule</i>", "<img src=x>"):
        assert shown in text
    assert ["<th>", '" &'] in page.rows


# What the page adds to the features


def test_description_paragraphs_reflow_and_a_blank_line_starts_a_new_one(page_html: str) -> None:
    html = page_html
    dealing = get_gherkin_document(str(FEATURES / "dealing.feature")).feature.description
    assert "The two players of a team\n  are partners" in dealing
    assert (
        '<p class="description">Euchre is a game for four players in two teams. The two players'
        " of a team are partners, and the players of the other team their opponents. Partners sit"
        " facing each other, so the teams take turns around the table: Team 1 Player 1, Team 2"
        " Player 2, Team 1 Player 3, Team 2 Player 4, and round again. Each player&#39;s left is"
        " the next player in that order: Team 1 Player 1 is on Team 2 Player 4&#39;s left.</p>"
    ) in html
    assert "pre-line" not in html


def test_a_user_story_keeps_its_lines_and_a_description_without_one_is_all_paragraphs(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.feature").write_text(
        "Feature: A\n  As a Player\n  In order to win\n  I want trumps\n\n"
        "  Trump\n  wins.\n\n\n  The end.\n  Scenario: s\n    Given x\n"
    )
    (tmp_path / "b.feature").write_text(
        "Feature: B\n  Partners sit\n  facing each other.\n\n  Rule: R\n    Said\n    once.\n"
        "\n    Twice.\n    Scenario: t\n      Given y\n"
    )
    html = render(tmp_path, None)
    assert (
        '<p class="story"><span>As a Player</span><span>In order to win</span>'
        "<span>I want trumps</span></p>"
    ) in html
    assert '<p class="description">Trump wins.</p>\n<p class="description">The end.</p>' in html
    assert '<p class="description">Partners sit facing each other.</p>' in html
    assert '<p class="description">Said once.</p>\n<p class="description">Twice.</p>' in html
    assert html.count('class="story"') == 1


def test_a_one_column_table_is_a_list_without_a_header_row(tmp_path: Path) -> None:
    html = render(
        write(
            tmp_path,
            "Feature: F\n  Scenario: S\n    Given the players in turn:\n"
            "      | Team 1 Player 1 |\n      | Team 2 Player 2 |\n"
            "    And the trick:\n      | player          | card |\n"
            "      | Team 1 Player 1 | 9H   |\n",
        ),
        None,
    )
    assert (
        '<table class="list">\n<tbody>\n'
        '<tr><td data-source="Team 1 Player 1">Team\xa01 Player\xa01</td></tr>\n'
        '<tr><td data-source="Team 2 Player 2">Team\xa02 Player\xa02</td></tr>\n'
    ) in html
    assert '<thead><tr><th data-source="player">player</th><th data-source="card">card</th>' in html


def write(folder: Path, text: str, name: str = "f.feature") -> Path:
    (folder / name).write_text(text)
    return folder


def test_the_page_says_which_seat_is_north_east_south_and_west(page_html: str) -> None:
    text = " ".join(" ".join(parse(page_html).text).split())
    assert (
        "Team 1 Player 1 sits North, Team 2 Player 2 sits East, Team 1 Player 3 sits South,"
        " and Team 2 Player 4 sits West."
    ) in text
    assert "Team 1 is North and South, the odd seats, and Team 2 is East and West" in text
    assert '<a href="#seats">' in page_html


def test_every_contents_link_lands_on_one_section(tmp_path: Path, page_html: str) -> None:
    contents = page_html.split("<nav")[1].split("</nav>")[0]
    links = re.findall(r'<a href="#([^"]+)"', contents)
    ids = re.findall(r' id="([^"]+)"', page_html)
    assert len(ids) == len(set(ids))
    assert set(re.findall(r'<a href="#([^"]+)"', page_html)) <= set(ids)
    assert len(links) == len(set(links)) > 40
    twice = render(
        write(
            tmp_path,
            "Feature: Same\n  Rule: Same\n    Example: a\n      Given x\n"
            "  Rule: Same!\n    Example: b\n      Given y\n  Rule: Glossary\n"
            "    Example: c\n      Given z\n  Rule: ???\n    Example: d\n      Given w\n",
        ),
        None,
    )
    assert re.findall(r'<a href="#([^"]+)"', twice) == [
        "seats", "same", "same-2", "same-3", "glossary-2", "section", "glossary",
    ]  # fmt: skip


def test_the_contents_are_one_column_on_a_phone(page_html: str) -> None:
    style = page_html.split("<style>")[1].split("</style>")[0]
    [media] = re.findall(r"@media \(min-width: (\d+)rem\) \{ nav > ul \{ columns: 2;", style)
    assert int(media) * 16 >= 600
    assert len(re.findall(r"[^-]columns:", style)) == 1


# Bad input: one line, exit 2


def docs(*args: str) -> tuple[int, str]:
    err = io.StringIO()
    with redirect_stderr(err):
        status = main(["docs", *args])
    return status, err.getvalue()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read the results {results}: No such file or directory"),
        ("", "{results}: no results: is it the output of pytest --cucumberjson?"),
        ("[{", "{results}: not JSON (line 1 column 3): is the run's output truncated?"),
        ("{}", "{results}: not cucumber JSON: expected a list of features"),
        ('[{"uri": "x.feature", "elements": [{"line": "one"}]}]', "{results}: not cucumber JSON"),
        ('[{"elements": []}]', "{results}: not cucumber JSON"),
        (b"\xff\xfe", "{results}: not UTF-8 text"),
        ("[" * 100_000, "{results}: not JSON that Python can read"),
        ("[" + "1" * 5000 + "]", "{results}: not JSON that Python can read"),
    ],
    ids=["missing", "empty", "truncated", "object", "line", "uri", "binary", "deep", "huge"],
)
def test_results_that_cannot_be_read_are_one_line_and_exit_2(
    tmp_path: Path, content: str | bytes | None, message: str
) -> None:
    found = tmp_path / "cucumber.json"
    if isinstance(content, str):
        found.write_text(content)
    elif content is not None:
        found.write_bytes(content)
    out = tmp_path / "page.html"
    status, err = docs("--results", str(found), "--out", str(out))
    assert status == 2
    assert err.startswith(f"euchre kata docs: {message.format(results=found)}")
    assert len(err.splitlines()) == 1
    assert not out.exists()


@pytest.mark.parametrize(
    "out", ["/dev/full", "{tmp}", "{tmp}/file/page.html"], ids=["full", "folder", "under-a-file"]
)
def test_an_out_that_cannot_be_written_is_one_line_and_exit_2(tmp_path: Path, out: str) -> None:
    (tmp_path / "file").write_text("a file, not a folder")
    where = out.format(tmp=tmp_path)
    status, err = docs("--results", str(results(tmp_path)), "--out", where)
    assert status == 2
    assert err.startswith(f"euchre kata docs: cannot write {where}: ")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Feature: x\n  Scenario: y\n    Given a\n  Bogus line\n",
            "bad.feature:4:3: expected: #EOF, #TableRow, #DocStringSeparator, #StepLine,"
            " #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty,"
            " got 'Bogus line'",
        ),
        (b"\xff\xfe", "bad.feature: not UTF-8 text"),
        ("", "bad.feature: no Feature in it"),
    ],
    ids=["syntax", "binary", "empty"],
)
def test_a_malformed_feature_is_one_line_and_exit_2(
    tmp_path: Path, text: str | bytes, message: str
) -> None:
    features = tmp_path / "features"
    features.mkdir()
    bad = features / "bad.feature"
    if isinstance(text, str):
        bad.write_text(text)
    else:
        bad.write_bytes(text)
    status, err = docs("--features", str(features), "--out", str(tmp_path / "page.html"))
    assert status == 2
    assert err.startswith(f"euchre kata docs: {features / message}")
    assert len(err.splitlines()) == 1


def test_a_folder_without_features_is_an_error(tmp_path: Path) -> None:
    status, err = docs("--features", str(tmp_path), "--out", str(tmp_path / "page.html"))
    assert status == 2
    assert err == f"euchre kata docs: {tmp_path}: no .feature files\n"
