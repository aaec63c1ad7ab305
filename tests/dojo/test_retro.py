"""The dojo's retrospective: each pair's rhythm, and the questions for the room, from their runs.

``retro.retrospective`` is its one home: a value made from the pairs' runs (each pair's rhythm,
rhythm.py, and the room's questions, questions.py), which the page only words
(test_retro_page.py). The counts are `make progress`'s and `make review`'s (progress.py).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from euchre.dojo import board, let_through, pages, questions, retro, rhythm
from euchre.dojo.board import Pair
from euchre.dojo.breakages import Breakage, Breakages
from euchre.dojo.guesses import Guessed, Guesses
from euchre.dojo.passed_at_once import AtOnce, Unmet
from euchre.dojo.room import Room
from euchre.kata.coach.record.code import Code
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.stages import KATA_STAGES
from euchre.kata.coach.wrong_models.catalogue import by_name, of_stages
from tests.dashboards import START, a_run
from tests.transcripts import page_text

SHA = "{:040x}".format
STAGE_1 = len(of_stages([1]))
"""How many wrong models stage 1 has: a pair at level steps who met them all has met every one."""


def passing_at_once(*scenarios: str) -> tuple[Line, ...]:
    """A pair's runs: a first green, then each of ``scenarios`` revealed and green at once."""
    runs = [a_run(0, "green", scenario="First")]
    for minute, scenario in enumerate(scenarios, start=1):
        runs.append(
            a_run(minute, "green", scenario=scenario, passed_at_once=True, reached=minute + 1)
        )
    return tuple(runs)


def diff(lines: int) -> Code:
    """A run's code whose diff changes ``lines`` lines."""
    changed = "".join(f"+line {number}\n" for number in range(lines))
    return Code(f"diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -0,0 +1 @@\n{changed}", {})


def test_a_pairs_rhythm_cycles_refactors_longest_red_largest_step_guesses_and_reverts() -> None:
    runs = (
        a_run(0, "red", run=SHA(1), guess="red"),
        a_run(2, "green", run=SHA(2), guess="red"),
        a_run(3, "green", run=SHA(3), refactor=True),
        a_run(4, "red", run=SHA(4), scenario="The dealer deals"),
        a_run(
            9,
            "red",
            run=SHA(5),
            reverted=True,
            constraint="baby-steps",
            minutes=2,
            scenario="The dealer deals",
        ),
        a_run(18, "green", run=SHA(6), guess="green"),
        a_run(19, "amber", run=SHA(7)),
        a_run(20, "green", run=SHA(8), passed_at_once=True),
    )
    code = {SHA(2): diff(3), SHA(6): diff(12)}
    made = retro.retrospective([Pair(4, "Ada and Grace", runs, code)], {4: 10})
    (pair,) = made.pairs
    assert (pair.id, pair.name, pair.runs, pair.folded) == (4, "Ada and Grace", 8, 10)
    assert pair.cycles == 2
    assert [link.number for link in pair.refactors] == [13]  # 10 folded before them
    assert pair.longest_red is not None
    assert (pair.longest_red.first.index, pair.longest_red.end.index) == (3, 5)
    assert pair.longest_red.span == timedelta(minutes=14)
    assert pair.longest_red.scenario == "The dealer deals"
    assert pair.largest_step == rhythm.Step(  # its diff from the files put back after run 15
        *(rhythm.Link(3, 14, runs[3]), rhythm.Link(5, 16, runs[5], after_revert=True), 12),
        (12, 0),
        start=rhythm.Link(2, 13, runs[2]),  # the green they went back to, measured from
    )
    assert (pair.right, pair.guessed) == (2, 3)
    assert [link.run for link in pair.reverts] == [runs[4]]
    assert (pair.ambers, pair.at_once) == (1, 1)
    assert {link.run.run for link in pair.links} == {SHA(4), SHA(5), SHA(6), SHA(3)}
    assert pair.practice == (
        # the second red reached no more than the green before it: a regression mended
        "Episodes: 1 test-first, 1 test-addition, 1 refactoring, 0 production-first, 1 regression",
        "Steps from red to green: 7.5 lines (median of 2), spread 4.5 lines (median absolute"
        " deviation); episodes 2 min long (median of 4), spread 30 s",
    )


def test_a_pair_with_no_runs_or_never_red_has_no_stretch_nor_step() -> None:
    made = retro.retrospective([Pair(1, "new", ()), Pair(2, "green", (a_run(0, "green"),))])
    assert [(pair.runs, pair.longest_red, pair.largest_step) for pair in made.pairs] == [
        (0, None, None),
        (1, None, None),
    ]
    assert made.questions == ()


def test_a_step_whose_code_was_not_posted_is_not_measured_and_one_too_large_is_the_largest() -> (
    None
):
    runs = (
        a_run(0, "red", run=SHA(1)),
        a_run(1, "green", run=SHA(2)),
        a_run(2, "red", run=SHA(3)),
        a_run(3, "green", run=SHA(4)),
        a_run(4, "red"),
        a_run(5, "green"),
    )
    unposted = retro.retrospective([Pair(1, "p", runs, {SHA(2): diff(5)})]).pairs[0]
    assert unposted.largest_step is not None
    assert (unposted.largest_step.green.index, unposted.largest_step.lines) == (1, 5)
    too_large = {SHA(2): diff(5), SHA(4): Code(None, None)}
    large = retro.retrospective([Pair(1, "p", runs, too_large)]).pairs[0].largest_step
    assert large is not None
    assert (large.green.index, large.lines) == (3, None)


def test_the_room_is_asked_about_the_wrong_models_most_pairs_let_through_and_until_when() -> None:
    through = {"caught": 1, "wrong_models": 3}
    pairs = [
        Pair(1, "Ada", (a_run(0, "green", stage=2, through=("dealer-leads",), **through),)),
        Pair(
            2,
            "Linus",
            (
                a_run(0, "green", stage=2, through=("dealer-leads", "not-a-model"), **through),
                a_run(5, "green", stage=4, through=("dealer-leads",), **through),
                a_run(9, "green", stage=5, through=(), **through),
            ),
        ),
        Pair(3, "Grace", (a_run(0, "green", stage=3, through=("dealer-leads",), **through),)),
    ]
    asked = retro.retrospective(pairs, idle_after=60).questions  # wrong models alone
    assert asked == (
        let_through.LetThrough(
            ("the dealer leads the first trick",),
            4,
            ("Ada", "Linus", "Grace"),
            still=("Ada", "Grace"),  # their latest measured green; Linus's catches it
            measured=3,
            stages=(2,),
            rules=(by_name("dealer-leads").rule,),
        ),
        let_through.LetThrough(
            ("not-a-model",), 2, ("Linus",), still=(), measured=3, caught=("Ada", "Grace")
        ),
    )


def test_wrong_models_let_through_by_the_same_pairs_are_one_question_said_plainly() -> None:
    through = {"caught": 1, "wrong_models": 3}
    both = ("dealer-leads", "next-trick-same-leader")
    pairs = [
        Pair(1, "Ada", (a_run(0, "green", stage=3, through=both, **through),)),
        Pair(2, "Linus", (a_run(0, "green", stage=3, through=both, **through),)),
        Pair(3, "Grace", (a_run(0, "green", stage=3, **through),)),
        Pair(4, "Ken", (a_run(0, "green", stage=3),)),
    ]
    made = retro.retrospective(pairs, idle_after=60)
    (asked,) = made.questions
    assert asked == let_through.LetThrough(
        tuple(by_name(name).sentence for name in both),
        *(3, ("Ada", "Linus"), ("Ada", "Linus"), 3),
        stages=(2,),
        rules=tuple(by_name(name).rule for name in both),
        caught=("Grace",),
    )
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        "2 of 3 pairs writing their own examples or steps (Ada; Linus) still let through the"
        f" wrong models in which “{asked.sentences[0]}” and “{asked.sentences[1]}” (which break"
        " the rules “The player on the dealer\N{RIGHT SINGLE QUOTATION MARK}s left leads the"
        " first trick” and “The winner of a trick leads the next trick, and play goes on to"
        " their left”). Grace caught them. Which examples would catch them?"
    )


def test_a_wrong_model_caught_within_its_own_stage_is_discovery_not_a_question() -> None:
    """At level stories every wrong model of a story starts uncaught: one the pair's examples
    caught before they left its stage is how the level is meant to go."""
    through = {"caught": 1, "wrong_models": 3}
    within = (
        a_run(0, "green", stage=1, through=("three-then-two",), **through),
        a_run(2, "green", stage=1, through=(), **through),
        a_run(3, "green", stage=2, through=(), **through),
    )
    assert retro.retrospective([Pair(1, "Ada", within)], idle_after=60).questions == ()


def test_the_room_is_asked_only_what_happened_and_the_most_telling_first() -> None:
    long_red = (a_run(0, "red", scenario="<script>"), a_run(14, "green", run=SHA(2)))
    short_red = (a_run(0, "red"), a_run(9, "green"))
    asked = retro.retrospective(
        [
            Pair(1, "Ada", long_red, {SHA(2): diff(30)}),
            Pair(2, "Bob", short_red),
            Pair(
                3,
                "Cy",
                (
                    a_run(0, "amber"),
                    a_run(1, "green", passed_at_once=True, scenario="S"),
                    a_run(2, "red", reverted=True, constraint="baby-steps", minutes=2),
                    a_run(3, "green", guess="red"),
                    a_run(4, "red", guess="red"),
                    a_run(5, "green"),
                ),
            ),
            Pair(4, "Di", (a_run(0, "green", passed_at_once=True, scenario="S"),)),
        ],
        idle_after=60,
    ).questions
    assert asked == (  # what most of the room met first, then as each kind comes
        AtOnce(("S",), ("Cy", "Di"), 4, stages=(1,), without=(Unmet("Ada", 0), Unmet("Bob", 0))),
        questions.LongRed("Ada", timedelta(minutes=14), "<script>"),
        questions.LargeStep("Ada", 30, "<script>", 1, (30, 0)),  # the scenario it was red on
        questions.NoRefactor((("Cy", 2),), "", 4),
        questions.Ambers((("Cy", 1),)),
        questions.Reverts((("Cy", 1),)),
        Guesses((Guessed("Cy", 1, 2, 2),)),
    )


def test_the_pairs_who_guessed_are_named_with_their_own_counts_and_the_constraint_said() -> None:
    """ "The pair who predicted guessed the light right 47 of 50 times" named no one, and
    "predicted" meant nothing to a room that had not seen the constraint; two pairs' guesses
    were summed into one count."""

    def guessing(right: int, wrong: int) -> tuple[Line, ...]:
        said = [("green", "green")] * right + [("red", "green")] * wrong
        return tuple(a_run(n, light, guess=guess) for n, (light, guess) in enumerate(said))

    one = retro.retrospective([Pair(1, "Ken", guessing(47, 3))], idle_after=600)
    assert page_text(pages.retro(one)).split("Questions for the room\n")[1].splitlines()[0] == (
        "Ken, who guessed red or green before each run, guessed right 47 of 50 times: which"
        " surprise taught you something about the code?"
    )
    two = retro.retrospective(
        [Pair(1, "Ken", guessing(3, 0)), Pair(2, "Ada", guessing(4, 0))], idle_after=600
    )
    assert two.questions == (Guesses((Guessed("Ken", 3, 3, 3), Guessed("Ada", 4, 4, 4))),)
    assert page_text(pages.retro(two)).split("Questions for the room\n")[1].splitlines()[0] == (
        "Both pairs guessed red or green before each run (Ken 3 of 3 right; Ada 4 of 4), every"
        " light right: were the steps bold enough to teach you anything?"
    )


def test_a_pair_who_guessed_while_writing_examples_is_asked_about_the_rules_not_the_code() -> None:
    """At level examples a pair writes no code: their surprises are the rules' answers."""

    def guessing(level: str) -> tuple[Line, ...]:
        said = [("green", "green"), ("red", "green")]
        return tuple(
            a_run(n, light, guess=guess, level=level) for n, (light, guess) in enumerate(said)
        )

    def asked(*pairs: Pair) -> str:
        made = retro.retrospective(list(pairs), idle_after=600)
        said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
        (guessed,) = [line for line in said.splitlines() if "guessed" in line]
        return guessed

    ada, ken = Pair(1, "Ada", guessing("examples")), Pair(2, "Ken", guessing("model"))
    assert asked(ada).endswith("what did your one wrong guess teach you about the rules?")
    assert asked(ada, ken).endswith(
        "which surprise taught you something about the rules or the code?"
    )


def test_counts_are_each_pairs_own_never_summed_and_a_designed_amber_is_no_problem() -> None:
    """At levels examples and stories a workspace starts amber, nothing written yet: that amber
    is the kata's design, not a run whose tests could not run."""
    cycles = [a_run(minute, "red" if minute % 2 else "green") for minute in range(1, 7)]
    asked = retro.retrospective(
        [
            Pair(
                1, "Ada", (a_run(0, "amber", nothing_written=True), *cycles[:4], a_run(5, "amber"))
            ),
            Pair(2, "Bea", tuple(cycles)),
            Pair(3, "Cy", (a_run(0, "amber", nothing_written=True), a_run(1, "green", examples=1))),
        ],
        idle_after=60,
    ).questions
    assert asked == (
        questions.NoRefactor((("Ada", 2), ("Bea", 3)), "", 3),
        questions.Ambers((("Ada", 1),), designed=(("Ada", 1), ("Cy", 1))),  # not counted
    )


def other_ambers(designed: str) -> str:
    """ "…, as each new story or Rule begins" was untrue of a pair's first run (a facilitator):
    whose they were is said."""
    return (
        " The board\N{RIGHT SINGLE QUOTATION MARK}s other ambers were runs with nothing written"
        f" yet ({designed})."
    )


def test_the_amber_question_says_why_each_pairs_tests_could_not_run_and_those_in_a_row() -> None:
    """Read aloud to the room, "not counting the amber of a story or Rule with no example yet"
    was a footnote (two facilitators cut it), and "runs whose code or features could not be
    read" was untrue of an example with no When, or of a NameError as the code imported: the
    question says what each pair met, as the coach told them. Ambers in a row, which the board
    marks stuck, are said."""

    def first(made: retro.Retro) -> str:
        said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
        return said.splitlines()[0]

    ken = Pair(1, "Ken", (a_run(0, "green"), a_run(1, "amber", amber="code"), a_run(2, "green")))
    alan = Pair(2, "Alan", (a_run(0, "amber", nothing_written=True), a_run(1, "green")))
    assert first(retro.retrospective([ken, alan], idle_after=60)) == (
        # "Apart from the amber of nothing written yet, Ken saw …" was heard as Ken having had
        # one (a facilitator): the board's other ambers are said after, before the question
        # (said after it, the room was already answering, another).
        "Ken\u2019s tests could not run once, for code that did not import."
        # "What would have told you" after the other ambers' pairs was heard as asked of them
        # (a facilitator): it is asked of the pair by name.
        f"{other_ambers('Alan once')} Ken, what would have told you before the run?"
    )
    twice = (a_run(2, "amber", amber="feature"), a_run(3, "amber", amber="example"))
    edsger = Pair(3, "Edsger", (*alan.runs, *twice, a_run(4, "green")))
    assert first(retro.retrospective([edsger], idle_after=60)) == (
        "Edsger\u2019s tests could not run twice in a row, for a feature that could not be read"
        " and an example that was not one When and its Then."
        f"{other_ambers('Edsger once')} Edsger, what would have told you before the run?"
    )
    ada = Pair(4, "Ada", (*edsger.runs[2:], a_run(5, "amber", amber="feature"), a_run(6, "green")))
    assert first(retro.retrospective([ken, edsger, ada], idle_after=60)) == (
        # "pairs' tests could not run" was heard as never having run (a facilitator).
        "All 3 pairs had runs whose tests could not run: Ken once, for code"
        " that did not import; Edsger twice in a row, for a feature that could not be read and"
        " an example that was not one When and its Then; Ada 3 times, twice in a row, for a"
        " feature that could not be read and an example that was not one When and its Then."
        f"{other_ambers('Edsger once')} What would have told you before the run?"
    )
    # The board shows the amber of nothing written yet: where any pair had one, the question
    # says it leaves them out (two facilitators counted the board's ambers against it).
    assert first(retro.retrospective([ken, alan, edsger], idle_after=60)).startswith(
        "2 of 3 pairs had runs whose tests could not run: Ken once"
    )
    # "What would have told you" right after the other ambers' pairs, one of whom had no amber
    # to answer for, was heard as asked of them too (a facilitator): asked of the pairs by name.
    assert first(retro.retrospective([ken, alan, edsger], idle_after=60)).endswith(
        f"{other_ambers('Alan once; Edsger once')} Ken, and Edsger, what would have told you"
        " before the run?"
    )
    assert "other ambers" not in first(retro.retrospective([ken], idle_after=60))
    # Their rhythm beside the board's lights: the board showed Edsger's first amber too.
    said = page_text(pages.retro(retro.retrospective([edsger], idle_after=60)))
    assert "Amber: twice, besides once with nothing written yet" in said
    # One whose every amber had nothing written yet is said so, not left without a line beside
    # one who had both (a facilitator).
    said = page_text(pages.retro(retro.retrospective([alan], idle_after=60)))
    assert "Amber: none but once with nothing written yet" in said
    older = Pair(5, "Bea", (a_run(0, "green"), a_run(1, "amber"), a_run(2, "green")))
    assert first(retro.retrospective([older], idle_after=60)) == (
        "Bea\u2019s tests could not run once: what would have told you before the run?"
    ), "a line from before the coach kept why"
    assert first(retro.retrospective([older, ken], idle_after=60)) == (
        "Both pairs had runs whose tests could not run: Bea once; Ken once, for code that did not"
        " import."
        " What would have told you before the run?"
    )
    # The example's fault as the coach told it ("an example that was not one When and its
    # Then", above, is what a line from before says).
    for fault, words in [
        ("no-when", "an example with no When"),
        ("whens", "an example with more than one When"),
        ("no-then", "an example with no Then"),
        # No "and" inside a fault: in a list of faults it was heard as two (a facilitator).
        ("no-when-no-then", "an example with neither a When nor a Then"),
        ("whens-no-then", "an example with more than one When but no Then"),
    ]:
        runs = (a_run(0, "green"), a_run(1, "amber", amber=fault), a_run(2, "green"))
        assert first(retro.retrospective([Pair(1, "Ken", runs)], idle_after=60)) == (
            f"Ken\u2019s tests could not run once, for {words}: what would have told you before"
            " the run?"
        )
    # Said as one list: "for … and for … and for …" did not work read aloud (a facilitator).
    three = [a_run(n, "amber", amber=fault) for n, fault in enumerate(("no-when", "whens", "code"))]
    assert first(retro.retrospective([Pair(1, "Ken", (*three, a_run(3, "green")))])) == (
        "Ken\u2019s tests could not run 3 times in a row, for an example with no When, an example"
        " with more than one When and code that did not import: what would have told you before"
        " the run?"
    )


