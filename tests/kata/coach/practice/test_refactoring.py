"""The third beat: a refactor is recorded, shown and counted, and prompted by tools that read
the learner's own code. Small made-up workspaces, as in test_kata_coach.py."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from euchre.kata.coach.cli import main
from euchre.kata.coach.levels.chosen import level_of
from euchre.kata.coach.practice import refactoring
from euchre.kata.coach.record import history, learner
from euchre.kata.coach.record.files import UnreadableError
from euchre.kata.coach.record.line import Line
from euchre.kata.coach.record.stages import STAGES
from tests.kata.installs import history_lines
from tests.workspaces import forget_steps, kept_runs, run, write_stage

MODEL = level_of("model").advised
"""The folders the prompts read at level model, where the learner writes the model."""

# A learner's model of the Left Bar and of a trick's winner, written as `if` chains.
IF_CHAINS = """\
def suit_of(card, trump):
    if card.rank == "J":
        if trump == "H" and card.suit == "D":
            return "H"
        elif trump == "D" and card.suit == "H":
            return "D"
        elif trump == "C" and card.suit == "S":
            return "C"
        elif trump == "S" and card.suit == "C":
            return "S"
    return card.suit


def winner(cards, trump, lead):
    best = cards[0]
    for card in cards[1:]:
        if card.suit == trump and best.suit != trump:
            best = card
        elif card.suit == trump and best.suit == trump and card.rank > best.rank:
            best = card
        elif card.suit == lead and best.suit != trump and card.rank > best.rank:
            best = card
    return best
"""
TWICE = """\
def lead_of(cards, trump):
    first = cards[0]
    suit = first.suit
    if first.rank == "J":
        suit = trump
    return suit


def led(cards, trump):
    first = cards[0]
    suit = first.suit
    if first.rank == "J":
        suit = trump
    return suit
"""


def write_model(workspace: Path, text: str, name: str = "trick.py") -> None:
    (workspace / "euchre").mkdir(exist_ok=True)
    (workspace / "euchre" / name).write_text(text)


def test_a_green_after_a_green_with_the_learners_files_changed_is_a_refactor(
    workspace: Path,
) -> None:
    write_stage(workspace, 1)
    write_model(workspace, "ANSWER = 1\n")
    assert run(workspace, "test")[0] == 0
    code, out = run(workspace, "test")
    assert code == 0
    assert "🔁" not in out, "nothing changed: neither a refactor nor anything else"
    write_model(workspace, "ANSWER = 2 - 1\n")
    code, out = run(workspace, "test")
    assert code == 0
    assert "🔁 A refactor: green again, with your code changed." in out
    lines = history_lines(workspace)
    assert [line["refactor"] for line in lines] == [False, False, True]
    assert lines[0]["files_hash"] == lines[1]["files_hash"] != lines[2]["files_hash"]


def learners_tests(*tests: str) -> str:
    """A learner's test module of ``tests``, each reading the model as it is on disk."""
    model = 'MODEL = runpy.run_path(str(Path(__file__).parent.parent / "euchre" / "trick.py"))'
    return "\n\n".join(["import runpy\nfrom pathlib import Path\n", model, *tests])


def test_a_unit_test_added_or_changed_is_no_refactor_but_its_comments_and_layout_are(
    workspace: Path,
) -> None:
    """A new test specifies something more, even when it passes at once (a learner in the
    watch's trial was told "🔁 A refactor" for one)."""
    write_stage(workspace, 1)
    write_model(workspace, "ANSWER = 1\n")
    (workspace / "tests").mkdir(exist_ok=True)
    mine = workspace / "tests" / "test_mine.py"
    one = "def test_the_answer_is_one():\n    assert MODEL['ANSWER'] == 1\n"
    mine.write_text(learners_tests(one))
    assert run(workspace, "test")[0] == 0
    mine.write_text(learners_tests(one, "def test_it_is_odd():\n    assert MODEL['ANSWER'] % 2\n"))
    said = run(workspace, "test")[1]
    assert "and 2 of 2 unit tests" in said, "the learner's tests ran, and passed"
    assert "🔁" not in said, "a test added"
    changed = "def test_it_is_odd():\n    assert MODEL['ANSWER'] % 2 == 1\n"
    mine.write_text(learners_tests(one, changed))
    assert "🔁" not in run(workspace, "test")[1], "a test changed"
    explained = (
        'def test_the_answer_is_one():\n    """One."""\n    assert MODEL["ANSWER"] == 1  # 1\n'
    )
    mine.write_text(learners_tests(explained, changed))
    assert "🔁 A refactor" in run(workspace, "test")[1], "a docstring and a comment: the same tests"
    assert [r.refactor for r in kept_runs(workspace)] == [False, False, False, True]


