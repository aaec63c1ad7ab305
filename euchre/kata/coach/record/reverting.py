"""Baby steps' revert: the learner's files put back as a green run kept them, and never a file
changed since the run that is reverted was kept.

The run's files are kept first (runs.record), then put back. A file the learner changes in
between (an editor's save that lands as `make test` ends) is in no run: so only the files that
differ between the two runs are touched, and of these only those still as the reverted run
kept them; any other is left as the learner has it, and named. The names are read NUL-ended,
as bytes: a name may hold any byte but NUL, a line break too, and need not be UTF-8.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from contextlib import suppress
from pathlib import Path

from .runs import git, git_bytes

LINK = "120000"
"""A symbolic link's mode in a tree: its object is the link's target."""


def restore(workspace: Path, now: str, then: str) -> list[str]:
    """Put the files kept at run ``now`` back as they were at run ``then``; the names of those
    left as they are, changed since ``now`` was kept. The learner's index is not touched."""
    kept, green = _entries(workspace, now), _entries(workspace, then)
    differ = sorted(
        name for name in kept.keys() | green.keys() if kept.get(name) != green.get(name)
    )
    changed = _changed(workspace, [name for name in differ if name in kept], kept)
    for name in differ:
        if name in kept and name not in green and name not in changed:
            (workspace / name).unlink(missing_ok=True)
            _prune(workspace, (workspace / name).parent)
    # Not there when ``now`` was kept, and there now: made since (a folder emptied above is gone).
    changed += [name for name in differ if name not in kept and os.path.lexists(workspace / name)]
    back = [os.fsencode(name) for name in differ if name in green and name not in changed]
    if back:
        with tempfile.TemporaryDirectory(prefix="kata-restore-") as temporary:
            env = {**os.environ, "GIT_INDEX_FILE": str(Path(temporary) / "index")}
            git(workspace, "read-tree", then, env=env)
            stdin = b"".join(name + b"\0" for name in back)
            git_bytes(workspace, "checkout-index", "--force", "-z", "--stdin", env=env, stdin=stdin)
    return sorted(changed)


def _entries(workspace: Path, run: str) -> dict[str, tuple[str, str]]:
    """Each file kept at ``run``, by its name: its mode and its object."""
    listed = git_bytes(workspace, "ls-tree", "-r", "-z", "--full-tree", run).split(b"\0")
    entries = (os.fsdecode(entry).split("\t", 1) for entry in listed if entry)
    return {name: (fields.split()[0], fields.split()[2]) for fields, name in entries}


def _changed(workspace: Path, names: list[str], kept: dict[str, tuple[str, str]]) -> list[str]:
    """Those of ``names`` no longer as ``kept`` holds them: changed, gone, or of another kind.
    Git hashes each file as it would keep it (its filters, such as line endings, applied); a
    link is its target."""
    files, same = [], set()
    for name in names:
        path = workspace / name
        mode = os.lstat(path).st_mode if os.path.lexists(path) else 0
        if kept[name][0] == LINK and stat.S_ISLNK(mode):
            if _blob(os.readlink(os.fsencode(path)), kept[name][1]) == kept[name][1]:
                same.add(name)
        elif kept[name][0] != LINK and stat.S_ISREG(mode):
            files.append(name)
    hashed = git(workspace, "hash-object", "--", *files).split() if files else []
    same |= {name for name, found in zip(files, hashed, strict=True) if kept[name][1] == found}
    return [name for name in names if name not in same]


def _blob(content: bytes, like: str) -> str:
    """The name git gives an object of ``content``, in the hash ``like`` was named with."""
    # Git's own names for its objects: SHA-1, or SHA-256 in a repository made with it.
    # Git's own names for its objects: SHA-1, or SHA-256 in a repository made with it.
    digest = hashlib.sha256() if len(like) == 64 else hashlib.sha1()
    digest.update(b"blob %d\0" % len(content) + content)
    return digest.hexdigest()


def _prune(workspace: Path, folder: Path) -> None:
    """Remove ``folder`` and the folders above it that are left empty, up to the workspace."""
    with suppress(OSError):  # not empty after all, or gone: left as it is
        while folder != workspace and not any(folder.iterdir()):
            folder.rmdir()
            folder = folder.parent
