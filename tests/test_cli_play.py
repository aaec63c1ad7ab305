"""`euchre play`, end to end: standard input in, standard output out."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from freezegun import freeze_time
from rich.console import Console

from euchre.actions import PLAY, Discard
from euchre.cards import Card
from euchre.cli import main
from euchre.cli.play import Person
from euchre.errors import EuchreError
from euchre.players import SeatView, decide
from euchre.rules import Rules
from euchre.seats import Seat
from tests.builders import Terminal, make_hand, run

S = Seat.SOUTH


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
    assert decide(you, SeatView.of(hand, S)) == PLAY[Card.parse("JC").index]


def test_an_illegal_card_is_refused_with_the_rule_and_asked_again() -> None:
    hand = run(make_hand(), "pass, order up, discard 9C", "play AC, play QC")
    you, out = person("QD\n10C\n")
    action = decide(you, SeatView.of(hand, S))
    with pytest.raises(EuchreError) as refused:
        hand.apply(action)
    you.refused(refused.value)
    assert "Not allowed: S must follow clubs (holds J♣ 10♣)" in out.getvalue()
    assert decide(you, SeatView.of(hand, S)) == PLAY[Card.parse("10C").index]


def test_the_dealer_discards_by_typing_a_card() -> None:
    hand = run(make_hand(dealer=S), "pass, pass, pass, order up")
    you, _ = person("10h\n")
    assert decide(you, SeatView.of(hand, S)) == Discard(Card.parse("10H"))


def test_bids_may_be_typed_in_words() -> None:
    hand = run(make_hand(Rules(defend_alone=True)), "order up alone, discard 9C", "pass")
    you, _ = person("order up\ndefend alone\n")
    assert str(decide(you, SeatView.of(make_hand(dealer=Seat.EAST), S))) == "order up"
    assert str(decide(you, SeatView.of(hand, Seat.WEST))) == "defend alone"


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
    assert game["players"] == {"N": "rule", "E": "rule", "S": "rule", "W": "rule"}
    assert game["rules"] == {"stick_the_dealer": True, "points_to_win": 10, "defend_alone": False}
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
    assert decide(you, SeatView.of(hand, S)) == PLAY[Card.parse("JC").index]
    assert (
        "'zz' is not a choice: type a number from 1 to 2, or a card such as JH." in out.getvalue()
    )


def test_the_narrator_tells_a_defence_alone() -> None:
    from euchre.actions import PASS, DefendAlone
    from euchre.cli.narrate import describe
    from euchre.hand import Phase

    hand = make_hand()
    assert describe(hand, Seat.EAST, DefendAlone(), Phase.DEFEND, None) == "East defends alone."
    assert describe(hand, Seat.EAST, PASS, Phase.DEFEND, None) == ("East declines to defend alone.")
    assert describe(hand, Seat.NORTH, PLAY[Card.parse("AC").index], Phase.PLAY, None) == (
        "North plays A♣."
    )


RED = "\x1b[31m"


def test_a_terminal_shows_red_suits_in_red(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    out = Terminal()
    assert main(["play", "--seed", "5", "--watch"], stdin=io.StringIO(), stdout=out) == 0
    assert RED in out.getvalue()


def test_no_color_turns_colour_off_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    out = Terminal()
    assert main(["play", "--seed", "5", "--watch"], stdin=io.StringIO(), stdout=out) == 0
    assert RED not in out.getvalue()
    assert "♥" in out.getvalue() or "♦" in out.getvalue()
