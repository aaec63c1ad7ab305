"""The README and the pages of docs/: every link lands; every command, option, make target,
path and module they name is real; and every command is documented.

The README is the front page; the reference moved to docs/. What checked the README before checks
each page now: their `>>>` examples run as doctests (pyproject.toml's testpaths and
--doctest-glob), the stage tables stay in the README (tests/test_stage_order.py), and these tests
read every page alike.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from _pytest.pathlib import fnmatch_ex

from euchre.cli import parser
from tests.paths import ROOT

README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
COMMANDS = DOCS / "commands.md"
MAKEFILES = {
    "the project": ROOT / "Makefile",
    "a workspace": ROOT / "euchre/kata/workspace_files/Makefile",
}
FRONT_PAGE_LINES = 350
# A path in backticks that starts with one of these is a file or folder of this repository.
REPOSITORY_FOLDERS = (
    "euchre/",
    "features/",
    "step_defs/",
    "tests/",
    "bench/",
    "mutation/",
    "docs/",
)
REPOSITORY_PATH = re.compile(r"(?<![\w./-])((?:" + "|".join(REPOSITORY_FOLDERS) + r")[\w./-]*)")

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`([^`]+)`")  # a span may run over a line break, as in Markdown
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def prose(text: str) -> str:
    """The text with its code blocks and code spans taken out: what Markdown renders as links."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def code(text: str) -> list[str]:
    """Every code span, and every line of every code block (a shell comment cut off)."""
    lines = [
        line.split(" #")[0].rstrip() for block in FENCE.findall(text) for line in block.splitlines()
    ]
    spans = [" ".join(span.split()) for span in CODE_SPAN.findall(FENCE.sub("", text))]
    return spans + [line.removeprefix("$ ") for line in lines]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    words = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return words.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    headings = [
        line.lstrip("#").strip()
        for line in FENCE.sub("", page.read_text(encoding="utf-8")).splitlines()
        if re.match(r"#{1,6} ", line)
    ]
    found: set[str] = set()
    for heading in headings:
        name, number = slug(heading), 0
        while (name if number == 0 else f"{name}-{number}") in found:
            number += 1
        found.add(name if number == 0 else f"{name}-{number}")
    return found


def links(page: Path) -> list[str]:
    targets = LINK.findall(prose(page.read_text(encoding="utf-8")))
    return [target for target in targets if not re.match(r"[a-z]+:", target)]


def broken(page: Path, target: str) -> str | None:
    """Why a relative link of ``page`` lands nowhere, or None when it lands."""
    path, _, anchor = target.partition("#")
    landing = (page.parent / path).resolve() if path else page
    if not landing.exists():
        return f"{target}: no such file"
    if anchor and landing.suffix == ".md" and anchor not in anchors(landing):
        return f"{target}: {landing.name} has no heading #{anchor}"
    return None


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_lands_on_a_file_and_heading_that_exist(page: Path) -> None:
    problems = [problem for target in links(page) if (problem := broken(page, target))]
    assert problems == []


def test_the_link_check_sees_a_missing_file_and_a_missing_heading() -> None:
    assert broken(README, "features/") is None
    assert broken(README, "docs/bots.md#no-such-heading") == (
        "docs/bots.md#no-such-heading: bots.md has no heading #no-such-heading"
    )
    assert broken(README, "docs/nothing.md") == "docs/nothing.md: no such file"
    assert slug("Every run's code, and `make review`") == "every-runs-code-and-make-review"
    assert slug("Level examples: writing the examples yourself") == (
        "level-examples-writing-the-examples-yourself"
    )


def test_every_docs_page_is_linked_from_the_readme() -> None:
    linked = {(README.parent / target.partition("#")[0]).resolve() for target in links(README)}
    assert [page.name for page in PAGES[1:] if page.resolve() not in linked] == []


def test_the_readme_is_a_front_page_of_at_most_350_lines() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= FRONT_PAGE_LINES


def test_the_examples_of_every_page_run_as_doctests() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    ini = options["pytest"]["ini_options"]
    globs = [option.split("=", 1)[1] for option in ini["addopts"] if "--doctest-glob=" in option]
    assert {"README.md", "docs"} <= set(ini["testpaths"])
    for page in PAGES:  # matched as pytest matches them, the folder too when a glob has one
        assert any(fnmatch_ex(glob, page) for glob in globs), page.name
    assert ">>> " in (DOCS / "model.md").read_text(encoding="utf-8"), "the model's examples"


def test_every_repository_path_named_in_the_docs_exists() -> None:
    missing = [
        f"{page.name}: {path}"
        for page in PAGES
        for span in code(page.read_text(encoding="utf-8"))
        for path in REPOSITORY_PATH.findall(span)
        if not (ROOT / path.rstrip(".")).exists()
    ]
    assert missing == []


def test_every_module_the_docs_run_can_be_imported() -> None:
    modules = {
        module
        for page in PAGES
        for span in code(page.read_text(encoding="utf-8"))
        for module in re.findall(r"(?:python -m|-p) (euchre[\w.]*)", span)
    }
    assert modules, "the docs run modules of euchre"
    assert sorted(module for module in modules if importlib.util.find_spec(module) is None) == []


# The commands: `euchre ...` as argparse knows it, and `make ...` as the Makefiles do.


