"""Level `stories`: each feature holds its story alone; the learner discovers its rules by
writing `Rule:` lines and examples, and after each green run the coach, as the product owner,
asks one question (Example Mapping's red card) about a wrong model the examples let through.

The coach runs in this process on a real workspace of that level, as test_examples.py does.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from euchre.kata import workspace
from euchre.kata.coach.levels import asking, phrases
from euchre.kata.coach.record import history, learner, reach
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.stages import STAGES
from euchre.kata.coach.running import features
from euchre.kata.coach.wrong_models import catching
from euchre.kata.coach.wrong_models.catalogue import CATALOGUE
from euchre.kata.coach.wrong_models.open_questions import OPEN
from tests.kata.installs import coach_here, last_line
from tests.paths import ROOT
from tests.transcripts import said
from tests.workspaces import kept_runs

STORY = re.compile(r"^\s*(As |In order to |I want )")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, isolated: None) -> Path:
    """A new workspace of level stories, importable as a process started in it would be."""
    made = tmp_path / "kata"
    workspace.create(made, level="stories")
    monkeypatch.syspath_prepend(str(made))
    return made


def write(folder: Path, stage: int, gherkin: str) -> None:
    """The learner's Rules and examples, after the story of ``stage``'s feature."""
    path = folder / STAGES[stage - 1].feature_path
    path.write_text(path.read_text(encoding="utf-8") + "\n" + gherkin, encoding="utf-8")


def the_kata_s_own(folder: Path, stage: int) -> None:
    """The kata's own feature of ``stage``, as the learner's answer to every question."""
    feature = STAGES[stage - 1].feature_path
    (folder / feature).write_text((ROOT / feature).read_text(encoding="utf-8"), encoding="utf-8")


FIVE_EACH = """\
  Rule: Every player is dealt 5 cards

    Example: A shuffled deck is dealt
      Given Team 2 Player 4 is the dealer
      And a shuffled deck
      When the dealer deals
      Then each player holds 5 cards
