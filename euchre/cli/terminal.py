"""What the commands print to: any text at all, on any terminal, and nothing lost when it goes.

Text from a file may hold characters no encoding can write (a lone surrogate, "\\ud800"), and a
terminal may not show the suit symbols: what cannot be written is replaced, never a crash. A
terminal that hangs up (its window closed) fails every later write: the game still saves.
"""

from __future__ import annotations

import codecs
import errno
import io
import os
from collections.abc import Callable
from typing import TextIO, cast

from rich.console import Console

_ESCAPED = codecs.lookup_error("surrogateescape")
_REPLACED = codecs.lookup_error("replace")


def _escaped_or_replaced(error: UnicodeError) -> tuple[str | bytes, int]:
    """The bytes of a file's name that were not UTF-8 (``surrogateescape``), written back as
    they were; "?" for anything else the encoding cannot hold, a lone surrogate among them."""
    if isinstance(error, UnicodeEncodeError) and all(
        "\udc80" <= character <= "\udcff" for character in error.object[error.start : error.end]
    ):
        return _ESCAPED(error)
    return _REPLACED(error)


REPLACING = "euchre-replace"
codecs.register_error(REPLACING, _escaped_or_replaced)


def replacing(stream: TextIO) -> TextIO:
    """``stream``, set to write "?" for whatever its encoding cannot hold, instead of raising.

    A real standard output is "strict", or, in the C locale, "surrogateescape", which also
    raises, on a surrogate that stands for no byte of a file's name."""
    if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "surrogateescape"):
        stream.reconfigure(errors=REPLACING)
    return stream


class QuietWhenClosed(Console):
    """A console that, when its reader goes away, stops writing and says so with
    BrokenPipeError, so that the game is saved (rich's own console exits at once)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def game_output(stdout: TextIO) -> TextIO:
    """``stdout`` as a game writes to it: plain letters for the suits if it cannot show their
    symbols, and silence once its terminal has hung up."""
    encoding = getattr(stdout, "encoding", None) or "utf-8"
    try:
        "♣♦♥♠".encode(encoding)
    except LookupError:  # an encoding Python does not know: keep to the letters all know
        return cast(TextIO, TerminalOutput(stdout, "ascii"))
    except UnicodeEncodeError:
        return cast(TextIO, TerminalOutput(stdout, encoding))
    return cast(TextIO, TerminalOutput(stdout, encoding, symbols=True))


class TerminalOutput:
    """Writes to a stream, suit symbols as letters (J♥ as JH) unless it shows them, anything
    else it cannot encode as ?; after the terminal hangs up (EIO), writes nothing more."""

    LETTERS = str.maketrans(
        {
            "♣": "C",
            "♦": "D",
            "♥": "H",
            "♠": "S",
            "…": "...",
            "\N{EN DASH}": "-",
            "\N{BOX DRAWINGS LIGHT HORIZONTAL}": "-",
        }
    )

    def __init__(self, stream: TextIO, encoding: str, symbols: bool = False) -> None:
        self.stream = stream
        self.encoding = encoding
        self.symbols = symbols
        self.hung_up = False

    def write(self, text: str) -> int:
        shown = text if self.symbols else text.translate(self.LETTERS)
        shown = shown.encode(self.encoding, "replace").decode(self.encoding)
        self._while_connected(lambda: self.stream.write(shown))
        return len(text)

    def flush(self) -> None:
        self._while_connected(self.stream.flush)

    def isatty(self) -> bool:
        return self.stream.isatty()

    def _while_connected(self, write: Callable[[], object]) -> None:
        if self.hung_up:
            return
        try:
            write()
        except OSError as error:
            if error.errno != errno.EIO:  # a closed pipe (EPIPE) stops the game: saved, 141
                raise
            self.hung_up = True
            discard_output(self.stream)


def discard_output(stream: TextIO) -> None:
    """Point ``stream``'s file at /dev/null, so that Python's last flush does not fail again."""
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError):  # a stream without a file descriptor: nothing to flush
        return
    os.dup2(os.open(os.devnull, os.O_WRONLY), descriptor)