def test_a_mixed_room_is_asked_about_refactoring_level_by_level() -> None:
    """At level model the pair refactors the model; at level examples they write examples
    alone, and tidy those: one question for each level, counted among its own pairs."""

    def cycles(level: str, refactor: bool = False) -> tuple[Line, ...]:
        runs = [a_run(minute, "red" if minute % 2 else "green", level=level) for minute in range(5)]
        return (*runs, a_run(5, "green", refactor=refactor, level=level))

    asked = retro.retrospective(
        [
            Pair(1, "Ada", cycles("model")),
            Pair(2, "Bea", cycles("model", refactor=True)),
            Pair(3, "Cy", cycles("examples")),
            Pair(4, "Di", cycles("model")),
            Pair(5, "Ed", (a_run(0, "red"), a_run(1, "green"), a_run(2, "red"), a_run(3, "green"))),
        ],
        idle_after=60,
    ).questions
    assert asked == (
        questions.NoRefactor((("Ada", 2), ("Di", 2)), "model", 3),
        questions.NoRefactor((("Cy", 2),), "examples", 1),
        questions.NoRefactor((("Ed", 2),), "", 1),  # their lines do not say
    )


def test_scenarios_passed_at_once_by_the_same_pairs_are_one_question_of_the_model_writers() -> None:
    """A scenario passes at once only where the pair writes the model (levels model and
    steps): the room's count is of those pairs, and scenarios that passed at once for the same
    pairs are asked about together, not one question each."""

    def at_once(level: str, *scenarios: str) -> tuple[Line, ...]:
        return tuple(
            a_run(n, "green", passed_at_once=True, scenario=scenario, level=level)
            for n, scenario in enumerate(scenarios)
        )

    made = retro.retrospective(
        [
            Pair(1, "Ada", at_once("model", "A", "B", "C")),
            Pair(2, "Bea", at_once("steps", "A", "B", "C")),
            Pair(3, "Cy", at_once("model", "A", "D")),
            Pair(4, "Di", (a_run(0, "green", level="examples"),)),
            Pair(5, "Ed", (a_run(0, "green", level="stories"),)),
        ],
        idle_after=60,
    )
    assert made.questions == (
        # Cy's "D" passed at once for Cy alone, and is not asked about: Cy's count is said
        AtOnce(
            *(("A",), ("Ada", "Bea", "Cy"), 3),
            stages=(1,),
            in_all=(("Cy", 2),),
            steps=("Bea",),
            in_stages=(1,),
        ),
        # Ada and Bea are named again: their count is said there, and these are more
        AtOnce(
            ("B", "C"),
            *(("Ada", "Bea"), 3),
            stages=(1,),
            in_all=(("Ada", 3), ("Bea", 3)),
            in_stages=(1,),
            more=True,
            steps=("Bea",),
        ),
    )
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[1].startswith(
        "2 more scenarios, “B” and “C”, passed at once for 2 of 3 pairs writing the model (Ada;"
        " Bea), which makes 3 for each of them in all, all in stage 1: did the code"
    )


def test_scenarios_no_other_pair_reached_are_said_to_be_reached_by_one_pair_alone() -> None:
    """ "passed at once for Ada (1 of 3 pairs writing the model)" of scenarios only Ada reached
    was heard as the other two meeting them red (two facilitators)."""
    ada = [a_run(0, "green", scenario="First")]
    ada += [
        a_run(n, "green", passed_at_once=True, scenario=name, reached=n + 1)
        for n, name in enumerate(("A", "B", "C"), start=1)
    ]
    others = [
        Pair(n, name, (a_run(0, "green", scenario="First"),)) for n, name in ((2, "Bo"), (3, "Cy"))
    ]
    made = retro.retrospective([Pair(1, "Ada", tuple(ada)), *others], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0].startswith(
        "3 scenarios, “A”, “B” and “C”, passed at once for Ada, the only pair to reach them:"
        " did the code"
    ), said[0]
    cy = Pair(3, "Cy", (a_run(0, "green", scenario="First"), a_run(1, "red", scenario="C")))
    made = retro.retrospective([Pair(1, "Ada", tuple(ada)), others[0], cy], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert "for Ada (1 of 3 pairs). Bo had not reached them; Cy saw one of them" in said[0]


def test_a_pair_writing_the_model_that_none_of_them_passed_at_once_for_is_named() -> None:
    """ "2 of 3 pairs writing the model (Ken; Edsger)" left a room with two pairs at level model
    asking who the third was: Ada, at level steps (a facilitator)."""

    def at_once(level: str, *scenarios: str) -> tuple[Line, ...]:
        return tuple(
            a_run(n, "green", passed_at_once=True, scenario=scenario, level=level)
            for n, scenario in enumerate(scenarios)
        )

    room = [
        Pair(1, "Ada", (a_run(0, "green", level="steps"),)),
        Pair(2, "Ken", at_once("model", "A", "B")),
        Pair(3, "Linus", (a_run(0, "green", level="examples"),)),
        Pair(4, "Edsger", at_once("model", "A", "B")),
    ]
    made = retro.retrospective(room, idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    # "not Ada" was heard as praise of Ada (a facilitator): what Ada met is said instead, in a
    # sentence of its own (a clause inside the names could not be read aloud, another).
    assert said[0].startswith(
        "2 scenarios, “A” and “B”, passed at once for 2 of 3 pairs writing the model (Ken;"
        " Edsger). Ada had not reached them. Ken, and Edsger, did the code"
    )
    # "saw 2 of them fail first" of a pair at level steps was heard as test-first, where their
    # steps were not written yet, and the third not reached (a facilitator).
    red_first = (a_run(0, "red", scenario="A", level="steps"), a_run(1, "green", level="steps"))
    for ada, met in [
        (
            red_first,
            "Ada, who write their own steps, saw one of them fail first, and had not reached"
            " the other",
        ),
        (
            (*red_first, a_run(2, "red", scenario="B", level="steps")),
            "Ada, who write their own steps, saw them fail first",
        ),
        # A scenario whose steps were not written fails whatever the model does: "saw it fail
        # first" was heard as their model's miss (a facilitator).
        (
            (a_run(0, "red", scenario="A", level="steps", no_step=True), red_first[1]),
            # "only for want of a step definition" was false of a model that lacked it too (a
            # facilitator): where the run stopped is said, not what the model would have done.
            "Ada, who write their own steps, saw one of them fail first, on a step not yet"
            " defined, and had not reached the other",
        ),
        (
            (*red_first, a_run(2, "red", scenario="B", level="steps", no_step=True)),
            "Ada, who write their own steps, saw them fail first, one of them on a step not yet"
            " defined",
        ),
        # What a scenario failed on first is said: "one of them on a step not yet defined" of
        # two that both had, one failing on a check after (a facilitator).
        (
            (
                a_run(0, "red", scenario="A", level="steps", no_step=True),
                a_run(1, "red", scenario="A", level="steps"),
                a_run(2, "red", scenario="B", level="steps", no_step=True),
            ),
            "Ada, who write their own steps, saw them fail first, on a step not yet defined",
        ),
        (
            (
                a_run(0, "red", scenario="A", level="steps"),
                a_run(1, "red", scenario="A", level="steps", no_step=True),
                a_run(2, "red", scenario="B", level="steps", no_step=True),
            ),
            "Ada, who write their own steps, saw them fail first, one of them on a step not yet"
            " defined",
        ),
        (
            (
                a_run(0, "red", scenario="A", level="steps", no_step=True),
                a_run(2, "red", scenario="B", level="steps", no_step=True),
            ),
            "Ada, who write their own steps, saw them fail first, on a step not yet defined",
        ),
        # Broken again after it had passed, it had failed first on a step not yet defined all
        # the same: "2 of them" was said of 3 (a facilitator).
        (
            (
                a_run(0, "red", scenario="A", level="steps", no_step=True),
                a_run(1, "red", scenario="B", level="steps", no_step=True),
                a_run(2, "green", scenario="B", level="steps"),
                a_run(3, "red", scenario="B", failing="A", level="steps"),
            ),
            "Ada, who write their own steps, saw them fail first, on a step not yet defined",
        ),
    ]:
        made = retro.retrospective([Pair(1, "Ada", ada), *room[1:]], idle_after=60)
        said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
        assert said[0].startswith(
            "2 scenarios, “A” and “B”, passed at once for 2 of 3 pairs writing the model (Ken;"
            f" Edsger). {met}. Ken, and Edsger, did the code"
        ), said[0]
    two = retro.retrospective(room[1:], idle_after=60)
    said = page_text(pages.retro(two)).split("Questions for the room\n")[1].splitlines()
    assert said[0].startswith("2 scenarios, “A” and “B”, passed at once for both pairs")
    # A scenario another pair's model failed adds something new: "or do these scenarios add
    # nothing new?" was a false choice (a facilitator). One failed for want of a step
    # definition says nothing of the model.
    for ada, asked in [
        (red_first, "Ken, and Edsger, did the code for an earlier scenario do more than it asked?"),
        (
            (a_run(0, "red", scenario="A", level="steps", no_step=True), red_first[1]),
            "Ken, and Edsger, did the code for an earlier scenario do more than it asked, or do"
            " these scenarios add nothing new?",
        ),
    ]:
        made = retro.retrospective([Pair(1, "Ada", ada), *room[1:]], idle_after=60)
        said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
        assert said[0].endswith(asked), said[0]
    # "who write their own steps" of Ada, where Edsger, for whom they passed at once, writes
    # theirs too, read as if Edsger did not (a facilitator).
    edsger = Pair(4, "Edsger", at_once("steps", "A", "B"))
    made = retro.retrospective([Pair(1, "Ada", red_first), *room[1:3], edsger], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert (
        "(Ken; Edsger). Ada, who write their own steps as Edsger do, saw one of them fail first"
    ) in said[0], said[0]


def test_a_pair_silent_after_a_green_is_asked_about_once_as_long_as_the_board_marks_idle() -> None:
    """A stretch with no run after a green or an amber (a stretch in red is asked about as
    red); the longest of each pair, once it is ``idle_after`` minutes."""
    pairs = [
        Pair(1, "Ada", (a_run(0, "green"), a_run(11, "red", scenario="Lead"), a_run(12, "green"))),
        Pair(2, "Bea", (a_run(0, "red"), a_run(20, "green"))),
    ]
    assert retro.retrospective(pairs).questions[-1] == questions.Quiet(  # Bea ran until 20
        "Ada", timedelta(minutes=11), "Scenario at 0", light="green", at_end=timedelta(minutes=8)
    )
    later = retro.retrospective(pairs, idle_after=12).questions
    assert not [question for question in later if isinstance(question, questions.Quiet)]


def test_a_pair_silent_after_finishing_the_kata_is_not_asked_what_held_them_up() -> None:
    """As the board never marks them idle: the stages after the kata's are optional, and a
    pause before them held no one up. Before it, the pause is asked about, after the run it
    followed."""
    last = KATA_STAGES
    done = a_run(2, "green", last, stage_done=True, scenario="After three cards")
    finished = Pair(1, "Ada", (a_run(0, "green", last), done, a_run(9, "red", last + 1)))
    assert not retro.retrospective([finished], idle_after=3).questions
    quiet = Pair(1, "Ada", (a_run(0, "green", last, scenario="After three cards"), done))
    made = retro.retrospective([quiet], idle_after=1)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        "Ada went 2 min without a run after their green run on “After three cards”: what held"
        " you up?"
    )


def test_a_stretch_in_red_is_asked_about_once_as_long_as_the_board_marks_a_pair_stuck() -> None:
    """The facilitator's ``--stuck-after``: the room is asked about what the board marked."""
    pairs = [Pair(1, "Ada", (a_run(0, "red", scenario="S"), a_run(6, "green")))]
    assert retro.retrospective(pairs).questions == ()
    assert retro.retrospective(pairs, stuck_after=6).questions == (
        questions.LongRed("Ada", timedelta(minutes=6), "S"),
    )
    assert retro.retrospective(pairs, stuck_after=7).questions == ()


def test_small_steps_short_reds_and_refactoring_pairs_raise_no_question() -> None:
    runs = (
        a_run(0, "red", run=SHA(1)),
        a_run(2, "green", run=SHA(2)),
        a_run(3, "green", refactor=True),
        a_run(4, "red"),
        a_run(5, "green"),
    )
    assert retro.retrospective([Pair(1, "Ada", runs, {SHA(2): diff(3)})]).questions == ()


def test_a_pair_still_red_at_the_end_is_red_until_the_rooms_last_light() -> None:
    """The session ends with the last light anyone posted: a pair stuck in red since minute 10
    of a room whose last light is at minute 25 spent 15 minutes in red, and is asked about it."""
    stuck = (a_run(0, "red"), a_run(2, "green"), a_run(10, "red", scenario="The dealer deals"))
    busy = (a_run(0, "red"), a_run(25, "green"))
    made = retro.retrospective([Pair(1, "Ada", stuck), Pair(2, "Linus", busy)])
    red = made.pairs[0].longest_red
    assert red is not None
    assert (red.first.number, red.end.number, red.span, red.still) == (
        3,
        3,
        timedelta(minutes=15),
        True,
    )
    assert made.pairs[1].longest_red is not None
    assert made.pairs[1].longest_red.still is False
    asked = [q for q in made.questions if isinstance(q, questions.LongRed)]
    assert [(q.pair, q.span) for q in asked] == [
        ("Linus", timedelta(minutes=25)),
        ("Ada", timedelta(minutes=15)),
    ]


def test_a_large_step_that_made_many_scenarios_pass_at_once_says_how_many() -> None:
    """A whole stage revealed at once (`make next STAGE=7`), then made to pass in one step: the
    step was for all of them, not for the newest."""
    runs = (
        a_run(0, "green", passed=29, reached=29),
        a_run(1, "red", passed=29, reached=42, scenario="Newest", failing="First"),
        a_run(4, "green", passed=42, reached=42, scenario="Newest", run=SHA(1)),
    )
    made = retro.retrospective([Pair(1, "Ada", runs, {SHA(1): diff(89)})], idle_after=60)
    assert made.questions == (questions.LargeStep("Ada", 89, "First", 13, (89, 0)),)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        # What it was first, and the question last (a facilitator).
        "Ada\u2019s largest step from red to green, for 13 scenarios at once, the first “First”, "
        "changed 89 lines. How could it have been split into smaller ones?"
    )


def kens_largest_step(changed: str) -> tuple[str, str]:
    """Ken's retrospective, whose one step from red to green changed ``changed`` (a hunk's
    lines): its first question, and the whole page's text."""
    code = Code(f"diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1 +1 @@\n{changed}", {})
    runs = (
        a_run(0, "green"),
        a_run(1, "red", reached=2, scenario="Next"),
        a_run(2, "green", reached=2, scenario="Next", run=SHA(1)),
    )
    made = retro.retrospective([Pair(1, "Ken", runs, {SHA(1): code})], idle_after=60)
    said = page_text(pages.retro(made))
    return said.split("Questions for the room\n")[1].splitlines()[0], said


def test_a_large_step_says_the_lines_added_and_removed() -> None:
    """ "changed 43 lines" of a step that wrote 8 and deleted 35 lines of the starting code's
    stubs: the pair would object that they wrote 8."""
    added = "".join(f"+line {number}\n" for number in range(8))
    removed = "".join(f"-stub {number}\n" for number in range(35))
    first, said = kens_largest_step(added + removed)
    assert first == (
        "Ken\u2019s largest step from red to green, for “Next”, changed 43 lines, 8 added and 35 "
        "removed. How could it have been split into smaller ones?"
    )
    assert "Largest step: 43 lines changed, 8 added and 35 removed, from run 2 (red)" in said


def test_a_large_step_says_the_lines_it_moved_apart_from_those_it_changed() -> None:
    """ "changed 78 lines" where `git diff --numstat` said 84: the 3 lines moved were counted
    for neither, unsaid (a facilitator). Said in the pair's rhythm, where the numbers are
    checked; in the question read aloud, "and moved 1 more" meant nothing (two others)."""
    moved = "+from euchre import Card\n-from euchre import Card\n"
    added = "".join(f"+line {number}\n" for number in range(25))
    first, said = kens_largest_step(added + moved)
    assert first == (
        "Ken\u2019s largest step from red to green, for “Next”, changed 25 lines. How could it have"
        " been split into smaller ones?"
    )
    assert "Largest step: 25 lines changed, and 1 moved, from run 2 (red)" in said


def test_a_step_across_ambers_is_measured_from_the_red_to_the_green_by_their_files() -> None:
    """Red, two ambers, then green: the step was said as the last amber's 4 lines, of the 41
    the pair changed from their red (a facilitator). Each run posts its diff from the run
    before; the files of the red and the green give the step whole."""
    before = "".join(f"stub {n}\n" for n in range(4))
    after = "".join(f"line {n}\n" for n in range(41))
    runs = (
        a_run(0, "green"),
        a_run(1, "red", reached=2, scenario="Next", run=SHA(1)),
        a_run(2, "amber", reached=2, scenario="Next", run=SHA(2)),
        a_run(3, "amber", reached=2, scenario="Next", run=SHA(3)),
        a_run(4, "green", reached=2, scenario="Next", run=SHA(4)),
    )
    code = {
        SHA(1): Code("", {"euchre/m.py": before, "step_defs/s.py": "x\n", "same.py": "s\n"}),
        SHA(2): Code("", {"euchre/m.py": "(\n", "step_defs/s.py": "x\n"}),
        SHA(3): Code("", {"euchre/m.py": "((\n", "step_defs/s.py": "x\n"}),
        SHA(4): Code(
            diff(4).diff, {"euchre/m.py": after, "step_defs/s.py": "y\n", "same.py": "s\n"}
        ),
    }
    made = retro.retrospective([Pair(1, "Ken", runs, code)], idle_after=60)
    (pair,) = made.pairs
    assert pair.largest_step is not None
    assert (pair.largest_step.red.index, pair.largest_step.green.index) == (1, 4)
    assert (pair.largest_step.lines, pair.largest_step.added_removed) == (47, (42, 5))
    assert pair.largest_step.in_steps == 2
    said = page_text(pages.retro(made))
    assert (
        "Largest step: 47 lines changed, 42 added and 5 removed, from run 2 (red) to run 5" in said
    )
    assert "Steps from red to green: 47 lines (one step)" in said
    # Where baby steps put the files back on the way, the step is measured from the green they
    # went back to, and says so: "6 lines from run 9" of a pair who changed one line after run
    # 9 (a facilitator).
    reverted = (
        replace(runs[0], run=SHA(5)),
        runs[1],
        replace(runs[2], reverted=True),
        *runs[3:],
    )
    back = {**code, SHA(5): Code("", {"euchre/m.py": before, "step_defs/s.py": "x\n"})}
    said = page_text(pages.retro(retro.retrospective([Pair(1, "Ken", reverted, back)])))
    assert (
        "from run 2 (red) to run 5 (green), measured from run 1 (green), where baby steps put"
        " the files back" in said
    ), said
    unknown = {**code, SHA(1): Code("", None)}
    assert retro.retrospective([Pair(1, "Ken", runs, unknown)]).pairs[0].largest_step is None


def test_a_stage_taken_whole_that_passed_at_once_is_said_beside_the_scenarios_not_as_one() -> None:
    """`make next STAGE=N` reveals the rest of a stage at once: a green at once then is every
    scenario revealed, not the newest alone, and is said beside the pairs the scenarios passed
    at once for one by one."""

    def one_by_one(number: int, name: str) -> Pair:
        runs = (
            a_run(0, "green", passed=1, reached=1, scenario="A"),
            a_run(1, "green", passed=2, reached=2, passed_at_once=True, scenario="B"),
            a_run(2, "green", passed=3, reached=3, passed_at_once=True, scenario="C"),
        )
        return Pair(number, name, runs)

    taken_whole = (
        a_run(0, "green", passed=1, reached=1, scenario="A"),
        a_run(1, "green", passed=3, reached=3, passed_at_once=True, scenario="C"),
    )
    made = retro.retrospective(
        [one_by_one(1, "Ada"), one_by_one(2, "Bea"), Pair(3, "Linus", taken_whole)],
        idle_after=60,
    )
    assert made.questions == (AtOnce(("B", "C"), ("Ada", "Bea"), 3, ("Linus",), 1, (1,)),)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        # Linus is one of the pairs they passed at once for: "2 of 3 pairs …, and for Linus"
        # was heard as a contradiction.
        "2 scenarios, “B” and “C”, passed at once for all 3 pairs (Ada; Bea; and Linus, who"
        " revealed the rest of stage 1 at once): did the code for an earlier scenario do more than"
        " it asked, or do these scenarios add nothing new?"
    )


