"""Every run's code, kept in the workspace's git, beside the learner's work and never in its way.

Each run becomes a commit on a ref of its own, ``refs/kata/runs``, made with git's plumbing
through a temporary index: the learner's commits, branch, index and stash are never touched,
and since the ref holds every run (each the parent of the next), nothing the learner does with
git (a reset, a rebase, ``git gc --prune=now``) loses one. Git runs as a separate program, so
the coach stays standard library only; a workspace without git still runs, with a warning.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

REF = "refs/kata/runs"
SAID = "refs/kata/said"
"""The notes that keep what the coach told of each run, by its commit."""
INDEX = "kata-runs.index"
"""The coach's own index, in the repository's folder beside the learner's."""
IDENTITY = ("-c", "user.name=Euchre kata coach", "-c", "user.email=coach@kata.invalid")
"""The coach's runs are its own commits, under a name of their own, whoever the learner is."""


class GitFailedError(Exception):
    """Git is missing, or said no: the one line it wrote, or why it could not start."""


@dataclass(frozen=True)
class Change:
    """One file that changed between two runs, and how many of its lines."""

    path: str
    added: int
    deleted: int


def git(workspace: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """Run ``git args`` in ``workspace`` and return what it printed; GitFailedError if it fails."""
    return git_bytes(workspace, *args, env=env).decode("utf-8", "replace")


def git_bytes(
    workspace: Path, *args: str, env: dict[str, str] | None = None, stdin: bytes = b""
) -> bytes:
    """``git``, with what it printed as bytes (a file's name may be any bytes), given ``stdin``."""
    try:
        done = subprocess.run(
            ["git", *IDENTITY, *args],
            cwd=workspace,
            env=env,
            input=stdin,
            capture_output=True,
            check=False,
        )
    except OSError as error:  # no git on this machine, or the folder is gone
        raise GitFailedError(f"git cannot run: {error.strerror}") from None
    if done.returncode:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitFailedError(said[0] if said else f"git {args[0]} failed")
    return done.stdout


def record(workspace: Path, paths: Sequence[str], message: str, when: datetime) -> str:
    """Keep the files under ``paths`` as the next run, and return its commit."""
    git_dir, previous = _where(workspace)
    stamp = f"{int(when.timestamp())} +0000"
    env = {
        **os.environ,
        # The coach's own index, never the learner's; kept between runs, so that git hashes
        # again only the files whose size or time changed.
        "GIT_INDEX_FILE": str(git_dir / INDEX),
        "GIT_AUTHOR_DATE": stamp,
        "GIT_COMMITTER_DATE": stamp,
    }
    present = [path for path in paths if (workspace / path).exists()]
    if present:
        git(workspace, "add", "--all", "--", *present, env=env)
    gone = [path for path in paths if path not in present]
    if gone:
        git(workspace, "rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", *gone, env=env)
    tree = git(workspace, "write-tree", env=env).strip()
    parent = ["-p", previous] if previous else []
    commit = git(
        workspace, "commit-tree", "--no-gpg-sign", tree, *parent, "-m", message, env=env
    ).strip()
    # Given the run it follows ("": none), update-ref refuses if another run was recorded
    # meanwhile; --no-deref: a ref made a link to a branch is replaced, the branch never moved.
    git(workspace, "update-ref", "--no-deref", "-m", message, REF, commit, previous)
    return commit


def note(workspace: Path, commit: str, text: str) -> None:
    """Keep ``text`` as the note of the run ``commit`` on ``SAID``, in place of any before."""
    git_bytes(
        workspace, "notes", f"--ref={SAID}", "add", "-f", "-F", "-", commit, stdin=text.encode()
    )


def _where(workspace: Path) -> tuple[Path, str]:
    """The repository's folder, and the newest run ("" before the first), as git says them: its
    files (a packed ref, a reftable, a worktree's link) are git's to read, in git's encoding.
    The workspace must be the top of its repository, never a folder inside another's; the
    folder's name may hold any byte but NUL, a line break too, so it is read last, whole."""
    said = git_bytes(
        workspace,
        *("rev-parse", "--absolute-git-dir", "--show-cdup", "--revs-only", f"{REF}^{{commit}}"),
    ).removesuffix(b"\n")
    before, _, last = said.rpartition(b"\n")
    newest = last.decode("ascii") if re.fullmatch(rb"[0-9a-f]{40}|[0-9a-f]{64}", last) else ""
    folder, _, above = (before if newest else said).rpartition(b"\n")
    if above:  # git's way to the top of its work tree, "" at the top: "../" further down
        raise GitFailedError("the workspace is not the top of a git repository of its own")
    return Path(os.fsdecode(folder)), newest


def changes(workspace: Path, before: str, after: str) -> list[Change]:
    """The files that differ between two runs, with the lines added and deleted in each."""
    found = []
    # NUL-ended, each name as it is: without -z git quotes a name that is not ASCII.
    listed = git_bytes(workspace, "diff", "--numstat", "-z", "--no-renames", before, after)
    for entry in filter(None, listed.split(b"\0")):
        added, deleted, path = os.fsdecode(entry).split("\t", 2)
        # A binary file counts no lines: git writes "-" for both.
        found.append(Change(path, int(added.replace("-", "0")), int(deleted.replace("-", "0"))))
    return found


def diff(workspace: Path, before: str, after: str, colour: bool) -> str:
    """The unified diff from one run to another, in git's colours if ``colour``."""
    shown = "--color=always" if colour else "--no-color"
    # core.quotePath=false: a name that is not ASCII as it is, not as octal escapes.
    return git(
        workspace, "-c", "core.quotePath=false", "diff", shown, "--no-renames", before, after
    )


def lines_changed(diff: str) -> int:
    """The lines a unified diff adds and removes (``lines_added_removed``), together."""
    return sum(lines_added_removed(diff))


def lines_added_removed(diff: str, under: str = "") -> tuple[int, int]:
    """The lines a unified diff adds, and those it removes, as ``git diff --numstat`` counts
    them (a binary file's none), but for a line moved (``lines_moved``), which counts for
    neither. ``under`` a folder: those in its files alone."""
    added, removed, moved = _lines(diff, under)
    return (added - moved).total(), (removed - moved).total()


def lines_moved(diff: str) -> int:
    """The lines a unified diff moves: removed in one place and added in another, the same
    but for its indent, as git's ``--color-moved`` shows them. A line with no letter or digit
    in it (a blank line, a lone bracket) is never moved: nothing tells where it went."""
    return _lines(diff, "")[2].total()


def _lines(diff: str, under: str) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """The lines a unified diff adds and removes in the files ``under`` a folder (all: ""),
    each stripped of its indent, and those it moves anywhere. A line is told by where it is:
    in a hunk, after a file's header, whatever it holds ("--- x" may be a removed "-- x")."""
    added: Counter[str] = Counter()
    removed: Counter[str] = Counter()
    kept = (Counter[str](), Counter[str]())  # the lines in the files under the folder
    in_hunk, inside = False, not under
    for line in diff.splitlines():
        if line.startswith("diff --git "):
            in_hunk = False
            inside = not under or line.startswith(f"diff --git a/{under}/")
        elif line.startswith("@@"):
            in_hunk = True
        elif in_hunk and line[:1] in ("+", "-"):
            (added if line[0] == "+" else removed)[line[1:].strip()] += 1
            if inside:
                kept[line[0] == "-"][line[1:].strip()] += 1
    moved = Counter({line: n for line, n in (added & removed).items() if _movable(line)})
    return kept[0], kept[1], moved


def _movable(line: str) -> bool:
    """Whether a line holds a letter or a digit: a blank line or a lone bracket alike in two
    places tells nothing of where it went."""
    return any(character.isalnum() for character in line)


def step(workspace: Path, before: str, after: str) -> int:
    """The lines changed from one run to another (``lines_changed``)."""
    return lines_changed(diff(workspace, before, after, colour=False))
