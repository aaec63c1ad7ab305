"""Approved transcripts: the words a user reads, pinned whole, one text file a case.

A test builds the transcript of a case (what was done, and what the program said, line by line)
and compares it with the approved file beside the test module, under
``__snapshots__/<module>/<test>.txt``. A changed word fails the test with the diff; once the new
words are right, ``make test ARGS=--snapshot-update`` writes them, and the change is reviewed in
``git diff`` like any other. The library is syrupy: a pytest plugin already, so the transcripts
update with pytest's own command line and work under xdist; its single-file extension writes
one plain text file a case, which reads in a diff as the user reads the words.
"""

from __future__ import annotations

import html
import re

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode


class Transcript(SingleFileSnapshotExtension):
    """One case's words as a UTF-8 text file."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def transcript(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """Compare a case's words with its approved transcript: ``assert said == transcript``."""
    return snapshot.use_extension(Transcript)


def said(*commands_and_words: str) -> str:
    """A transcript of a session: each command typed, then every line it printed."""
    pairs = zip(commands_and_words[::2], commands_and_words[1::2], strict=True)
    return "".join(f"$ {command}\n{words}\n" for command, words in pairs)


def page_text(page: str) -> str:
    """What a reader of an HTML page reads: its text, each tag a space and no style or script,
    a line for each of its lines that holds any."""
    unread = re.sub(r"<(style|script)\b.*?</\1>", "", page, flags=re.DOTALL)
    text = re.sub(r"<[^>]+>", " ", unread)
    lines = (" ".join(html.unescape(line).split()) for line in text.splitlines())
    return "".join(f"{line}\n" for line in lines if line)
