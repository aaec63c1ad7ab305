"""The commands on EGN games: replay, replay --explain, convert, agree, and play --save."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from euchre.cli import main
from euchre.cli.explain import consult, decisions, narrate
from euchre.game import Game
from euchre.history.egn import EgnError, egn_from_hands, load_egn, records_from_egn, write_egn
from euchre.history.saved_game import save_game
from euchre.measure.intervals import wilson_interval
from euchre.players.random_player import RandomPlayer
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Seat
from tests.builders import make_hand, play_out
from tests.builders import run as act
from tests.history.records import annotated, document, ordered_up, unknown
from tests.paths import DATA

EGN_FOLDER = DATA / "egn"
ANNOTATED = str(EGN_FOLDER / "annotated.egn")


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(args), stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue()


def write(path: Path, doc: Any) -> str:
    path.write_text(json.dumps(doc))
    return str(path)


def test_replay_tells_an_egn_game_deal_by_deal_with_the_score() -> None:
    status, out = run("replay", ANNOTATED)
    assert status == 0
    assert f"{ANNOTATED}: deal 1\n  West deals; the upcard is KH." in out
    assert "W picks up KH and discards 9C." in out
    assert "Trick 2: N 9H, E JH, S AH, W KH. E wins." in out
    assert "Score: NS 8, EW 10." in out


def test_replay_json_gives_one_result_per_deal_with_the_running_score() -> None:
    status, out = run("replay", "--json", ANNOTATED)
    line = json.loads(out)
    assert status == 0
    assert (line["deal"], line["maker"], line["score"]) == (1, "E", {"NS": 8, "EW": 10})


def test_an_egn_game_is_recognised_by_its_content_whatever_its_name(tmp_path: Path) -> None:
    status, out = run("replay", "--json", write(tmp_path / "game.json", annotated()))
    assert status == 0
    assert json.loads(out)["deal"] == 1
    status, out = run("replay", "--json", "-", stdin=json.dumps(annotated()))
    assert json.loads(out)["file"] == "standard input"


def test_unseen_cards_are_told_as_unseen(tmp_path: Path) -> None:
    rules = Rules()
    lone = play_out(act(make_hand(rules), "pass, pass, order up alone, discard 9C"))
    doc = unknown(document(lone))
    status, out = run("replay", write(tmp_path / "lone.egn", doc))
    assert status == 0
    assert "W picks up KH and discards a card nobody saw." in out
    assert "N sat out, and nobody saw the cards." in out
    from euchre.cli.replay import tell_deal

    assert "Score:" not in tell_deal(load_egn(doc).deals[0])[-1]


def test_an_illegal_deal_or_an_unsupported_rule_is_one_line_and_exit_1(tmp_path: Path) -> None:
    doc = annotated()
    doc["deals"][0]["phases"][1]["tricks"][0][2] = "9s"
    doc["deals"][0]["phases"][1]["tricks"][3][1] = "Tc"
    status, out = run("replay", "--json", write(tmp_path / "renege.egn", doc))
    assert status == 1
    assert json.loads(out)["error"].endswith("deal 1: trick 1: S must follow clubs (holds 10C)")
    doc = annotated()
    doc["metadata"]["ruleset"]["joker"] = True
    status, out = run("replay", write(tmp_path / "joker.egn", doc))
    assert status == 1
    assert out.splitlines()[1] == "  Illegal: ruleset: joker (the Joker (Benny)) is not supported"


def test_explain_narrates_each_decision_with_its_notes_and_the_bot_beside_it() -> None:
    status, out = run("replay", "--explain", "--bot", "basic", ANNOTATED)
    assert status == 0
    assert "  E orders up hearts.  (basic " in out
    assert "      great: East holds both bowers: an easy order." in out
    assert "        blunder: Leading trump into the maker's bowers." in out
    assert "        North had the king of spades to lead." in out
    assert "    N leads 9H.  (basic " in out
    assert "    E wins trick 2." in out
    assert out.rstrip().endswith(
        "E (EW) made hearts. Tricks: NS 1, EW 4.\n"
        "  Made it: 1 point to EW (the makers took 4 tricks of 5)."
    )


def test_explain_does_not_ask_the_bot_about_cards_nobody_saw() -> None:
    lone = play_out(act(make_hand(), "pass, pass, order up alone, discard 9C"))
    blind = load_egn(unknown(document(lone))).deals[0]
    lines = narrate(blind, "easy")
    assert (
        "W picks up KH and discards a card nobody saw.  (easy not asked: nobody saw the discard)"
        in lines
    )
    assert "N passes.  (easy not asked: not all of N's cards are known)" in lines


def test_explain_tells_a_lone_defence_a_stopped_hand_and_a_plain_record(tmp_path: Path) -> None:
    rules = Rules(defend_alone=True)
    hand = act(make_hand(rules), "order up alone, discard 9C")
    hand.apply(hand.legal_actions()[0])  # East declines
    hand.apply(hand.legal_actions()[1])  # West defends alone
    kinds = [decision.kind for decision in decisions(play_out(hand))]
    assert kinds.count("defend") == 2
    undefended = act(make_hand(rules), "order up alone, discard 9C, pass, pass")
    assert [d.kind for d in decisions(undefended)].count("defend") == 2
    lines = narrate(hand, "basic")
    assert any(line.startswith("E declines to defend alone.") for line in lines)
    assert any(line.startswith("W defends alone.") for line in lines)
    stopped = act(make_hand(), "pass, pass")
    assert narrate(stopped, "basic")[-1] == "The record stops before this hand is finished."
    named = play_out(act(make_hand(), *["pass"] * 4, "spades alone"))
    assert any("N names spades alone." in line for line in narrate(named, "basic"))
    record = tmp_path / "hand.json"
    from euchre.history.record import write_record

    record.write_text(json.dumps(write_record(ordered_up())))
    status, out = run("replay", "--explain", "--bot", "easy", str(record))
    assert status == 0
    assert "E orders up hearts.  (easy" in out


def test_consult_agrees_with_itself_when_the_bot_played_the_game() -> None:
    rng = random.Random(4)
    game = play_game(Game(rng, Rules(points_to_win=3)), {seat: RandomPlayer(rng) for seat in Seat})
    egn = load_egn(write_egn(egn_from_hands(game.hands)))
    asked = [c for deal in egn.deals for c in consult(deal, "basic")]
    assert asked
    assert all(c.why_not is None for c in asked)


def test_convert_between_egn_saved_games_and_hand_records(tmp_path: Path) -> None:
    rng = random.Random(9)
    game = play_game(Game(rng, Rules()), {seat: RandomPlayer(rng) for seat in Seat})
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(save_game(game, {seat: "random" for seat in Seat}, [])))
    egn, back, records = tmp_path / "game.egn", tmp_path / "back.json", tmp_path / "hands.jsonl"
    assert run("convert", str(saved), str(egn)) == (0, "")
    assert run("convert", str(egn), str(back)) == (0, "")
    assert run("convert", str(back), str(records)) == (0, "")
    from_records = json.loads(run("convert", str(records), "-", "--to", "egn")[1])
    assert from_records["deals"] == json.loads(egn.read_text())["deals"]
    status, out = run("replay", "--json", str(egn))
    assert status == 0
    assert len(out.splitlines()) == len(game.hands)
    status, again = run("convert", str(back), "-", "--to", "egn")
    assert json.loads(again)["deals"] == json.loads(egn.read_text())["deals"]
    status, lines = run("convert", str(egn), "-", "--to", "records")
    assert len(lines.splitlines()) == len(game.hands)


def test_convert_refuses_what_it_cannot_hold_and_an_existing_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blind = write(tmp_path / "blind.egn", unknown(document(ordered_up())))
    status, _ = run("convert", blind, str(tmp_path / "hands.jsonl"))
    assert status == 1
    assert "nobody saw W's cards, the discard, the kitty" in capsys.readouterr().err
    target = tmp_path / "exists.egn"
    target.write_text("")
    assert run("convert", ANNOTATED, str(target))[0] == 2
    assert "exists: use --force" in capsys.readouterr().err
    assert run("convert", ANNOTATED, str(target), "--force")[0] == 0
    empty = tmp_path / "empty.json"
    empty.write_text(" ")
    assert run("convert", str(empty), "-")[0] == 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "euchre-hand/1"}\n')
    assert run("convert", str(bad), "-", "--to", "egn")[0] == 1
    assert "record 1: dealer: missing" in capsys.readouterr().err
    assert run("convert", str(tmp_path / "none.egn"), "-")[0] == 2
    assert run("convert", ANNOTATED, str(tmp_path / "no" / "dir.egn"))[0] == 2


def test_agree_counts_bids_cards_and_the_annotated_decisions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run("agree", "--bot", "basic", "--json", ANNOTATED)
    report = json.loads(out)
    assert status == 0
    assert (report["games"], report["deals"]) == (1, 1)
    # Of the 20 cards, 11 had one legal choice: E's and S's clubs to the first trick, S's and
    # W's trumps to the second, N's to the third, W's and N's diamonds to the fourth, and the
    # four last cards. They are counted apart; the rest are leads and follows.
    assert report["forced"] == {"asked": 11, "agree": 11}
    asked = {kind: report[kind]["asked"] for kind in ("bids", "discards", "leads", "follows")}
    assert asked == {"bids": 2, "discards": 1, "leads": 4, "follows": 5}
    assert report["cards"]["asked"] == 9
    assert report["cards"]["agree"] == report["leads"]["agree"] + report["follows"]["agree"]
    leads = report["leads"]
    assert leads["rate"] == round(leads["agree"] / 4, 4)
    assert leads["ci95"] == list(wilson_interval(leads["agree"], 4))
    assert report["blunder"]["asked"] == 1
    assert report["brilliant"]["asked"] == 1
    assert report["great"]["asked"] == 1
    status, out = run("agree", "--bot", "basic", ANNOTATED, write(tmp_path / "x.egn", []))
    assert status == 1
    lines = out.splitlines()
    assert lines[:2] == [
        "basic against 1 games, 1 deals",
        "forced (one legal choice): 11 decisions, counted apart",
    ]
    low, high = wilson_interval(leads["agree"], 4)
    assert (
        f"leads: agrees on {leads['agree']} of 4 ({leads['agree'] / 4:.1%};"
        f" 95% interval {low:.1%} to {high:.1%})"
    ) in lines
    assert [line.split(":")[0] for line in lines[2:7]] == [
        "bids",
        "discards",
        "leads",
        "follows",
        "cards",
    ]
    assert "dubious: none asked" in out
    assert "blunder: avoids " in out
    assert "fileType" in capsys.readouterr().err
    blind = write(tmp_path / "blind.egn", unknown(document(ordered_up())))
    status, out = run("agree", "--bot", "easy", blind)
    assert "not asked (cards unknown)" in out
    notjson = tmp_path / "n.egn"
    notjson.write_text("{")
    assert run("agree", str(notjson))[0] == 1
    assert run("agree", str(tmp_path / "none.egn"))[0] == 2


def test_agree_and_replay_explain_stop_on_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.cli import agree

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(agree, "load_egn", interrupted)
    assert run("agree", ANNOTATED)[0] == 130


def test_play_save_writes_egn_when_the_name_ends_in_egn(tmp_path: Path) -> None:
    target = tmp_path / "game.egn"
    status, _ = run("play", "--watch", "--seed", "3", "--save", str(target))
    assert status == 0
    game = load_egn(json.loads(target.read_text()))
    assert game.deals
    assert all(deal.all_known for deal in game.deals)


def test_an_egn_game_with_no_deals_is_no_deals_and_exit_1_as_an_empty_file_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = annotated()
    doc["deals"] = []
    doc["metadata"].pop("finalScore", None)
    empty = write(tmp_path / "empty.egn", doc)
    status, out = run("replay", "--json", empty)
    assert status == 1
    assert json.loads(out)["error"] == f"{empty}: game: no deals"
    status, out = run("replay", empty)
    assert (status, out.splitlines()[1]) == (1, "  Illegal: no deals")
    records = tmp_path / "hands.jsonl"
    assert run("convert", empty, str(records), "--to", "records")[0] == 1
    assert capsys.readouterr().err == f"euchre convert: {empty}: no deals\n"
    assert not records.exists()


def test_a_game_of_no_deals_is_written_neither_as_egn_nor_as_hand_records() -> None:
    for write in (write_egn, records_from_egn):
        with pytest.raises(EgnError, match=r"^no deals$"):
            write(egn_from_hands([]))


def test_text_no_encoding_can_write_is_replaced_not_a_crash(tmp_path: Path) -> None:
    """A lone surrogate ("\\ud800", which JSON allows) in a note: printed as "?"."""
    doc = json.loads(Path(ANNOTATED).read_text())
    doc["deals"][0]["phases"][0]["callAnnotations"]["1"] = ["\ud800 is not text"]
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")  # strict, as a real stdout is
    status = main(["replay", "--explain", write(tmp_path / "odd.egn", doc)], stdout=stdout)
    stdout.flush()
    assert status == 0
    assert "? is not text" in stdout.buffer.getvalue().decode()  # type: ignore[attr-defined]
