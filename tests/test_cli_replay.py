"""`euchre replay`: one result line per record, errors that name the rule, exit status 1."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from euchre.cli import main
from tests.test_record import EXAMPLE, example


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
    assert lines[1] == {"error": "trick 4: S must follow hearts (holds AH)"}
    assert lines[2]["error"].startswith("line 4: not JSON")
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
    assert "EW made hearts and won 3 tricks: 1 point to EW." in out
    assert "Illegal: trick 4: S must follow hearts (holds AH)" in out


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
    assert any(line.startswith("NS made spades") for line in lines)

    defended = run(make_hand(Rules(defend_alone=True)), "order up alone, discard 9C", "pass")
    defended.apply(defended.legal_actions()[1])  # West defends alone
    assert "W defends alone." in tell(play_out(defended))


def test_it_tells_a_thrown_in_hand() -> None:
    from euchre.cli.replay import tell
    from euchre.rules import Rules
    from tests.builders import make_hand, run

    hand = run(make_hand(Rules(stick_the_dealer=False)), *["pass"] * 8)
    assert tell(hand)[-1] == "Everyone passed twice: the hand is thrown in."


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
    assert "a saved game has format 'euchre-game/1' and a list of hands" in out
