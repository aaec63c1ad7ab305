"""`euchre play` for a beginner: the status line, the cards grouped, the dealer's "pick up",
hints and help at any prompt, the summary of a hand, --level and --delay."""

from __future__ import annotations

import functools
import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from euchre.actions import PASS, PLAY, DefendAlone, Discard, NameTrump, OrderUp, Play
from euchre.cards import Card, Suit
from euchre.cli import hints, main, prompt
from euchre.cli.narrate import TEAM_NAMES, Narrator, Reader, card_markup
from euchre.cli.person import Person
from euchre.errors import (
    CanadianLonerError,
    CardNotHeldError,
    DealerMustCallError,
    EuchreError,
    MustFollowSuitError,
    TurnedDownSuitError,
)
from euchre.hand import HandResult, Phase
from euchre.players import Advice, Choice, Decision, SeatView
from euchre.players.expert import ExpertPlayer, ExpertSettings
from euchre.players.expert.weigh import Weigh
from euchre.players.normal import NormalBot
from euchre.players.reasons import Motive, Reason
from euchre.rules import Rules
from euchre.seats import Seat, Team
from tests.builders import Terminal, make_hand, run

N, E, S, W = Seat
NS, EW = Team.NS, Team.EW
SCORES = {NS: 4, EW: 6}
CHEAP_EXPERT = functools.partial(ExpertPlayer, settings=ExpertSettings(samples=2, bid_samples=2))