"""


def test_each_feature_holds_its_story_alone(folder: Path) -> None:
    for stage in STAGES:
        text = (folder / stage.feature_path).read_text(encoding="utf-8")
        original = (ROOT / stage.feature_path).read_text(encoding="utf-8")
        kept = [line for line in text.splitlines() if line.strip() and line.strip()[0] != "#"]
        story = [line for line in original.splitlines() if STORY.match(line)]
        assert kept == [f"@{stage.stem}", f"Feature: {stage.name}", *story], stage.feature
    assert not (folder / "reference").exists(), "the kata's model is the coach's, not here"
    assert (folder / "step_defs" / "tricks.py").is_file(), "the steps are given"
    assert not (folder / "euchre").exists(), "no model to write"
    assert learner.level(folder) == "stories"
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# My Euchre kata: discovering the rules\n"), readme[:80]
    assert "$" not in readme.replace("$ ", ""), "every field of the template filled"


def test_the_readme_s_worked_example_gives_the_run_it_shows(folder: Path) -> None:
    readme = (folder / "README.md").read_text(encoding="utf-8")
    write(folder, 1, readme.split("```gherkin\n")[1].split("```")[0])
    shown = readme.split("```text\n")[1].split("```")[0]
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert out.splitlines() == shown.splitlines()


def test_make_steps_lists_the_phrases_but_not_the_kata_s_values_which_are_its_answers(
    folder: Path,
) -> None:
    code, out = coach_here(folder, "steps")
    assert code == 0
    lines = out.splitlines()
    at = lines.index("Then the players are dealt:")
    assert lines[at + 1 : at + 3] == [  # a count in a heading is a rule too
        "    | player | first {count} cards | then {count} cards |",
        "    | …      | …                   | …                  |",
    ]
    assert "Then the deck holds each of the {count} cards once" in lines
    assert "Then the upcard is {card}" in lines
    assert "Then {count} cards are left in the kitty" in lines, "not the count, which is a rule"
    assert "Then each player holds {count} cards" in lines
    assert "    Then the upcard is JS" not in lines, "the answer to a question"
    assert not any("9C 10C" in line for line in lines)
    # Only the stories reached: a later story's phrases would tell its rules.
    assert not any("trick" in line or "leads" in line or "trump" in line for line in lines), lines
    reach.save(folder, reach.Reach(2, 1))
    assert any("trick" in line for line in coach_here(folder, "steps")[1].splitlines())


def test_a_new_workspace_asks_for_a_rule_and_an_example(folder: Path) -> None:
    code, out = coach_here(folder, "test")
    assert code == 3
    assert last_line(folder)["nothing_written"] is True, "an amber by design, and kept as one"
    assert "amber" not in last_line(folder), "nothing could not run: nothing was written"
    assert out.splitlines() == [
        "🔶 Stage 1 of 10, Dealing the hand: no example is written yet: nothing ran, so nothing"
        " is green.",
        "✍ Read the story in features/dealing.feature: write a Rule: line for a rule you think it"
        " has, an example under it, then `make test`.",
    ]
    assert coach_here(folder, "next") == (
        2,
        "make next: make your last run green first (it was amber).",
    )


def test_after_a_green_run_the_coach_asks_one_open_question_then_a_pointed_one_on_the_same_gap(
    folder: Path,
) -> None:
    """Example Mapping's red card: first the part of the story the gap is in, never its answer;
    the situation only if a later green leaves the same gap open."""
    write(folder, 1, FIVE_EACH)
    code, out = coach_here(folder, "test")
    assert code == 0, out
    stage_1 = [wrong for wrong in CATALOGUE if wrong.stage == 1]
    line = last_line(folder)
    asked = next(wrong for wrong in stage_1 if OPEN[wrong.rule] == line["question"])
    lines = out.splitlines()
    assert lines[0] == "🟢 Stage 1 of 10, Dealing the hand: 1 of 1 examples pass"
    assert lines[1] == (
        f"🕵 Your examples catch {line['caught']} of {len(stage_1)} wrong models of stage 1."
    )
    assert lines[2] == f"❓ The product owner asks: {OPEN[asked.rule]}"
    assert lines[3] == (
        "Answer it with an example (under a Rule: line that says the rule it shows), then"
        " `make test`: a red run gives the product owner's answer."
    )
    assert lines[-1] == (
        "🗂 Each question is kept as a card in kata-questions.md, ticked once an example of"
        " yours answers it."
    )
    assert asked.sentence not in out, "never the wrong model itself"
    assert asked.rule not in out, "never the rule itself"
    assert line["wrong_models"] == len(stage_1)
    assert 0 < int(str(line["caught"])) < len(stage_1)
    assert "stage_done" not in line, "green, and the story not done: a question is open"
    # Green again, the same gap open: now the situation.
    code, out = coach_here(folder, "test")
    assert f"❓ The product owner asks again, more pointed: {asked.question}" in out.splitlines()
    # Green once more, the gap still open: at last the cards, a situation of the product
    # owner's own examples, without what follows from it.
    code, out = coach_here(folder, "test")
    lines = out.splitlines()
    cards = f"❓ The product owner asks again, more pointed: {asking.CARDS}"
    situation = asking.situations()[asked.name]
    start = lines.index(cards) + 1
    assert lines[start : start + len(situation)] == [f"    {line}" for line in situation]
    assert not [line for line in lines if line.strip().startswith("Then ")]
    code, out = coach_here(folder, "next")
    assert code == 2
    still = len(stage_1) - int(str(line["caught"]))
    assert out == (
        f"make next: stage 1 is not done: your examples still let {still} wrong models through;"
        " answer the last question with an example, then `make test`"
    )


def test_each_wrong_model_has_a_situation_of_the_product_owner_s_with_no_answer_in_it() -> None:
    """The last and most pointed question shows the Givens and the When of one of the kata's
    examples that catch the wrong model, its values filled in, and never its Thens."""
    situations = asking.situations()
    assert set(situations) == {wrong.name for wrong in CATALOGUE}
    for name, lines in situations.items():
        steps = [line.split(" ", 1)[0] for line in lines if not line.startswith("|")]
        assert steps[-1] == "When", name
        assert steps[:-1] in ([], ["Given", *["And"] * (len(steps) - 2)]), name
        assert not any("<" in line for line in lines), name


def test_each_gap_is_asked_about_openly_first_though_another_gap_of_its_rule_was_before() -> None:
    """A gap is a wrong model let through: the tiers count the questions on that one, so a
    second gap in the same rule is asked the rule's open question again, not its situation."""
    by_name = {wrong.name: wrong for wrong in CATALOGUE}
    first, second = by_name["deals-23-cards"], by_name["missing-is-always-the-ace-of-spades"]
    assert first.rule == second.rule
    assert asking.question(second, 0) == OPEN[second.rule]
    assert asking.question(second, 1) == second.question
    assert asking.question(second, 2).startswith(f"{asking.CARDS}\n    Given ")
    assert asking.question(None, 0) == ""