def test_where_a_pair_revealed_the_stage_whole_the_steps_asked_about_are_named() -> None:
    """ "or does one of your steps check less", said to Linus at level steps and Ada, who
    revealed the stage whole at level model, asked Ada about steps they do not write."""
    steps = {"level": "steps", "caught": None}
    linus = (
        a_run(0, "green", passed=1, reached=1, scenario="A", **steps),
        a_run(1, "green", passed=2, reached=2, passed_at_once=True, scenario="B", **steps),
    )
    ada = (
        a_run(0, "green", passed=1, reached=1, scenario="A"),
        a_run(1, "green", passed=3, reached=3, passed_at_once=True, scenario="C"),
    )
    made = retro.retrospective([Pair(1, "Linus", linus), Pair(2, "Ada", ada)], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()[0]
    assert said == (
        "“B” passed at once for both pairs (Linus; and Ada, who revealed the rest of stage 1 at"
        " once): did the code for an earlier scenario do more than it asked, does this scenario"
        " add nothing new, or does one of Linus\u2019s steps check less than its words say?"
    )


def test_scenarios_revealed_together_that_passed_at_once_count_in_the_pairs_own_count() -> None:
    """`make next STAGE=1` after some scenarios of the stage revealed one by one: the two it
    took passed at once too, and the pair's count says so (the question said 6 of their 8)."""
    runs = (
        a_run(0, "green", passed=1, reached=1, scenario="A"),
        a_run(1, "green", passed=2, reached=2, passed_at_once=True, scenario="B"),
        a_run(2, "green", passed=3, reached=3, passed_at_once=True, scenario="C"),
        a_run(3, "green", passed=5, reached=5, passed_at_once=True, scenario="E"),
    )
    made = retro.retrospective([Pair(1, "Ken", runs)], idle_after=60)
    assert made.questions == (
        AtOnce(
            *(("B", "C"), ("Ken",), 1),
            stages=(1,),
            in_all=(("Ken", 4),),
            revealed=(("Ken", 2),),
            in_stages=(1,),
        ),
    )
    said = page_text(pages.retro(made))
    assert said.split("Questions for the room\n")[1].startswith(
        "2 scenarios, “B” and “C”, passed at once for Ken (the one pair). In all, 4 passed at once"
        " for Ken (2 of them as they revealed the rest of a stage at once), all in stage 1. Did"
    )
    # Their rhythm counts scenarios too, as their own `make progress` does: 4, in 3 runs.
    assert "Passed at once: 4 scenarios" in said


def test_a_scenario_that_passed_at_once_at_level_steps_may_be_a_step_checking_less() -> None:
    """At level steps a scenario also passes at once when a step checks less than its words
    say (the coach tells the pair so at that run): the question offers that too."""
    runs = (
        a_run(0, "green", level="steps", scenario="A"),
        a_run(1, "green", level="steps", passed_at_once=True, scenario="B", reached=2, passed=2),
    )
    made = retro.retrospective([Pair(1, "Edsger", runs)], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        "“B” passed at once for Edsger (the one pair): did the code for an"
        " earlier scenario do more than it asked, does this scenario add nothing new, or does"
        " one of your steps check less than its words say?"
    )


def test_a_step_checking_less_is_not_offered_where_the_steps_caught_every_wrong_model() -> None:
    """Ada's steps caught every wrong model of the stage at the run where the scenario passed
    at once: "or does one of Ada and Grace's steps check less than its words say?" hinted at a
    fault the coach had measured was not there."""
    caught = {"caught": 9, "wrong_models": 9, "through": ()}
    runs = (
        a_run(0, "green", level="steps", scenario="A", **caught),
        a_run(1, "green", level="steps", passed_at_once=True, scenario="B", reached=2, **caught),
    )
    made = retro.retrospective([Pair(1, "Ada", runs)], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        "“B” passed at once for Ada (the one pair): did the code for an earlier scenario do"
        " more than it asked, or does this scenario add nothing new?"
    )


def test_every_scenario_that_passed_at_once_for_the_same_pairs_is_in_their_one_question() -> None:
    """The questions are cut at the most telling, not the scenarios of one: those passed at
    once for the same pairs are named, the first few, and the others counted."""
    runs = tuple(
        a_run(n, "green", passed_at_once=True, scenario=name) for n, name in enumerate("ABCDE")
    )
    made = retro.retrospective([Pair(1, "Ada", runs), Pair(2, "Bea", runs)], idle_after=60)
    assert made.questions == (AtOnce(tuple("ABCDE"), ("Ada", "Bea"), 2, stages=(1,)),)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0].startswith(  # said by their count, not a list read aloud
        "5 scenarios of stage 1 passed at once for both pairs (Ada; Bea):"
    )
    assert said.splitlines()[1] == "They are “A”, “B”, “C”, “D” and “E”."  # on the screen
    four = retro.retrospective([Pair(1, "Ada", runs[:4]), Pair(2, "Bea", runs[:4])])
    said = page_text(pages.retro(four)).split("Questions for the room\n")[1]
    assert said.splitlines()[0].startswith(  # "not 1 more"; the count first, so that the last
        "4 scenarios, “A”, “B”, “C” and “D”, passed at once"  # title does not run into the verb
    )


def test_a_pair_with_more_passed_at_once_than_the_question_names_is_said_with_their_count() -> None:
    """The question names the scenarios that passed at once for the most pairs; said aloud,
    its count was heard as each pair's, of a pair who had many more pass at once alone."""
    shared = tuple(
        a_run(n, "green", passed_at_once=True, scenario=name) for n, name in enumerate("ABC")
    )
    alone = tuple(
        a_run(n, "green", passed_at_once=True, scenario=name) for n, name in enumerate("DEFG", 3)
    )
    made = retro.retrospective(
        [Pair(1, "Ada", shared + alone), Pair(2, "Bea", shared)], idle_after=60
    )
    assert made.questions == (
        AtOnce(
            *(tuple("ABC"), ("Ada", "Bea"), 2),
            stages=(1,),
            in_all=(("Ada", 7), ("Bea", 3)),
            in_stages=(1,),
        ),
    )
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        # One sentence of 70 words could not be read aloud (two facilitators): the counts in
        # all are a sentence of their own, and the question another.
        "3 scenarios, “A”, “B” and “C”, passed at once for both pairs (Ada; Bea). In all, 7"
        " passed at once for Ada, 3 for Bea, all in stage 1. Did the code for an earlier scenario"
        " do more than it asked, or do these scenarios add nothing new?"
    )


def test_a_pair_named_again_for_more_scenarios_passed_at_once_hears_them_as_more() -> None:
    """Ken's 12: one shared with Ada, asked first, then 11 of their own. "11 scenarios passed at
    once for Ken" was heard as their count, beside their rhythm's "Passed at once: 12"; the
    second question says they are more, and the pair's count is said where they are last
    named."""
    shared = (a_run(0, "green", passed_at_once=True, scenario="A"),)
    alone = tuple(a_run(n, "green", passed_at_once=True, scenario=f"K{n}") for n in range(1, 12))
    made = retro.retrospective(
        [Pair(1, "Ada", shared), Pair(2, "Ken", shared + alone)], idle_after=60
    )
    assert made.questions == (
        AtOnce(("A",), ("Ada", "Ken"), 2, stages=(1,)),
        AtOnce(
            tuple(f"K{n}" for n in range(1, 12)),
            ("Ken",),
            2,
            stages=(1,),
            in_all=(("Ken", 12),),
            in_stages=(1,),
            more=True,
            alone=True,  # Ada reached none of them
        ),
    )
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0].startswith("“A” passed at once for both pairs (Ada; Ken): did the code")
    assert said[1].startswith(  # "of stage 1 …, all in stage 1" said it twice (a facilitator)
        "11 more scenarios of stage 1 passed at once for Ken, the only pair to reach them, which"
        " makes 12 for Ken in all: did the code for an earlier"
    )
    few = retro.retrospective([Pair(1, "Ada", shared), Pair(2, "Ken", shared + alone[:2])])
    said = page_text(pages.retro(few)).split("Questions for the room\n")[1].splitlines()
    assert said[1].startswith(
        "2 more scenarios, “K1” and “K2”, passed at once for Ken, the only pair to reach them,"
        " which makes 3 for Ken in all, all in stage 1"
    )


def test_one_pair_named_again_for_more_passed_at_once_is_not_counted_among_the_room_again() -> None:
    """ "7 more scenarios passed at once for Alan (1 of 3 pairs writing the model), which makes
    8 for Alan": the pair was counted in the question before, and the bracket and their name
    said twice read as noise (two facilitators)."""
    more = ("B", "C", "D")
    pairs = [
        Pair(1, "Ada", passing_at_once("A")),
        Pair(2, "Alan", passing_at_once("A", *more)),
        Pair(3, "Ken", (*passing_at_once("A"), a_run(3, scenario="B", reached=3))),
    ]
    said = page_text(pages.retro(retro.retrospective(pairs, idle_after=60)))
    asked = said.split("Questions for the room\n")[1].splitlines()
    assert asked[1].startswith(
        # All of them in stage 1: "counting every stage" suggested others (a facilitator).
        "3 more scenarios, “B”, “C” and “D”, passed at once for Alan, which makes 4 for them in"
        " all, all in stage 1: did the code"
    ), asked
    later = a_run(5, "green", stage=2, scenario="E", passed_at_once=True, reached=5)
    pairs[1] = Pair(2, "Alan", (*passing_at_once("A", *more), later))
    said = page_text(pages.retro(retro.retrospective(pairs, idle_after=60)))
    asked = said.split("Questions for the room\n")[1].splitlines()
    # Said as the stages they are in: "counting every stage" hinted at something hidden, and
    # a bare "in all" was heard as the question's stage's (facilitators).
    assert "which makes 5 for them in all, in stages 1 and 2: did the code" in asked[1], asked


def ada_and_bea_at_once() -> list[Pair]:
    """Ada: stage 1's rest revealed at once (3 scenarios), then "S", shared with Bea, and 5
    more of stage 2, each passed at once."""
    whole = a_run(1, "green", passed_at_once=True, scenario="W", reached=4, passed=4)
    alone = tuple(
        a_run(n, "green", passed_at_once=True, scenario=f"K{n}", stage=2, reached=n + 3)
        for n in range(3, 8)
    )
    shared = a_run(2, "green", passed_at_once=True, scenario="S", stage=2, reached=5)
    ada = Pair(1, "Ada", (a_run(0, "green"), whole, shared, *alone))
    return [ada, Pair(2, "Bea", (a_run(0, "green", reached=4), shared))]


def test_a_pairs_count_in_all_says_the_scenarios_that_passed_as_a_stage_was_revealed() -> None:
    """ "19 more scenarios passed at once for Linus, 23 in all", after one asked before: the
    three that passed as they revealed the rest of stage 1 at once were counted, never said."""
    made = retro.retrospective(ada_and_bea_at_once())
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[1].startswith(
        "5 more scenarios of stage 2 passed at once for Ada, the only pair to reach them, which"
        " makes 9 for Ada in all, in stages 1 and 2,"
        " 3 of them as they revealed the rest of a stage at once: did the code"
    )


def test_a_pairs_count_in_all_is_said_beside_them_not_after_a_pair_who_took_the_stage_whole() -> (
    None
):
    """ "5 more … for Ken (1 of 3 pairs), and for Edsger, who revealed the rest of stage 1 at
    once, 6 in all": the 6 was Ken's, heard as Edsger's. The pair who revealed the stage whole
    is counted among the pairs: "(1 of 3 pairs), and for Cy" read as a contradiction."""
    taken = a_run(1, "green", stage=2, reached=10, passed=10, passed_at_once=True, scenario="K7")
    cy = Pair(3, "Cy", (a_run(0, "green", reached=4), taken))
    made = retro.retrospective([*ada_and_bea_at_once(), cy])
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[1].startswith(
        "5 more scenarios of stage 2 passed at once for 2 of 3 pairs (Ada; and Cy, who revealed"
        " the rest of stage 2 at once), which makes 9 for Ada in all, in stages 1 and 2, 3 of"
        " them as they revealed the rest of a stage at once: did the code"
    )


ONE = (timedelta(minutes=1), 1)
"""A breakage's mending on the next run, a minute later."""


def test_wrong_models_let_through_by_the_same_pairs_are_never_cut_from_their_question() -> None:
    """The room is asked about the groups of pairs that let the most through; a group's wrong
    models are all in its question, however many."""
    through = {"caught": 1, "wrong_models": 9}
    four = ("dealer-leads", "next-trick-same-leader", "three-then-two", "not-a-model")
    pairs = [
        Pair(n, name, (a_run(0, "green", stage=3, through=four, **through),))
        for n, name in enumerate(("Ada", "Linus"))
    ]
    (asked,) = retro.retrospective(pairs, idle_after=60).questions
    assert isinstance(asked, let_through.LetThrough)
    assert len(asked.sentences) == 4


def test_at_level_examples_an_example_added_between_greens_is_no_tidying_to_ask_about() -> None:
    """Files changed between two greens at level examples are examples added: the question of
    tidying the coach did not count, and its reasons at level steps, are not for them."""
    runs = [
        a_run(minute, "red" if minute % 2 else "green", level="examples", files_hash=f"{minute}")
        for minute in range(5)
    ]
    runs.append(a_run(5, "green", level="examples", files_hash="more", examples=22))
    made = retro.retrospective([Pair(1, "Alan", tuple(runs))], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (  # their cycles are examples the rules did not agree with
        "Alan (the one pair at level examples) wrote 22 examples and tidied none of them: what"
        " would you say more plainly in your examples now, and when would have been a good"
        " moment to do it?"
    )
    cy = Pair(2, "Cy", (*runs[:-1], a_run(5, "green", level="examples", examples=9)))
    made = retro.retrospective([Pair(1, "Alan", tuple(runs)), cy], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0].startswith(
        "Both pairs at level examples wrote examples and tidied none of them (Alan 22; Cy 9):"
    )
    # A pair at level stories whose examples the rules agreed with at once, red to green once,
    # wrote as much to tidy: one at level examples was asked and they were not (a facilitator).
    once = [replace(run, level="stories") for run in runs[:2]]
    few = (*once, a_run(5, "green", level="stories", files_hash="more", examples=2))
    ada = (*once, replace(runs[-1], level="stories"))
    made = retro.retrospective([Pair(3, "Ada", ada), Pair(4, "Bea", few)])
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0].startswith(
        "Ada (1 of 2 pairs at level stories) wrote 22 examples and tidied none of them:"
    ), "Bea's 2 examples are too few to ask about"


def test_where_pairs_write_the_examples_one_taken_away_between_greens_is_a_tidy() -> None:
    """A pair at level stories removed a weak example with its Rule, green before and after,
    and was asked as having "tidied none of them" (a facilitator): the coach lights no
    refactor, for what the examples say changed, and the rhythm says so."""
    runs = [
        a_run(m, "red" if m % 2 else "green", level="stories", files_hash=f"{m}", reached=m)
        for m in range(1, 13)
    ]
    runs = [
        replace(run, examples=run.reached, passed=run.reached - (run.light == "red"))
        for run in runs
    ]
    runs.append(
        replace(
            runs[-1],
            time=runs[-1].time + timedelta(minutes=1),
            files_hash="x",
            reached=11,
            passed=11,
            examples=11,
        )
    )
    (pair,) = (made := retro.retrospective([Pair(1, "Ada", tuple(runs))], idle_after=60)).pairs
    assert pair.tidied == (("removed",),)
    assert not [q for q in made.questions if isinstance(q, questions.NoRefactor)]
    said = page_text(pages.retro(made))
    assert (
        "Refactor lights (↻): 0; changes between two greens the coach did not light as a"
        " refactor: once"
    ) in said
    added = replace(runs[-1], examples=13, reached=13, passed=13)
    assert retro.retrospective([Pair(1, "Ada", (*runs[:-1], added))]).pairs[0].tidied == ()


