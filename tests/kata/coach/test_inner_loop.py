"""The inner loop, visible: while a scenario is red, each failing unit test of the learner's is
shown with what it asserted, not by its name alone."""

from __future__ import annotations

from pathlib import Path

from euchre.kata import workspace as workspaces
from tests.workspaces import LEARNERS_IMPORT, run, write_learners_bug, write_stage


def test_while_a_scenario_is_red_each_failing_unit_test_shows_its_assertion(
    workspace: Path,
) -> None:
    write_stage(workspace, 1, "is not written yet")
    (workspace / "tests").mkdir()
    write_learners_bug(workspace)
    tests = "".join(
        f"def test_deals_{n}() -> None:\n    assert cards_dealt_to_each_player() == {n}\n\n"
        for n in (5, 6, 7, 8)
    )
    (workspace / "tests" / "test_mine.py").write_text(LEARNERS_IMPORT + tests)
    code, out = run(workspace, "test")
    assert code == 1
    lines = out.splitlines()
    at = lines.index("Your test: test_deals_5  (tests/test_mine.py::test_deals_5)")
    assert lines[at : at + 8] == [
        "Your test: test_deals_5  (tests/test_mine.py::test_deals_5)",
        "    assert 4 == 5",
        "     +  where 4 = cards_dealt_to_each_player()",
        "Your test: test_deals_6  (tests/test_mine.py::test_deals_6)",
        "    assert 4 == 6",
        "     +  where 4 = cards_dealt_to_each_player()",
        "Your test: test_deals_7  (tests/test_mine.py::test_deals_7)",
        "    assert 4 == 7",
    ]
    assert "… and 1 more failing test" in lines
    assert lines[-1] == "The full traceback: make test FULL=1"
    assert (
        lines.index("Scenario: Scenario 1 of Dealing the hand  (features/dealing.feature:5)") < at
    )


def test_the_workspace_readme_says_what_to_do_about_a_test_that_imports_a_name_not_written(
    tmp_path: Path,
) -> None:
    workspaces.create(tmp_path / "kata")
    readme = (tmp_path / "kata" / "README.md").read_text()
    advice = readme.split("### A test that imports a name not written yet")[1].split("##")[0]
    assert "amber" in advice
    assert "NotImplementedError" in advice