def test_a_green_after_a_red_is_a_green_not_a_refactor(workspace: Path) -> None:
    write_stage(workspace, 1, "is not written yet")
    write_model(workspace, "ANSWER = 1\n")
    assert run(workspace, "test")[0] == 1
    write_stage(workspace, 1)
    write_model(workspace, "ANSWER = 2\n")
    assert run(workspace, "test")[0] == 0
    assert [r.refactor for r in kept_runs(workspace)] == [False, False]


def test_only_the_learners_files_at_their_level_make_a_change(workspace: Path) -> None:
    write_stage(workspace, 1)
    run(workspace, "test")
    (workspace / "step_defs" / "helpers.py").write_text("# at level model the steps are given\n")
    (workspace / "euchre").mkdir()
    (workspace / "euchre" / "__pycache__").mkdir()
    (workspace / "euchre" / "__pycache__" / "x.pyc").write_bytes(b"\0")
    (workspace / "euchre" / ".hidden").write_text("")
    assert "🔁" not in run(workspace, "test")[1]
    (workspace / learner.SETTINGS).write_text(learner.Settings("steps").to_json())
    run(workspace, "test")
    (workspace / "step_defs" / "helpers.py").write_text("# at level steps they are the learner's\n")
    assert "🔁 A refactor" in run(workspace, "test")[1]


def test_the_level_is_read_from_the_workspaces_settings_alone(tmp_path: Path) -> None:
    assert learner.level(tmp_path) == "model", "no settings at all"
    (tmp_path / "pyproject.toml").write_text('[tool.kata]\nlevel = "steps"\n')
    assert learner.level(tmp_path) == "model", "the level has one home: the settings"
    for level in ("steps", "examples"):
        (tmp_path / learner.SETTINGS).write_text(learner.Settings(level).to_json())
        assert learner.level(tmp_path) == level
    (tmp_path / learner.SETTINGS).write_text(
        '{"level": "everything", "constraint": "", "minutes": 2}'
    )
    with pytest.raises(UnreadableError, match="the level is not one of"):
        learner.level(tmp_path)  # a level the coach does not know stops the run
    assert learner.Settings("examples").paths == ("features",), "the examples are theirs"


def test_progress_shows_the_three_beats_of_each_stage_and_in_all(workspace: Path) -> None:
    start = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    for minute, light, refactor in [
        (0, "red", False),
        (2, "green", False),
        (3, "green", True),
        (4, "green", True),
        (5, "red", False),
        (6, "green", False),
    ]:
        moment = start.replace(minute=minute)
        history.append(workspace, Line(moment, 1, "x", light, 0, 1, refactor=refactor))
    code, out = run(workspace, "progress")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Lights: 🟥🟢🔁🔁🟥🟢"
    refactor = "🔁 green again with your files changed and nothing more specified: a refactor"
    assert refactor in lines[1]
    assert lines[3] == (
        "  Stage 1, Dealing the hand: 6 min, 2 red, 2 green, 2 refactors, 2 red-to-green"
    )
    assert "The three beats in all: 2 red, 2 green, 2 refactors" in lines


def test_a_refactor_is_a_light_of_its_own_kind_in_the_history_line() -> None:
    time = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    refactor = Line(time, 1, "x", "green", 1, 1, files_hash="ab12", refactor=True)
    assert Line.from_json(refactor.to_json()) == refactor
    assert (refactor.kind, refactor.symbol) == ("refactor", "🔁")
    at_once = Line(time, 1, "x", "green", 1, 1, passed_at_once=True, refactor=True)
    assert (at_once.kind, at_once.symbol) == ("at-once", "⚡")
    assert Line(time, 1, "x", "red", 0, 1, refactor=True).kind == "red"
    for field, value in [("refactor", "yes"), ("caught", "3"), ("wrong_models", 4.0)]:
        wrong = json.loads(refactor.to_json()) | {field: value}
        with pytest.raises(ValueError, match="wrong type"):
            Line.from_json(json.dumps(wrong))
    old = json.loads(refactor.to_json())
    del old["refactor"], old["files_hash"]
    assert Line.from_json(json.dumps(old)).kind == "green", "a line written before refactors"


def test_after_a_green_run_if_chains_are_prompted_towards_a_table_or_a_ranking(
    workspace: Path,
) -> None:
    write_stage(workspace, 3)
    write_stage(workspace, 1)
    write_model(workspace, IF_CHAINS)
    code, out = run(workspace, "test")
    assert code == 0, "prompts never change the light"
    lines = out.splitlines()
    at = lines.index("Worth a refactor (advice: the light stays green):")
    assert lines[at + 1 :] == [
        "  euchre/trick.py:3  a table (a dict) would say once what these 4 `if`s say one value"
        " at a time.",
        "  euchre/trick.py:17  these 3 `if`s compare values case by case: one ranking (each"
        " value's place in an order, then max()) would say it once.",
        "  euchre/trick.py:1  `suit_of` has 6 paths through it: could a table, or a smaller"
        " function for each case, say it more simply?",
    ]