def test_pairs_writing_examples_at_both_levels_who_never_tidied_are_one_question() -> None:
    """ "Linus (the one pair at level stories) wrote 6 examples and tidied none of them: what
    would you say more plainly …?" and the same of Alan at level examples, two questions word
    for word alike (a facilitator): one question of the pairs who write the examples."""

    def writing(level: str, examples: int) -> tuple[Line, ...]:
        runs = [a_run(m, "green", level=level, files_hash=f"{m}", examples=m) for m in range(3)]
        return (*runs, a_run(3, "green", level=level, files_hash="x", examples=examples))

    pairs = [Pair(1, "Linus", writing("stories", 6)), Pair(2, "Alan", writing("examples", 4))]
    pairs.append(Pair(3, "Ken", (a_run(0, "green", level="model"),)))
    made = retro.retrospective(pairs, idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert [line for line in said if "tidied none" in line] == [
        "Both pairs who write the examples wrote examples and tidied none of them (Linus 6; Alan"
        " 4): what would you say more plainly in your examples now, and when would have been a"
        " good moment to do it?"
    ]


def test_at_level_steps_a_tidy_not_counted_is_said_for_the_reason_that_held() -> None:
    """ "it counts … no change as a refactor" was heard as "counts no change" (a facilitator).
    Ada's one tidy changed their steps while they caught every wrong model: "(…, and no
    change counts as one while the steps let a wrong model through)" read as if they let one
    through. The question gives the reasons that held for the tidies of the pairs it names,
    model code the unchanged steps then caught more with among them (a tidy of the model, as
    the episodes count it: three facilitators)."""
    greens = [
        a_run(
            minute, "red" if minute % 2 else "green", level="steps", files_hash="a", specified="s"
        )
        for minute in range(5)
    ]
    reasons = {
        "changed": (
            {"specified": "t"},
            # "which changes what the steps check" was false of a helper pulled out (a
            # facilitator): the coach cannot tell.
            "because it cannot tell a tidy of a step from a change to what the step checks.",
        ),
        "through": (
            {"through": ("dealer-leads",), "caught": 1, "wrong_models": 9},
            # The coach's rule, said as a rule, was heard as a lesson read to the room; the
            # pair's own fact is what they can answer (facilitators), and which wrong model
            # (another: the room never heard it), here the one a question before named.
            "because their steps then let through the wrong model named earlier.",
        ),
    }
    new_code = a_run(5, "green", level="steps", files_hash="b", specified="s", caught=2)
    made = retro.retrospective([Pair(1, "Ada", (*greens, new_code))], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0].endswith(  # model code, its steps unchanged: a tidy of the model (episodes)
        "changed their model between two greens once, their steps as they were; the coach did"
        " not count it as a refactor, because the coach could then try on their model wrong"
        " models it could not before. What did you change then, and what would you tidy now?"
    )
    same = replace(new_code, caught=None)  # nothing more measured: lit, or no tidy to ask
    made = retro.retrospective([Pair(1, "Ada", (*greens, same))], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0] == (
        "Ada (the one pair at level steps) went from red to green twice without a refactor: what"
        " would you tidy now, and when would have been a good moment to do it?"
    )
    for kind, (tidy, words) in reasons.items():
        runs = (
            *greens,
            a_run(5, "green", level="steps", files_hash="b", **({"specified": "s"} | tidy)),
        )
        made = retro.retrospective([Pair(1, "Ada", runs)], idle_after=60)
        said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
        (asked,) = [line for line in said if line.startswith("Ada (the one pair at level steps)")]
        # "their code changed" of a pair whose steps alone changed (a facilitator); "their
        # steps catching no more" of a model changed, the steps not, where the coach then
        # counted more caught (another).
        changed = (
            "changed their steps between two greens once, catching no more wrong models"
            if kind == "changed"
            else "changed their model between two greens once, their steps as they were"
        )
        assert asked == (  # a pure tidy of a step changes its code too: the coach's rule, said
            f"Ada (the one pair at level steps) went from red to green twice, and {changed}; the"
            f" coach did not count it as a refactor, {words} What did you change then, and what"
            " would you tidy now?"
        ), kind


def test_at_level_steps_tidies_not_counted_for_different_reasons_are_said_each() -> None:
    """One change made a Then check more, another tidied while the steps let a wrong model
    through: said as one rule for both, the first was heard as a tidy gone uncounted (two
    facilitators)."""
    runs = [
        a_run(m, "red" if m % 2 else "green", level="steps", files_hash="a", specified="s")
        for m in range(5)
    ]
    checks_more = a_run(5, "green", level="steps", files_hash="b", specified="t")
    through = {"through": ("dealer-leads",), "caught": 1, "wrong_models": 9}
    tidy = a_run(6, "green", level="steps", files_hash="c", specified="t", **through)
    made = retro.retrospective([Pair(1, "Ada", (*runs, checks_more, tidy))], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    (asked,) = [line for line in said if line.startswith("Ada (the one pair at level steps)")]
    assert asked == (
        "Ada (the one pair at level steps) went from red to green twice, and their code changed"
        " between two greens twice, their steps catching no more wrong models; the coach counted"
        " neither as"
        " a refactor: once because it"
        " cannot tell a tidy of a step from a change to what the step checks, and once because"
        " their steps then let through the wrong model named earlier. What did you change then,"
        " and what would you tidy now?"
    )


def test_at_level_steps_a_change_that_made_the_steps_catch_more_is_no_tidy() -> None:
    """A Then whose body was `pass` filled in, catching a wrong model let through before, was
    asked as a tidy the coach did not count; the pair had made a step check more (a
    facilitator). Fewer wrong models through, or fewer Thens that check nothing: a new check."""
    runs = [
        a_run(m, "red" if m % 2 else "green", level="steps", files_hash="a", specified="s")
        for m in range(4)
    ]
    through = {"caught": 1, "wrong_models": 9}
    before = a_run(
        4,
        "green",
        level="steps",
        files_hash="b",
        specified="s",
        through=("a", "b"),
        empty_thens=("no card is dealt twice",),
        **through,
    )
    filled = a_run(
        5, "green", level="steps", files_hash="c", specified="t", through=("b",), **through
    )
    for after in [filled, replace(filled, through=("a", "b"))]:
        made = retro.retrospective([Pair(1, "Ken", (*runs, before, after))], idle_after=60)
        (rhythm,) = made.pairs
        assert rhythm.tidied == ()
    tidy = a_run(
        6, "green", level="steps", files_hash="d", specified="u", through=("b",), **through
    )
    made = retro.retrospective([Pair(1, "Ken", (*runs, before, filled, tidy))], idle_after=60)
    assert made.pairs[0].tidied == (("changed", "through"),)
    # "Refactors: 0" beside "1 refactoring" among the episodes read as a contradiction (a
    # facilitator), and again with the change the coach did not count beside it: the line
    # counts the coach's lights, and says so.
    said = page_text(pages.retro(made))
    assert (
        "Refactor lights (↻): 0; changes between two greens the coach did not light as a"
        " refactor: once" in said
    )


def test_at_level_steps_what_the_coach_counts_as_a_refactor_is_said_only_to_a_pair_who_tidied() -> (
    None
):
    """A pair at level steps who changed their steps between two greens was not counted as
    refactoring (a changed step is a change of what the steps check): the question says so,
    and not that they tidied (a facilitator's pair had tightened a check the coach named).
    To a pair who never tried, it says only that they did not refactor."""

    def cycles(tidied: bool) -> tuple[Line, ...]:
        runs = [
            a_run(minute, "red" if minute % 2 else "green", level="steps", files_hash="a")
            for minute in range(5)
        ]
        tidy = a_run(  # not counted as a refactor, for both reasons
            5, "green", level="steps", files_hash="b", specified="t", through=("dealer-leads",)
        )
        return (*runs, tidy) if tidied else tuple(runs)

    for tidied, words in [
        (
            False,
            "Ken (the one pair at level steps) went from red to green twice without a refactor:",
        ),
        (
            True,
            "Ken (the one pair at level steps) went from red to green twice, and changed their"
            " steps between two greens once, catching no more wrong models; the coach did not count"
            " it"
            # "because a step's code changed while their steps then let through …" was hard to
            # follow aloud (two facilitators): the wrong model let through is reason enough.
            " as a refactor, because their steps then let through the wrong model in which “the"
            " dealer leads the first trick”. What did you change then, and what would you tidy"
            " now?",
        ),
    ]:
        made = retro.retrospective([Pair(1, "Ken", cycles(tidied))], idle_after=60)
        said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
        assert said.splitlines()[0].startswith(words)
    three = [Pair(1, "Ken", cycles(True)), Pair(2, "Dennis", cycles(False))]
    again = a_run(6, "green", level="steps", files_hash="c", specified="u")
    three.append(Pair(3, "Ada", (*cycles(True), again)))
    said = page_text(pages.retro(retro.retrospective(three, idle_after=60)))
    asked = said.split("Questions for the room\n")[1].splitlines()
    assert asked[0].startswith(  # who changed their code, and who did not, asked apart
        "2 of 3 pairs at level steps went from red to green again and again (Ken twice; Ada"
        " twice), and changed their steps between two greens (Ken once; Ada twice), catching no"
        " more wrong models; the coach"
        # "because a step's code changed, and the coach cannot tell whether …" was heard as
        # "no refactor" (a facilitator): it is the coach that cannot tell.
        " counted none of them as a refactor: once because it cannot tell a tidy of a step from"
        " a change to what the step checks, and twice because their steps then let a wrong model"
        " through."
    )
    assert asked[1].startswith(
        "Dennis (1 of 3 pairs at level steps) went from red to green twice without a refactor:"
    )


def test_at_level_steps_tidies_not_counted_for_one_reason_say_it_once_for_each() -> None:
    runs = [
        a_run(m, "red" if m % 2 else "green", level="steps", files_hash="a", specified="s")
        for m in range(5)
    ]
    through = {"through": ("dealer-leads",), "caught": 1, "wrong_models": 9, "specified": "s"}
    tidies = [
        a_run(5 + n, "green", level="steps", files_hash=h, **through) for n, h in enumerate("bc")
    ]
    made = retro.retrospective([Pair(1, "Ada", (*runs, *tidies))], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    (asked,) = [line for line in said if line.startswith("Ada (the one pair at level steps)")]
    assert asked.endswith(
        " between two greens twice, their steps as they were; the coach counted neither as"
        " a refactor, each time because"
        " their steps then let through the wrong model named earlier. What did you change then,"
        " and what would you tidy now?"
    )


def test_at_level_steps_tidies_that_each_let_a_wrong_model_through_say_that_once() -> None:
    """ "once because a step's code changed while their steps then let a wrong model through,
    and once because their steps then let a wrong model through" read as the same reason twice
    (a facilitator): the steps letting one through was each one's reason."""
    runs = [
        a_run(m, "red" if m % 2 else "green", level="steps", files_hash="a", specified="s")
        for m in range(5)
    ]
    through = {"through": ("dealer-leads", "three-then-two", "upcard-at-the-bottom")}
    step = a_run(5, "green", level="steps", files_hash="b", specified="t", **through)
    model = a_run(6, "green", level="steps", files_hash="c", specified="t", **through)
    made = retro.retrospective([Pair(1, "Ada", (*runs, step, model))], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    (asked,) = [line for line in said if line.startswith("Ada (the one pair at level steps)")]
    assert asked.endswith(
        "the coach counted neither as a refactor, each time because their steps then let a wrong"
        " model through. What did you change then, and what would you tidy now?"
    ), asked


@pytest.mark.parametrize("first_failure", ["New", "Old"])
def test_a_stretch_in_red_names_the_scenario_being_written_and_the_one_broken_on_the_way(
    first_failure: str,
) -> None:
    """Red while writing the newest scenario, with an earlier one broken on the way for four
    minutes: the retrospective asks about the scenario the pair was writing, and says which
    they broke; the board's "scenarios longest in red" and its stuck mark name the one being
    written too (they named the one broken, which was not where the pair's work was)."""
    written = {"scenario": "New", "reached": 2}
    runs = (
        a_run(0, "green", scenario="Old"),
        a_run(1, failing="" if first_failure == "New" else "Old", **written),
        a_run(2, failing="Old", **written),
        a_run(6, "green", **written),
    )
    made = retro.retrospective([Pair(1, "Ada", runs)], idle_after=60, stuck_after=2)
    old = first_failure == "Old"
    later, took = (5, 2) if old else (4, 1)
    mended, asked = (
        # "2 runs and 5 min later" was awkward said aloud (a facilitator).
        ("2 runs later, in 5 min", "what would have told you before you made it?")
        if old
        else ("on their next run, 4 min later", "what did the failing run tell you?")
    )
    assert made.questions == (
        questions.LongRed("Ada", timedelta(minutes=5), "New", ("Old",), reds=2),
        Breakages(
            (("Ada", 1),), (Breakage("Old", 2, 2, 1, timedelta(minutes=later), took),), (None,)
        ),
    )
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        "Ada spent 5 min in red on “New”, and broke “Old” on the way: what was the smallest next"
        " step?"
    )
    assert said.splitlines()[1] == (
        "Ada broke “Old”, which had passed before, in a run where 2 of 2 scenarios failed, and"
        f" mended it {mended}: which change broke it, and {asked}"
    )
    room = Room.of(board.rows([Pair(1, "Ada", runs)], runs[-1].time))
    assert [(red.scenario, red.minutes) for red in room.reddest] == [("New", 5)]
    still_red = board.rows([Pair(1, "Ada", runs[:-1])], runs[-1].time, stuck_after=2)[0]
    assert still_red.stuck_words == ["stuck 5 min on 'New'"]


def test_a_red_after_revealing_the_rest_of_a_stage_is_on_those_scenarios_none_of_them_broken() -> (
    None
):
    """`make next STAGE=2`: seven new scenarios at once, failing one after another until all
    pass. None had passed before, so none was broken on the way (the question said four were),
    and the board puts the minutes on the first that fails, not the newest of them."""
    runs = (
        a_run(0, "green", reached=11, passed=11, scenario="Old"),
        a_run(1, reached=18, passed=12, scenario="Last", failing="Second"),
        a_run(2, reached=18, passed=15, scenario="Last", failing="Fifth"),
        a_run(4, reached=18, passed=17, scenario="Last"),
        a_run(5, "green", reached=18, passed=18, scenario="Last"),
    )
    made = retro.retrospective([Pair(1, "Alan", runs)], idle_after=60, stuck_after=2)
    assert made.questions == (
        questions.LongRed("Alan", timedelta(minutes=4), "Last", (), reds=3, together=7),
    )
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        "Alan spent 4 min in red on 7 scenarios revealed at once, the last “Last”: what was the"
        " smallest next step?"
    )
    assert "Longest in red: 4 min, from run 2 to run 5, on 7 scenarios revealed at once, the" in (
        page_text(pages.retro(made))
    )
    room = Room.of(board.rows([Pair(1, "Alan", runs)], runs[-1].time))
    assert [(red.scenario, red.minutes) for red in room.reddest] == [
        ("Fifth", 2),
        ("Last", 1),
        ("Second", 1),
    ]


def kens_first_question(runs: tuple[Line, ...]) -> str:
    """The first question asked of Ken, whose runs are ``runs``: idle after 3 minutes, stuck
    after 2."""
    made = retro.retrospective([Pair(1, "Ken", runs)], idle_after=3, stuck_after=2)
    return page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()[0]


def test_a_stretch_in_red_that_was_mostly_a_pause_asks_about_the_pause() -> None:
    """A red run, no run for three minutes, then two quick runs to green: the smallest next
    step is not the question (the pair took no step), the pause is."""
    new = {"scenario": "New", "reached": 2}
    runs = (
        a_run(0, "green"),
        a_run(1, **new),
        a_run(4, **new),
        a_run(4.2, **new),
        a_run(4.5, "green", **new),
    )
    assert kens_first_question(runs) == (
        "Ken spent 3 min 30 s in red on “New”, 3 min of it with no run: what kept you from running"
        " the tests sooner?"
    )


def test_a_pause_after_one_red_run_then_ambers_is_asked_about_as_a_pause() -> None:
    """One red run, 3 min 20 s with no run, two ambers and a green: asked "with 2 ambers among
    the reds: what was the smallest next step?", of a pair idle most of it (a facilitator)."""
    new = {"scenario": "New", "reached": 2}
    runs = (
        a_run(0, "green"),
        a_run(1, **new),
        a_run(1 + 200 / 60, "amber", **new),
        a_run(1 + 204 / 60, "amber", **new),
        a_run(1 + 208 / 60, "green", **new),
    )
    assert kens_first_question(runs) == (  # in the order it came (a facilitator)
        "Ken went 3 min 28 s without a green on “New”: a red run, then 3 min 20 s with no run,"
        " then 2 ambers. What kept you from running the tests sooner?"
    )


def test_a_pause_after_an_amber_in_a_red_stretch_is_said_once_and_not_as_red() -> None:
    """A red, two ambers, 4 min 26 s with no run, a red and a green: "spent 5 min 8 s in red,
    … 4 min 26 s of it with no run", when the pair saw red for 30 s; and the same pause asked
    again as a quiet stretch after an amber run (a facilitator)."""
    new = {"scenario": "New", "reached": 2}
    runs = (
        a_run(0, "green"),
        a_run(1, **new),
        a_run(1.5, "amber", **new),
        a_run(1.6, "amber", **new),
        a_run(6, **new),
        a_run(6.1, "green", **new),
    )
    made = retro.retrospective([Pair(1, "Ken", runs)], idle_after=3, stuck_after=2)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].split("Each pair")[0]
    assert said.splitlines()[0] == (
        "Ken went 5 min 6 s without a green on “New”: a red run, then 2 ambers, then 4 min 24 s"
        " with no run, then a red run. What kept you from running the tests sooner?"
    )
    assert "without a run" not in said
    # "then a red run and 2 ambers" of two ambers, then a red (a facilitator): in their order.
    after = (runs[0], runs[1], a_run(6, "amber", **new), a_run(6.1, "amber", **new))
    after += (a_run(6.2, **new), a_run(6.3, "green", **new))
    made = retro.retrospective([Pair(1, "Ken", after)], idle_after=3, stuck_after=2)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert "then 5 min with no run, then 2 ambers, then a red run. What kept" in said, said
    reverted = (*runs[:4], replace(runs[4], reverted=True), runs[5])
    made = retro.retrospective([Pair(1, "Ken", reverted)], idle_after=3, stuck_after=2)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0].endswith(
        "then a red run; baby steps put their files back once. What kept you from running the"
        " tests sooner?"
    )


