"""The real command in a subprocess: a closed output pipe and Ctrl-C give no traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.terminals import ctrl_c_as_at_a_terminal
from tests.history.records import EXAMPLE
from tests.paths import DATA, ROOT

ANNOTATED = DATA / "egn" / "annotated.egn"

pytestmark = pytest.mark.e2e  # whole processes: `make quick` leaves them out


def euchre(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "euchre", *args],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )


def many_records(tmp_path: Path, count: int) -> Path:
    path = tmp_path / "many.jsonl"
    path.write_text((json.dumps(EXAMPLE) + "\n") * count)
    return path


def test_replay_into_a_closed_pipe_stops_quietly_with_141(tmp_path: Path) -> None:
    # As `euchre replay --json FILE | head -1`: the reader goes away after one line.
    process = euchre("replay", "--json", str(many_records(tmp_path, 3000)))
    assert process.stdout is not None
    assert process.stderr is not None
    assert json.loads(process.stdout.readline())["maker"] == "E"
    process.stdout.close()
    assert process.wait(timeout=60) == 141
    assert process.stderr.read() == b""


def test_ctrl_c_during_replay_says_how_far_it_got_and_exits_130(tmp_path: Path) -> None:
    process = euchre("replay", "--json", str(many_records(tmp_path, 200_000)))
    assert process.stdout is not None
    process.stdout.readline()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.decode().startswith("euchre replay: interrupted after ")
    assert "Traceback" not in err.decode()
    # readline() may have buffered past the first line, and communicate() reads the pipe itself,
    # so ``out`` can begin mid-line; the last line may be cut by the signal.
    assert all(json.loads(line)["maker"] == "E" for line in out.splitlines()[1:-1])


def test_a_lone_surrogate_in_a_record_is_printed_as_a_question_mark(tmp_path: Path) -> None:
    """A lone surrogate ("\\ud800", which JSON allows) in a hand record or an EGN game's note,
    printed through a real standard output: in the C locale (or C.UTF-8) its errors are
    "surrogateescape", which writes back the bytes of a file's name that are not UTF-8, and
    raises on any other surrogate."""
    record = tmp_path / "odd.json"
    record.write_text(json.dumps({**EXAMPLE, "dealer": "\ud800"}))
    game = json.loads(Path(ANNOTATED).read_text())
    game["deals"][0]["phases"][0]["callAnnotations"]["1"] = ["\ud800 is not text"]
    noted = tmp_path / "odd.egn"
    noted.write_text(json.dumps(game))
    named = tmp_path / "odd-\udcff.json"  # a file whose name holds the byte 0xff
    named.write_text(json.dumps({**EXAMPLE, "dealer": "\ud800"}))
    outputs = []
    for args, status in [([str(record)], 1), (["--explain", str(noted)], 0), ([str(named)], 1)]:
        process = euchre("replay", *args, env=os.environ | {"LC_ALL": "C"})
        out, err = process.communicate(timeout=60)
        assert (process.returncode, err.decode(errors="replace")) == (status, "")
        outputs.append(out)
    illegal = 'record 1\n  Illegal: dealer: expected a seat (N, E, S or W), got "?"\n\n'
    assert outputs[0].decode() == f"{record}: {illegal}"
    assert "      ? is not text\n" in outputs[1].decode()
    assert outputs[2] == os.fsencode(named) + f": {illegal}".encode()  # its name as on disk
