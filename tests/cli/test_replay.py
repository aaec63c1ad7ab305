"""`euchre replay`: one result line per record, errors that name the rule, exit status 1."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr
from pathlib import Path

import pytest

from euchre.cli import main
from tests.history.records import EXAMPLE, example


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(args), stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue()


@pytest.fixture
def records(tmp_path: Path) -> Path:
    revoke = example(
        tricks=[*EXAMPLE["tricks"][:3], ["9H", "QD", "JS", "QS"], ["AH", "10S", "AS", "KD"]]
    )
    path = tmp_path / "hands.jsonl"
    path.write_text(f"{json.dumps(EXAMPLE)}\n\n{json.dumps(revoke)}\nnot json\n")
    return path


def test_json_mode_prints_one_line_per_record_and_exits_1_on_any_illegal_one(
    records: Path,
) -> None:
    status, out = run("replay", "--json", str(records))
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert lines[0]["points"] == {"NS": 0, "EW": 1}
    assert (lines[0]["file"], lines[0]["record"], lines[0]["line"]) == (str(records), 1, 1)
    assert lines[1] == {
        "file": str(records),
        "record": 2,
        "line": 3,
        "error": f"{records}: record 2 (line 3): trick 4: S must follow hearts (holds AH)",
    }
    assert lines[2]["error"] == (
        f"{records}: record 3 (line 4): line 4 column 1: not JSON: Expecting value;"
        " is the file truncated?"
    )
    assert len(lines) == 3


def test_a_file_may_hold_one_pretty_printed_record(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(EXAMPLE, indent=2))
    status, out = run("replay", "--json", str(path))
    assert status == 0
    assert json.loads(out)["maker"] == "E"


def test_dash_reads_standard_input() -> None:
    status, out = run("replay", "--json", "-", stdin=json.dumps(EXAMPLE))
    assert status == 0
    assert json.loads(out)["trick_winners"] == ["N", "W", "E", "S", "E"]


def test_without_json_it_tells_the_hand_trick_by_trick(records: Path) -> None:
    status, out = run("replay", str(records))
    assert status == 1
    assert "West deals; the upcard is KH" in out
    assert "E orders up hearts" in out
    assert "W picks up KH and discards 9C" in out
    assert "Trick 1: N AC, E QC, S 10C, W 9D. N wins." in out
    assert "E (EW) made hearts. Tricks: NS 2, EW 3." in out
    assert "Made it: 1 point to EW (the makers took 3 tricks of 5)." in out
    assert (
        f"{records}: record 2 (line 3)\n  Illegal: trick 4: S must follow hearts (holds AH)" in out
    )


def test_a_missing_file_is_reported_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _ = run("replay", str(tmp_path / "nowhere.jsonl"))
    assert status == 2
    assert "euchre replay: cannot read" in capsys.readouterr().err


def test_it_tells_a_lone_hand_a_named_suit_and_a_lone_defence() -> None:
    from euchre.cli.replay import tell
    from euchre.history.record import replay, write_record
    from euchre.rules import Rules
    from tests.builders import make_hand, play_out, run

    hand = play_out(
        run(make_hand(Rules(defend_alone=True)), "pass, pass, pass, pass, spades alone")
    )
    lines = tell(replay(write_record(hand)))
    assert "N names spades alone." in lines
    assert any(line.startswith("N (NS) made spades alone.") for line in lines)

    defended = run(make_hand(Rules(defend_alone=True)), "order up alone, discard 9C", "pass")
    defended.apply(defended.legal_actions()[1])  # West defends alone
    assert "W defends alone." in tell(play_out(defended))


def test_it_tells_a_thrown_in_hand() -> None:
    from euchre.cli.replay import tell
    from euchre.rules import Rules
    from tests.builders import make_hand, run

    hand = run(make_hand(Rules(stick_the_dealer=False)), *["pass"] * 8)
    assert tell(hand)[-1] == "Everyone passed twice: the hand is thrown in, and nobody scores."


def test_python_dash_m_euchre_runs_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    import runpy
    import sys

    monkeypatch.setattr(sys, "argv", ["euchre", "simulate", "--hands", "1", "--json"])
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("euchre", run_name="__main__")
    assert exited.value.code == 0


def test_a_saved_game_without_a_list_of_hands_is_an_illegal_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "euchre-game/1", "hands": "none"}))
    status, out = run("replay", "--json", str(path))
    assert status == 1
    assert "game: a saved game has format 'euchre-game/1' and a list of hands" in out


# Bad input: one clear line per problem, never a traceback, and an exit status that says what
# happened: 0 all legal, 1 some record illegal, 2 unreadable input, 130 interrupted.


def replay_file(tmp_path: Path, content: bytes | str, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "records.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    err = io.StringIO()
    with redirect_stderr(err):
        status, out = run("replay", *args, str(path))
    return status, out, err.getvalue()


def test_a_truncated_pretty_printed_record_is_one_error_with_line_column_and_a_hint(
    tmp_path: Path,
) -> None:
    text = json.dumps(EXAMPLE, indent=2)
    status, out, _ = replay_file(tmp_path, text[: len(text) // 2], "--json")
    assert status == 1
    [line] = out.splitlines()
    error = json.loads(line)["error"]
    assert error.startswith(f"{tmp_path / 'records.json'}: line ")
    assert " column " in error
    assert error.endswith("; is the file truncated?")


def test_a_truncated_saved_game_is_one_error(tmp_path: Path) -> None:
    from tests.history.records import played, saved

    text = json.dumps(saved(played()), indent=1)
    status, out, _ = replay_file(tmp_path, text[:-300], "--json")
    assert status == 1
    assert len(out.splitlines()) == 1
    assert "is the file truncated?" in out


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    status, out, _ = replay_file(tmp_path, b"\xef\xbb\xbf" + json.dumps(EXAMPLE).encode(), "--json")
    assert status == 0
    assert json.loads(out)["maker"] == "E"


def test_blank_lines_are_skipped_and_records_count_within_each_file(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    one.write_text(f"\n{json.dumps(EXAMPLE)}\n  \n{json.dumps(EXAMPLE)}\n\n")
    two.write_text(json.dumps(EXAMPLE))
    status, out = run("replay", "--json", str(one), str(two))
    assert status == 0
    found = [(line["file"], line["record"]) for line in map(json.loads, out.splitlines())]
    assert found == [(str(one), 1), (str(one), 2), (str(two), 1)]


@pytest.mark.parametrize("content", ["", "\n\n  \n", "\ufeff"])
def test_empty_input_is_an_error_not_all_legal(tmp_path: Path, content: str) -> None:
    status, out, _ = replay_file(tmp_path, content, "--json")
    assert status == 1
    assert json.loads(out) == {
        "file": str(tmp_path / "records.json"),
        "error": f"{tmp_path / 'records.json'}: no records",
    }


@pytest.mark.parametrize(
    "content",
    [b"\xff\xfe{}", b"\x00\x01\x02\x89PNG\r\n\x1a\n" + bytes(range(256)), "{}".encode("utf-16")],
    ids=["invalid-utf8", "binary", "utf16"],
)
def test_input_that_is_not_utf8_text_is_one_line_on_stderr_and_exit_2(
    tmp_path: Path, content: bytes
) -> None:
    status, out, err = replay_file(tmp_path, content, "--json")
    assert status == 2
    assert out == ""
    assert err.startswith(f"euchre replay: cannot read {tmp_path / 'records.json'}: not UTF-8")
    assert len(err.splitlines()) == 1


def test_an_unreadable_file_does_not_stop_the_others(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(EXAMPLE))
    err = io.StringIO()
    with redirect_stderr(err):
        status, out = run("replay", "--json", str(tmp_path), str(good))
    assert status == 2
    assert f"cannot read {tmp_path}: Is a directory" in err.getvalue()
    assert json.loads(out)["maker"] == "E"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[" * 100_000, "line 1: not JSON: nested too deeply"),
        ('{"a": ' * 5000 + "1" + "}" * 5000, "line 1: not JSON: nested too deeply"),
        ("1" * 5000, "line 1: not JSON: a number of more than 4300 digits"),
        (json.dumps(EXAMPLE) + "\n" + "[" * 100_000, "record 2 (line 2): line 2: not JSON: nested"),
    ],
    ids=["deep-list", "deep-object", "huge-integer", "deep-line"],
)
def test_json_python_cannot_hold_is_an_error_not_a_traceback(
    tmp_path: Path, content: str, message: str
) -> None:
    status, out, err = replay_file(tmp_path, content, "--json")
    assert status == 1
    assert message in out
    assert err == ""


def test_a_huge_integer_inside_a_record_is_named_without_its_digits(tmp_path: Path) -> None:
    content = json.dumps(example(dealer=None))[:-1] + ', "dealer": ' + "9" * 4000 + "}"
    status, out, _ = replay_file(tmp_path, content, "--json")
    assert status == 1
    assert json.loads(out)["error"].endswith(
        "dealer: expected a seat (N, E, S or W), got a very large number"
    )


def test_a_null_dealer_is_named_as_null(tmp_path: Path) -> None:
    status, out, _ = replay_file(tmp_path, json.dumps({**EXAMPLE, "dealer": None}), "--json")
    assert status == 1
    assert json.loads(out)["error"].endswith("dealer: expected a seat (N, E, S or W), got null")


def test_unreadable_input_outranks_illegal_records_in_the_exit_status(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    err = io.StringIO()
    with redirect_stderr(err):
        status, _ = run("replay", str(bad), str(tmp_path / "missing.json"))
    assert status == 2


def test_ctrl_c_prints_what_was_done_and_exits_130(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text((json.dumps(EXAMPLE) + "\n") * 3)

    class Interrupting(io.StringIO):
        def write(self, text: str) -> int:
            if self.getvalue().count("\n") >= 2:
                raise KeyboardInterrupt
            return super().write(text)

    out = Interrupting()
    status = main(["replay", "--json", str(path)], stdout=out)
    assert status == 130
    assert len(out.getvalue().splitlines()) == 2
    assert capsys.readouterr().err == "euchre replay: interrupted after 2 records\n"


def test_the_unfinished_hand_of_a_stopped_game_is_told_as_far_as_it_went(tmp_path: Path) -> None:
    from tests.history.records import played, saved

    game = played(hands=1)
    game.hand.apply(game.hand.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(saved(game, stopped_by="SIGHUP")))
    status, out = run("replay", str(path))
    assert status == 0
    assert f"{path}: hand 2 (unfinished)" in out
    assert "The record stops before this hand is finished." in out
    status, out = run("replay", "--json", str(path))
    assert json.loads(out.splitlines()[-1]) == {"file": str(path), "hand": 2, "unfinished": True}


def test_a_closed_output_stops_quietly_with_141(tmp_path: Path) -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    with (tmp_path / "out").open("w") as real:

        class ClosedFile(Closed):
            def fileno(self) -> int:
                return real.fileno()

        assert main(["replay", "-"], stdin=io.StringIO(json.dumps(EXAMPLE)), stdout=Closed()) == 141
        out = ClosedFile()
        assert main(["replay", "-"], stdin=io.StringIO(json.dumps(EXAMPLE)), stdout=out) == 141


def test_ctrl_c_before_any_record_exits_130() -> None:
    class Interrupted(io.StringIO):
        def read(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    assert main(["replay", "-"], stdin=Interrupted(), stdout=io.StringIO()) == 130


def test_standard_input_is_named_as_such() -> None:
    status, out = run("replay", "--json", "-", stdin="")
    assert status == 1
    assert json.loads(out)["error"] == "standard input: no records"


def test_ctrl_c_anywhere_else_in_a_command_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.cli import simulate

    def interrupted(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "run", interrupted)
    assert main(["simulate", "--hands", "1"], stdout=io.StringIO()) == 130