def test_no_open_question_names_a_card_a_count_or_a_seat() -> None:
    named = re.compile(r"\b(?:9|10|J|Q|K|A)[CDHS]\b|\d|Team|Player|Bars?\b|Jack|Ace|bower")
    assert {wrong.rule for wrong in CATALOGUE} == set(OPEN)
    assert [question for question in OPEN.values() if named.search(question)] == []


def test_the_questions_are_kept_as_cards_each_marked_answered_once_an_example_pins_it(
    folder: Path, transcript: SnapshotAssertion
) -> None:
    """Example Mapping's red cards, in a file of the learner's own history: each question the
    product owner asked, and once an example catches the gap it was about, which example."""
    cards = folder / "kata-questions.md"
    write(folder, 1, FIVE_EACH)
    coach_here(folder, "test")
    coach_here(folder, "test")  # the same gap open: its pointed question on the same card
    asked = cards.read_text(encoding="utf-8")
    the_kata_s_own(folder, 1)
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert said("make test", asked, "make test", cards.read_text(encoding="utf-8")) == transcript
    assert "kata-questions.md" in (folder / ".gitignore").read_text(encoding="utf-8")


def test_question_cards_that_cannot_be_written_cost_a_warning_not_the_run(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "kata-questions.md").mkdir()  # what the coach would write is in the way
    write(folder, 1, FIVE_EACH)
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert "❓ The product owner asks: " in out
    warning = capsys.readouterr().err.splitlines()
    assert [line.split(" (")[0] for line in warning] == ["warning: the question cards are not kept"]


UPCARD = """\
  Rule: The top card of what is left over is turned up

    Example: The upcard of an unshuffled deck
      Given Team 2 Player 4 is the dealer
      And an unshuffled deck
      When the dealer deals
      Then the upcard is AS
"""


def test_an_answer_that_is_wrong_about_euchre_is_red_from_the_learners_side(
    folder: Path, transcript: SnapshotAssertion
) -> None:
    write(folder, 1, UPCARD)
    code, out = coach_here(folder, "test")
    assert code == 1, out
    assert said("make test", out) == transcript  # the product owner's answer, JS
    assert "question" not in last_line(folder), "a red run asks nothing"


def test_an_example_under_no_rule_is_named_after_a_green_run(
    folder: Path, transcript: SnapshotAssertion
) -> None:
    write(folder, 1, FIVE_EACH.replace("  Rule: Every player is dealt 5 cards\n\n", ""))
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert said("make test", out) == transcript


def test_once_every_wrong_model_of_the_stage_is_caught_next_shows_the_next_story(
    folder: Path, transcript: SnapshotAssertion
) -> None:
    the_kata_s_own(folder, 1)
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert said("make test", out) == transcript  # every wrong model caught, nothing asked
    assert "❓" not in out
    assert "question" not in last_line(folder), "none asked"
    assert last_line(folder)["stage_done"] is True, "the dojo's mark"
    # The learner's Rules beside the product owner's: here the kata's own, so each Rule's
    # examples catch the wrong models of that very rule.
    lines = out.splitlines()
    at = lines.index("Your Rules, and the product owner's rules whose wrong models they catch:")
    rules = [rule.name for rule in features.read(folder, 1).rules(STAGES[0])]
    for rule in rules:
        assert f"  Rule: {rule}" in lines[at:]
        first = lines.index(f"  Rule: {rule}", at)
        assert f"    catches: {rule}" in lines[first:], rule
    code, out = coach_here(folder, "next")
    # Nothing is written of the new story yet: no run follows, so no light of stage 1's
    # examples, and no question before the learner has written their own Rules.
    assert (code, out.splitlines()) == (
        0,
        [
            "Next: stage 2 of 10, Play order  (features/play_order.feature)",
            "",
            "    As the Players",
            "    In order to play a Trick",
            "    I want to play cards in rotating team order",
        ],
    )
    assert len(kept_runs(folder)) == 1
    assert reach.load(folder) == reach.Reach(2, 1)
    code, out = coach_here(folder, "test")
    assert (code, out.splitlines()) == (
        3,
        [
            "🔶 Stage 2 of 10, Play order: no example of this story is written yet: nothing of"
            " it ran, so it is not green.",
            "✍ Read the story in features/play_order.feature: write a Rule: line for a rule you"
            " think it has, an example under it, then `make test`.",
        ],
    )
    assert "question" not in last_line(folder), "a question not told is not kept as asked"
    assert coach_here(folder, "next", "--stage", "3")[0] == 2