def test_the_prompts_name_statements_written_twice_and_ruffs_simplifications(
    workspace: Path,
) -> None:
    write_model(workspace, TWICE)
    write_model(
        workspace, "def same(a, b):\n    if a:\n        if b:\n            return 1\n", "x.py"
    )
    found = [str(prompt) for prompt in refactoring.prompts(workspace, MODEL)]
    assert found == [
        "euchre/trick.py:10  lines 10-14 repeat euchre/trick.py:2-6: say it once, in a function"
        " both call.",
        "euchre/x.py:2  Use a single `if` statement instead of nested `if` statements.",
    ]


def test_without_ruff_the_coach_still_reads_the_code_itself(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_model(workspace, IF_CHAINS)
    monkeypatch.setattr(sys, "executable", str(workspace / "no-python-here"))
    found = refactoring.prompts(workspace, MODEL)
    assert [(p.path, p.line) for p in found] == [("euchre/trick.py", 3), ("euchre/trick.py", 17)]


def test_the_light_is_told_before_the_advice_is_looked_for(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under `make watch`, the light is what the learner waits for: ruff is not waited on."""
    write_stage(workspace, 1)
    write_model(workspace, IF_CHAINS)
    said: list[str] = []
    told_first: list[str] = []
    looking = refactoring.prompts

    def prompts(folder: Path, folders: tuple[str, ...]) -> list[refactoring.Prompt]:
        told_first.extend(said)
        return looking(folder, folders)

    monkeypatch.setattr(refactoring, "prompts", prompts)
    forget_steps()
    assert main(["test"], workspace, said.append) == 0
    assert told_first[0].startswith("🟢 Stage 1 of 10"), told_first
    assert "Worth a refactor (advice: the light stays green):" in said
    assert said.index("Worth a refactor (advice: the light stays green):") >= len(told_first)


def test_ruff_beside_the_coachs_python_runs_without_starting_python_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    [program] = refactoring.ruff_command()
    assert (Path(program).parent, Path(program).stem) == (Path(sys.executable).parent, "ruff")
    lone = tmp_path / "bin" / "python"
    lone.parent.mkdir()
    lone.write_text("")
    monkeypatch.setattr(sys, "executable", str(lone))
    assert refactoring.ruff_command() == [str(lone), "-m", "ruff"], "found by ruff's own module"


def test_a_ruff_branch_count_and_a_file_that_does_not_parse(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(refactoring, "MAX_COMPLEXITY", 20)
    branches = "".join(f"    if x == {n}:\n        y = {n}\n" for n in range(8))
    write_model(workspace, f"def many(x):\n    y = 0\n{branches}    return y\n")
    write_model(workspace, "def broken(:\n", "broken.py")
    found = [str(prompt) for prompt in refactoring.prompts(workspace, MODEL)]
    assert found == [
        "euchre/trick.py:1  this function has 8 branches: could a table, or a smaller function for"
        " each case, say them more simply?"
    ]
    assert refactoring.prompts(workspace, level_of("examples").advised) == []


def test_a_stage_with_no_prompts_says_nothing_of_them(workspace: Path) -> None:
    write_stage(workspace, 1)
    write_model(workspace, "ANSWER = 1\n")
    assert "Worth a refactor" not in run(workspace, "test")[1]


def test_the_fingerprint_changes_with_a_name_or_a_content(tmp_path: Path) -> None:
    (tmp_path / "euchre").mkdir()
    (tmp_path / "euchre" / "a.py").write_text("x = 1\n")
    first = learner.fingerprint(tmp_path, "model")
    (tmp_path / "euchre" / "a.py").rename(tmp_path / "euchre" / "b.py")
    assert learner.fingerprint(tmp_path, "model") != first
    (tmp_path / "euchre" / "b.py").rename(tmp_path / "euchre" / "a.py")
    assert learner.fingerprint(tmp_path, "model") == first
    assert learner.fingerprint(tmp_path, "examples") != first, "features/ only, and none yet"
    assert [p.name for p in learner.files(tmp_path, "model")] == ["a.py"]
    assert STAGES  # the stages are read where the levels are


def test_a_chain_is_a_table_when_it_names_values_and_nothing_when_it_works_them_out(
    workspace: Path,
) -> None:
    write_model(
        workspace,
        "def points(card):\n"
        "    if card.suit is Suit.HEARTS:\n        return 1\n"
        "    elif card.rank in ('J', 'A'):\n        return 2\n"
        "    elif card.rank == [10]:\n        return 3\n"
        "    return 0\n\n\n"
        "def same(a, b, c):\n"
        "    if a == b:\n        return 1\n"
        "    elif b == c:\n        return 2\n"
        "    elif a == c:\n        return 3\n"
        "    return 0\n",
    )
    found = [(p.line, p.sentence.split(":")[0]) for p in refactoring.prompts(workspace, MODEL)]
    assert found == [
        (2, "a table (a dict) would say once what these 3 `if`s say one value at a time.")
    ]


def test_a_prompt_is_said_again_only_once_its_file_has_changed(workspace: Path) -> None:
    """The advice of a file the learner has not touched since it was given is not repeated at
    every green, and a run reads and parses only the files changed since the last prompts."""
    write_stage(workspace, 1)
    write_model(workspace, IF_CHAINS)
    assert "euchre/trick.py:3" in run(workspace, "test")[1]
    write_model(workspace, "ANSWER = 1\n", "other.py")
    again = run(workspace, "test")[1]
    assert "euchre/trick.py" not in again
    assert "Worth a refactor" not in again
    write_model(workspace, IF_CHAINS + "\n\nCHANGED = True\n")
    assert "euchre/trick.py:3" in run(workspace, "test")[1]


def test_the_advice_fits_the_code_it_names_not_always_the_cards(workspace: Path) -> None:
    """Dealing has no card to rank: its paths and branches are told without ranking cards."""
    cases = "".join(f"    if n == {k}:\n        dealt += {k}\n" for k in range(8))
    write_model(workspace, f"def deal(n):\n    dealt = 0\n{cases}    return dealt\n")
    found = refactoring.prompts(workspace, MODEL)
    assert [prompt.sentence.split()[0] for prompt in found] == ["`deal`"], found
    assert "card" not in found[0].sentence, found


def test_a_file_gone_before_it_is_read_costs_no_prompt_and_no_error(workspace: Path) -> None:
    """A link to nowhere (an editor's lock file, a file moved away) is listed but unreadable."""
    write_model(workspace, IF_CHAINS)
    alone = refactoring.prompts(workspace, MODEL)
    assert alone, "the chains are prompted"
    (workspace / refactoring.PROMPTED).unlink()  # as if never prompted
    (workspace / "euchre" / "gone.py").symlink_to(workspace / "nowhere.py")
    assert refactoring.prompts(workspace, MODEL) == alone


# A learner's `Hand.apply` rewritten as the advice asked: each case one call of a small method.
DISPATCH = """\
class Hand:
    def apply(self, action, seat=None):
        if self.turn is None:
            raise HandOverError(action)
        if seat is None:
            seat = self.turn
        match action:
            case Play(card=card):
                self._play(seat, card)
            case OrderUp():
                self._order_up(seat)
            case Pass():
                return self._pass(seat)
            case Call(suit=suit):
                self._call(seat, suit)
            case Discard(card=card):
                self._discard(seat, card)
            case _:
                raise WrongPhaseError(action)

    def act(self, action, seat):
        if isinstance(action, Play):
            self._play(seat, action.card)
        elif isinstance(action, OrderUp):
            self._order_up(seat)
        elif isinstance(action, Pass):
            self._pass(seat)
        elif isinstance(action, Call):
            self._call(seat, action.suit)
        elif isinstance(action, Discard):
            self._discard(seat, action.card)
        elif isinstance(action, DefendAlone):
            self._defend(seat)
        else:
            raise WrongPhaseError(action)
"""


def test_a_function_whose_cases_each_only_delegate_is_not_prompted_again(
    workspace: Path,
) -> None:
    """A `match` (or an `if` chain) whose every case is one call is the smaller function for
    each case the advice asks for: its paths are not told again, whatever ruff counts."""
    write_model(workspace, DISPATCH)
    assert refactoring.prompts(workspace, MODEL) == []


def test_a_case_that_does_more_than_delegate_is_still_counted(workspace: Path) -> None:
    write_model(
        workspace,
        DISPATCH.replace("case OrderUp():\n", "case OrderUp():\n                seat.say()\n", 1),
    )
    found = [str(prompt) for prompt in refactoring.prompts(workspace, MODEL)]
    assert found == [
        "euchre/trick.py:2  `apply` has 8 paths through it: could a table, or a smaller function"
        " for each case, say it more simply?"
    ]


def test_a_chain_choosing_by_type_is_not_told_to_rank(workspace: Path) -> None:
    """A ranking fits values compared in an order, not actions told apart by their type."""
    write_model(
        workspace,
        "def apply(hand, action):\n"
        "    if isinstance(action, Play) and len(hand.trick) < 4:\n        hand.play(action)\n"
        "    elif isinstance(action, Pass):\n        hand.pass_()\n"
        "    elif type(action) is Call:\n        hand.call(action)\n",
    )
    assert refactoring.prompts(workspace, MODEL) == []
