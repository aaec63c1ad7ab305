"""The one way the project writes a file: whole or not at all; and appends that never interleave.

Every file a command writes (a saved game, a converted record, a report, a workspace's reach and
outbox) goes through here, so a full disk, a crash or a kill in the middle leaves the old file
or the new one, never a fragment. It lives in the coach because every workspace installs the
coach, which may use only the standard library; the rest of the project imports it from here.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from contextlib import suppress
from pathlib import Path

_NOT_A_LINK = getattr(os, "O_NOFOLLOW", 0)  # Windows has neither: it has no links to
_NEVER_WAIT = getattr(os, "O_NONBLOCK", 0)  # devices and no named pipes in the folders read


class NotARegularFileError(OSError):
    """A pipe, a device, a folder or a link where a file was expected: never read."""


class UnreadableError(OSError):
    """A file of the workspace that is there but is not what it should be: its ``strerror`` is
    one line that names it and says how to mend it."""


def write_atomically(path: Path, content: str | bytes, *, replace: bool = True) -> None:
    """Write ``content`` to a temporary file beside ``path``, flush it to disk, rename it in.

    With ``replace=False`` a file (or a link, even a dangling one) already at ``path`` is kept
    and FileExistsError raised: the new file is linked into place, which fails if the name is
    taken, instead of testing first and racing whoever writes meanwhile.
    """
    _refuse_anything_but_a_file(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    descriptor, temporary = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(descriptor, "wb") as file:
            os.chmod(temporary, 0o666 & ~_umask())
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if replace:
            os.replace(temporary, path)
        else:
            os.link(temporary, path)
            os.unlink(temporary)
    except BaseException as error:
        with suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError) and not error.filename:  # a write's or fsync's: no name
            raise OSError(error.errno, error.strerror, str(path)) from None
        raise


def _refuse_anything_but_a_file(path: Path) -> None:
    """A rename would put a file in place of a device, a pipe or a socket (as root, even
    /dev/full), and fails on a folder only after the temporary file is written."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise OSError(errno.EINVAL, "not a regular file", str(path))


def append_line(path: Path, line: str) -> None:
    """Add ``line`` to the end of ``path`` in one write, so two writers at once both keep theirs.

    The file is opened with O_APPEND: each write goes to the end as it is then, and one write of
    a whole line is never split by another process's.
    """
    if "\n" in line:
        raise ValueError("append_line takes one line, without a line break")
    append_whole(path, (line + "\n").encode("utf-8"))


def append_whole(path: Path, data: bytes) -> None:
    """Add ``data`` to the end of ``path``, whole or not at all: on a full disk, the part written
    is taken off again, and the OSError names ``path``; NotARegularFileError if ``path`` is not
    a regular file."""
    # A pipe with no reader would wait for one forever: it is opened without waiting, and
    # anything but a regular file (a pipe, a device behind a link) is not written.
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NEVER_WAIT, 0o666)
    except OSError as error:
        if error.errno == errno.ENXIO:  # what a pipe with no reader says
            raise NotARegularFileError(errno.EINVAL, "not a regular file", str(path)) from None
        raise
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise NotARegularFileError(errno.EINVAL, "not a regular file", str(path))
    try:
        start = os.fstat(descriptor).st_size
        written = 0
        try:
            while written < len(data):  # a short write, as on a nearly full disk: go on
                written += os.write(descriptor, data[written:])
        except OSError as error:
            if os.fstat(descriptor).st_size == start + written:  # no one else wrote meanwhile
                os.ftruncate(descriptor, start)
            raise OSError(error.errno, error.strerror, str(path)) from None
    finally:
        os.close(descriptor)


def _umask() -> int:
    """The process's umask, which can only be read by setting it."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def read_regular(path: Path, most: int) -> bytes:
    """The bytes of the regular file at ``path``; NotARegularFileError if it is anything else.

    A workspace can be handed over by someone else: a pipe there would hang a read, a link to
    /dev/zero would fill the memory, and a link elsewhere would show another file. So a link
    is not followed, a pipe is opened without waiting for a writer and not read, and no more
    than ``most`` bytes are read (OSError EFBIG beyond them).
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | _NOT_A_LINK | _NEVER_WAIT)
    except OSError as error:
        if error.errno == errno.ELOOP:  # what O_NOFOLLOW says of a link
            raise NotARegularFileError(errno.EINVAL, "not a regular file", str(path)) from None
        raise
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise NotARegularFileError(errno.EINVAL, "not a regular file", str(path))
    with os.fdopen(descriptor, "rb") as file:
        data = file.read(most + 1)
    if len(data) > most:
        raise OSError(errno.EFBIG, f"over {most:,} bytes", str(path))
    return data