def test_a_red_on_an_example_made_to_check_more_is_no_breakage_in_a_long_red() -> None:
    """At level examples a pair made their example check more, and were red on it 3 min 6 s
    with no run: "which had passed before: what would have got you back to green sooner?"
    heard as a break, and the pause unsaid (a facilitator)."""
    example = {"scenario": "Dealt by Team 2 Player 4", "level": "examples", "examples": 1}
    runs = (
        a_run(0, "green", specified="a", **example),
        a_run(1, specified="b", **example),
        a_run(4.1, "green", specified="b", **example),
    )
    assert kens_first_question(runs) == (
        "Ken spent 3 min 6 s in red on “Dealt by Team 2 Player 4” with no run in between: what"
        " kept you from running the tests sooner?"
    )


def test_a_red_on_words_no_step_matches_is_asked_as_such_where_the_pair_writes_examples() -> None:
    """An example red for 2 min 5 s on a typo ("an unshufled deck") no step matched was asked
    "what did you believe the rule was?" (a facilitator): their rule was right."""
    example = {"scenario": "Team 1 Player 1 deals", "level": "examples", "examples": 1}
    runs = (
        a_run(0, "green", specified="a", **{**example, "scenario": "First"}),
        a_run(1, specified="b", no_step=True, reached=2, **{**example, "examples": 2}),
        a_run(2, specified="b", no_step=True, reached=2, **{**example, "examples": 2}),
        a_run(3.5, "green", specified="c", reached=2, **{**example, "examples": 2}),
    )
    assert kens_first_question(runs) == (
        "Ken spent 2 min 30 s in red on “Team 1 Player 1 deals”, on words no step matches: what"
        " would have shown you sooner?"
    )


def test_the_room_hears_minutes_and_seconds_not_minutes_rounded_down() -> None:
    """A red of 3 min 58 s with a pause of 3 min 20 s in it, said aloud as "3 min": the room
    heard less than the pair spent. The board keeps whole minutes, as its marks count them;
    the retrospective, read out, says the time as it was."""
    new = {"scenario": "New", "reached": 2}
    runs = (
        a_run(0, "green"),
        a_run(1, **new),
        a_run(1 + 200 / 60, **new),
        a_run(1 + 238 / 60, "green", **new),
        a_run(65 + 238 / 60, "red", **new),
    )
    made = retro.retrospective([Pair(1, "Ken", runs)], idle_after=3, stuck_after=2)
    said = page_text(pages.retro(made))
    asked = said.split("Questions for the room\n")[1].splitlines()
    assert asked[0] == (
        "Ken spent 3 min 58 s in red on “New”, 3 min 20 s of it with no run: what kept you from"
        " running the tests sooner?"
    )
    assert (
        "Ken went 1 h 04 min without a run after their green run on “New”: what held you up?"
        in (asked)
    ), "after a green: idle, not stuck"
    assert "Longest in red: 3 min 58 s, from run 2 to run 4, on “New”" in said


def test_a_pairs_rhythm_says_what_broke_on_the_way_and_a_short_red_as_under_a_minute() -> None:
    """Their longest red: 38 s on the scenario they were writing, with an earlier one broken
    (a regression the questions leave to the rhythm, being shorter than the stuck mark): "0 min"
    read as no time, and the broken scenario was not said."""
    written = {"scenario": "New", "reached": 2}
    runs = (
        a_run(0, "green", scenario="Old"),
        a_run(1, failing="Old", **written),
        a_run(1 + 38 / 60, "green", **written),
    )
    made = retro.retrospective([Pair(1, "Ada", runs)], idle_after=60)
    assert (
        "Longest in red: under a minute, from run 2 to run 3, on “New”, breaking “Old” on the"
        " way" in page_text(pages.retro(made)).splitlines()
    )


def test_a_stretch_in_red_only_on_earlier_scenarios_is_asked_as_what_broke_not_what_was_new() -> (
    None
):
    """Their newest scenario passed through the stretch, and earlier ones failed: the question
    names those, once each in the order they broke, and asks how to get back to green."""
    runs = (
        a_run(0, "green"),
        a_run(1, scenario="New", failing="Old"),
        a_run(2, scenario="New", failing="Older"),
        a_run(3, scenario="New", failing="Old"),
        a_run(6, "green", scenario="New"),
    )
    made = retro.retrospective([Pair(1, "Ada", runs)], idle_after=60, stuck_after=2)
    span = timedelta(minutes=5)
    assert made.questions == (questions.LongRed("Ada", span, "New", ("Old", "Older"), False, 3),)
    said = page_text(pages.retro(made))
    assert said.split("Questions for the room\n")[1].splitlines()[0] == (
        "Ada spent 5 min in red on “Old” and “Older”, which had passed before: what would have"
        " got you back to green sooner?"
    )
    assert "Longest in red: 5 min, from run 2 to run 5, on “Old” and “Older”" in said


def test_the_kata_s_own_names_in_a_wrong_model_are_said_in_plain_words() -> None:
    """At level stories a pair reads the story alone: "the Left Bar" is a name the kata gives,
    said once in plain words after the question."""
    through = {"caught": 1, "wrong_models": 9}
    left = ("left-bar-only-when-red",)
    pairs = [
        Pair(1, "Edsger", (a_run(0, "green", stage=4, through=left, level="stories", **through),))
    ]
    made = retro.retrospective(pairs, idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0].endswith(
        "). The Left Bar is the other Jack of trump\u2019s colour. Which example would catch it?"
    )


@pytest.mark.parametrize("level", ["stories", "examples"])
def test_where_the_pair_writes_the_examples_the_wrong_models_of_their_story_are_being_discovered(
    level: str,
) -> None:
    """A pair at level stories meets every wrong model of a story as it opens, and one at
    level examples as they write each Rule's; at both the coach keeps them on the story until
    their examples catch every one. One they let through yet, in the story they are on, is no
    question for the room, nor missed on the board ("still let through", read beside a pair
    who had moved on past one, was heard as a gap left behind by a pair still on it); once
    they have left that story, it is."""
    through = {"caught": 1, "wrong_models": 9, "level": level}
    ahead = ("dealer-leads",)  # a wrong model of stage 2
    on_it = Pair(1, "Edsger", (a_run(0, "green", stage=2, through=ahead, **through),))
    assert not retro.retrospective([on_it], idle_after=60).questions
    assert not Room.of(board.rows([on_it], START)).missed
    left = Pair(1, "Edsger", (a_run(0, "green", stage=3, through=ahead, **through),))
    assert retro.retrospective([left], idle_after=60).questions
    assert Room.of(board.rows([left], START)).missed


def test_a_pair_at_level_stories_is_not_named_for_a_wrong_model_of_the_story_they_are_on() -> None:
    """Not among those who let it through either: "2 of 3 pairs (Alan; Edsger) let through …,
    and it still gets through Alan's" read as if Edsger had caught it since."""
    through = {"caught": 1, "wrong_models": 9, "through": ("dealer-leads",)}
    alan = Pair(1, "Alan", (a_run(0, "green", stage=3, level="examples", **through),))
    edsger = Pair(2, "Edsger", (a_run(0, "green", stage=2, level="stories", **through),))
    (asked,) = retro.retrospective([alan, edsger], idle_after=60).questions
    assert isinstance(asked, let_through.LetThrough)
    assert (asked.pairs, asked.still) == (("Alan",), ("Alan",))


def test_a_pair_at_level_stories_on_the_story_is_left_out_of_the_count_caught_or_not() -> None:
    """One room, two questions: "1 of 3 pairs" then "1 of 2 pairs" for the same three pairs
    (the pair at level stories had caught the first wrong model of their story, not the
    second). Until they move past that story, they are left out of both counts, and said to
    be; "still being discovered by Edsger" was false of a pair who had caught them all. And
    a pair whose steps' scenarios went red on a KeyError heard "let through" as false: what
    catches one is said."""
    upcard, missing = "upcard-at-the-bottom", "missing-is-always-the-ace-of-spades"
    measured = {"caught": STAGE_1 - 1, "wrong_models": STAGE_1}  # at level steps, all met
    alan = Pair(1, "Alan", (a_run(0, "green", level="steps", through=(upcard,), **measured),))
    ken = Pair(2, "Ken", (a_run(0, "green", level="steps", through=(missing,), **measured),))
    ada = Pair(3, "Ada", (a_run(0, "green", level="stories", through=(missing,), **measured),))
    ed = Pair(4, "Ed", (a_run(0, "green", level="examples", through=(), **measured),))
    made = retro.retrospective([alan, ken, ada, ed], idle_after=60)
    on_it = (("Ada", "stories"), ("Ed", "examples"))
    assert [(q.pairs, q.measured, q.discovering) for q in made.questions] == [
        (("Alan",), 2, on_it),
        (("Ken",), 2, on_it),
    ]
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    # "1 of 2 pairs writing their own examples or steps" was said of 4 who do; "not Ken" was
    # heard as Ken not counted (two facilitators): Ken caught it.
    # "(1 of 2 pairs counted)" was jargon read aloud, and the pairs left out, told so, were
    # heard as letting it through (facilitators): who caught it is said; and to a pair still
    # writing the story, that their examples let it through, where they do.
    assert said[0] == (
        f"Alan: no check in your steps fails on the wrong model in which"
        f" “{by_name(upcard).sentence}” (which breaks the rule “{by_name(upcard).rule}”). Ken"
        " caught it. Which check would catch it?"
    )
    assert said[1].endswith(  # Ada writes examples, not checks (a facilitator)
        " Ada, still writing the examples of the story “Dealing the hand”: your examples still"
        " let it through. Which check in a step, or which example, would catch it?"
    ), said[1]
    caught = (a_run(0, "green", level="steps", through=(), **measured),)
    catching = [Pair(n, name, caught) for n, name in enumerate(("Bo", "Cy", "Di"), start=5)]
    many = retro.retrospective([alan, ada, ed, *catching], idle_after=60)
    said = page_text(pages.retro(many)).split("Questions for the room\n")[1].splitlines()
    assert said[0].startswith(
        "Alan (1 of 4 pairs whose steps or examples were checked against it): no check in your"
        " steps fails"
    ), said[0]
    (_, missed) = made.questions
    assert isinstance(missed, let_through.LetThrough)
    assert missed.also == (("Ada", 1),)
    missed = Room.of(board.rows([alan, ken, ada, ed], START)).missed
    assert [m.words for m in missed] == [
        f"1 of 2 pairs (Alan): {by_name(upcard).sentence}",
        f"1 of 2 pairs (Ken): {by_name(missing).sentence}",
    ]


def test_a_pair_at_level_steps_is_said_to_catch_a_wrong_model_only_once_done_with_its_stage() -> (
    None
):
    """ "Alan and Joan caught it" of a pair whose steps had not reached a scenario that catches
    it (a facilitator): at level steps the coach measures a wrong model once such a scenario is
    reached, which no line says; a pair on its stage is counted once the stage is done."""
    upcard = "upcard-at-the-bottom"  # a wrong model of stage 1
    measured = {"caught": 7, "wrong_models": 7, "level": "steps"}
    linus = Pair(1, "Linus", (a_run(0, "green", through=(upcard,), **measured),))
    alan = Pair(2, "Alan", (a_run(0, "green", through=(), **measured),))
    made = retro.retrospective([linus, alan], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0].startswith("Linus: no check in your steps fails"), said[0]
    assert "caught" not in said[0]
    (missed,) = Room.of(board.rows([linus, alan], START)).missed
    assert missed.words == f"1 of 1 pair (Linus): {by_name(upcard).sentence}"
    done = Pair(2, "Alan", (a_run(0, "green", through=(), stage_done=True, **measured),))
    all_met = {**measured, "caught": STAGE_1, "wrong_models": STAGE_1}  # all of stage 1's
    for alan in [done, Pair(2, "Alan", (a_run(0, "green", through=(), **all_met),))]:
        made = retro.retrospective([linus, alan], idle_after=60)
        said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
        assert said[0].startswith("Linus: no check"), said[0]
        assert "Alan caught it." in said[0], said[0]
    past = Pair(2, "Alan", (a_run(0, "green", stage=2, through=(), **measured),))
    (missed,) = Room.of(board.rows([linus, past], START)).missed
    assert missed.words == f"1 of 2 pairs (Linus): {by_name(upcard).sentence}"


def test_pairs_still_writing_a_story_whose_examples_let_the_same_through_are_told_together() -> (
    None
):
    """Two sentences alike, one after the other, for two pairs (a facilitator)."""
    upcard = "upcard-at-the-bottom"
    measured = {"caught": STAGE_1 - 1, "wrong_models": STAGE_1, "through": (upcard,)}
    pairs = [
        Pair(1, "Ken", (a_run(0, "green", level="steps", **measured),)),
        Pair(2, "Linus", (a_run(0, "green", level="stories", **measured),)),
        Pair(3, "Alan", (a_run(0, "green", level="examples", **measured),)),
    ]
    said = page_text(pages.retro(retro.retrospective(pairs, idle_after=60)))
    asked = next(line for line in said.splitlines() if line.startswith("Ken"))
    assert asked.endswith(
        ". Linus and Alan, still writing the examples of the story “Dealing the hand”: your"
        " examples still let it through. Which check in a step, or which example, would catch it?"
    ), asked
    # Pairs' names hold "and": "Linus and Co and Alan and Co" would not say who.
    pairs[1:] = [Pair(2, "Linus and Co", pairs[1].runs), Pair(3, "Alan and Co", pairs[2].runs)]
    said = page_text(pages.retro(retro.retrospective(pairs, idle_after=60)))
    assert ". Linus and Co, and Alan and Co, still writing the examples" in said


def test_at_level_steps_a_wrong_model_of_a_stage_left_is_let_through_as_last_measured() -> None:
    """The coach measures a pair's steps against the stage in force only: one their steps let
    through when they left its stage is let through still, as far as anyone knows (the question
    said it "still gets through" the other pair's examples alone, as if these steps caught it)."""
    measured = {"caught": 1, "wrong_models": 9}
    twice = ("twice-names-the-last-card",)
    steps = (
        a_run(0, "green", stage=1, level="steps", through=twice, **measured),
        a_run(1, "green", stage=2, level="steps", through=(), **measured),
    )
    examples = (a_run(0, "green", stage=2, level="examples", through=twice, **measured),)
    pairs = [Pair(1, "Edsger", steps), Pair(2, "Linus", examples)]
    (asked,) = retro.retrospective(pairs, idle_after=60).questions
    assert isinstance(asked, let_through.LetThrough)
    assert (asked.pairs, asked.still) == (("Edsger", "Linus"), ("Edsger", "Linus"))
    (missed,) = Room.of(board.rows(pairs, START)).missed
    twice = by_name("twice-names-the-last-card").sentence
    assert missed.words == f"2 of 2 pairs (Edsger; Linus): {twice}"


def test_a_pair_who_caught_a_wrong_model_before_leaving_its_stage_is_not_named_for_it() -> None:
    """Letting one through while writing the examples of its rule, then catching it before
    moving on, is discovery: such a pair is not named beside one who still lets it through (and
    one who did the same at level stories was not named either)."""
    measured = {"caught": 1, "wrong_models": 9}
    twice = ("twice-names-the-last-card",)  # a wrong model of stage 1
    alan = Pair(
        1,
        "Alan",
        (
            a_run(0, "green", stage=1, level="examples", through=twice, **measured),
            a_run(1, "green", stage=1, level="examples", through=(), **measured),
            a_run(2, "green", stage=2, level="examples", through=(), **measured),
        ),
    )
    ken = Pair(2, "Ken", (a_run(0, "green", stage=2, level="steps", through=twice, **measured),))
    (asked,) = retro.retrospective([alan, ken], idle_after=60).questions
    assert isinstance(asked, let_through.LetThrough)
    assert (asked.pairs, asked.still) == (("Ken",), ("Ken",))


def test_a_stretch_still_red_at_the_end_is_said_to_be_so() -> None:
    """ "spent 2 min 12 s in red on …" of a pair still red when the dojo ended: the stretch
    did not end, the dojo did."""
    new = {"scenario": "New", "reached": 2}
    runs = (a_run(0, "green"), a_run(1, **new), a_run(2, **new), a_run(3, **new))
    room = [Pair(1, "Ken", runs), Pair(2, "Ada", (a_run(0, "green"), a_run(5, "green")))]
    made = retro.retrospective(room, idle_after=60, stuck_after=2)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        "Ken spent 4 min in red on “New”, still in red at the end: what was the smallest next step?"
    )


def test_a_long_red_at_level_steps_asks_for_a_smaller_change_not_a_step() -> None:
    """At level steps a "step" is a step of a scenario, which the pair writes: "what was the
    smallest next step?" was heard as asking which step to write (a facilitator)."""
    new = {"scenario": "New", "reached": 2, "level": "steps"}
    runs = (a_run(0, "green", level="steps"), a_run(1, **new), a_run(2, **new), a_run(3, **new))
    ada = Pair(2, "Ada", (a_run(0, "green"), a_run(5, "green")))
    made = retro.retrospective([Pair(1, "Ken", runs), ada], idle_after=60, stuck_after=2)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        "Ken spent 4 min in red on “New”, still in red at the end: what was the smallest next"
        " change, to a step or to the model?"
    )
    once = retro.retrospective([Pair(1, "Ken", runs[:2]), ada], idle_after=60, stuck_after=2)
    said = page_text(pages.retro(once)).split("Questions for the room\n")[1]
    assert said.splitlines()[0].endswith(
        "with no run since: what would your first small change have been, to a step or to the"
        " model?"
    ), said


def test_a_quiet_start_before_anything_was_written_is_said_so() -> None:
    """ "after their run on “Dealing the hand”" named the story of an opening amber, before
    anything was written, as if a scenario had run."""
    opening = a_run(0, "amber", level="stories", nothing_written=True, scenario="Dealing the hand")
    runs = (opening, a_run(4, "green", level="stories"))
    made = retro.retrospective([Pair(1, "Ken", runs)], idle_after=3)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    (quiet,) = [line for line in said.splitlines() if "without a run" in line]
    # Their first run, on the story every pair began with: its name told the room nothing (a
    # facilitator).
    assert quiet == (
        "Ken went 4 min without a run after their first run, with nothing written yet: what held"
        " you up?"
    )
    # "their run on “Dealing the hand”" still read as a scenario's name (a facilitator).
    later = (a_run(-1, "green", level="stories"), *runs)
    made = retro.retrospective([Pair(1, "Ken", later)], idle_after=3)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert (
        "Ken went 4 min without a run after their run on the story “Dealing the hand”, with"
        " nothing written yet: what held you up?"
    ) in said


