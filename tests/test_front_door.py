"""One front door: `euchre kata ...`, `euchre dojo ...` and the game's commands, with help text
written for a terminal, and a missing extra said in one line that names its install command."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import euchre.kata
from euchre.cli import main

COMMANDS = ["kata", "dojo", "play", "replay", "simulate", "convert", "agree"]
KATA = ["new", "docs", "test", "next", "progress", "join"]


def help_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        main([*argv, "--help"])
    assert exited.value.code == 0
    return capsys.readouterr().out


def test_euchre_help_names_every_command_in_plain_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = help_of([], capsys)
    for command in COMMANDS:
        assert f"\n    {command} " in said, command
    assert "``" not in said
    assert "euchre kata new my-kata" in said, "an example to start from"


@pytest.mark.parametrize(
    "argv", [[command] for command in COMMANDS] + [["kata", action] for action in KATA]
)
def test_every_commands_help_is_plain_text(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    said = help_of(argv, capsys)
    assert said.startswith(f"usage: euchre {' '.join(argv)}")
    assert "``" not in said


def test_euchre_kata_help_names_its_commands(capsys: pytest.CaptureFixture[str]) -> None:
    said = help_of(["kata"], capsys)
    for action in KATA:
        assert f"\n    {action} " in said, action


def test_euchre_kata_new_makes_a_workspace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "my kata"
    assert main(["kata", "new", str(folder), "--level", "steps"]) == 0
    assert (folder / "features" / "dealing.feature").is_file()
    assert capsys.readouterr().out == (
        f"Your workspace is ready in {folder}. Next: cd '{folder}' && make test\n"
        "Without make (as on Windows), inside it: python kata.py test\n"
    )


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["nope"], "euchre: argument COMMAND: invalid choice: 'nope'"),
        (["play", "--level", "nope"], "euchre play: argument --level: 'nope' is not a level"),
        (["dojo", "serve", "--port", "x"], "euchre dojo serve: argument --port: invalid"),
        (["kata", "new"], "euchre kata new: the following arguments are required: DIR"),
        (["simulate", "--bogus"], "euchre: unrecognized arguments: --bogus"),
    ],
)
def test_bad_arguments_are_one_line_naming_the_command_and_its_help(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """As every problem a command meets: one line on standard error, exit status 2."""
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(said), lines[0]
    assert lines[0].endswith(f"(see {said.split(':')[0]} --help)"), lines[0]


def test_python_dash_m_euchre_kata_says_bad_arguments_in_one_line_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from euchre.kata.cli import main as kata_main

    with pytest.raises(SystemExit):
        kata_main(["nope"])
    assert capsys.readouterr().err.splitlines() == [
        "euchre kata: argument COMMAND: invalid choice: 'nope' (choose from 'new', 'docs',"
        " 'test', 'next', 'watch', 'progress', 'steps', 'review', 'join') (see euchre kata --help)"
    ]


def test_a_refused_workspace_is_one_line_named_by_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["kata", "new", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"euchre kata new: {tmp_path} is not an empty folder: choose a new or empty one\n"
    )


def test_without_the_docs_extra_kata_docs_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "jinja2", None)
    monkeypatch.delitem(sys.modules, "euchre.kata.docs", raising=False)
    monkeypatch.delattr(euchre.kata, "docs", raising=False)
    assert main(["kata", "docs", "--out", str(tmp_path / "page.html")]) == 2
    assert capsys.readouterr().err == (
        "euchre kata docs needs the docs extra (jinja2 is not installed):"
        " pip install 'euchre-kata[docs]'\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_python_dash_m_euchre_kata_is_the_same_door(capsys: pytest.CaptureFixture[str]) -> None:
    from euchre.kata.cli import main as kata_main

    with pytest.raises(SystemExit):
        kata_main(["--help"])
    said = capsys.readouterr().out
    assert said.startswith("usage: euchre kata")
    for action in KATA:
        assert f"\n    {action} " in said, action


def test_the_dashboard_imports_without_pytest_bdd_or_pytest() -> None:
    """The dojo extra alone has neither: the dashboard reads histories, never scenarios."""
    import subprocess

    blocked = "import sys; sys.modules.update(pytest_bdd=None, pytest=None, _pytest=None); "
    dashboard = "import euchre.dojo.app, euchre.dojo.pages, euchre.dojo.report, euchre.cli"
    done = subprocess.run(
        [sys.executable, "-c", blocked + dashboard], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