def test_a_questions_field_is_read_from_a_line_and_an_older_line_reads_without_one() -> None:
    older = (
        '{"time": "2026-11-25T10:00:00Z", "stage": 1, "scenario": "x", "light": "green",'
        ' "passed": 1, "reached": 1, "caught": 2, "wrong_models": 11}'
    )
    assert Line.from_json(older).question == ""
    asked = Line.from_json(older).__class__(**{**vars(Line.from_json(older)), "question": "Who?"})
    assert Line.from_json(asked.to_json()) == asked
    assert '"question"' not in Line.from_json(older).to_json(), "only when one was asked"
    with pytest.raises(ValueError, match="wrong type"):
        Line.from_json(older.replace('"caught"', '"question": 3, "caught"'))
    with pytest.raises(ValueError, match="lone surrogate"):
        Line.from_json(older.replace('"caught"', '"question": "\\ud800", "caught"'))


@pytest.mark.e2e
@pytest.mark.usefixtures("uncovered")
def test_the_kata_s_own_features_answer_every_question_to_the_end(folder: Path) -> None:
    """The walk through the level: each story answered with the kata's own feature, written
    before `make next` reveals it, so that the run after each reveal finds nothing to ask."""
    the_kata_s_own(folder, 1)
    code, out = coach_here(folder, "test")
    questions = [last_line(folder).get("question", "")]
    for stage in STAGES[1:]:
        assert code == 0, out
        assert f"✅ Stage {stage.number - 1}, " in out
        the_kata_s_own(folder, stage.number)
        code, out = coach_here(folder, "next")
        questions.append(last_line(folder).get("question", ""))
    assert code == 0, out
    assert questions == [""] * len(STAGES)
    assert "🏆 Every stage is done" in out
    assert coach_here(folder, "next") == (
        0,
        "make next: you have reached every story of every stage: the whole game is specified",
    )


