"""`euchre play`, end to end: standard input in, standard output out."""

from __future__ import annotations

import errno
import io
import json
import os
import re
import signal
from contextlib import redirect_stderr
from datetime import UTC, datetime
from pathlib import Path

import pytest
from freezegun import freeze_time
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from euchre.actions import PLAY, Action, Discard
from euchre.cards import Card
from euchre.cli import main, stopping
from euchre.cli import play as play_module
from euchre.cli.person import Person
from euchre.errors import EuchreError
from euchre.history.record import rules_json
from euchre.players import Decision, SeatView
from euchre.players.reasons import Motive, Reason
from euchre.rules import Rules
from euchre.seats import Seat
from tests.builders import Terminal, make_hand, run
from tests.examples import at_most

S = Seat.SOUTH


@pytest.fixture(autouse=True)
def cheap_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint (typed as "?", which hypothesis finds) searches 2 deals, not 48: quick enough."""
    from functools import partial

    from euchre.players.expert import ExpertPlayer, ExpertSettings

    cheap = partial(ExpertPlayer, settings=ExpertSettings(samples=2, bid_samples=2))
    monkeypatch.setattr("euchre.cli.play.ExpertPlayer", cheap)
    monkeypatch.setattr("euchre.cli.person.ExpertPlayer", cheap)


def play(*args: str, stdin: str | io.StringIO = "") -> tuple[int, str]:
    out = io.StringIO()
    source = stdin if isinstance(stdin, io.StringIO) else io.StringIO(stdin)
    return main(["play", *args], stdin=source, stdout=out), out.getvalue()


def test_a_person_plays_a_whole_game_by_numbers() -> None:
    status, out = play("--seed", "1", stdin="1\n" * 400)
    assert status == 0
    assert "You are South; North is your partner." in out
    assert "Your cards: " in out
    assert "Trick 1: " in out
    assert "Score: NS " in out
    assert "won the game" in out
    assert "Goodbye" not in out
    assert "Traceback" not in out


def test_bad_input_gets_one_line_and_the_question_again() -> None:
    status, out = play("--seed", "1", stdin="\nrubbish\n99\n1\n")
    assert status == 0
    assert "Please choose a number from 1 to" in out
    assert "'rubbish' is not a choice" in out
    assert "99 is not one of the choices" in out
    assert out.rstrip().endswith("Goodbye.")


def test_end_of_input_says_goodbye_and_exits_0() -> None:
    status, out = play("--seed", "2", stdin="")
    assert status == 0
    assert out.rstrip().endswith("Goodbye.")


def test_ctrl_c_says_goodbye_and_exits_130() -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    status, out = play("--seed", "2", stdin=Interrupted())
    assert status == 130
    assert out.rstrip().endswith("Goodbye.")


def test_the_same_seed_deals_the_same_game() -> None:
    assert play("--seed", "3", "--watch")[1] == play("--seed", "3", "--watch")[1]


def test_watch_lets_four_bots_play_to_the_target_set_by_rules() -> None:
    status, out = play("--seed", "4", "--watch", "--rules", "redeal,points=5")
    assert status == 0
    assert "Four bots play Euchre to 5." in out
    assert "won the game" in out
    assert "Your cards" not in out


def test_unknown_rules_are_refused_by_the_argument_parser(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        play("--rules", "jokers")
    assert exited.value.code == 2
    assert "'jokers' is not a rule" in capsys.readouterr().err


def test_a_piped_game_has_no_colour_codes() -> None:
    assert "\x1b[" not in play("--seed", "5", "--watch")[1]


# The person at South, closer up


def person(answers: str) -> tuple[Person, io.StringIO]:
    out = io.StringIO()
    return Person(Console(file=out, highlight=False), io.StringIO(answers)), out


@pytest.mark.parametrize("typed", ["j♣", "JC", "jc"])
def test_a_card_may_be_typed_as_in_the_hand_record(typed: str) -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC")
    you, _ = person(f"{typed}\n")
    assert you.choose(SeatView.of(hand, S)).action == PLAY[Card.parse("JC").index]


def test_an_illegal_card_is_refused_with_the_rule_and_asked_again() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC")
    you, out = person("QD\n10C\n")
    action = you.choose(SeatView.of(hand, S)).action
    with pytest.raises(EuchreError) as refused:
        hand.apply(action)
    you.refused(refused.value)
    assert "Not allowed: you must follow clubs: you hold J♣ 10♣" in out.getvalue()
    assert you.choose(SeatView.of(hand, S)).action == PLAY[Card.parse("10C").index]


def test_the_dealer_discards_by_typing_a_card() -> None:
    hand = run(make_hand(dealer=S), "pass, pass, pass, order up")
    you, _ = person("10h\n")
    assert you.choose(SeatView.of(hand, S)).action == Discard(Card.parse("10H"))


def test_bids_may_be_typed_in_words() -> None:
    hand = run(make_hand(Rules(defend_alone=True)), "order up alone, discard 9C", "pass")
    you, _ = person("order up\ndefend alone\n")
    assert str(you.choose(SeatView.of(make_hand(dealer=Seat.EAST), S)).action) == "order up"
    assert str(you.choose(SeatView.of(hand, Seat.WEST)).action) == "defend alone"


# Saving the game


@freeze_time("2026-11-25 20:00:00")
def test_a_saved_game_has_every_hand_with_its_time_and_replays_to_the_same_scores(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "game.json"
    status, out = play("--seed", "6", "--watch", "--save", str(saved))
    assert status == 0
    assert f"Saved the game to {saved}" in out.replace("\n", "")
    game = json.loads(saved.read_text())
    assert game["format"] == "euchre-game/1"
    assert game["players"] == {"N": "normal", "E": "normal", "S": "normal", "W": "normal"}
    assert game["rules"] == rules_json(Rules())
    assert {hand["played_at"] for hand in game["hands"]} == {"2026-11-25T20:00:00Z"}
    replayed = io.StringIO()
    assert main(["replay", "--json", str(saved)], stdout=replayed) == 0
    totals = {"NS": 0, "EW": 0}
    for line in replayed.getvalue().splitlines():
        for team, points in json.loads(line)["points"].items():
            totals[team] += points
    assert totals == game["scores"][-1]
    assert max(totals.values()) >= 10


def test_an_interrupted_game_is_saved_with_its_unfinished_hand(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    status, _ = play("--seed", "7", "--save", str(saved), stdin="1\n" * 3)
    game = json.loads(saved.read_text())
    assert status == 0
    assert game["winner"] is None
    assert game["players"]["S"] == "human"
    assert len(game["unfinished"]["bids"]) >= 1


def test_junk_while_playing_a_card_is_not_a_choice() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC")
    you, out = person("zz\n1\n")
    assert you.choose(SeatView.of(hand, S)).action == PLAY[Card.parse("JC").index]
    assert "'zz' is not a choice: type a number from 1 to 2, or type one, such as JC;" in (
        out.getvalue()
    )


def test_the_narrator_tells_a_defence_alone() -> None:
    from euchre.actions import PASS, DefendAlone
    from euchre.cli.narrate import WATCHING, Narrator
    from euchre.hand import Phase

    hand, told = make_hand(), Narrator(WATCHING).action
    assert told(hand, Seat.EAST, DefendAlone(), Phase.DEFEND) == "East defends alone."
    assert told(hand, Seat.EAST, PASS, Phase.DEFEND) == ("East declines to defend alone.")
    assert told(hand, Seat.NORTH, PLAY[Card.parse("AC").index], Phase.PLAY) == "North plays A♣."


RED = "\x1b[31m"


def test_a_terminal_shows_red_suits_in_red(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    out = Terminal()
    assert (
        main(["play", "--seed", "5", "--watch", "--delay", "0"], stdin=io.StringIO(), stdout=out)
        == 0
    )
    assert RED in out.getvalue()


def test_no_color_turns_colour_off_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    out = Terminal()
    assert (
        main(["play", "--seed", "5", "--watch", "--delay", "0"], stdin=io.StringIO(), stdout=out)
        == 0
    )
    assert RED not in out.getvalue()
    assert "♥" in out.getvalue() or "♦" in out.getvalue()


# Saving: the path is checked before the first deal, the file is written whole or not at all,
# and every way a game can stop saves what was played.


def play_err(*args: str, stdin: str = "") -> tuple[int, str, str]:
    err = io.StringIO()
    with redirect_stderr(err):
        status, out = play(*args, stdin=stdin)
    return status, out, err.getvalue()


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("{tmp}", "{tmp} is a folder: give a file name"),
        ("{tmp}/no/such/folder/game.json", "cannot save to {tmp}/no/such/folder/game.json:"),
        ("", "--save needs a file name"),
        ("/dev/full", "/dev/full exists: add --force to replace it, or give another name"),
    ],
    ids=["folder", "no-folder", "empty", "device"],
)
def test_a_save_path_that_cannot_work_is_refused_before_the_first_deal(
    tmp_path: Path, where: str, message: str
) -> None:
    status, out, err = play_err("--watch", "--save", where.format(tmp=tmp_path))
    assert status == 2
    assert out == ""
    assert err.startswith(f"euchre play: {message.format(tmp=tmp_path)}")
    assert len(err.splitlines()) == 1


def test_force_does_not_replace_what_is_not_a_file() -> None:
    status, _out, err = play_err("--watch", "--save", "/dev/full", "--force")
    assert status == 2
    assert err == "euchre play: /dev/full is not a regular file\n"


def test_an_existing_save_is_kept_unless_forced(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    saved.write_text("precious")
    status, _, err = play_err("--seed", "8", "--watch", "--save", str(saved))
    assert status == 2
    assert err == f"euchre play: {saved} exists: add --force to replace it, or give another name\n"
    assert saved.read_text() == "precious"
    status, _out, _ = play_err("--seed", "8", "--watch", "--save", str(saved), "--force")
    assert status == 0
    assert json.loads(saved.read_text())["finished"] is True
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]


def test_a_dangling_link_counts_as_an_existing_file(tmp_path: Path) -> None:
    link = tmp_path / "game.json"
    link.symlink_to(tmp_path / "nowhere.json")
    status, _, err = play_err("--seed", "8", "--watch", "--save", str(link))
    assert status == 2
    assert err == f"euchre play: {link} exists: add --force to replace it, or give another name\n"
    assert link.is_symlink()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text("precious")

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("os.fsync", full)
    status, _, err = play_err("--seed", "8", "--watch", "--save", str(saved), "--force")
    assert status == 1
    assert err == f"euchre play: could not save the game to {saved}: No space left on device\n"
    assert saved.read_text() == "precious"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]


def test_a_file_that_appears_while_playing_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.json"
    real_play_game = play_module.play_game

    def meanwhile(*args: object, **kwargs: object) -> object:
        saved.write_text("someone else's")
        return real_play_game(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(play_module, "play_game", meanwhile)
    status, out = play("--seed", "8", "--watch", "--save", str(saved))
    assert status == 0
    assert saved.read_text() == "someone else's"
    assert json.loads((tmp_path / "game-2.json").read_text())["finished"] is True
    assert f"{saved} appeared meanwhile: saved the game to {tmp_path / 'game-2.json'}" in (
        out.replace("\n", "")
    )


def replays(path: Path) -> bool:
    return main(["replay", "--json", str(path)], stdout=io.StringIO()) == 0


def test_end_of_input_saves_the_game_so_far_marked_unfinished(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    status, _ = play("--seed", "7", "--save", str(saved), stdin="1\n" * 30)
    game = json.loads(saved.read_text())
    assert status == 0
    assert (game["finished"], game["stopped_by"], game["winner"]) == (False, "end of input", None)
    assert replays(saved)


def test_ctrl_c_saves_the_game_so_far(tmp_path: Path) -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            if self.tell() >= 20:
                raise KeyboardInterrupt
            return super().readline()

    saved = tmp_path / "game.json"
    status, _out = play("--seed", "7", "--save", str(saved), stdin=Interrupted("1\n" * 40))
    assert status == 130
    assert json.loads(saved.read_text())["stopped_by"] == "Ctrl-C"
    assert replays(saved)


def test_a_hand_that_ends_as_ctrl_c_comes_is_saved_with_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The interruption falls after a hand is scored and before the narrator took its time.
    calls = []

    def clock() -> datetime:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return datetime(2026, 11, 25, 20, tzinfo=UTC)

    monkeypatch.setattr(play_module, "_now", clock)
    saved = tmp_path / "game.json"
    status, _ = play("--seed", "6", "--watch", "--save", str(saved))
    game = json.loads(saved.read_text())
    assert status == 130
    assert len(game["hands"]) == 2
    assert all(hand["played_at"] for hand in game["hands"])
    assert replays(saved)


def test_an_error_saves_the_game_so_far_and_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre.players.normal import NormalBot

    played = []

    def broken(self: NormalBot, view: SeatView) -> Decision:
        played.append(view)
        if len(played) > 30:
            raise RuntimeError("the bot is broken")
        return Decision(view.legal_actions[0], Reason(Motive.CHANCE))

    monkeypatch.setattr(NormalBot, "play", broken)
    saved = tmp_path / "game.json"
    status, _, err = play_err("--seed", "6", "--watch", "--save", str(saved))
    assert status == 1
    assert err == (
        "euchre play: stopped by an error (RuntimeError: the bot is broken);"
        f" the game so far is saved in {saved}\n"
    )
    assert json.loads(saved.read_text())["stopped_by"] == "an error: RuntimeError"
    assert replays(saved)


# What the prompts offer, and what they accept


def test_the_bid_prompt_offers_bids_not_cards() -> None:
    _, out = play("--seed", "1", stdin="")
    prompt = next(line for line in out.splitlines() if line.startswith("Your bid"))
    assert "card" not in prompt
    assert "or type one, such as" in prompt


def test_the_card_prompt_offers_a_card_that_is_a_choice() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC")
    you, out = person("")
    with pytest.raises(EOFError):
        you.choose(SeatView.of(hand, S))
    assert "Your card (1-2, or type one, such as JC; hint, help): " in out.getvalue()


@pytest.mark.parametrize("typed", ["\u0663", "\u00b2", "\uff11", "1" * 5000, "0" * 4400 + "1"])
def test_only_ascii_digits_choose_and_a_long_answer_is_not_echoed_whole(typed: str) -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC")
    you, out = person(f"{typed}\n1\n")
    assert you.choose(SeatView.of(hand, S)).action == PLAY[Card.parse("JC").index]
    said = out.getvalue()
    assert "is not" in said
    assert typed not in said or len(typed) < 30
    assert max(len(line) for line in said.splitlines()) < 200


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("stick,redeal", "'stick' and 'redeal' contradict each other"),
        ("redeal,stick-the-dealer", "'redeal' and 'stick-the-dealer' contradict each other"),
        ("points=5,points=7", "'points=5' and 'points=7' contradict each other"),
        ("points=0", "'points=0' is not a rule: points= takes 1 to 100"),
        ("points=101", "'points=101' is not a rule: points= takes 1 to 100"),
        ("points=\u0663", "is not a rule: points= takes 1 to 100"),
        ("points=" + "9" * 5000, "is not a rule: points= takes 1 to 100"),
    ],
)
def test_rules_that_contradict_or_are_out_of_range_are_refused(
    rules: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        play("--rules", rules)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err) < 1000


def test_the_same_rule_twice_is_no_contradiction() -> None:
    from euchre.cli.options import parse_rules

    assert parse_rules("redeal, redeal,points=5,points=5") == Rules(
        stick_the_dealer=False, points_to_win=5
    )


def test_a_terminal_that_is_not_utf8_gets_plain_letters() -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    status = main(["play", "--seed", "5", "--watch"], stdin=io.StringIO(), stdout=out)
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert status == 0
    assert "won the game" in text
    assert re.search(r"Trick 1: \w+ (9|10|J|Q|K|A)[CDHS],", text)


def test_a_latin1_terminal_gets_plain_letters_and_a_question_mark_for_the_rest() -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="latin-1")
    status = main(["play", "--seed", "5"], stdin=io.StringIO("\u2603\n"), stdout=out)
    out.flush()
    text = raw.getvalue().decode("latin-1")
    assert status == 0
    assert "'?' is not a choice" in text
    assert "\u2665" not in text


@pytest.mark.usefixtures("uncovered")  # a property: other tests cover its lines
@at_most(400)  # each example is a whole game played with those answers
@given(st.lists(st.text(max_size=12).filter(lambda line: "\n" not in line), max_size=40))
def test_any_answers_at_all_end_in_a_goodbye_never_a_traceback(answers: list[str]) -> None:
    status, out = play("--seed", "9", stdin="".join(f"{answer}\n" for answer in answers))
    assert status == 0
    assert out.rstrip().endswith(("Goodbye.", "won the game 10-")) or "won the game" in out


# Signals inside the process: what the subprocess tests cannot measure


@pytest.mark.parametrize(
    ("stop", "status", "said", "name"),
    [
        (signal.SIGTERM, 143, "Stopped by SIGTERM.", "SIGTERM"),
        (signal.SIGINT, 130, "Goodbye.", "Ctrl-C"),
    ],
)
def test_a_signal_between_moves_saves_and_exits_128_and_its_number(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    stop: signal.Signals,
    status: int,
    said: str,
    name: str,
) -> None:
    before = signal.getsignal(stop)

    def clock() -> datetime:  # called as the first hand ends, outside any move
        os.kill(os.getpid(), stop)
        return datetime(2026, 11, 25, 20, tzinfo=UTC)

    monkeypatch.setattr(play_module, "_now", clock)
    saved = tmp_path / "game.json"
    stopped, out = play("--seed", "6", "--watch", "--save", str(saved))
    assert stopped == status
    assert said in out
    assert json.loads(saved.read_text())["stopped_by"] == name
    assert replays(saved)
    assert signal.getsignal(stop) is before


def test_a_signal_during_a_move_waits_until_the_move_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre.game import Game

    real_apply, moves = Game.apply, []

    def apply(self: Game, action: Action, seat: Seat | None = None) -> None:
        moves.append(action)
        if len(moves) == 40:
            os.kill(os.getpid(), signal.SIGHUP)
        real_apply(self, action, seat)

    monkeypatch.setattr(Game, "apply", apply)
    saved = tmp_path / "game.json"
    status, _ = play("--seed", "6", "--watch", "--save", str(saved))
    game = json.loads(saved.read_text())
    assert status == 129
    assert game["stopped_by"] == "SIGHUP"
    assert replays(saved)
    played = len(game["unfinished"]["bids"]) + sum(map(len, game["unfinished"]["tricks"]))
    assert played > 0 or game["unfinished"].get("discard")


def test_signals_are_left_alone_outside_the_main_thread() -> None:
    import threading

    stopper = stopping.Stopper()
    thread = threading.Thread(target=stopper.install)
    thread.start()
    thread.join()
    assert stopper.previous == {}


def test_a_closed_output_still_saves_the_game(tmp_path: Path) -> None:
    class Closing(io.StringIO):
        def write(self, text: str) -> int:
            if self.tell() > 2000:
                raise BrokenPipeError
            return super().write(text)

    saved = tmp_path / "game.json"
    status = main(["play", "--seed", "6", "--watch", "--save", str(saved)], stdout=Closing())
    assert status == 141
    assert json.loads(saved.read_text())["stopped_by"] == "the output was closed"


def test_an_error_without_save_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.players.normal import NormalBot

    def broken(self: NormalBot, view: SeatView) -> Card:
        raise RuntimeError("the bot is broken")

    monkeypatch.setattr(NormalBot, "play", broken)
    status, _, err = play_err("--seed", "6", "--watch")
    assert status == 1
    assert err == "euchre play: stopped by an error (RuntimeError: the bot is broken)\n"


def test_undecodable_answers_on_a_real_stream_are_replaced_not_a_crash() -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n" * 3), encoding="utf-8")
    out = io.StringIO()
    assert main(["play", "--seed", "3"], stdin=stdin, stdout=out) == 0
    assert "'\ufffd\ufffd' is not a choice" in out.getvalue()
