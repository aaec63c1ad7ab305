"""After a green run: at most three refactoring prompts found in the learner's own code.

Ruff (a dev dependency of the workspace) checks complexity (C901), branches (PLR0912) and
simplifications (SIM). What ruff has no rule for, this module reads (cases.py): chains of ``if``
that a table or one ranking would say once, statements written twice, and cases that only hand
on to a function each, which ruff counts as paths. Advice never changes the light, and a
missing or failing ruff only means fewer prompts.
"""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from ..hooks import Say, hookimpl
from ..record.files import write_atomically
from ..testrun import TestRun
from .cases import COUNTED, chain, delegated, elifs

MOST = 3
RULES = ("C901", "PLR0912", "SIM")
MAX_COMPLEXITY = 5
MAX_BRANCHES = 6
REPEATED_LINES = 3
"""Statements written twice that span at least this many lines are a duplicate."""
LONGEST_RUN = 8
"""The most statements in a row compared at once: a longer duplicate shows as its start."""


@dataclass(frozen=True, order=True)
class Prompt:
    """One refactoring prompt: how much it matters (lower first), where, and one sentence."""

    priority: int
    path: str
    line: int
    sentence: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}  {self.sentence}"


@hookimpl
def coach_told(run: TestRun, say: Say) -> None:
    """After a green run's words: the prompts, if any."""
    if run.line is None or run.line.light != "green":
        return
    found = prompts(run.workspace, run.level.advised)
    if found:
        say("Worth a refactor (advice: the light stays green):")
    for prompt in found:
        say(f"  {prompt}")


def prompts(workspace: Path, folders: tuple[str, ...]) -> list[Prompt]:
    """The prompts worth most, at most three, one to a line of code, from the files of
    ``folders`` changed since the last prompts: advice already given of a file left as it was
    is not repeated, and a file left as it was costs nothing to read again."""
    sources = [
        path
        for folder in folders
        for path in sorted((workspace / folder).rglob("*.py"))
        if "__pycache__" not in path.parts
    ]
    hashes = {_shown(workspace, path): _hash(path) for path in sources}
    prompted = _prompted(workspace)
    sources = [path for path in sources if prompted.get(_shown(workspace, path)) != _hash(path)]
    with suppress(OSError):  # a memory: if it cannot be kept, the next green says it all again
        write_atomically(workspace / PROMPTED, json.dumps(hashes, sort_keys=True) + "\n")
    trees = dict(_parsed(workspace, sources))
    found = sorted([*_ruff(workspace, sources, trees), *_read(trees)])
    chosen: list[Prompt] = []
    for prompt in found:
        if (prompt.path, prompt.line) not in {(p.path, p.line) for p in chosen}:
            chosen.append(prompt)
    return chosen[:MOST]


SENTENCES = {
    "SIM116": (0, "these `if`s map each value to an answer: a table (a dict) would say it once."),
    "C901": (
        1,
        "`{name}` has {n} paths through it: could a table, or a smaller function for each case,"
        " say it more simply?",
    ),
    "PLR0912": (
        2,
        "this function has {n} branches: could a table, or a smaller function for each case,"
        " say them more simply?",
    ),
}