def every_one_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The wrong models, as if the examples caught every one (none is met): no session runs."""
    monkeypatch.setattr(catching, "check", lambda *args: catching.Catch((), {}))


def green_and_done(folder: Path, stage: int) -> None:
    """A last run that was green with every wrong model caught, at ``stage``."""
    reach.save(folder, reach.Reach(stage, 1))
    history.append(
        folder,
        Line(datetime.now(UTC), stage, "x", "green", 1, 1, caught=4, wrong_models=4, examples=1),
    )


@pytest.mark.parametrize(
    ("stage", "said"),
    [(5, "🎉 The kata's five stories are specified."), (10, "🏆 Every stage is done")],
)
def test_the_kata_s_stories_and_then_the_whole_game_are_announced_once_specified(
    folder: Path, monkeypatch: pytest.MonkeyPatch, stage: int, said: str
) -> None:
    every_one_caught(monkeypatch)
    write(folder, 1, FIVE_EACH)
    write(folder, stage, FIVE_EACH)
    reach.save(folder, reach.Reach(stage, 1))
    asked = Line(datetime.now(UTC), stage, "x", "green", 1, 1, caught=3, wrong_models=4)
    for _ in range(2):  # the same question asked twice, a green between leaving its gap open
        history.append(folder, replace(asked, question="Who?", through=("a-gap",)))
    code, out = coach_here(folder, "test")
    assert code == 0, out
    assert said in out
    assert (
        f"✅ Stage {stage}, {STAGES[stage - 1].name}, is done: 1 Rule, 1 example, 2 questions asked"
    ) in out
    assert (
        "  Rule: Every player is dealt 5 cards\n"
        "    catches nothing: do its examples show what it says?"
    ) in out, "no wrong model met, so none caught"
    code, out = coach_here(folder, "test")
    assert out.splitlines()[-1] == (
        "Refactor while it is green, and commit: every stage is done."
        if stage == len(STAGES)
        else "Refactor while it is green, commit, then `make next`."
    )


def test_next_takes_one_story_at_a_time_and_none_after_the_last(folder: Path) -> None:
    write(folder, 1, FIVE_EACH)
    green_and_done(folder, 1)
    assert coach_here(folder, "next", "--stage", "3") == (
        2,
        "make next: STAGE=3 is not open: take stage 2, one story at a time",
    )
    green_and_done(folder, len(STAGES))
    assert coach_here(folder, "next") == (
        0,
        "make next: you have reached every story of every stage: the whole game is specified",
    )


def test_a_rule_without_an_example_yet_is_named(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    every_one_caught(monkeypatch)
    write(folder, 1, FIVE_EACH + "\n  Rule: The deal goes round from the dealer's left\n")
    code, out = coach_here(folder, "test")
    assert code == 3, out  # amber: nothing is written for it
    line = next(line for line in out.splitlines() if line.startswith("✍"))
    assert line.startswith(
        "✍ No example yet of Rule: The deal goes round from the dealer's left"
        "  (features/dealing.feature:"
    )


def test_the_amber_of_a_new_story_with_no_example_yet_is_kept_as_the_kata_s_design(
    folder: Path,
) -> None:
    """Not only the first story's: the amber after `make next` opens the next story, with the
    examples of the stories before it written, is by design too (no problem for the room)."""
    write(folder, 1, FIVE_EACH)
    reach.save(folder, reach.Reach(2, 1))
    assert coach_here(folder, "test")[0] == 3
    assert last_line(folder)["nothing_written"] is True


def test_an_example_without_a_when_is_amber_at_level_stories_too(folder: Path) -> None:
    write(
        folder,
        1,
        "  Rule: Each player gets five cards\n\n"
        "    Example: Five each\n"
        "      Given Team 2 Player 4 is the dealer\n"
        "      And a shuffled deck\n"
        "      Then each player holds 5 cards\n",
    )
    text = (folder / STAGES[0].feature_path).read_text(encoding="utf-8").splitlines()
    line = 1 + next(n for n, said in enumerate(text) if "Example: Five each" in said)
    code, out = coach_here(folder, "test")
    assert (code, out.splitlines()[1:]) == (
        3,
        [f"  ✍ features/dealing.feature:{line}  Five each: no When"],
    )
    assert "nothing_written" not in last_line(folder), "an example written: an amber to mend"


def test_progress_names_the_story_in_force_without_counting_a_stage_of_one_story(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    every_one_caught(monkeypatch)
    write(folder, 1, FIVE_EACH)
    coach_here(folder, "test")
    code, out = coach_here(folder, "progress")
    assert code == 0
    assert out.splitlines()[-1] == (
        "Now: stage 1 of 10, Dealing the hand (A shuffled deck is dealt); last run 🟢 1 of 1"
        " examples pass"
    )


def test_the_readme_s_stage_table_shows_each_story_and_no_rule_of_it() -> None:
    lines = workspace.readme("stories").splitlines()
    start = lines.index("| stage | feature | the story |")
    table = [line for line in lines[start:] if line.startswith("| ")][: 2 + len(STAGES)]
    table = [line for line in table if not line.startswith("| --- ")]
    assert table[:3] == [
        "| stage | feature | the story |",
        "| 1 | [Dealing the hand](features/dealing.feature) | I want to deal each Player their"
        " cards |",
        "| 2 | [Play order](features/play_order.feature) | I want to play cards in rotating team"
        " order |",
    ]
    assert len(table) == 1 + len(STAGES)


def test_an_open_question_asked_again_after_an_example_answered_part_of_it_says_so() -> None:
    """A rule of two gaps: the example that closed one was followed by the same words, and the
    learner took it that their answer had not been noticed."""
    from types import SimpleNamespace

    from euchre.kata.coach.levels.level import Caught
    from euchre.kata.coach.telling import questions

    asked = "Which decks can be dealt?"
    before = replace(
        Line(datetime.now(UTC), 1, "x", "green", 1, 1, caught=3, wrong_models=9), question=asked
    )
    now = replace(before, caught=4)
    run = SimpleNamespace(
        history=[before],
        reach=reach.Reach(1, 1),
        features=SimpleNamespace(of=lambda stage: ()),
    )
    said: list[str] = []
    measure = Caught(4, 9, None, ahead=False, question=asked)
    questions.asked(run, measure, now, said.append)  # type: ignore[arg-type]
    assert f"❓ Your examples answer part of it; the product owner still asks: {asked}" in said
    said.clear()
    questions.asked(run, replace(measure, caught=3), before, said.append)  # type: ignore[arg-type]
    assert f"❓ The product owner asks: {asked}" in said, "nothing more caught: asked as before"


def test_two_gaps_asked_the_same_open_question_are_one_card_ticked_once_both_are_pinned() -> None:
    """Two wrong models of one rule are two gaps, each asked the rule's open question: the
    learner sees one card, ticked once an example pins each."""
    from euchre.kata.coach.practice.question_cards import cards

    def asked(gap: str) -> Line:
        line = Line(datetime.now(UTC), 1, "x", "green", 1, 1, caught=1, wrong_models=3)
        return replace(line, question="Which decks can be dealt?", through=(gap,))

    history = [asked("deals-23-cards"), asked("deals-a-card-twice")]
    one = cards(history, {"deals-23-cards": ["A card missing"]})
    assert one.count("Which decks can be dealt?") == 1
    assert "- [ ] Which decks can be dealt?" in one
    # An open card "answered by your example" read as a contradiction: part of it is.
    assert "  - answered in part by your example: A card missing" in one
    both = cards(history, {"deals-23-cards": ["A card missing"], "deals-a-card-twice": ["Twice"]})
    assert "- [x] Which decks can be dealt?" in both
    assert "  - answered by your examples: A card missing, Twice" in both


def test_a_step_that_matches_nothing_is_told_the_nearest_phrases_without_the_kata_s_values(
    folder: Path,
) -> None:
    """At level stories the kata's values are its answers, as `make steps` keeps them: the
    nearest phrases are told as `make steps` lists them, of the stories reached ("When the
    dealer discards KH" was told, a later story's phrase with its value)."""
    write(folder, 1, FIVE_EACH.replace("When the dealer deals", "When the dealer deals them"))
    code, out = coach_here(folder, "test")
    assert code == 1, out
    lines = out.splitlines()
    at = lines.index("    The nearest phrases:")
    told = [line.strip() for line in lines[at + 1 : at + 4] if line.startswith("      ")]
    assert told, out
    listed = set(coach_here(folder, "steps")[1].splitlines())
    assert all(line in listed for line in told), told
    assert "When the dealer deals" in told


def test_a_step_in_a_phrase_s_words_with_a_value_the_steps_cannot_read_is_told_which_value(
    folder: Path,
) -> None:
    """ "Team 1 Player 2" is no seat: the nearest phrase is the one written, so the coach says
    which value the phrase cannot read, rather than only that no phrase matches."""
    write(
        folder,
        1,
        FIVE_EACH.replace("Team 2 Player 4 is the dealer", "Team 1 Player 2 is the dealer"),
    )
    code, out = coach_here(folder, "test")
    assert code == 1, out
    assert (
        "    Its words are the phrase “Given {player} is the dealer”: the steps cannot read"
        " “Team 1 Player 2” as a {player}."
    ) in out.splitlines(), out


def test_a_step_is_read_against_a_phrase_s_places_whatever_its_keyword() -> None:
    phrase = "When {player} plays {card} to the trick"
    assert phrases.unread(phrase, "And Team 5 Player 1 plays QX to the trick") == [
        ("Team 5 Player 1", "{player}"),
        ("QX", "{card}"),
    ]
    assert phrases.unread(phrase, "When Team 1 Player 1 leads 9H") == []  # another's words
    assert phrases.unread("Then the players are dealt:", "Then the players are dealt:") == []