def subcommands(command: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in command._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def options(command: argparse.ArgumentParser) -> set[str]:
    return {
        option
        for action in command._actions
        for option in action.option_strings
        if option.startswith("--")
    }


def leaves(
    command: argparse.ArgumentParser, words: tuple[str, ...] = ("euchre",)
) -> dict[str, argparse.ArgumentParser]:
    below = subcommands(command)
    if not below:
        return {" ".join(words): command}
    found: dict[str, argparse.ArgumentParser] = {}
    for name, child in below.items():
        found |= leaves(child, (*words, name))
    return found


@dataclass(frozen=True)
class Run:
    """What a span of code that runs `euchre` names: its commands, their parser, its --options,
    and the words after the commands."""

    words: str
    command: argparse.ArgumentParser
    flags: list[str]
    rest: list[str]


def named(span: str) -> Run | None:
    words = span.split()
    if len(words) < 2 or words[0] != "euchre":  # `euchre` alone names the program
        return None
    command, at = parser(), 1
    while at < len(words) and words[at] in subcommands(command):
        command, at = subcommands(command)[words[at]], at + 1
    flags = re.findall(r"(?<![\w-])--[a-z][a-z-]*", span)
    return Run(" ".join(words[:at]), command, flags, words[at:])


def targets(makefile: Path) -> set[str]:
    lines = makefile.read_text(encoding="utf-8").splitlines()
    return {word for line in lines if line.startswith(".PHONY:") for word in line.split()[1:]}


def mistakes(span: str) -> list[str]:
    """What is wrong with a span of code that runs `euchre`: a command or an option it lacks."""
    if (run := named(span)) is None:
        return []
    wrong = [
        f"{run.words} has no option {flag}"
        for flag in run.flags
        if flag not in options(run.command)
    ]
    first = run.rest[0] if run.rest else "-"
    if subcommands(run.command) and not (first.startswith("-") or first.isupper()):
        wrong.append(f"{run.words} has no command {first}")
    return wrong


def test_every_euchre_command_in_the_docs_names_real_commands_and_options() -> None:
    wrong = [
        f"{page.name}: `{span}`: {mistake}"
        for page in PAGES
        for span in code(page.read_text(encoding="utf-8"))
        for mistake in mistakes(span)
    ]
    assert wrong == []


def test_the_command_check_reads_commands_options_and_targets_as_they_are() -> None:
    assert named("euchre") is None
    run = named("euchre kata new DIR [--level model|steps|examples]")
    assert run is not None
    assert (run.words, run.flags, run.rest[0]) == ("euchre kata new", ["--level"], "DIR")
    assert "--level" in options(run.command)
    assert mistakes("euchre kata tset") == ["euchre kata has no command tset"]
    assert mistakes("euchre play --sede 3") == ["euchre play has no option --sede"]
    assert mistakes("euchre kata") == mistakes("euchre COMMAND --help") == []
    assert "euchre dojo serve" in leaves(parser())
    assert {"test", "kata", "dojo"} <= targets(MAKEFILES["the project"])
    assert code("a `make test` b\n```sh\n$ euchre play  # a game\n```\n") == [
        "make test",
        "```sh",
        "euchre play",
        "```",
    ]


def test_every_euchre_command_and_option_is_in_the_commands_page() -> None:
    runs = [run for span in code(COMMANDS.read_text(encoding="utf-8")) if (run := named(span))]
    for words, command in leaves(parser()).items():
        synopses = [run for run in runs if run.words == words]
        assert synopses, f"docs/commands.md does not show `{words}`"
        shown = {flag for run in synopses for flag in run.flags}
        missing = options(command) - {"--help"} - shown
        assert not missing, f"docs/commands.md does not show {sorted(missing)} of `{words}`"


def test_every_make_target_is_in_the_commands_page() -> None:
    text = COMMANDS.read_text(encoding="utf-8")
    for where, makefile in MAKEFILES.items():
        missing = [target for target in targets(makefile) if f"`make {target}" not in text]
        assert missing == [], f"{where}'s targets not in docs/commands.md"


def test_every_make_command_in_the_docs_names_a_target() -> None:
    known = set().union(*(targets(makefile) for makefile in MAKEFILES.values()))
    wrong = [
        f"{page.name}: `{span}`"
        for page in PAGES
        for span in code(page.read_text(encoding="utf-8"))
        for target in re.findall(r"(?:^|\s)make ([a-z][\w-]*)", span)
        if target not in known
    ]
    assert wrong == []


ENTRY = re.compile(r"^entry (run|hint): (\S+):(\w+(?:\.\w+)?):(\w+)$", re.MULTILINE)


def test_the_architecture_names_where_a_reader_enters_each_path() -> None:
    """Each entry names a function that exists, in the file named, with the parameter named."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    entries = ENTRY.findall(text)
    assert [path for path, *_ in entries] == ["run", "hint"]
    for _, file, function, parameter in entries:
        tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
        holder, _, name = function.rpartition(".")
        scope = tree.body
        if holder:
            scope = next(
                n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == holder
            ).body
        found = next(n for n in scope if isinstance(n, ast.FunctionDef) and n.name == name)
        assert parameter in [argument.arg for argument in found.args.args], (file, function)
