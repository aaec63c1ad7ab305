"""What the commands print to: any text, on any terminal, and silence once the terminal is gone."""

from __future__ import annotations

import errno
import io

import pytest

from euchre.cli.terminal import REPLACING, TerminalOutput, game_output, replacing


class HungUp(io.StringIO):
    """A terminal whose window was closed: every write fails with EIO, as a pty's does."""

    def write(self, text: str) -> int:
        raise OSError(errno.EIO, "Input/output error")


def test_after_the_terminal_hangs_up_nothing_more_is_written_and_nothing_raises() -> None:
    output = TerminalOutput(HungUp(), "utf-8", symbols=True)
    assert output.write("Stopped by SIGHUP.\n") == len("Stopped by SIGHUP.\n")
    assert output.hung_up
    output.write("Saved the game.\n")
    output.flush()


def test_other_write_errors_are_not_swallowed() -> None:
    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        TerminalOutput(Full(), "utf-8").write("x")


def test_an_encoding_python_does_not_know_gets_plain_ascii_letters() -> None:
    class Unknown(io.StringIO):
        encoding = "no-such-encoding"

    stream = Unknown()
    game_output(stream).write("J♥ … ✓\n")
    assert stream.getvalue() == "JH ... ?\n"


def test_a_strict_stream_is_set_to_replace_what_it_cannot_encode() -> None:
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    replacing(stream).write("A♠ \ud800\n")
    stream.flush()
    assert stream.buffer.getvalue() == b"A? ?\n"


def test_a_surrogateescape_stream_writes_a_names_bytes_back_and_replaces_the_rest() -> None:
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="surrogateescape")
    replacing(stream).write("odd-\udcff.json \ud800 \udcff\ud800\n")
    stream.flush()
    assert stream.buffer.getvalue() == b"odd-\xff.json ? ??\n"
    assert b"\xff".decode("utf-8", REPLACING) == "\ufffd"  # read, it is the usual replacement
