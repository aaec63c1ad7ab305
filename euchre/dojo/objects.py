"""A workspace's git objects, read by a git that sees nothing else of the workspace.

The report (report.py) reads workspaces that learners hand over, on the facilitator's machine.
A repository's config can name commands that git runs as it reads (a filter's smudge, a diff
driver, ``core.fsmonitor``, a pager, hooks), and its attributes can switch them on. So git runs
here in a repository of the coach's own, empty but for the workspace's objects, borrowed as
alternates: it never reads the workspace's config, attributes or hooks, nor the user's or the
system's, and only plumbing that runs no filter is asked (``ls-tree``, ``cat-file --batch``,
``diff-tree`` with no external diff and no text conversion). A run's name is checked as a
commit's before it reaches here, so it is never taken for an option.
"""

from __future__ import annotations

import os
import stat
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import IO, cast

from euchre.kata.coach.record.code import TooLargeError
from euchre.kata.coach.record.runs import GitFailedError

SECONDS = 30
"""A git that reads a pipe planted among the objects would wait forever: it is stopped."""


class TookTooLongError(GitFailedError):
    """Git worked for SECONDS on one read, and was stopped."""


MOST_PRINTED = 64 * 1024 * 1024
"""What one read may print at most, unless its caller says less: a run's listing of files."""


def read(workspace: Path, *args: str, stdin: bytes = b"", most: int | None = None) -> bytes:
    """What ``git args`` prints, run on the workspace's objects alone; GitFailedError if the
    workspace has no objects folder of its own, or git fails; TookTooLongError if it takes over
    SECONDS; TooLargeError if it prints over ``most`` bytes, MOST_PRINTED if not given (a
    megabyte of objects can make a diff of gigabytes: git is stopped as soon as it is over)."""
    objects = _objects(workspace)
    most = MOST_PRINTED if most is None else most
    with tempfile.TemporaryDirectory(prefix="kata-objects-") as sealed:
        for folder in ("objects", "refs"):
            os.mkdir(os.path.join(sealed, folder))
        with open(os.path.join(sealed, "HEAD"), "w", encoding="ascii") as head:
            head.write("ref: refs/heads/main\n")
        with tempfile.TemporaryFile() as said:
            printed, code, late = _printed(["git", *args], sealed, objects, stdin, most, said)
            said.seek(0)
            first = said.read(4096).decode("utf-8", "replace").strip().splitlines()
    asked = next(arg for arg in args if not arg.startswith("-") and "=" not in arg)
    if late:
        raise TookTooLongError(f"git took over {SECONDS} s to read the runs")
    if len(printed) > most:
        raise TooLargeError(f"git {asked} printed over {most:,} bytes")
    if code:
        raise GitFailedError(first[0] if first else f"git {asked} failed")
    return printed


def _printed(
    command: list[str], sealed: str, objects: str, stdin: bytes, most: int, said: IO[bytes]
) -> tuple[bytes, int, bool]:
    """What ``command`` prints (up to one byte over ``most``), its status, and whether it was
    stopped for taking over SECONDS; what it says on its error output goes to ``said``."""
    try:
        git = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=said,
            cwd=sealed,
            env=_environment(sealed, objects),
        )
    except OSError as error:  # no git on this machine
        raise GitFailedError(f"git cannot run: {error.strerror}") from None
    stopped = threading.Event()

    def stop() -> None:
        stopped.set()
        git.kill()

    timer = threading.Timer(SECONDS, stop)
    feeder = threading.Thread(target=_feed, args=(git.stdin, stdin), daemon=True)
    output = cast(IO[bytes], git.stdout)
    timer.start()
    feeder.start()
    try:
        printed = output.read(most + 1)
        if len(printed) > most:
            git.kill()  # over: nothing more is read, nor waited for
        code = git.wait()
    finally:
        timer.cancel()
        git.kill()  # does nothing once git has been waited for
        git.wait()
        output.close()
        feeder.join()
    late = stopped.is_set() and code != 0
    return printed, code, late


def _feed(pipe: IO[bytes] | None, data: bytes) -> None:
    """Give git its input while its output is read: a long input would fill the pipe."""
    try:
        cast(IO[bytes], pipe).write(data)
        cast(IO[bytes], pipe).close()
    except OSError:  # git stopped before it read it all
        pass


def check(workspace: Path) -> None:
    """GitFailedError unless the workspace's objects are regular files in folders of its own,
    and none sends git elsewhere: git reads ``info/alternates`` and the folders it names (a pipe
    there, or a link to /dev/zero, would hang git or fill its memory), and a pipe or a link
    among the objects themselves would do the same. Asked once for a workspace, before any
    read: a pipe would otherwise cost every read of every run its SECONDS."""
    folders = [_objects(workspace)]
    alternates = os.path.join(folders[0], "info", "alternates")
    if os.path.lexists(alternates):
        raise GitFailedError(f"{alternates}: the workspace's git borrows objects from elsewhere")
    while folders:  # no recursion: a hostile workspace may nest folders deeper than Python's
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                elif not entry.is_file(follow_symlinks=False):
                    raise GitFailedError(f"{entry.path} is not a regular file")


def _objects(workspace: Path) -> str:
    """The workspace's own objects folder: a real folder, not a link to someone else's."""
    objects = workspace.absolute() / ".git" / "objects"
    for folder in (objects.parent, objects):
        try:
            is_folder = stat.S_ISDIR(folder.lstat().st_mode)
        except OSError:
            is_folder = False
        if not is_folder:
            raise GitFailedError(f"{folder} is not a folder of the workspace's own")
    return str(objects)


def _environment(sealed: str, objects: str) -> dict[str, str]:
    """The caller's environment without git's variables, and git told to read no config but
    what the command line gives, and to look nowhere but the sealed folder and the objects."""
    kept = {name: value for name, value in os.environ.items() if not name.startswith("GIT_")}
    return kept | {
        "GIT_DIR": sealed,
        "GIT_ALTERNATE_OBJECT_DIRECTORIES": objects,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_ATTR_NOSYSTEM": "1",
        "GIT_NO_REPLACE_OBJECTS": "1",
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_OPTIONAL_LOCKS": "0",
        "HOME": sealed,
        "XDG_CONFIG_HOME": sealed,
    }