@pytest.fixture(autouse=True)
def cheap_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert with 2 deals a decision, not 48: the same code, quick enough for a test."""
    monkeypatch.setattr("euchre.cli.play.ExpertPlayer", CHEAP_EXPERT)
    monkeypatch.setattr("euchre.players.levels.ExpertPlayer", CHEAP_EXPERT)


def plain(markup: str) -> str:
    """The text without markup, its en dashes as hyphens."""
    return Text.from_markup(markup).plain.replace(DASH, "-")


DASH = "\N{EN DASH}"
YOURS = Narrator(Reader(seat=S))
"""The narrator as the person at South reads it."""


def view(*texts: str, seat: Seat = S, rules: Rules = Rules(), **deal: object) -> SeatView:
    return SeatView.of(run(make_hand(rules, **deal), *texts), seat, SCORES)


def play(*args: str, stdin: str = "", stdout: io.StringIO | None = None) -> tuple[int, str]:
    out = stdout or io.StringIO()
    return main(["play", *args], stdin=io.StringIO(stdin), stdout=out), out.getvalue()


def person(answers: str) -> tuple[Person, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, highlight=False, soft_wrap=True)
    return Person(console, io.StringIO(answers), hint()), out


def hint() -> hints.Hints:
    """Hints from a cheap expert."""
    return hints.Hints(CHEAP_EXPERT(random.Random(1)))


# The status line


def test_the_status_line_in_round_1_shows_the_dealer_the_upcard_and_the_score() -> None:
    assert plain(prompt.status_line(view("pass, pass"))) == (
        "── dealer West | upcard K♥ | bidding round 1 | score NS 4, EW 6 (you: NS)"
    )


def test_the_status_line_in_round_2_and_as_the_dealer() -> None:
    line = plain(prompt.status_line(view("pass, pass, pass, pass", seat=W)))
    assert line == "── dealer you | upcard K♥ | bidding round 2 | score NS 4, EW 6 (you: EW)"


def test_the_status_line_in_play_shows_trump_its_maker_and_the_tricks_of_this_hand() -> None:
    seen = view("pass, order up, discard 9C", "play AC, play QC, play JC, play 9D", "play 9S")
    assert plain(prompt.status_line(seen)) == (
        "── dealer West | trump ♥ hearts, made by East | tricks NS 1, EW 0"
        " | score NS 4, EW 6 (you: NS)"
    )


def test_the_status_line_says_alone_and_you() -> None:
    seen = view("pass, order up alone", seat=E)
    assert "trump ♥ hearts, made by you, alone | tricks NS 0, EW 0" in plain(
        prompt.status_line(seen)
    )
    assert prompt.tricks_won(view()) == {NS: 0, EW: 0}


# The cards, grouped by suit, trump first, the playable ones numbered


def test_round_1_groups_the_cards_as_if_the_upcard_were_trump() -> None:
    assert plain(prompt.cards_line(view(seat=W))) == (
        "Your cards: ♥ if trump: J♦ | ♠: J♠ 10♠ | ♣: 9♣ | ♦: 9♦"
    )


def test_round_2_groups_the_cards_by_their_printed_suits() -> None:
    assert plain(prompt.cards_line(view("pass, pass, pass, pass", seat=W))) == (
        "Your cards: ♠: J♠ 10♠ | ♣: 9♣ | ♦: J♦ 9♦"
    )


def test_trump_comes_first_with_the_left_bower_among_the_trumps() -> None:
    seen = view("pass, order up, discard 9C", seat=W)
    assert plain(prompt.cards_line(seen)) == "Your cards: trump ♥: J♦ K♥ | ♠: J♠ 10♠ | ♦: 9♦"


def test_the_cards_you_may_play_are_numbered_in_the_order_shown() -> None:
    seen = view("pass, order up, discard 9C", "play AC, play QC")
    choices = prompt.card_choices(seen)
    assert [str(action) for action in choices] == ["play JC", "play 10C"]
    cards = [Card.parse("JC"), Card.parse("10C")]
    assert plain(prompt.cards_line(seen, cards)) == (
        "Your cards: trump ♥: A♥ 10♥ | ♣: 1) J♣ 2) 10♣ | ♦: Q♦"
    )


def test_the_dealer_discards_from_six_numbered_cards() -> None:
    you, out = person("6\n")
    seen = view("pass, pass, pass, order up", seat=S, dealer=S)
    assert you.choose(seen).action == Discard(Card.parse("QD"))
    assert "Your cards: trump ♥: 1) A♥ 2) K♥ 3) 10♥ | ♣: 4) J♣ 5) 10♣ | ♦: 6) Q♦" in (
        out.getvalue()
    )


# What you are told before a card


def test_you_lead() -> None:
    assert prompt.before_a_card(view("pass, order up, discard 9C", seat=N)) == (
        "You lead: play any card."
    )


def test_you_must_follow_and_are_shown_what_you_hold() -> None:
    seen = view("pass, order up, discard 9C", "play AC, play QC")
    assert plain(prompt.before_a_card(seen)) == "You must follow clubs: you hold J♣ 10♣."


def test_with_none_of_the_suit_led_you_may_play_any_card() -> None:
    seen = view("pass, order up, discard 9C", "play AC, play QC, play JC", seat=W)
    assert plain(prompt.before_a_card(seen)).startswith("You hold no clubs: play any card")


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (
            MustFollowSuitError(S, Suit.CLUBS, tuple(Card.parse_many("JC 10C"))),
            "you must follow clubs: you hold JC 10C",
        ),
        (CardNotHeldError(S, Card.parse("QD")), "you do not hold QD"),
        (DealerMustCallError(S), "stick the dealer: you must name trump"),
        (
            CanadianLonerError(S),
            "the Canadian loner: you order up your partner's card, so you go alone",
        ),
        (TurnedDownSuitError(Suit.HEARTS), "hearts was turned down: name another suit"),
        (CardNotHeldError(W, Card.parse("QD")), "W does not hold QD"),
    ],
    ids=["follow", "not-held", "stuck", "canadian", "turned-down", "another-seat"],
)
def test_a_refusal_is_addressed_to_you(error: EuchreError, said: str) -> None:
    assert prompt.your_refusal(error, S) == said


# The dealer picks up


def test_the_dealer_is_offered_pick_up_not_order_up() -> None:
    you, out = person("pick up\n")
    seen = view("pass, pass, pass", dealer=S)
    assert you.choose(seen).action == OrderUp()
    said = out.getvalue()
    assert "1) pass  2) pick up  3) pick up alone" in said
    assert "order up" not in said
    assert "such as pick up;" in said


def test_a_dealer_who_types_nonsense_is_shown_pick_up_again() -> None:
    you, out = person("banana\npick up\n")
    assert you.choose(view("pass, pass, pass", dealer=S)).action == OrderUp()
    said = out.getvalue()
    assert "'banana' is not a choice: type a number from 1 to 3, or type one, such as pick up;" in (
        said
    )
    assert "order up" not in said


def test_order_up_still_works_for_the_dealer_and_others_order_up() -> None:
    you, _ = person("order up alone\n")
    assert you.choose(view("pass, pass, pass", dealer=S)).action == OrderUp(alone=True)
    you, out = person("2\n")
    assert you.choose(view("pass, pass")).action == OrderUp()
    assert "2) order up" in out.getvalue()


# Hints and help: answered, never taken as a move


@pytest.mark.parametrize("asked", ["hint", "?", "HINT"])
def test_a_hint_shows_the_experts_estimates_and_the_rule_bots_reason(asked: str) -> None:
    you, out = person(f"{asked}\n1\n")
    seen = view("pass, order up, discard 9C", "play AC, play QC")
    assert you.choose(seen).action == PLAY[Card.parse("JC").index]  # the hint was no move
    said = plain(out.getvalue())
    expert = re.search(r"Hint: the expert would play (J♣|10♣)(, the .*)?\. .*:\n  (.*)\n", said)
    assert expert is not None
    assert re.fullmatch(r"(J♣|10♣) [+-]\d+\.\d\d \| (J♣|10♣) [+-]\d+\.\d\d", expert.group(3))
    reason = re.search(r"The rule bot \(normal\) would play (J♣|10♣): (\S.*)\.", said)
    assert reason is not None
    assert not re.search(r"\b(JC|10C)\b", reason.group(2))  # cards in the reason by symbol
    assert said.count("Your card (1-2") == 2


def test_a_hint_names_the_card_the_expert_would_play(monkeypatch: pytest.MonkeyPatch) -> None:
    # The search rates the jack and the ten alike: the expert plays the rule bot's card.
    seen = view("pass, order up, discard 9C", "play AC, play QC")
    normal = NormalBot().choose(seen).action
    assert isinstance(normal, Play)
    monkeypatch.setattr(Weigh, "points", lambda self, outcome: 0.5)  # every deal, every card
    said = plain(hint().text(seen))
    assert (
        f"the expert would play {plain(card_markup(normal.card))}, the rule bot's choice"
        " among those it rates alike." in said
    )


def test_a_hint_while_bidding_names_the_bids_the_dealers_way() -> None:
    you, out = person("?\n?\n1\n")
    assert you.choose(view("pass, pass, pass", dealer=S)).action == PASS
    said = plain(out.getvalue())
    assert said.count("Hint: the expert would ") == 2
    assert "pick up " in said.split("Hint:")[1]
    assert "order up" not in said


def test_a_hint_names_the_choices_the_expert_did_not_weigh_and_why() -> None:
    # East holds two hearts: alone it cannot take all five, so the expert never searches it.
    bidding = plain(hint().text(view("pass", seat=E)))
    assert "order up alone" not in bidding.splitlines()[1]
    assert bidding.splitlines()[2] == (
        "  Not weighed: order up alone (alone, fewer than three trumps cannot take all five)."
    )
    # The dealer holding a trump and cards outside trump never throws the trump away.
    discarding = plain(hint().text(view("pass, order up", seat=W)))
    assert "  Not weighed: J♦, K♥ (the expert keeps its trumps)." in discarding
    playing = plain(hint().text(view("pass, order up, discard 9C", seat=N)))
    assert "Not weighed" not in playing


def test_what_a_hint_says_of_each_kind_of_choice() -> None:
    seen = view("pass, pass, pass", dealer=S)
    assert [
        plain(hints.doing(action, seen))
        for action in (
            PLAY[Card.parse("JC").index],
            Discard(Card.parse("9C")),
            NameTrump(Suit.SPADES),
            NameTrump(Suit.SPADES, alone=True),
            PASS,
            DefendAlone(),
            OrderUp(alone=True),
        )
    ] == [
        "play J♣",
        "discard 9♣",
        "name spades",
        "name spades alone",
        "pass",
        "defend alone",
        "pick up alone",
    ]


def test_help_lists_the_commands_and_a_glossary() -> None:
    you, out = person("help\n1\n")
    assert you.choose(view("pass, pass")).action == PASS
    said = out.getvalue()
    assert "hint or ?" in said
    assert "help        this help" in said
    for term in (
        "Order up",
        "Pick up",
        "Loner",
        "Right Bar (right bower)",
        "Left Bar (left bower)",
    ):
        assert f"  {term}: " in said
    assert "  Euchred: " in said
    assert "  March: " in said


def test_a_hint_in_a_real_game_changes_nothing_in_the_game() -> None:
    answers = "1\n" * 300
    _, plain_game = play("--seed", "2", stdin=answers)
    _, hinted = play("--seed", "2", stdin="hint\n" + answers)
    assert "Hint: the expert would" in hinted

    def story(out: str) -> list[str]:
        return [line for line in out.splitlines() if line.startswith(("Trick ", "Score"))]

    assert story(hinted) == story(plain_game)
    assert plain_game.splitlines()[-1] == hinted.splitlines()[-1]


# The story of a hand


def result(
    maker: Seat | None, tricks: int, points: dict[Team, int], alone: bool = False
) -> HandResult:
    makers = maker.team if maker else NS
    return HandResult(
        trump=Suit.HEARTS if maker else None,
        maker=maker,
        alone=alone,
        lone_defender=None,
        trick_winners=(),
        tricks_won={makers: tricks, makers.opponents: 5 - tricks},
        points=points,
    )


@pytest.mark.parametrize(
    ("hand", "lines"),
    [
        (
            result(E, 2, {NS: 2, EW: 0}),
            [
                "East (East-West) made hearts. Tricks: North-South (you) 3, East-West 2.",
                "Euchred: 2 points to North-South (the makers took 2 tricks, fewer than 3).",
            ],
        ),
        (
            result(S, 5, {NS: 2, EW: 0}),
            [
                "You (North-South (you)) made hearts. Tricks: North-South (you) 5, East-West 0.",
                "March: 2 points to North-South (all 5 tricks).",
            ],
        ),
        (
            result(N, 5, {NS: 4, EW: 0}, alone=True),
            [
                "North (North-South (you)) made hearts alone. Tricks: North-South (you) 5,"
                " East-West 0.",
                "Lone march: 4 points to North-South (all 5 tricks).",
            ],
        ),
        (
            result(W, 3, {NS: 0, EW: 1}),
            [
                "West (East-West) made hearts. Tricks: North-South (you) 2, East-West 3.",
                "Made it: 1 point to East-West (the makers took 3 tricks of 5).",
            ],
        ),
        (
            result(None, 0, {NS: 0, EW: 0}),
            ["Everyone passed twice: the hand is thrown in, and nobody scores."],
        ),
    ],
    ids=["euchred", "march", "lone-march", "made", "thrown-in"],
)
def test_the_summary_of_a_hand_says_who_made_trump_the_tricks_and_why_the_points(
    hand: HandResult, lines: list[str]
) -> None:
    assert [plain(line) for line in YOURS.result(hand)] == lines


def test_what_you_did_is_told_to_you() -> None:
    hand = make_hand(dealer=S)
    said = {
        str(action): plain(YOURS.action(hand, S, action, Phase.ORDER_UP))
        for action in (PASS, OrderUp(), OrderUp(alone=True), NameTrump(Suit.SPADES, alone=True))
    }
    assert said == {
        "pass": "You pass.",
        "order up": "You pick up K♥: hearts are trump.",
        "order up alone": "You pick up K♥ and go alone: hearts are trump.",
        "spades alone": "You name spades and go alone.",
    }
    assert plain(YOURS.action(make_hand(), S, OrderUp(), Phase.ORDER_UP)) == (
        "You order up hearts."
    )
    assert plain(YOURS.action(hand, S, Discard(Card.parse("9C")), Phase.DISCARD)) == (
        "You pick up K♥ and discard 9♣."
    )
    assert YOURS.action(hand, S, DefendAlone(), Phase.DEFEND) == "You defend alone."
    assert YOURS.action(hand, S, PASS, Phase.DEFEND) == "You decline to defend alone."
    assert YOURS.action(hand, S, PLAY[0], Phase.PLAY) == "You play 9♣."


def test_the_dealer_picks_up() -> None:
    hand = make_hand()
    assert plain(YOURS.action(hand, W, OrderUp(alone=True), Phase.ORDER_UP)) == (
        "West, the dealer, picks up K♥ and goes alone: hearts are trump."
    )
    assert plain(YOURS.action(hand, E, OrderUp(), Phase.ORDER_UP)) == "East orders up hearts."


# Whole games


def test_a_game_tells_round_2_the_summaries_and_whether_you_won() -> None:
    status, out = play("--seed", "1", stdin="1\n" * 400)
    out = plain(out)
    assert status == 0
    assert "Round 2 of bidding: name any suit but " in out
    assert "── dealer " in out
    assert re.search(r"^(Euchred|March|Lone march|Made it): \d points? to ", out, re.M)
    assert re.search(r"You (win|lose)[.!] (North-South|East-West) won the game", out)
    assert "you deal" in out


def test_a_watched_game_ends_by_naming_the_team_that_won() -> None:
    status, out = play("--seed", "3", "--watch")
    out = plain(out)
    assert status == 0
    assert re.search(r"\n(North-South|East-West) won the game \d+-\d+\.\n$", out)
    assert "You win" not in out
    assert "── " not in out  # the status line is for the person's prompts


@pytest.mark.parametrize("level", ["easy", "basic", "normal", "expert", "rule"])
def test_level_chooses_the_bots_and_the_saved_game_names_it(level: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    status, out = play(
        "--seed", "4", "--watch", "--level", level, "--rules", "points=1", "--save", str(saved)
    )
    assert status == 0
    assert "won the game" in out
    named = {"rule": "basic"}.get(level, level)
    assert json.loads(saved.read_text())["players"] == dict.fromkeys("NESW", named)


def test_the_partner_plays_at_the_level_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre.cli import play as play_module

    made = []
    real = play_module.make_player

    def recording(level: str, rng: object) -> object:
        made.append(level)
        return real(level, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(play_module, "make_player", recording)
    play("--seed", "4", "--level", "basic")
    assert made == ["basic"] * 4  # South's is made too, then the person takes the seat


def test_an_unknown_level_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        play("--level", "grandmaster")
    assert exited.value.code == 2
    assert "'grandmaster' is not a level: choose easy" in capsys.readouterr().err


# Pacing


def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    slept: list[float] = []
    monkeypatch.setattr("time.sleep", slept.append)
    return slept


def test_a_watched_game_on_a_terminal_is_paced_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    slept = sleeps(monkeypatch)
    play("--seed", "3", "--watch", "--rules", "points=1", stdout=Terminal())
    assert slept
    assert set(slept) == {1.0}


def test_delay_sets_the_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    slept = sleeps(monkeypatch)
    play("--seed", "3", "--watch", "--delay", "0.25", "--rules", "points=1", stdout=Terminal())
    assert set(slept) == {0.25}


def test_no_pause_when_the_output_is_not_a_terminal_nor_by_default_when_you_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slept = sleeps(monkeypatch)
    play("--seed", "3", "--watch", "--delay", "2")
    play("--seed", "3", stdin="1\n" * 100, stdout=Terminal())
    assert slept == []
    play("--seed", "3", "--delay", "0.5", stdin="1\n" * 100, stdout=Terminal())
    assert set(slept) == {0.5}  # the bots' moves, when you ask for a pace


@pytest.mark.parametrize("seconds", ["-1", "61", "nan", "soon", "inf"])
def test_a_delay_out_of_range_is_a_usage_error(
    seconds: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        play("--delay", seconds)
    assert exited.value.code == 2
    assert f"expected seconds from 0 to 60, got {seconds!r}" in capsys.readouterr().err


def test_the_teams_are_named_with_an_en_dash_and_a_terminal_without_it_gets_a_hyphen() -> None:
    assert {NS: f"North{DASH}South", EW: f"East{DASH}West"} == TEAM_NAMES
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    assert main(["play", "--seed", "3", "--watch"], stdin=io.StringIO(), stdout=out) == 0
    out.flush()
    assert re.search(r"(North-South|East-West) won the game", raw.getvalue().decode("ascii"))


# The words of a hint: the bots give values, the hint words them


class Told:
    """An adviser that gives the same advice every time, and counts how often it is asked."""

    def __init__(self, advice: Advice) -> None:
        self.advice = advice
        self.asked = 0

    def advise(self, view: SeatView) -> Advice:
        self.asked += 1
        return self.advice


def test_a_hint_asks_its_adviser_once_and_only_words_its_advice() -> None:
    seen = view("pass, order up, discard 9C", "play AC, play QC")
    jack, ten = PLAY[Card.parse("JC").index], PLAY[Card.parse("10C").index]
    thumb = Decision(ten, Reason(Motive.PARTNER_SAFE, (Card.parse("QC"),)))
    adviser = Told(
        Advice(
            (
                Choice(ten, 0.25, Reason(Motive.ALIKE, worth=0.25)),
                Choice(jack, 0.27, Reason(Motive.EXPECTED, worth=0.27)),
            ),
            thumb,
        )
    )
    said = plain(hints.Hints(adviser).text(seen))
    assert adviser.asked == 1
    assert said.splitlines() == [
        "Hint: the expert would play 10♣, the rule bot's choice among those it rates alike."
        " The points it expects for your side from each choice (below 0: for the other side):",
        "  J♣ +0.27 | 10♣ +0.25",
        "The rule bot (normal) would play 10♣: my partner is winning and no one after me can"
        " beat it.",
    ]


def test_a_hint_with_one_choice_says_so() -> None:
    seen = view("pass, order up, discard 9C", "play AC", seat=E)
    only = seen.legal_actions[0]
    forced = Decision(only, Reason(Motive.ONLY_CHOICE))
    adviser = Told(Advice((Choice(only, None, forced.reason),), forced))
    assert plain(hints.Hints(adviser).text(seen)) == "Hint: you can only play Q♣."


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        (Reason(Motive.ONLY_CHOICE), "the only legal choice"),
        (Reason(Motive.CHANCE), "chosen at random"),
        (Reason(Motive.OWN_CHOICE), "your own choice"),
        (Reason(Motive.EXPECTED, worth=0.5), "it expects +0.50 points for your side"),
        (
            Reason(Motive.ALIKE, worth=0.5),
            "the rule bot's choice among those the expert rates alike",
        ),
        (Reason(Motive.KEEP_TRUMPS), "the expert keeps its trumps"),
        (Reason(Motive.NO_LONE_MARCH), "alone, fewer than three trumps cannot take all five"),
        (
            Reason(Motive.MARCH, Card.parse_many("JH JD AH"), Suit.HEARTS),
            ("3 trumps with the right bower and the left bower and the ace should take all five"),
        ),
        (
            Reason(Motive.STUCK, Card.parse_many("9C AS"), Suit.CLUBS),
            ("stuck as dealer, my best suit (1 trump and an off ace)"),
        ),
        (
            Reason(Motive.CALL, Card.parse_many("9C"), None, worth=6.0, line=5.5),
            ("my hand is worth +6.0, over the +5.50 I want left of the dealer"),
        ),
        (Reason(Motive.DEFEND_TOGETHER), "leave the defence to both of us"),
        (Reason(Motive.PARTNER_WINNING, (Card.parse("AS"),)), "my partner's A♠ is winning"),
        (Reason(Motive.TRUMP_TO_MAKER), "lead trump to my partner, the maker"),
    ],
    ids=lambda value: value.motive.name if isinstance(value, Reason) else "",
)
def test_each_reason_in_the_words_of_the_bot_that_gave_it(reason: Reason, words: str) -> None:
    assert plain(hints.why(reason, view(seat=N))) == words


def test_every_motive_has_words() -> None:
    assert set(hints.WORDS) == set(Motive)