def test_a_quiet_stretch_after_an_amber_run_says_it_was_amber() -> None:
    """ "after their run on “New”" where that run was their second amber in a row: the room
    heard a pair resting, not a pair whose tests could not run (a facilitator)."""
    runs = (a_run(0, "green"), a_run(1, "amber"), a_run(2, "amber"), a_run(9, "green"))
    made = retro.retrospective([Pair(1, "Ken", runs)], idle_after=3, stuck_after=60)
    assert made.questions[-1] == questions.Quiet(
        "Ken", timedelta(minutes=7), "Scenario at 2", light="amber"
    )
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    (quiet,) = [line for line in said.splitlines() if "without a run" in line]
    assert quiet == (
        "Ken went 7 min without a run after their amber run on “Scenario at 2”: what held you up?"
    )


def test_a_quiet_stretch_after_a_stage_done_asks_what_came_next_not_what_held_them_up() -> None:
    """ "what held you up?" after the run that finished stage 1 presumed a problem (a
    facilitator)."""
    runs = (a_run(0, "green"), a_run(1, "green", stage_done=True), a_run(5, "green", stage=2))
    made = retro.retrospective([Pair(1, "Ken", runs)], idle_after=3, stuck_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    (quiet,) = [line for line in said.splitlines() if "without a run" in line]
    assert quiet == (
        "Ken went 4 min without a run after their green run on “Scenario at 1”, which finished"
        " stage 1: what did you do before the next stage?"
    )


def test_a_stretch_in_red_with_no_run_in_it_asks_what_kept_the_pair_from_running() -> None:
    """One red run, and the next run minutes later: the pair did not try step after step, they
    did not run at all; the smallest next step is not the question."""
    new = {"scenario": "New", "reached": 2}
    runs = (a_run(0, "green"), a_run(1, **new), a_run(5, "green", **new))
    made = retro.retrospective([Pair(1, "Ken", runs)], idle_after=60, stuck_after=2)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    assert said.splitlines()[0] == (
        "Ken spent 4 min in red on “New” with no run in between: what kept you from running the"
        " tests sooner?"
    )


def test_a_largest_step_not_known_is_told_from_one_never_taken() -> None:
    """A pair never red had no step ("whose code was kept" read as missing data); one whose
    code was not posted had steps of a size not known."""
    never = Pair(1, "Linus", (a_run(0, "green"), a_run(1, "green", reached=2)))
    unknown = Pair(2, "Ken", (a_run(0, "red"), a_run(1, "green")))
    said = page_text(pages.retro(retro.retrospective([never, unknown], idle_after=60)))
    assert [line for line in said.splitlines() if line.startswith("Largest step")] == [
        "Largest step: none, no red run went green",
        "Largest step: no red run followed by a green one whose code was kept",
    ]


def test_the_stage_of_a_rule_let_through_is_said_as_the_rule_s_not_the_pair_s() -> None:
    """ "(at stage 1)" was heard as where the pair is, of a pair on stage 2: the question
    names the stages of the rules; of a wrong model the catalogue does not know, the stage
    it was measured at."""
    measured = {"caught": 1, "wrong_models": 9}
    rules = ("upcard-at-the-bottom", "three-then-two", "dealer-leads")
    pairs = [
        Pair(1, "Ada", (a_run(0, "green", stage=3, through=rules, **measured),)),
        Pair(2, "Bea", (a_run(0, "green", stage=3, through=("not-a-model",), **measured),)),
    ]
    said = page_text(pages.retro(retro.retrospective(pairs, idle_after=60)))
    asked = said.split("Questions for the room\n")[1].splitlines()
    assert (
        "(which break rules of stages 1 and 2). Bea caught them. Which examples would catch them?"
    ) in asked[0]
    assert asked[1].endswith("“not-a-model” (at stage 3). Which example would catch it?")


def test_what_catches_a_wrong_model_is_said_once_to_a_room() -> None:
    """Two questions of a pair at level steps beside pairs writing examples, stages 1 and 2:
    the note on what catches one is read out once, with the first."""
    measured = {"caught": 1, "wrong_models": 9}
    steps = (
        a_run(0, "green", stage=1, through=("upcard-at-the-bottom",), level="steps", **measured),
        a_run(1, "green", stage=2, through=("dealer-leads",), level="steps", **measured),
        a_run(2, "green", stage=3, through=(), level="steps", **measured),
    )

    def examples(name: str) -> tuple[Line, ...]:
        return (a_run(0, "green", stage=3, through=(name,), level="examples", **measured),)

    room = [
        Pair(1, "Ed", steps),
        Pair(2, "Al", examples("upcard-at-the-bottom")),
        Pair(3, "Bo", examples("dealer-leads")),
    ]
    said = page_text(pages.retro(retro.retrospective(room, idle_after=60)))
    asked = said.split("Questions for the room\n")[1].split("Each pair")[0]
    assert asked.count("let through") == 2
    assert asked.count("a KeyError say") == 1


def test_wrong_models_of_one_rule_are_said_to_break_a_rule_not_rules() -> None:
    """ "(rules of stage 1)" was said of two wrong models of one rule, "Only a deck of the 24
    cards, each once, can be dealt"; and "(a rule of stage 1)" was heard as calling a wrong
    model a rule: it breaks one, named ("(which breaks a rule of stage 1)" was vague, said two
    facilitators)."""
    measured = {"caught": 1, "wrong_models": 9}
    one_rule = ("twice-names-the-last-card", "missing-is-always-the-ace-of-spades")
    pairs = [Pair(1, "Ada", (a_run(0, "green", stage=2, through=one_rule, **measured),))]
    said = page_text(pages.retro(retro.retrospective(pairs, idle_after=60)))
    asked = said.split("Questions for the room\n")[1].splitlines()
    assert (
        "(which break the rule “Only a deck of the 24 cards, each once, can be dealt”). Which"
        " examples would catch them?"
    ) in asked[0]


def test_at_level_steps_the_question_says_why_a_wrong_model_got_through_as_the_history_does() -> (
    None
):
    """The facilitator wants to tell the pair what the coach told them: their scenarios stopped
    on an error with it (an error is not a check failing), or a Then of theirs checks nothing."""
    upcard, dealer = "upcard-at-the-bottom", "dealer-leads"
    measured = {"caught": 10, "wrong_models": 11, "level": "steps", "stage": 2}  # all met
    alan = Pair(
        1,
        "Alan",
        (
            a_run(0, "green", through=(upcard,), stopped=((upcard, "IndexError"),), **measured),
            a_run(1, "green", through=(upcard,), stopped=((upcard, "KeyError"),), **measured),
        ),
    )
    ken_thens = ("the lead suit is {suit}", "the trick is unchanged")
    ken = Pair(2, "Ken", (a_run(0, "green", through=(dealer,), empty_thens=ken_thens, **measured),))
    made = retro.retrospective([alan, ken], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0] == (  # on stage 2, where the coach measures stage 2's wrong models alone
        f"Alan: when you left stage 1, no check in your steps failed on the wrong model in which"
        f" “{by_name(upcard).sentence}”. Ken caught it. With it, your scenarios stop on a"
        " KeyError, not on a check that fails. Which check would catch it?"
    )
    assert said[1] == (
        f"Ken: no check in your steps fails on the wrong model in which"
        f" “{by_name(dealer).sentence}” (which breaks the rule “The player on the dealer"
        "\N{RIGHT SINGLE QUOTATION MARK}s left leads the first trick”). Alan caught it. Which"
        " check would catch it?"
    )
    # Their Thens that check nothing are a question of their own: beside a wrong model they
    # were heard as its cause, which the coach does not know (a facilitator).
    assert (
        "Ken\u2019s Thens “the lead suit is …” and “the trick is unchanged” check nothing:"
        " each body is `pass`. What should they check?"
    ) in said


def test_why_wrong_models_got_through_is_said_pair_by_pair_where_one_question_names_two() -> None:
    upcard, missing = "upcard-at-the-bottom", "missing-is-always-the-ace-of-spades"
    both = {"caught": 1, "wrong_models": 9, "level": "steps", "through": (upcard, missing)}
    alan = Pair(1, "Alan", (a_run(0, "green", stopped=((missing, "KeyError"),), **both),))
    errors = ((upcard, "IndexError"), (missing, "AttributeError"))
    thens = ("the trick is unchanged",)
    ken = Pair(2, "Ken", (a_run(0, "green", stopped=errors, empty_thens=thens, **both),))
    made = retro.retrospective([alan, ken], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    # Sentences, not remarks in parentheses: three in a row could not be read aloud (a
    # facilitator); before the question, which ends it (another).
    assert said[0].endswith(
        f" With the one in which “{by_name(missing).sentence}”, Alan\u2019s scenarios stop on a"
        " KeyError, not on a check that fails."
        " With them, Ken\u2019s scenarios stop on an IndexError or an AttributeError, not on a"
        " check that fails. Which checks would catch them?"
    ), said[0]


@pytest.mark.parametrize(
    ("title", "said"),
    [
        (
            "Team 2 Player 4 deals (and 3 more examples)",
            "“Team 2 Player 4 deals” (an outline of 4 examples)",
        ),
        ("AS is led (and 1 more example)", "“AS is led” (an outline of 2 examples)"),
        (
            "When …, the dealer deals (3 examples)",
            "“When …, the dealer deals” (an outline of 3 examples)",
        ),
        ("Dealing an unshuffled deck", "“Dealing an unshuffled deck”"),
    ],
)
def test_an_outline_is_named_aloud_with_its_first_example_in_quotes_and_the_rest_after(
    title: str, said: str
) -> None:
    """“Team 2 Player 4 deals (and 3 more examples)” sounded odd read aloud, its count inside a
    scenario's name (two facilitators); in a list of scenarios, "“X” and its outline's 3 more
    examples" was heard as 4 scenarios more (another)."""
    writing = {"scenario": title, "reached": 2}
    runs = (a_run(0, "green", scenario="Before"), a_run(1, **writing), a_run(6, "green", **writing))
    made = retro.retrospective([Pair(1, "Ada", runs)], idle_after=60, stuck_after=2)
    asked = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert asked[0].startswith(f"Ada spent 5 min in red on {said} with no run in between:")


def test_a_pair_who_revealed_a_scenario_and_was_stopped_by_the_end_is_asked_a_first_step() -> None:
    """ "with no run after it, still in red at the end: what kept you from running the tests
    sooner?" blamed a pair for the facilitator's stop: they had revealed the scenario, and
    play ended."""
    writing = {"scenario": "New", "reached": 2}
    runs = (a_run(0, "green", scenario="Before"), a_run(1, **writing))
    made = retro.retrospective(
        [Pair(1, "Ada", runs)], idle_after=60, stuck_after=2, ended=START + timedelta(minutes=4)
    )
    asked = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    # "had been in red on “X” and its outline's other example for 2 min 16 s at the end" was
    # hard to follow aloud (a facilitator): the time first, then what it was red on.
    assert asked[0] == (
        "At the end, Ada had been in red for 3 min on “New”, with no run since: what would your"
        " first small step have been?"
    )


def test_a_large_step_at_level_steps_says_how_many_of_its_lines_are_in_the_steps() -> None:
    """A pair at level steps writes step definitions as well as the model: "46 of the 56 lines
    were step definitions, which the pairs writing the model never write" (two facilitators)."""
    steps = "".join(f"+step {number}\n" for number in range(33))
    model = "".join(f"+line {number}\n" for number in range(8))
    code = Code(
        "diff --git a/step_defs/test_deal.py b/step_defs/test_deal.py\nnew file mode 100644\n"
        f"--- /dev/null\n+++ b/step_defs/test_deal.py\n@@ -0,0 +1,33 @@\n{steps}"
        f"diff --git a/euchre/deal.py b/euchre/deal.py\n--- a/euchre/deal.py\n"
        f"+++ b/euchre/deal.py\n@@ -1 +1,8 @@\n{model}",
        {},
    )
    assert (code.lines_changed, code.lines_changed_in("step_defs")) == (41, 33)
    # Lines moved from one file of steps to another count for neither, as in the whole.
    out = "".join(f"-helper {number}\n" for number in range(20))
    into = "".join(f"+    helper {number}\n" for number in range(20))
    code = Code(
        f"{code.diff}diff --git a/step_defs/shared.py b/step_defs/shared.py\n"
        f"--- a/step_defs/shared.py\n+++ b/step_defs/shared.py\n@@ -1,20 +0,0 @@\n{out}"
        "diff --git a/conftest.py b/conftest.py\n"
        f"--- a/conftest.py\n+++ b/conftest.py\n@@ -0,0 +1,20 @@\n{into}",
        {},
    )
    assert (code.lines_changed, code.lines_changed_in("step_defs")) == (41, 33)
    assert Code(None, None).lines_changed_in("step_defs") is None
    level = {"level": "steps"}
    runs = (
        a_run(0, "green", **level),
        a_run(1, "red", reached=2, scenario="Next", **level),
        a_run(2, "green", reached=2, scenario="Next", run=SHA(1), **level),
    )
    made = retro.retrospective([Pair(1, "Linus", runs, {SHA(1): code})], idle_after=60)
    said = page_text(pages.retro(made))
    assert said.split("Questions for the room\n")[1].splitlines()[0] == (
        "Linus\u2019s largest step from red to green, for “Next”, changed 41 lines, 33 of them in "
        "their steps. How could it have been split into smaller ones?"
    )
    only_steps = Code(code.diff.split("diff --git a/euchre")[0], {})
    made = retro.retrospective([Pair(1, "Linus", runs, {SHA(1): only_steps})], idle_after=60)
    first = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()[0]
    assert first.startswith(  # not "33 lines, 33 of them" (a facilitator)
        "Linus\u2019s largest step from red to green, for “Next”, changed 33 lines, all of them in "
        "their steps."
    ), first


def test_the_room_is_asked_about_scenarios_broken_that_had_passed_before() -> None:
    """A pair who broke earlier scenarios while writing a new one made no regression episode
    (something broke with nothing new revealed), and the retrospective never said it: "all
    three regressions are absent" (two facilitators). Each time red on one that had passed
    counts once, however many red runs it took; a new test of the pair's own, red first, is
    no breakage."""
    ada = (
        a_run(0, "green", scenario="Old"),
        a_run(1, scenario="New", reached=2, failing="Old"),
        a_run(2, scenario="New", reached=2, failing="Old"),
        a_run(3, "green", scenario="New", reached=2),
        a_run(4, scenario="New", reached=2, failing="Old"),
        a_run(5, "green", scenario="New", reached=2),
    )
    ken = (
        a_run(0, "green", scenario="Old"),
        a_run(1, scenario="Old"),  # nothing new revealed: the newest scenario broke
        a_run(2, "green", scenario="Old"),
        a_run(3, scenario="Old", failing="test_my_own_new_test"),
        a_run(4, "green", scenario="Old"),
    )
    made = retro.retrospective([Pair(1, "Ada", ada), Pair(2, "Ken", ken)], idle_after=60)
    firsts = (Breakage("Old", 2, 2, 1, timedelta(minutes=2), 2), Breakage("Old", 1, 1, 0, *ONE))
    second = (Breakage("Old", 2, 2, 0, timedelta(minutes=1), 1), None)
    assert Breakages((("Ada", 2), ("Ken", 1)), firsts, second) in made.questions
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert (  # which scenarios, or the room cannot say which change (a facilitator); the second
        # time too, left unsaid after "the first time" (another)
        "Both pairs broke scenarios that had passed before (Ada twice, the first time “Old”, the"
        " second “Old” and one more; Ken once, “Old”): which changes broke them, and what would"
        " have told you before you made them?"
    ) in said
    one = retro.retrospective([Pair(2, "Ken", ken)], idle_after=60)
    said = page_text(pages.retro(one)).split("Questions for the room\n")[1].splitlines()
    assert (  # what the pair did next is theirs to be asked about too (a facilitator)
        "Ken broke “Old”, which had passed before, and mended it on their next run, 1 min later:"
        # Mended at once, the tests had done their job: "what would have told you before?"
        # asked for more than a test can (a facilitator).
        " which change broke it, and what did the failing run tell you?"
    ) in said
    # "broke a scenario" was untrue of a change that broke two (a facilitator's pair).
    bea = (
        a_run(-2, "green", scenario="A"),
        a_run(-1, "green", scenario="B", reached=2),
        a_run(0, "green", scenario="C", reached=3),
        a_run(1, scenario="C", reached=3, passed=1, failing="A"),
        a_run(2, "green", scenario="C", reached=3),
    )
    said = page_text(pages.retro(retro.retrospective([Pair(4, "Bea", bea)], idle_after=60)))
    assert (
        # "“A” first" was heard as one broken after the other, broken in one run (a facilitator).
        "Bea broke 2 scenarios that had passed before, “A” and one more, and mended them on their"
        " next run, 1 min later: which change broke them, and what did the failing run tell you?"
    ) in said.splitlines()
    all_three = (*bea[:3], replace(bea[3], passed=0), bea[4])
    said = page_text(pages.retro(retro.retrospective([Pair(4, "Bea", all_three)], idle_after=60)))
    assert "Bea broke 3 scenarios that had passed before, “A” and 2 more, and mended" in said
    # Mended when the broken ones pass again, though the newest is still red: "2 runs later" of
    # a pair whose next run passed it (a facilitator).
    newest = replace(bea[3], scenario="D", reached=4, passed=1)
    still = replace(newest, time=newest.time + timedelta(seconds=20), failing="", passed=3)
    mended = (*bea[:3], newest, still, replace(bea[4], scenario="D", reached=4))
    said = page_text(pages.retro(retro.retrospective([Pair(4, "Bea", mended)], idle_after=60)))
    assert "and mended it on their next run, under a minute later" in said
    # Where the line names them, so does the question: "and one more" left a room asking which
    # (three facilitators).
    named = (*bea[:3], replace(bea[3], failures=("A", "B")), bea[4])
    said = page_text(pages.retro(retro.retrospective([Pair(4, "Bea", named)], idle_after=60)))
    assert "Bea broke 2 scenarios that had passed before, “A” and “B”, and mended" in said
    many = replace(all_three[3], failures=("A", "B"))  # two of three named, as a line keeps four
    said = page_text(pages.retro(retro.retrospective([Pair(4, "Bea", (*bea[:3], many))])))
    assert "Bea broke 3 scenarios that had passed before, “A”, “B” and one more, and had" in said
    # With a scenario newly revealed, whether it was among those that failed is not kept:
    # "broke 1" subtracted it where it had passed (a facilitator replayed the run).
    cy = (*bea[:2], a_run(0, scenario="C", reached=3, passed=1, failing="A"))
    said = page_text(pages.retro(retro.retrospective([Pair(6, "Cy", cy)], idle_after=60)))
    assert (
        "Cy broke “A”, which had passed before, in a run where 2 of 3 scenarios failed, and had"
        " not mended it by the end: which change broke it, and what would have told you before"
        " you made it?"
    ) in said.splitlines()
    # Of a run that revealed one too, those that had passed are named, not its first alone; a
    # breakage baby steps put back was not mended by the pair (a facilitator).
    revealing = (*bea[:2], replace(cy[2], failures=("A", "B", "C")), a_run(3, "green", reached=3))
    reverted = (ken[0], replace(ken[1], reverted=True), ken[2])
    pairs = [Pair(6, "Cy", revealing), Pair(2, "Ken", reverted)]
    said = page_text(pages.retro(retro.retrospective(pairs, idle_after=60)))
    assert (
        "Both pairs broke scenarios that had passed before (Cy once, “A” and “B”; Ken once,"
        " “Old”, put back by baby steps): which changes"
    ) in said, said
    said = page_text(pages.retro(retro.retrospective([pairs[1]], idle_after=60)))
    assert (
        "Ken broke “Old”, which had passed before, and baby steps put the files back, passing"
        " again on their next run, 1 min later: which change broke it"
    ) in said, said
    # A step made to check more, red on what had passed, is a new test doing its job: no
    # breakage (a facilitator's pair, at level steps).
    stricter = (
        a_run(0, "green", scenario="Old", specified="a", level="steps"),
        a_run(1, scenario="Old", specified="b", level="steps"),
        a_run(2, "green", scenario="Old", specified="b", level="steps"),
    )
    assert not [
        q
        for q in retro.retrospective([Pair(5, "Ken", stricter)], idle_after=60).questions
        if isinstance(q, Breakages)
    ]
    # A new example named as one of an earlier stage is no breakage (a facilitator's pair).
    named = (
        a_run(0, "green", 1, scenario="Deals"),
        a_run(1, "red", 2, scenario="Deals", reached=2),
    )
    assert not [
        q
        for q in retro.retrospective([Pair(3, "Cy", named)], idle_after=60).questions
        if isinstance(q, Breakages)
    ]
    two = retro.retrospective([Pair(1, "Ada", ada)], idle_after=60)
    said = page_text(pages.retro(two)).split("Questions for the room\n")[1].splitlines()
    assert (  # "broke a scenario that had passed before twice" was heard as "passed twice"
        "Ada twice broke scenarios that had passed before, the first time “Old”, the second “Old”"
        " and one more: which changes broke them, and what would have told you before you made"
        " them?"
    ) in said
    new = {"scenario": "New", "reached": 2}
    again = (*ada, a_run(6, failing="Old", **new), a_run(7, "green", **new))
    said = page_text(pages.retro(retro.retrospective([Pair(1, "Ada", again)], idle_after=60)))
    assert "Ada broke scenarios that had passed before, 3 times, the first “Old”: which" in said
    # Said in their rhythm too, beside the episodes, whose "regression" is Zorro's: a red with
    # nothing new revealed since the green before it ("0 regression" beside "once" was read as
    # a contradiction, by two facilitators).
    assert (
        "Broke scenarios that had passed: 3 times, once while writing a new scenario (no"
        " regression, as the episodes count them)"
    ) in said
    said = page_text(pages.retro(retro.retrospective([Pair(1, "Ada", ada[:4])], idle_after=60)))
    assert (
        "Broke scenarios that had passed: once, while writing a new scenario (no regression, as"
        " the episodes count them)"
    ) in said


def test_a_pair_writing_examples_is_asked_about_a_long_red_as_a_belief_about_the_rules() -> None:
    """Red where a pair writes the examples is an example the rules do not agree with, not a
    step too large in code: "what was the smallest next step?" fitted no one. A stretch in
    which baby steps put the files back is said to its green, the revert said in it, neither
    as its end nor with its time: "until baby steps put their files back" was heard as the
    stretch's end (two facilitators), "after the first 2 min 4 s" as clumsy beside the
    question of reverts (a third), and a stretch that left the revert out as not whole (a
    fourth)."""
    level = {"level": "examples"}
    writing = {"scenario": "A shuffled deck is dealt", "reached": 2, **level}
    runs = (
        a_run(0, "green", scenario="Before", **level),
        a_run(1, **writing),
        a_run(3, reverted=True, constraint="baby-steps", minutes=2, **writing),
        a_run(4, "green", **writing),
    )
    made = retro.retrospective([Pair(1, "Linus", runs)], idle_after=60, stuck_after=2)
    asked = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert asked[0] == (
        "Linus spent 3 min in red on “A shuffled deck is dealt”, baby steps putting their files"
        " back once: what did you believe the rule was, and what told you otherwise?"
    )


def test_passes_at_once_left_out_of_the_questions_are_said_with_their_pairs() -> None:
    """Three questions of scenarios passed at once at most: Edsger's, met by no other pair, was
    in none, and nothing said so (a facilitator)."""

    pairs = [
        Pair(1, "Ada", passing_at_once("A", "B", "C")),
        Pair(2, "Bea", passing_at_once("A", "B", "D")),
        Pair(3, "Cy", passing_at_once("A", "E")),
        Pair(4, "Edsger", passing_at_once("F", "G")),
    ]
    made = retro.retrospective(pairs, idle_after=60)
    asked = [q for q in made.questions if isinstance(q, AtOnce)]
    assert [q.pairs for q in asked] == [("Ada", "Bea", "Cy"), ("Ada", "Bea"), ("Ada",)]
    assert asked[-1].others == (("Edsger", 2),)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    (last,) = [line for line in said if line.startswith("“C” also passed at once")]
    assert last.endswith(
        "? Scenarios passed at once for Edsger too, 2 in all: see their rhythm below."
    ), last
    pairs.append(Pair(5, "Ken", passing_at_once("H")))
    made = retro.retrospective(pairs, idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    (last,) = [line for line in said if line.startswith("“C” also passed at once")]
    assert last.endswith(  # each pair's own count, never summed
        "? Scenarios passed at once for more pairs too: Edsger 2; Ken 1. See their rhythms below."
    ), last


def test_a_pair_at_level_steps_who_met_a_wrong_model_mid_stage_is_said_to_have_caught_it() -> None:
    """Linus's steps had met and caught the wrong model Edsger's let through, ten of their
    stage's thirteen met: the line said how many, not which, and the room was told nobody
    caught it (a facilitator)."""
    seed = "shuffle-ignores-its-seed"
    steps = {"level": "steps", "wrong_models": 10}
    edsger = (a_run(0, "green", caught=9, through=(seed,), **steps),)
    linus = (a_run(0, "green", caught=10, met=(seed, *[f"m{n}" for n in range(9)]), **steps),)
    made = retro.retrospective([Pair(1, "Edsger", edsger), Pair(2, "Linus", linus)])
    (asked,) = [q for q in made.questions if isinstance(q, let_through.LetThrough)]
    assert asked.caught == ("Linus",)
    unmet = (replace(linus[0], met=tuple(f"m{n}" for n in range(10))),)
    made = retro.retrospective([Pair(1, "Edsger", edsger), Pair(2, "Linus", unmet)])
    (asked,) = [q for q in made.questions if isinstance(q, let_through.LetThrough)]
    assert asked.caught == ()
    assert asked.not_reached == ("Linus",)


def test_pairs_who_have_not_reached_a_wrong_models_story_are_not_counted_nor_said_on_it() -> None:
    """ "Still on the story “The lead suit”" was said of two pairs on Play order, and "1 of 2
    pairs" counted a pair who never reached the lead suit (a facilitator)."""
    lead = "lead-suit-of-the-last-card"
    measured = {"caught": 1, "wrong_models": 9}
    edsger = Pair(1, "Edsger", (a_run(0, "green", 3, level="steps", through=(lead,), **measured),))
    linus = Pair(2, "Linus", (a_run(0, "green", 2, level="steps", through=(), **measured),))
    ada = Pair(3, "Ada", (a_run(0, "green", 2, level="examples", through=(), **measured),))
    alan = Pair(4, "Alan", (a_run(0, "green", 3, level="stories", through=(lead,), **measured),))
    made = retro.retrospective([edsger, linus, ada, alan], idle_after=60)
    (asked,) = made.questions
    assert isinstance(asked, let_through.LetThrough)
    assert (asked.measured, asked.not_reached, asked.discovering) == (
        1,
        ("Linus", "Ada"),
        (("Alan", "stories"),),
    )
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    # "the one pair counted" is jargon read aloud (a facilitator), and "not counted yet" after
    # it referred to no count (another): the sentences after say who was not asked, and why,
    # to them, as the room hears it ("Still on the story …" was read as a note to the
    # facilitator, a third).
    assert said[0].startswith("Edsger: no check in your steps fails")
    assert said[0].endswith(
        "). Alan, still writing the examples of the story “The lead suit”: your examples still"
        " let it through. Which check in a step, or which example, would catch it?"
    ), said[0]
    rows = board.rows([edsger, linus, ada, alan], START)
    (missed,) = Room.of(rows).missed
    assert missed.words == f"1 of 1 pair (Edsger): {by_name(lead).sentence}"


def test_a_largest_step_as_large_as_another_pairs_names_both() -> None:
    """Two pairs' largest steps were 48 lines each, and one alone was named (a facilitator)."""
    runs = (
        a_run(0, "green"),
        a_run(1, "red", reached=2, scenario="Next"),
        a_run(2, "green", reached=2, scenario="Next", run=SHA(1)),
    )
    pairs = [
        Pair(1, "Linus", runs, {SHA(1): diff(48)}),
        Pair(2, "Edsger", runs, {SHA(1): diff(48)}),
    ]
    made = retro.retrospective(pairs, idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert (
        "Linus\u2019s largest step from red to green, for “Next”, changed 48 lines, as large as "
        "Edsger\u2019s. How could each have been split into smaller ones?"
    ) in said
    # Other large steps are the room's too: "it leaves out Ken and Dennis's 41-line step" (a
    # facilitator). A step under 20 lines is not a large one.
    pairs += [Pair(3, "Ken", runs, {SHA(1): diff(41)}), Pair(4, "Ada", runs, {SHA(1): diff(12)})]
    pairs += [Pair(5, "Bea", runs, {SHA(1): diff(22)})]
    made = retro.retrospective(pairs, idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert (
        "Linus\u2019s largest step from red to green, for “Next”, changed 48 lines, as large as "
        "Edsger\u2019s; Ken\u2019s largest was 41 lines, and Bea\u2019s 22. How could each have "
        "been split into smaller ones?"
    ) in said
    # Others as large as each other are said together: "Ada's largest was 20 lines, and Alan's
    # 20" was a chain of "and"s read aloud (a facilitator).
    pairs += [Pair(6, "Cy", runs, {SHA(1): diff(22)})]
    made = retro.retrospective(pairs, idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert (
        "Edsger\u2019s; Ken\u2019s largest was 41 lines, and Bea\u2019s and Cy\u2019s 22 each."
    ) in " ".join(said)
    made = retro.retrospective([pairs[0], pairs[4], pairs[5]], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert "48 lines; Bea\u2019s and Cy\u2019s largest were 22 lines each. How" in " ".join(said)


def test_a_large_step_over_several_runs_in_red_says_how_many() -> None:
    """ "changed 75 lines" of a pair who added a module a run, four runs in red: "they did
    split it" (two facilitators). The step is still one from red to green, and says its runs."""
    runs = (
        a_run(0, "green"),
        a_run(1, "red", reached=2, scenario="Next", run=SHA(2)),
        a_run(2, "red", reached=2, scenario="Next"),
        a_run(3, "amber", reached=2, scenario="Next"),
        a_run(4, "green", reached=2, scenario="Next", run=SHA(1)),
    )
    grown = "".join(f"line {n}\n" for n in range(48))
    code = {SHA(2): Code("", {"m.py": ""}), SHA(1): Code("", {"m.py": grown})}
    made = retro.retrospective([Pair(1, "Edsger", runs, code)], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert (
        "Edsger\u2019s largest step from red to green, for “Next”, changed 48 lines, over 3 runs (2"
        " red, 1 amber). How could it have been split into smaller ones?"
    ) in said, said
    steps = [replace(run, level="steps") for run in runs]
    made = retro.retrospective([Pair(1, "Edsger", tuple(steps), code)], idle_after=60)
    said = page_text(pages.retro(made))
    # "over 4 runs in red" of two reds and two ambers (a facilitator): an amber is said as one.
    assert "changed 48 lines, none of them in their steps, over 3 runs (2 red, 1 amber)." in said
    reds = (*runs[:3], replace(runs[3], light="red"), runs[4])
    made = retro.retrospective([Pair(1, "Edsger", reds, code)], idle_after=60)
    assert "changed 48 lines, over 3 runs in red." in page_text(pages.retro(made))
    # Another pair's large step over runs says them too: "Ken and Dennis's largest was 56
    # lines" of three runs in red read as one edit (a facilitator).
    one_run = (runs[0], runs[1], runs[4])
    pairs = [Pair(2, "Ada", one_run, {SHA(1): diff(50)}), Pair(1, "Edsger", reds, code)]
    pairs += [Pair(3, "Ken", runs, code), Pair(4, "Bea", runs, code)]
    made = retro.retrospective(pairs, idle_after=60)
    assert (
        "changed 50 lines; Edsger\u2019s largest was 48 lines over 3 runs in red, and"
        " Ken\u2019s and Bea\u2019s 48 each over 3 runs (2 red, 1 amber). How"
    ) in " ".join(page_text(pages.retro(made)).splitlines())


def test_at_level_steps_each_large_step_says_its_lines_in_the_steps() -> None:
    """ "changed 43 lines, 25 added and 18 removed; Ada's largest was 31 lines, and Ken's 30"
    of a room where Edsger wrote model code alone and Ken steps alone (a facilitator): at level
    steps where the lines were is the question, for each step named."""
    steps = "".join(f"+step {n}\n" for n in range(30))
    in_steps = Code(f"diff --git a/step_defs/s.py b/step_defs/s.py\n@@ -0,0 +1 @@\n{steps}", {})

    def cycle(level: str) -> tuple[Line, ...]:
        return (
            a_run(0, "green", level=level),
            a_run(1, "red", reached=2, scenario="Next", level=level),
            a_run(2, "green", reached=2, scenario="Next", run=SHA(1), level=level),
        )

    pairs = [
        Pair(1, "Edsger", cycle("steps"), {SHA(1): diff(43)}),
        Pair(2, "Ada", cycle("model"), {SHA(1): diff(31)}),
        Pair(3, "Ken", cycle("steps"), {SHA(1): in_steps}),
    ]
    made = retro.retrospective(pairs, idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert (
        "Edsger\u2019s largest step from red to green, for “Next”, changed 43 lines, none of them"
        " in their steps; Ada\u2019s largest was 31 lines, and Ken\u2019s 30 (all of them in"
        " their steps). How could each have been split into smaller ones?"
    ) in said, said


def test_a_pairs_thens_that_check_nothing_are_said_once_a_page() -> None:
    """The same Then was said beside each of three questions of one pair's wrong models, the
    third of another stage (a facilitator): it is a question of its own."""
    upcard, dealer = "upcard-at-the-bottom", "dealer-leads"
    steps = {"caught": 1, "wrong_models": 9, "level": "steps", "empty_thens": ("no card twice",)}
    runs = (
        a_run(0, "green", 1, through=(upcard,), **steps),
        a_run(1, "green", 2, through=(dealer,), **steps),
    )
    made = retro.retrospective([Pair(1, "Ada", runs)], idle_after=60)
    assert len([q for q in made.questions if isinstance(q, let_through.LetThrough)]) == 2
    said = page_text(pages.retro(made))
    assert said.count("Then “no card twice” checks nothing") == 1


def test_where_a_question_says_some_pairs_counts_in_all_it_says_each_of_its_pairs() -> None:
    """ "in all, 11 passed at once for Ada and Grace, 8 for Edsger and Tony" left out Alan and
    Joan, whose 6 were the question's own: "for all 3 pairs" was heard as 6 in all."""

    pairs = [
        Pair(1, "Ada", passing_at_once("A", "B", "X", "C")),
        Pair(2, "Alan", passing_at_once("A", "B", "X")),
        Pair(3, "Edsger", passing_at_once("A", "B", "X", "D", "E")),
    ]
    said = page_text(pages.retro(retro.retrospective(pairs, idle_after=60)))
    first = said.split("Questions for the room\n")[1].splitlines()[0]
    assert first.startswith(
        "3 scenarios, “A”, “B” and “X”, passed at once for all 3 pairs (Ada; Alan; Edsger)."
        " In all, 4 passed at once for Ada, 3 for Alan, 5 for Edsger, all in stage 1. Did"
    ), first


def test_a_count_in_all_says_every_pair_a_scenario_passed_at_once_for() -> None:
    """ "In all, 1 passed at once for Alan and Joan, 9 for Ken and Dennis" of a room where 8
    passed at once for Edsger and Tony, named in the question before: heard as the room's
    count, it left them out (two facilitators)."""
    pairs = [
        Pair(1, "Edsger", passing_at_once("A", "B", "C")),
        Pair(2, "Alan", passing_at_once("X")),
        Pair(3, "Ken", passing_at_once("A", "B", "C", "X")),
        Pair(4, "Cy", passing_at_once("Y", "Z")),
    ]
    made = retro.retrospective(pairs, idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0].startswith("3 scenarios, “A”, “B” and “C”, passed at once for 2 of 4 pairs")
    assert (
        "“X” passed at once for 2 of 4 pairs (Alan; Ken). Edsger had not reached it, nor had Cy."
        " In all, 1 passed at once for Alan, 4 for Ken, 3 for Edsger, 2 for Cy, all in stage 1."
        " Alan, and Ken, did"
    ) in said[1], said[1]
    assert not [line for line in said if "for more pairs too" in line], "Cy is said in all"


def test_a_pairs_thens_that_check_nothing_are_those_of_their_latest_measured_run() -> None:
    """Asked of a wrong model of stage 1, their Thens that check nothing were those of stage 1:
    a second, written since and named by the coach, was left out (a facilitator)."""
    upcard = "upcard-at-the-bottom"
    steps = {"caught": 1, "wrong_models": 9, "level": "steps"}
    runs = (
        a_run(0, "green", 1, through=(upcard,), empty_thens=("no card twice",), **steps),
        a_run(1, "green", 2, through=(), empty_thens=("no card twice", "unchanged"), **steps),
    )
    said = page_text(pages.retro(retro.retrospective([Pair(1, "Ada", runs)], idle_after=60)))
    assert "Ada\u2019s Thens “no card twice” and “unchanged” check nothing: each body" in said


def test_at_level_steps_a_wrong_model_of_a_stage_left_is_said_as_when_they_left_it() -> None:
    """The coach measures a pair's steps against the stage in force alone: "no check in their
    steps fails on" one of a stage they left was false of a pair who had mended the step
    since (a facilitator checked it); as they left it, it was true."""
    ace = "ace-above-the-bars"
    steps = {"caught": 1, "wrong_models": 9, "level": "steps"}
    runs = (
        a_run(0, "green", 4, through=(ace,), **steps),
        a_run(1, "green", 5, through=(), **steps),
    )
    said = page_text(pages.retro(retro.retrospective([Pair(1, "Ken", runs)], idle_after=60)))
    asked = said.split("Questions for the room\n")[1].splitlines()
    assert asked[0].startswith(
        "Ken (the one pair): when you left stage 4, no check in your steps failed on the wrong"
        " model in which"
    ), asked[0]
    assert "rule" not in asked[0], "said once: 'when you left stage 4'"


def test_a_long_red_past_the_kata_says_the_stage_is_optional() -> None:
    """Red at the end on stage 6 of a pair who had finished the kata, asked as if it were the
    kata's: they were past it, on an optional stage (two facilitators)."""
    after = KATA_STAGES + 1
    runs = (a_run(0, "green", after, scenario="Before"), a_run(1, "red", after, reached=2))
    made = retro.retrospective(
        [Pair(1, "Ada", runs)], idle_after=60, stuck_after=2, ended=START + timedelta(minutes=4)
    )
    asked = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert asked[0].startswith(
        f"At the end, Ada, past the kata on the optional stage {after}, had been in red for"
    ), asked[0]


def test_a_thens_words_and_an_errors_name_from_a_post_are_text_on_the_page_never_markup() -> None:
    """A history line may come from anyone: the words of a Then are shown as written."""
    steps = {"caught": 1, "wrong_models": 9, "level": "steps", "stage": 2}
    hostile = ("<script>alert(1)</script> {x}",)
    run = a_run(0, "green", through=("dealer-leads",), empty_thens=hostile, **steps)
    html = pages.retro(retro.retrospective([Pair(1, "Ada", (run,))], idle_after=60))
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; …" in html


def test_thens_that_check_nothing_are_asked_of_a_pair_who_let_no_wrong_model_through() -> None:
    """The coach told Ada at each green that a Then checked nothing, yet every wrong model was
    caught by their other steps, and the retrospective never said it (a facilitator). A pair
    who let a wrong model through is asked both, apart."""
    steps = {"level": "steps", "caught": 9, "wrong_models": 9, "through": ()}
    empty = ("the deck is no longer in the {order} order",)
    ada = Pair(1, "Ada", (a_run(0, "green", empty_thens=empty, **steps),))
    made = retro.retrospective([ada], idle_after=60)
    assert made.questions == (
        let_through.EmptyThens((("Ada", ("the deck is no longer in the … order",)),), 1),
    )
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0] == (
        "Ada\u2019s Then “the deck is no longer in the … order” checks nothing: its body is `pass`."
        " What should it check?"
    )
    two = ("a", "b")
    ken = Pair(2, "Ken", (a_run(0, "green", empty_thens=two, **steps),))
    said = page_text(pages.retro(retro.retrospective([ada, ken], idle_after=60)))
    assert (
        "Both pairs who write their own steps have Thens that check nothing, each body `pass`"
        " (Ada: “the deck is no longer in the … order”; Ken: “a” and “b”): what should they"
        " check?"
    ) in said.splitlines()
    # "2 of 5 pairs" counted pairs who write no steps (a facilitator).
    cy = Pair(4, "Cy", (a_run(0, "green", level="model"),))
    said = page_text(pages.retro(retro.retrospective([ada, ken, cy], idle_after=60)))
    assert "Both pairs who write their own steps have Thens" in said
    through = {**steps, "caught": 8, "through": ("dealer-leads",)}
    linus = Pair(3, "Linus", (a_run(0, "green", 2, empty_thens=two, **through),))
    asked = retro.retrospective([linus], idle_after=60).questions
    assert [type(q).__name__ for q in asked] == ["LetThrough", "EmptyThens"]


def test_a_pair_silent_until_the_end_is_asked_about_it_too() -> None:
    """Edsger and Tony ran nothing in their last 4 min 53 s while the room went on, which the
    board marked idle, and the question named only an earlier stretch (a facilitator). The
    room's silence after its last light, waiting for the end, is no one's."""
    runs = (a_run(0, "green"), a_run(1, "green"), a_run(7, "green"))
    ken = Pair(2, "Ken", tuple(a_run(minute, "green") for minute in range(0, 13, 2)))
    ended = START + timedelta(minutes=30)
    made = retro.retrospective([Pair(1, "Ada", runs), ken], idle_after=3, ended=ended)
    assert made.questions == (
        questions.Quiet(
            "Ada", timedelta(minutes=6), "Scenario at 1", light="green", at_end=timedelta(minutes=5)
        ),
    )
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0] == (
        "Ada went 6 min without a run after their green run on “Scenario at 1”, and ran nothing"
        " in the last 5 min before the room\N{RIGHT SINGLE QUOTATION MARK}s last run: what held"
        " you up?"
    )
    made = retro.retrospective([Pair(1, "Ada", runs[:2]), ken], idle_after=3, ended=ended)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0] == (
        # "until the end" was heard as the dojo's end, which came later (a facilitator).
        "Ada went 11 min without a run after their green run on “Scenario at 1”, until the"
        " room\N{RIGHT SINGLE QUOTATION MARK}s last run: what held you up?"
    )
    # Red at the end is a stretch in red, asked as one.
    red = (*runs[:2], a_run(7, "red"))
    made = retro.retrospective([Pair(1, "Ada", red), ken], idle_after=3, stuck_after=60)
    assert made.questions == (
        questions.Quiet("Ada", timedelta(minutes=6), "Scenario at 1", light="green"),
    )


def test_the_guesses_are_counted_alike_on_the_board_and_in_the_retrospective() -> None:
    """A guess of a run with nothing written yet, amber by design, left out of the
    retrospective's count, gave "5 of 7" beside the board's "5/9" (a facilitator)."""
    guessing = {"constraint": "predict", "level": "examples"}
    runs = (
        a_run(0, "amber", guess="green", nothing_written=True, **guessing),
        a_run(1, "red", guess="red", **guessing),
        a_run(2, "green", guess="red", **guessing),
    )
    row = board.Row.of(Pair(1, "Ken", runs), START + timedelta(minutes=3))
    (pair,) = retro.retrospective([Pair(1, "Ken", runs)], idle_after=60).pairs
    assert row.constraint == "predict 1/3 right"
    assert (pair.right, pair.guessed) == (1, 3)


def guessed(made: retro.Retro) -> list[str]:
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1]
    return [line for line in said.split("Each pair")[0].splitlines() if " guessed " in line]


def test_a_guess_question_says_how_many_runs_were_guessed_and_the_misses_that_were_amber() -> None:
    """ "who guessed red or green before each run" of a pair who ran once without a guess; and
    "guessed right 6 of 9 times" where 2 of the misses were ambers, which a guess of red or
    green never gets right (two facilitators)."""
    guessing = {"constraint": "predict", "level": "examples"}
    runs = (
        a_run(0, "amber", guess="green", nothing_written=True, **guessing),
        a_run(1, "red", guess="red", **guessing),
        a_run(2, "amber", guess="green", amber="no-when", **guessing),
        a_run(3, "green", **guessing),
        a_run(4, "red", guess="green", **guessing),
    )
    made = retro.retrospective([Pair(1, "Ada", runs)], idle_after=60)
    assert made.questions[-1] == Guesses((Guessed("Ada", 1, 4, 5, 2, 1),), "the rules")
    (said,) = guessed(made)
    assert said == (  # the first, with nothing written yet, is the kata's design (a facilitator)
        "Ada, who guessed red or green before 4 of their 5 runs, guessed right 1 of 4 times; 2"
        " of the 3 misses were amber runs (one with nothing written yet), which neither red nor"
        " green gets right: which surprise taught you something about the rules?"
    )
    ken = Pair(2, "Ken", tuple(a_run(n, "green", guess="green", **guessing) for n in range(3)))
    made = retro.retrospective([Pair(1, "Ada", runs), ken], idle_after=60)
    (said,) = guessed(made)
    assert said == (
        "Both pairs guessed red or green before their runs (Ada 1 of 4 right, before 4 of their"
        " 5 runs, 2 of the 3 misses amber; Ken 3 of 3): which surprise taught you something about"
        " the rules?"
    )
    made = retro.retrospective([Pair(1, "Ada", runs[:3])], idle_after=60)
    (said,) = guessed(made)
    # Every red and green guessed right: "which surprise taught you something about the
    # rules?" asked for surprises they had not had (a facilitator).
    assert said == (
        "Ada, who guessed red or green before each run, guessed right 1 of 3 times; the misses"
        " were amber runs (one with nothing written yet), which neither red nor green gets right,"
        " and every red or green was guessed right: were the steps bold enough to teach you"
        " anything?"
    )


def test_a_pair_with_one_wrong_guess_is_asked_about_that_one() -> None:
    """ "which surprise taught you" of a pair who guessed wrong once suggested several (a
    facilitator)."""
    guessing = {"constraint": "predict"}
    runs = (
        a_run(0, "red", guess="red", **guessing),
        a_run(1, "green", guess="green", **guessing),
        a_run(2, "red", guess="green", **guessing),
    )
    (said,) = guessed(retro.retrospective([Pair(1, "Ada", runs)], idle_after=60))
    assert said == (
        "Ada, who guessed red or green before each run, guessed right 2 of 3 times: what did your"
        " one wrong guess teach you about the code?"
    )


def test_more_scenarios_passed_at_once_are_asked_right_after_the_question_they_add_to() -> None:
    """ "4 more scenarios … passed at once", read after a question of ambers, pointed back
    past it (a facilitator): it follows the question it adds to."""

    def at_once(*scenarios: str) -> tuple[Line, ...]:
        return tuple(
            a_run(n, "green", passed_at_once=True, scenario=scenario)
            for n, scenario in enumerate(scenarios, start=1)
        )

    amber = a_run(0, "amber", amber="code")
    room = [
        Pair(1, "Ada", (amber, *at_once("A", "B", "C"))),
        Pair(2, "Bea", (amber, *at_once("A", "B", "C"))),
        Pair(3, "Cy", (amber, *at_once("A"))),
    ]
    asked = retro.retrospective(room, idle_after=60).questions
    assert [type(q).__name__ for q in asked] == ["AtOnce", "AtOnce", "Ambers"]
    assert [q.more for q in asked if isinstance(q, AtOnce)] == [False, True]


def test_a_long_red_says_the_ambers_and_the_reverts_on_the_way() -> None:
    """ "2 min 41 s in red" of a pair 2 min 51 s without a green, two ambers at its end: the
    stretch runs to the green, as the board's minutes in red do, and says its ambers; and a
    revert by baby steps inside it is said (facilitators)."""
    new = {"scenario": "New", "reached": 2}
    runs = (
        a_run(0, "green", scenario="Before"),
        a_run(1, **new),
        a_run(2, reverted=True, **new),
        a_run(3, "amber", amber="code", **new),
        a_run(3.5, "amber", amber="code", **new),
        a_run(4, "green", **new),
    )
    made = retro.retrospective([Pair(1, "Ken", runs)], idle_after=60, stuck_after=2)
    (red,) = [q for q in made.questions if isinstance(q, questions.LongRed)]
    assert (red.span, red.ambers, red.reverts) == (timedelta(minutes=3), 2, 1)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0] == (
        "Ken spent 3 min in red on “New”, with 2 ambers among the reds, baby steps putting their"
        " files back once: what was the smallest next step?"
    )
    alone = (*runs[:2], runs[3], runs[5])  # one red, then an amber: a run since it
    made = retro.retrospective([Pair(1, "Ken", alone)], idle_after=60, stuck_after=2)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0] == (
        "Ken spent 3 min in red on “New”, with an amber on the way: what was the smallest next"
        " step?"
    )
    # Baby steps put the files back after an amber run too: it is said (a facilitator).
    reverted = (*runs[:2], replace(runs[3], reverted=True), runs[5])
    made = retro.retrospective([Pair(1, "Ken", reverted)], idle_after=60, stuck_after=2)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0] == (
        "Ken spent 3 min in red on “New”, with an amber on the way, baby steps putting their"
        " files back once: what was the smallest next step?"
    )


def test_an_uncounted_tidy_names_two_wrong_models_at_most_and_none_unknown() -> None:
    """Three sentences read aloud inside one reason would bury the question; a wrong model a
    newer coach measured has no sentence here: each is said as "a wrong model"."""
    runs = [
        a_run(m, "red" if m % 2 else "green", level="steps", files_hash="a", specified="s")
        for m in range(5)
    ]
    for through in [("dealer-leads", "three-then-two", "upcard-at-the-bottom"), ("unheard-of",)]:
        tidy = a_run(
            5, "green", level="steps", files_hash="b", specified="s", through=through, caught=1
        )
        made = retro.retrospective([Pair(1, "Ada", (*runs, tidy))], idle_after=60)
        said = page_text(pages.retro(made))
        assert "because their steps then let a wrong model through." in said, through


def test_an_uncounted_tidy_refers_to_wrong_models_a_question_before_named() -> None:
    """The uncounted tidy's reason said again, word for word, the two wrong models a question
    before it had asked the pair about: forty words read twice (a facilitator)."""
    runs = [
        a_run(m, "red" if m % 2 else "green", level="steps", files_hash="a", specified="s")
        for m in range(5)
    ]
    through = ("three-then-two", "threes-from-player-1")
    tidy = a_run(5, "green", level="steps", files_hash="b", specified="t", through=through)
    tidy = replace(tidy, caught=1, wrong_models=9)
    made = retro.retrospective([Pair(1, "Ada", (*runs, tidy))], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert said[0].startswith("Ada (the one pair): no check in your steps fails on the wrong")
    (asked,) = [line for line in said if line.startswith("Ada (the one pair at level steps)")]
    assert asked.endswith(
        "because their steps then let through the two wrong models named earlier. What did you"
        " change then, and what would you tidy now?"
    ), asked
    one = replace(tidy, through=through[:1])
    made = retro.retrospective([Pair(1, "Ada", (*runs, one))], idle_after=60)
    said = page_text(pages.retro(made))
    assert "let through the wrong model named earlier. What did you change" in said


def test_a_pair_under_baby_steps_with_no_revert_says_none() -> None:
    """A pair under baby steps whose files were never put back had no line of it, as if they
    had not been under the constraint (two facilitators)."""
    baby = {"constraint": "baby-steps", "minutes": 2}
    runs = (a_run(0, **baby), a_run(1, "green", **baby))
    said = page_text(pages.retro(retro.retrospective([Pair(1, "Ada", runs)], idle_after=60)))
    assert "Reverted by baby steps: none" in said
    said = page_text(pages.retro(retro.retrospective([Pair(1, "Ada", (a_run(0),))])))
    assert "Reverted by baby steps" not in said


def test_the_reverts_question_asks_what_the_pair_did_after() -> None:
    """ "what did you do differently the second time?" of a pair who went on red, then green:
    which second time (a facilitator)?"""
    baby = {"constraint": "baby-steps", "minutes": 2}
    runs = (a_run(0, **baby), a_run(3, reverted=True, **baby), a_run(4, "green", **baby))
    made = retro.retrospective([Pair(1, "Ada", runs)], idle_after=60)
    said = page_text(pages.retro(made)).split("Questions for the room\n")[1].splitlines()
    assert (
        "Baby steps put the files back for Ada once: what did you do differently after that?"
    ) in said, said


def test_two_pairs_who_saw_the_same_fail_first_are_named_together() -> None:
    """ "Ada, who write their own steps, saw 2 of them fail first, …, and had not reached the
    other 3, as did Edsger" was hard to follow read aloud (a facilitator)."""
    steps = {"level": "steps"}

    def writing_steps() -> tuple[Line, ...]:
        return (
            a_run(0, "green", scenario="First", **steps),
            a_run(1, scenario="A", reached=2, passed=1, no_step=True, **steps),
            a_run(2, "green", scenario="A", reached=2, **steps),
        )

    pairs = [
        Pair(1, "Ken", passing_at_once("A", "B", "C")),
        Pair(2, "Ada", writing_steps()),
        Pair(3, "Edsger", writing_steps()),
    ]
    said = page_text(pages.retro(retro.retrospective(pairs, idle_after=60)))
    assert (
        "Ada, and Edsger, who write their own steps, saw one of them fail first, on a step not"
        " yet defined, and had not reached the other 2."
    ) in said


def test_at_level_steps_a_tidy_of_the_model_is_said_though_the_steps_then_catch_more() -> None:
    """A deal rewritten with `Seat.left`, the steps unchanged, made one more wrong model meet a
    written part and be caught: the rhythm said "Refactor lights: 0" and nothing of it, and the
    question "without a refactor" (a facilitator)."""
    steps = {"level": "steps", "specified": "s", "wrong_models": 7}
    runs = [
        a_run(m, "red" if m % 2 else "green", files_hash=f"{m // 2}", caught=5, **steps)
        for m in range(5)
    ]
    through = ("dealer-leads",)
    runs[4] = replace(runs[4], through=through)
    tidy = a_run(5, "green", files_hash="tidy", caught=6, through=through, **steps)
    made = retro.retrospective([Pair(1, "Alan", (*runs, tidy))], idle_after=60)
    assert made.pairs[0].tidied == (("through",),)
    said = page_text(pages.retro(made))
    assert "changes between two greens the coach did not light as a refactor: once" in said
    # The same without a wrong model let through: `Seat.left` written between two greens let
    # the coach try on the model wrong models it could not before, all caught. The rhythm said
    # one change not lit where the facilitator's log had two, and the practice 2 refactorings.
    measured = [replace(run, through=()) for run in (*runs, tidy)]
    made = retro.retrospective([Pair(1, "Alan", tuple(measured))], idle_after=60)
    assert made.pairs[0].tidied == (("measured",),)
    said = page_text(pages.retro(made))
    assert "changes between two greens the coach did not light as a refactor: once" in said
    assert (
        "changed their model between two greens once, their steps as they were; the coach did"
        " not count it as a refactor, because the coach could then try on their model wrong"
        " models it could not before."
    ) in said
