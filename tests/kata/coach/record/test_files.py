"""The one way the project writes a file: whole or not at all, and appends that never interleave."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from euchre.kata.coach.record.files import (
    NotARegularFileError,
    append_line,
    append_whole,
    read_regular,
    write_atomically,
)


def test_a_file_is_written_whole_and_replaces_the_old_one(tmp_path: Path) -> None:
    target = tmp_path / "game.egn"
    target.write_text("old")
    write_atomically(target, "new text\n")
    assert target.read_text(encoding="utf-8") == "new text\n"
    assert sorted(tmp_path.iterdir()) == [target]


def test_bytes_are_written_as_they_are(tmp_path: Path) -> None:
    write_atomically(tmp_path / "raw", b"\x00\xff")
    assert (tmp_path / "raw").read_bytes() == b"\x00\xff"


def test_a_new_file_gets_the_usual_permissions_not_a_temporary_file_s(tmp_path: Path) -> None:
    write_atomically(tmp_path / "new", "x")
    mode = stat.S_IMODE((tmp_path / "new").stat().st_mode)
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask


def test_a_failed_write_leaves_the_old_file_and_nothing_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.egn"
    target.write_text("the saved game")

    def full_disk(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(target, "new")
    assert target.read_text() == "the saved game"
    assert sorted(tmp_path.iterdir()) == [target]


def test_the_replace_only_flag_refuses_a_file_that_appeared_meanwhile(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_text("someone else's")
    with pytest.raises(FileExistsError):
        write_atomically(target, "mine", replace=False)
    assert target.read_text() == "someone else's"
    assert sorted(tmp_path.iterdir()) == [target]


def test_a_dangling_link_counts_as_an_existing_file(tmp_path: Path) -> None:
    link = tmp_path / "game.json"
    link.symlink_to(tmp_path / "nowhere")
    with pytest.raises(FileExistsError):
        write_atomically(link, "mine", replace=False)
    assert link.is_symlink()


def test_appended_lines_from_many_writers_are_all_kept_whole(tmp_path: Path) -> None:
    outbox = tmp_path / "outbox.jsonl"
    for n in range(50):
        append_line(outbox, f'{{"n": {n}}}')
    lines = outbox.read_text(encoding="utf-8").splitlines()
    assert lines == [f'{{"n": {n}}}' for n in range(50)]


def test_an_appended_line_must_be_one_line(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="one line"):
        append_line(tmp_path / "outbox.jsonl", "two\nlines")


def _append_many(path: str, writer: int) -> None:
    for n in range(200):
        append_line(Path(path), f"{writer}:{n}:" + "x" * 1000)


@pytest.mark.e2e
def test_two_processes_appending_at_once_lose_no_line(tmp_path: Path) -> None:
    import multiprocessing

    outbox = tmp_path / "outbox.jsonl"
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_append_many, args=(str(outbox), w)) for w in (1, 2)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    lines = outbox.read_text(encoding="utf-8").splitlines()
    assert sorted(lines) == sorted(f"{w}:{n}:" + "x" * 1000 for w in (1, 2) for n in range(200))


def test_a_short_write_is_finished_not_left_half_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = os.write

    def three_bytes_at_a_time(descriptor: int, data: bytes) -> int:
        return real_write(descriptor, bytes(data[:3]))

    monkeypatch.setattr(os, "write", three_bytes_at_a_time)
    append_line(tmp_path / "outbox.jsonl", "a whole line")
    assert (tmp_path / "outbox.jsonl").read_text() == "a whole line\n"


def test_the_replace_only_flag_writes_a_new_file_and_leaves_nothing_beside_it(
    tmp_path: Path,
) -> None:
    write_atomically(tmp_path / "game.json", "mine", replace=False)
    assert (tmp_path / "game.json").read_text() == "mine"
    assert sorted(tmp_path.iterdir()) == [tmp_path / "game.json"]


def test_a_device_or_folder_in_the_way_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    """As root, a rename onto /dev/full would replace the device with a regular file."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target in (fifo, tmp_path):
        with pytest.raises(OSError, match="not a regular file"):
            write_atomically(target, "x")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert sorted(tmp_path.iterdir()) == [fifo]


# Reading: a regular file only, and no more of it than asked.


def test_a_regular_file_is_read_whole_within_its_bound(tmp_path: Path) -> None:
    (tmp_path / "kept").write_bytes(b"12345")
    assert read_regular(tmp_path / "kept", 5) == b"12345"
    with pytest.raises(OSError, match="over 4 bytes") as raised:
        read_regular(tmp_path / "kept", 4)
    assert raised.value.errno == errno.EFBIG


@pytest.mark.parametrize("kind", ["link to a file", "link to /dev/zero", "pipe", "folder"])
def test_nothing_but_a_regular_file_is_read(tmp_path: Path, kind: str) -> None:
    (tmp_path / "elsewhere").write_text("another file")
    path = tmp_path / "read"
    if kind == "pipe":
        os.mkfifo(path)  # with no writer: a read that waited would wait forever
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero" if "zero" in kind else tmp_path / "elsewhere")
    with pytest.raises(NotARegularFileError, match="not a regular file"):
        read_regular(path, 1 << 20)


def test_a_missing_file_is_an_os_error_of_its_own_kind(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "missing", 10)


def test_an_append_the_disk_cuts_short_is_taken_off_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kata-history.jsonl"
    path.write_bytes(b"one\n")
    real_write = os.write
    writes = iter([3, None])

    def nearly_full(descriptor: int, data: bytes) -> int:
        room = next(writes)
        if room is None:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(descriptor, data[:room])

    monkeypatch.setattr(os, "write", nearly_full)
    with pytest.raises(OSError, match="No space left") as refused:
        append_whole(path, b"two, a longer line\n")
    assert refused.value.filename == str(path)
    assert path.read_bytes() == b"one\n"


def test_an_append_cut_short_leaves_what_another_writer_added_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "outbox"
    path.write_bytes(b"one\n")
    real_write = os.write

    def another_writes_first(descriptor: int, data: bytes) -> int:
        with path.open("ab") as other:
            other.write(b"theirs\n")
        real_write(descriptor, data[:2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", another_writes_first)
    with pytest.raises(OSError, match="No space left"):
        append_whole(path, b"mine\n")
    assert path.read_bytes().startswith(b"one\ntheirs\n")


def test_a_failed_write_names_the_file_it_was_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left") as refused:
        write_atomically(tmp_path / "reach.json", "{}")
    assert (refused.value.errno, refused.value.filename) == (
        errno.ENOSPC,
        str(tmp_path / "reach.json"),
    )
    with pytest.raises(FileNotFoundError) as missing:
        write_atomically(tmp_path / "no-folder" / "reach.json", "{}")
    assert "no-folder" in str(missing.value.filename)


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/null"])
def test_an_append_to_what_is_not_a_regular_file_is_refused_without_waiting(
    tmp_path: Path, kind: str
) -> None:
    """A pipe with no reader would wait for one for ever; a device would swallow the line."""
    path = tmp_path / "outbox.jsonl"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(os.devnull)
    with pytest.raises(NotARegularFileError, match="not a regular file"):
        append_line(path, "a line")
