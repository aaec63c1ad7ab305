"""Writes onto a full disk: the old file stays whole, and nothing half-written is left behind.

The disk is a real one, a 64 KB tmpfs filled to the last byte, where the machine lets the tests
mount it; elsewhere the stand-in is an fsync that reports the disk full, as a real one can.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import subprocess
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest

from euchre.cli import main
from euchre.kata.cli import main as kata_main
from tests.paths import DATA

ANNOTATED = DATA / "egn" / "annotated.egn"


@pytest.fixture
def full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on a disk with no room left, holding only ``old.txt``: "precious"."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = _mount(disk)
    try:
        (disk / "old.txt").write_text("precious")
        if mounted:
            _fill(disk / "filler")
        else:

            def full(descriptor: int) -> None:
                raise OSError(errno.ENOSPC, "No space left on device")

            monkeypatch.setattr("os.fsync", full)
        yield disk
    finally:
        if mounted:
            subprocess.run(["umount", str(disk)], check=True)


def _mount(disk: Path) -> bool:
    """Mount a 64 KB tmpfs on ``disk``; False where the machine does not allow it."""
    try:
        command = ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)]
        return subprocess.run(command, capture_output=True, check=False).returncode == 0
    except OSError:  # no mount command at all
        return False


def _fill(path: Path) -> None:
    with path.open("wb", buffering=0) as filler, suppress(OSError):
        while True:
            filler.write(b"x" * 1024)
    with path.open("ab", buffering=0) as filler, suppress(OSError):
        while True:  # the last few bytes of the last block
            filler.write(b"x")


def left_on(disk: Path) -> list[str]:
    return sorted(path.name for path in disk.iterdir() if path.name != "filler")


@pytest.fixture
def big_game(tmp_path: Path) -> Path:
    """A saved game of many hands: more than a 4 KB block, converted. Asked for before
    ``full_disk``, whose stand-in would stop this save too."""
    saved = tmp_path / "game.json"
    main(
        ["play", "--watch", "--seed", "2", "--rules", "points=20", "--save", str(saved)],
        stdout=io.StringIO(),
    )
    return saved


def convert(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["convert", *args], stdout=io.StringIO())
    return status, capsys.readouterr().err


def test_convert_force_onto_a_full_disk_keeps_the_old_file(
    big_game: Path, full_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = full_disk / "old.txt"
    status, err = convert(str(big_game), str(old), "--to", "egn", "--force", capsys=capsys)
    assert status == 2
    assert err == f"euchre convert: cannot write {old}: No space left on device\n"
    assert old.read_text() == "precious"
    assert left_on(full_disk) == ["old.txt"]


def test_convert_onto_a_full_disk_leaves_nothing_to_block_a_retry(
    big_game: Path, full_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new = full_disk / "game.egn"
    status, err = convert(str(big_game), str(new), capsys=capsys)
    assert status == 2
    assert err == f"euchre convert: cannot write {new}: No space left on device\n"
    assert left_on(full_disk) == ["old.txt"]


def test_convert_refuses_a_dangling_link_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "game.egn"
    link.symlink_to(tmp_path / "nowhere.egn")
    status, err = convert(str(ANNOTATED), str(link), capsys=capsys)
    assert status == 2
    assert err == f"euchre convert: {link} exists: use --force to replace it\n"
    assert link.is_symlink()


def test_the_docs_page_onto_a_full_disk_keeps_the_old_page(
    full_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = full_disk / "old.txt"
    assert kata_main(["docs", "--out", str(old)]) == 2
    assert (
        capsys.readouterr().err
        == f"euchre kata docs: cannot write {old}: No space left on device\n"
    )
    assert old.read_text() == "precious"
    assert left_on(full_disk) == ["old.txt"]


def test_convert_force_never_replaces_what_is_not_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A device or a pipe (as /dev/full is, and a root user could rename over) is left alone."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    status, err = convert(str(ANNOTATED), str(pipe), "--force", capsys=capsys)
    assert status == 2
    assert err == f"euchre convert: {pipe} is not a regular file\n"
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


def test_the_docs_page_never_replaces_what_is_not_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    assert kata_main(["docs", "--out", str(pipe)]) == 2
    assert capsys.readouterr().err.startswith(f"euchre kata docs: cannot write {pipe}: ")
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