def _ruff(workspace: Path, sources: list[Path], trees: dict[str, ast.Module]) -> Iterator[Prompt]:
    if not sources:
        return
    command = [
        *ruff_command(),
        *("check", "--isolated", "--exit-zero"),
        *("--select", ",".join(RULES), "--output-format", "json"),
        *("--config", f"lint.mccabe.max-complexity={MAX_COMPLEXITY}"),
        *("--config", f"lint.pylint.max-branches={MAX_BRANCHES}"),
        *map(str, sources),
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=True)
        found = json.loads(done.stdout)
    except (OSError, ValueError, subprocess.SubprocessError):  # no ruff, or a ruff that failed
        return
    for diagnostic in found:
        code, message = diagnostic["code"], diagnostic["message"]
        if not str(code).startswith(RULES):  # a syntax error, in a file the run never imported
            continue
        words = message.split()
        name = words[0].strip("`") if words else ""
        number = message.split("(")[-1].split()[0] if "(" in message else ""
        shown, row = _shown(workspace, Path(diagnostic["filename"])), diagnostic["location"]["row"]
        if code in COUNTED and number.isdigit():
            kept = int(number) - delegated(trees.get(shown), row, code)
            if kept <= (MAX_COMPLEXITY if code == "C901" else MAX_BRANCHES):
                continue  # the rest of its paths are cases that each hand on to a function
        priority, sentence = SENTENCES.get(code, (4, message.rstrip(".") + "."))
        yield Prompt(priority, shown, row, sentence.format(name=name, n=number))


def ruff_command() -> list[str]:
    """Ruff's own program, beside the coach's Python, run as it is; else ``python -m ruff``,
    which starts a second Python only to find that program (13 ms a green run, here)."""
    beside = shutil.which("ruff", path=str(Path(sys.executable).parent))
    return [beside] if beside else [sys.executable, "-m", "ruff"]


def _shown(workspace: Path, path: Path) -> str:
    return path.resolve().relative_to(workspace.resolve()).as_posix()


PROMPTED = ".kata-prompted.json"
"""Each file's hash when the last prompts were found: what has changed since."""


def _hash(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:  # gone since it was listed
        return ""


def _prompted(workspace: Path) -> dict[str, str]:
    try:
        kept = json.loads((workspace / PROMPTED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(path): str(hash) for path, hash in kept.items()} if isinstance(kept, dict) else {}


def _parsed(workspace: Path, sources: list[Path]) -> Iterator[tuple[str, ast.Module]]:
    """Each file that parses, by the name it is shown by."""
    for path in sources:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, ValueError, OSError):  # the run was green: a file it never imports
            continue
        yield _shown(workspace, path), tree


def _read(trees: dict[str, ast.Module]) -> Iterator[Prompt]:
    """The ``if`` chains and the repeated statements in the learner's code."""
    seen: dict[tuple[int, ...], tuple[str, int, int]] = {}
    links: set[int] = set()
    reported: list[tuple[str, int, int]] = []
    for shown, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and id(node) not in links:
                links.update(id(link) for link in elifs(node))
                said = chain(node)
                if said:
                    yield Prompt(0, shown, node.lineno, said)
            for body in _bodies(node):
                yield from _repeated(shown, body, seen, reported)


def _bodies(node: ast.AST) -> Iterator[list[ast.stmt]]:
    """The blocks of statements in ``node``; not a module's, whose repeats are its imports."""
    if isinstance(node, ast.Module):
        return
    for name in ("body", "orelse", "finalbody"):
        body = getattr(node, name, None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            yield body


def _repeated(
    shown: str,
    body: list[ast.stmt],
    seen: dict[tuple[int, ...], tuple[str, int, int]],
    reported: list[tuple[str, int, int]],
) -> Iterator[Prompt]:
    """Runs of statements already seen elsewhere, the longest run from each start, once."""
    dumps = [hash(ast.dump(statement)) for statement in body]
    start = 0
    while start < len(body):
        for end in range(min(len(body), start + LONGEST_RUN), start, -1):
            first, last = body[start].lineno, body[end - 1].end_lineno or body[end - 1].lineno
            inside = any(f == shown and a <= first <= b for f, a, b in reported)
            if last - first + 1 < REPEATED_LINES or inside:
                continue
            key = tuple(dumps[start:end])
            if key in seen:
                where, since, until = seen[key]
                reported.append((shown, first, last))
                yield Prompt(
                    3,
                    shown,
                    first,
                    f"lines {first}-{last} repeat {where}:{since}-{until}: say it once, in a"
                    " function both call.",
                )
                start = end - 1
                break
            seen[key] = (shown, first, last)
        start += 1
