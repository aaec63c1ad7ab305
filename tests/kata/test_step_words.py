"""What a failing step says, as a learner reads it.

A Then that compares what the example says with what the model gives says so in those words,
"the example says …; the model gives …", so that the coach can word it for the learner's level
(at level model the model is wrong; at level examples the example is). No step says "should …,
not …" with the example on the "should" side, which reads backwards at level examples. pytest's
own explanation of a failed comparison shows the steps' values in the features' words ("Team 2
Player 4", not ``<Seat.WEST: 'W'>``), or pytest's own repr for a value that the steps do not
know how to word, such as a learner's own kind of seat.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

import pytest

from euchre.actions import Pass
from euchre.cards import Card, Suit
from euchre.deal import deal, shuffled_deck
from euchre.errors import CardNotHeldError, EuchreError, MustFollowSuitError, OutOfTurnError
from euchre.seats import Seat, Team
from step_defs.bidding import _first_trick_players, acted
from step_defs.cards_and_deals import (
    _card_missing,
    _card_twice,
    _deals,
    _shuffled_from,
    _unshuffled,
)
from step_defs.conftest import World
from step_defs.conftest import pytest_assertrepr_compare as explained
from step_defs.parameters import (
    mismatch,
    notation,
    points_said,
    read_back,
    refusal_said,
    said,
)
from tests.paths import ROOT

STEPS = ROOT / "step_defs"
WRONG_MODELS = "euchre.kata.coach.wrong_models.plugin"
FAILURES = re.compile(r"=+ FAILURES =+")
"""Where pytest's report of the failures starts, after the dots of the run."""
BACKWARDS = re.compile(r"\bshould\b.*, not\b", flags=re.DOTALL)
"""The old form, "the kitty should be 9C 10C JD QD, not …": the example on the right side."""


def written(node: ast.AST) -> str:
    """A message's text as written, each value it puts in shown as the code that gives it."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.FormattedValue):
        return "{" + ast.unparse(node.value) + "}"
    return "".join(written(child) for child in ast.iter_child_nodes(node))


def messages() -> list[tuple[str, str]]:
    """Every failure message in the step modules: where it is, and its text as written.

    That is each ``assert``'s message and each ``AssertionError`` or ``pytest.fail`` raised,
    in the steps and in the helpers they call.
    """
    found = []
    for module in sorted(STEPS.glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            message: ast.AST | None = None
            if isinstance(node, ast.Assert):
                message = node.msg
            elif isinstance(node, ast.Call) and ast.unparse(node.func) in (
                "AssertionError",
                "pytest.fail",
            ):
                message = node.args[0] if node.args else None
            if message is not None:
                found.append((f"{module.name}:{node.lineno}", written(message)))
    return found


def test_the_step_messages_are_found_where_they_are_written() -> None:
    found = messages()
    assert len(found) > 60
    assert any(text.startswith("the scenario does not say who deals:") for _, text in found)
    assert any(text.startswith("{player_name(seat)} could not play") for _, text in found)
    assert any("has no Then step" in text for _, text in found)


def test_a_scenario_missing_a_given_is_told_the_given_that_says_it() -> None:
    """At level stories a learner's example has no Background: "the scenario does not say who
    deals" left them to find which of the phrases says it."""
    missing = [text for _, text in messages() if text.startswith("the scenario does not say")]
    where = "in the scenario or in the feature's Background"
    assert sorted(missing) == [
        f"the scenario does not say which suit is trump: say it with a Given such as “hearts are"
        f" trump”, {where}",
        f"the scenario does not say which team made trump: say it with a Given such as “Team 1"
        f" made trump”, {where}",
        f"the scenario does not say who deals: say it with a Given such as “Team 2 Player 4 is"
        f" the dealer”, {where}",
    ]


def test_no_step_message_puts_the_example_on_the_should_side() -> None:
    backwards = [(where, text) for where, text in messages() if BACKWARDS.search(text)]
    assert not backwards, "\n".join(f"{where}: {text}" for where, text in backwards)


def test_the_backwards_form_is_recognised_across_the_parts_of_a_message() -> None:
    source = 'assert a == b, (f"the kitty should be {notation(b)},"\n f" not {notation(a)}")'
    (assertion,) = ast.parse(source).body
    assert isinstance(assertion, ast.Assert)
    assert assertion.msg is not None
    text = written(assertion.msg)
    assert text == "the kitty should be {notation(b)}, not {notation(a)}"
    assert BACKWARDS.search(text)
    assert not BACKWARDS.search("the kitty: the example says {b}; the model gives {a}")


def test_the_convention_is_worded_once_with_or_without_a_subject() -> None:
    assert mismatch("the upcard", example="JH", model="9C") == (
        "the upcard: the example says JH; the model gives 9C"
    )
    assert mismatch("", example="the play is refused", model="no refusal") == (
        "the example says the play is refused; the model gives no refusal"
    )
    assert refusal_said(None) == "no refusal"
    assert refusal_said(ValueError("JH is twice")) == "ValueError (JH is twice)"


def test_a_refusal_names_its_seats_as_the_features_do_not_by_the_model_s_letters() -> None:
    """The model's errors name a seat by its letter ("N does not hold AH"); the learner reads
    the features' words ("Team 1 Player 1"), and a card or a suit is left as it is."""
    not_held = CardNotHeldError(Seat.NORTH, Card.parse("AS"))
    assert said(not_held) == "Team 1 Player 1 does not hold AS"
    assert refusal_said(not_held) == "CardNotHeldError (Team 1 Player 1 does not hold AS)"
    south = MustFollowSuitError(Seat.SOUTH, Suit.SPADES, (Card.parse("9S"),))
    assert said(south) == "Team 1 Player 3 must follow spades (holds 9S)"
    turn = OutOfTurnError(Seat.WEST, Seat.EAST)
    assert said(turn) == "it is Team 2 Player 4's turn, not Team 2 Player 2's"
    assert said(ValueError("N is not a card")) == "N is not a card", "no seat of its own"


def test_every_refusal_a_step_tells_is_told_in_the_features_words() -> None:
    """A refusal put in a step's message goes through ``said`` (or ``refusal_said``): never its
    own ``str``, which names seats by the model's letters."""
    raw = []
    for path in sorted(STEPS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FormattedValue):
                value = node.value
                name = value.attr if isinstance(value, ast.Attribute) else getattr(value, "id", "")
                if name in ("refusal", "error"):
                    raw.append(f"{path.name}:{node.lineno}")
    assert raw == []
    assert points_said({Team.EW: 2, Team.NS: 3}) == "Team 1 3, Team 2 2"


def failures(pytester: pytest.Pytester, *arguments: str) -> list[str]:
    """The ``E`` lines of a run of the kata's scenarios, as the coach reads them."""
    result = pytester.runpytest_inprocess(
        *arguments, "-p", "no:cacheprovider", "-o", "verbosity_assertions=2"
    )
    assert result.parseoutcomes()["failed"] == 1, result.outlines
    return [line[1:].strip() for line in result.outlines if line.startswith("E ")]


def test_a_wrong_ranking_says_what_the_example_says_and_what_the_model_gives(
    pytester: pytest.Pytester,
) -> None:
    lines = failures(
        pytester,
        str(STEPS / "test_trump_suit.py"),
        *("-k", "ranking and hearts", "-p", WRONG_MODELS, "--wrong-model", "ace-above-the-bars"),
    )
    assert lines[0] == (
        "AssertionError: the trumps, highest first: the example says JH JD AH KH QH 10H 9H;"
        " the model gives AH JH JD KH QH 10H 9H"
    )
    assert lines[1] == "assert AH JH JD KH QH 10H 9H == JH JD AH KH QH 10H 9H"
    assert "At index 0 diff: AH != JH" in lines


def test_a_wrong_leader_is_told_with_the_players_named_as_in_the_features(
    pytester: pytest.Pytester,
) -> None:
    lines = failures(
        pytester,
        str(STEPS / "test_the_game.py"),
        *(
            "-k",
            "makers_win_3_tricks_to_2",
            "-p",
            WRONG_MODELS,
            "--wrong-model",
            "off-suit-can-win",
        ),
    )
    assert lines == [
        "AssertionError: who leads trick 4: the example says Team 1 Player 3;"
        " the model gives Team 1 Player 1",
        "assert Team 1 Player 1 is Team 1 Player 3",
    ]


def test_a_wrong_play_order_lists_the_players_named_as_in_the_features(
    pytester: pytest.Pytester,
) -> None:
    lines = failures(
        pytester,
        str(STEPS / "test_going_alone.py"),
        *("-k", "would_have_led", "-p", WRONG_MODELS, "--wrong-model", "dealer-leads"),
    )
    assert lines[0] == (
        "AssertionError: the players of the first trick, in order: the example says"
        " Team 2 Player 2, Team 1 Player 3, Team 2 Player 4;"
        " the model gives Team 2 Player 4, Team 2 Player 2, Team 1 Player 3"
    )
    assert lines[1] == (
        "assert (Team 2 Player 4, Team 2 Player 2, Team 1 Player 3)"
        " == (Team 2 Player 2, Team 1 Player 3, Team 2 Player 4)"
    )
    assert "At index 0 diff: Team 2 Player 4 != Team 2 Player 2" in lines
    assert not [line for line in lines if "<Seat." in line], lines


@pytest.mark.parametrize(
    ("wrong", "given"),
    [
        ("following-not-enforced", "no refusal"),
        (
            "play-goes-right",
            "OutOfTurnError (it is Team 2 Player 4's turn, not Team 2 Player 2's)",
        ),
    ],
)
def test_a_refusal_the_model_does_not_make_says_so_in_the_same_words_alone(
    pytester: pytest.Pytester, wrong: str, given: str
) -> None:
    """Alone: pytest's explanation of an isinstance would show the refusal's seats as enums."""
    lines = failures(
        pytester,
        str(STEPS / "test_lead_suit.py"),
        *("-k", "trumping_instead", "-p", WRONG_MODELS, "--wrong-model", wrong),
    )
    assert lines == [
        "AssertionError: the example says the play is refused with MustFollowSuitError"
        f" (Team 2 Player 2 must follow suit); the model gives {given}"
    ]


def test_the_cards_a_player_may_play_are_listed_in_one_order_in_the_message_and_the_check(
    pytester: pytest.Pytester,
) -> None:
    """ "your model gives AS 10H" above "assert 10H AS == 10H": the same two cards, in two
    orders; both in the order the player holds them."""
    lines = failures(
        pytester,
        str(STEPS / "test_lead_suit.py"),
        *("-k", "heart_and_a_trump", "-p", WRONG_MODELS),
        *("--wrong-model", "trump-may-always-be-played"),
    )
    assert lines[:2] == [
        "AssertionError: the cards Team 2 Player 2 may play, holding AS 10H KC: the example says"
        " 10H; the model gives AS 10H",
        "assert AS 10H == 10H",
    ]


def test_a_refusal_for_another_players_turn_is_told_without_the_model_s_letters(
    pytester: pytest.Pytester,
) -> None:
    """pytest would explain the step's check with the seat as the model writes it ("it is
    E's turn"), a letter the features never use."""
    lines = failures(
        pytester,
        str(STEPS / "test_play_order.py"),
        *("-k", "tries_to_play_when and 9H", "-p", WRONG_MODELS),
        *("--wrong-model", "play-goes-right"),
    )
    assert lines[0] == (
        "AssertionError: the refusal: the example says it is Team 2 Player 2's turn; the model"
        " gives it is Team 2 Player 4's turn, not Team 1 Player 3's"
    )
    assert not [line for line in lines if re.search(r"\b[NESW]'s", line)], lines


@pytest.mark.e2e
@pytest.mark.usefixtures("uncovered")
def test_no_wrong_model_is_told_with_a_repr_of_the_model_s_objects(
    pytester: pytest.Pytester,
) -> None:
    """Every catalogued wrong model against its stage's scenarios: each explanation in words.

    Each failure's explanation as pytest prints it under `--tb=line`: every line of the
    exception, its first marked E, and no source of the frames above it, which the long form
    reads and parses again for each of the 180 failures (two thirds of the time). The lines are
    those of the long form's E lines. Untraced: the catalogue's and the steps' own tests cover
    each line it runs."""
    result = pytester.runpytest_inprocess(
        str(STEPS),
        *("-p", "no:cacheprovider", "-o", "verbosity_assertions=2", "-p", WRONG_MODELS),
        *("--wrong-models", "all", "--wrong-models-scenarios", "stage", "--tb=line"),
    )
    [start] = [n for n, line in enumerate(result.outlines) if FAILURES.fullmatch(line)]
    lines = [line for line in result.outlines[start:] if line.startswith(("E   ", "    "))]
    reprs = [line for line in lines if re.search(r"<\w[\w.]*[:>]| object at 0x", line)]
    assert not reprs, "\n".join(reprs)
    assert result.parseoutcomes()["failed"] > 100
    assert sum("the example says" in line for line in lines) > 100


# The hook itself, value by value: the features' words, or pytest's own explanation (None).


def test_seats_teams_suits_and_cards_are_explained_in_the_features_words() -> None:
    assert explained("is", Seat.WEST, Seat.NORTH) == ["Team 2 Player 4 is Team 1 Player 1"]
    assert explained("is", Team.EW, Team.NS) == ["Team 2 is Team 1"]
    assert explained("is", Suit.HEARTS, None) == ["hearts is None"]
    assert explained("is not", None, Seat.EAST) == ["None is not Team 2 Player 2"]
    card = Card.parse("JH")
    assert explained("in", card, [Card.parse("9C")]) == ["JH in 9C"]
    assert explained("==", card, Card.parse("QH")) == ["JH == QH"]
    refusal = OutOfTurnError(Seat.WEST, Seat.EAST)
    assert explained("is", refusal, None) == [
        "OutOfTurnError (it is Team 2 Player 4's turn, not Team 2 Player 2's) is None"
    ]
    assert explained("==", {card}, {Card.parse("QH")}) == [
        "{JH} == {QH}",
        "In the features' words:",
        "  left:  {JH}",
        "  right: {QH}",
    ]
    assert explained("==", (Team.NS, 2), (Team.EW, 1)) == [
        "(Team 1, 2) == (Team 2, 1)",
        "At index 0 diff: Team 1 != Team 2",
        "In the features' words:",
        "  left:  (Team 1, 2)",
        "  right: (Team 2, 1)",
    ]


def test_a_learners_card_whose_str_is_not_written_yet_is_told_by_its_rank_and_suit() -> None:
    """As the skeleton starts: a message about the deck is not 24 dataclass reprs, cut off."""

    @dataclass(frozen=True)
    class Card:
        rank: object
        suit: Suit

        def __str__(self) -> str:
            raise NotImplementedError("Card.__str__")

    assert notation([Card("A", Suit.SPADES), Card("10", Suit.HEARTS)]) == "AS 10H"
    odd = Card(14, Suit.SPADES)  # a rank of the learner's own kind: its repr, as it is
    assert notation(odd) == repr(odd)


def test_a_list_that_begins_the_other_is_told_without_an_index() -> None:
    short, longer = [Seat.NORTH], [Seat.NORTH, Seat.EAST]
    assert explained("==", short, longer) == [
        "(Team 1 Player 1) == (Team 1 Player 1, Team 2 Player 2)",
        "In the features' words:",
        "  left:  (Team 1 Player 1)",
        "  right: (Team 1 Player 1, Team 2 Player 2)",
    ]


class Compass(Enum):
    """A learner's own seats: not the Seat the steps number."""

    N = "N"


class Other:
    """A value of no kind the features name."""


def seat_of_a_learner() -> object:
    """A seat of a learner's model that is no member of the Seat the steps read."""
    return type("Seat", (), {})()


def card_that_cannot_say_itself() -> object:
    def refuse(_: object) -> str:
        raise TypeError("a learner's half-written Card.__str__")

    return type("Card", (), {"__str__": refuse})()


def suit_with_no_name() -> object:
    return type("Suit", (), {})()


class UnsaidError(ValueError):
    """A learner's refusal whose message cannot be made."""

    def __str__(self) -> str:
        raise TypeError("a learner's half-written refusal")


@pytest.mark.parametrize(
    ("op", "left", "right"),
    [
        ("==", 1, 2),  # no value of the features
        ("==", [1], [2]),
        ("is", Other(), Seat.NORTH),  # a value the steps cannot word
        ("==", [Seat.NORTH, Other()], [Seat.NORTH]),
        ("==", {Seat.NORTH: 1}, {Seat.NORTH: 2}),  # a mapping: pytest's diff says more
        ("is", seat_of_a_learner(), Seat.NORTH),  # wording it raises: never the hook
        ("is", Compass.N, Seat.NORTH),
        ("==", card_that_cannot_say_itself(), Card.parse("JH")),
        ("is", suit_with_no_name(), Suit.HEARTS),
        ("is", UnsaidError(), None),
    ],
)
def test_a_value_the_steps_cannot_word_is_left_to_pytest(
    op: str, left: object, right: object
) -> None:
    assert explained(op, left, right) is None


def test_a_learners_seat_is_left_to_pytest_in_a_failing_step(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("from step_defs.conftest import pytest_assertrepr_compare\n")
    pytester.makepyfile(
        test_learner="""
        from enum import Enum

        class Seat(Enum):
            SOUTH = 1

        def test_turn():
            assert Seat.SOUTH is None
        """
    )
    pytester.syspathinsert(ROOT)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["E       assert <Seat.SOUTH: 1> is None"])


# What a Given needs before it, said in the features' words: at level stories the learner
# writes the Givens, and meets these first.


def test_a_scenario_that_deals_nothing_is_told_which_given_deals() -> None:
    with pytest.raises(AssertionError) as raised:
        World().the_deal()
    assert str(raised.value).startswith(
        'nothing was dealt: a Given deals first, such as "Team 2 Player 4 deals, turning up JS"'
    )


def test_a_deal_with_no_deck_given_is_told_which_givens_give_one() -> None:
    world = World()
    world.dealer = Seat.WEST
    with pytest.raises(AssertionError) as raised:
        _deals(world)
    assert str(raised.value).splitlines()[0] == (
        'no deck to deal: a Given gives one first, such as "a shuffled deck", "an unshuffled'
        ' deck" or "the deck was shuffled from the seed 7"'
    )


def test_the_deck_shuffled_from_a_seed_is_the_deck_the_dealer_deals() -> None:
    """The Given says the deck was shuffled: it is that deck, whatever deck came before."""
    world = World()
    world.dealer = Seat.WEST
    _unshuffled(world)
    _shuffled_from(world, 42)
    _deals(world)
    assert world.deck == list(shuffled_deck(random.Random(42)))
    assert world.the_deal() == deal(shuffled_deck(random.Random(42)), Seat.WEST)


def test_a_given_the_rules_refuse_says_why_in_words_not_the_refusals_class() -> None:
    world = World()
    world.dealer, world.upcard = Seat.WEST, Card.parse("JS")
    with pytest.raises(AssertionError) as raised:
        acted(world, Seat.EAST, Pass())  # Team 1 Player 1 bids first
    message = str(raised.value).splitlines()[0]
    assert message.startswith("the scenario says Team 2 Player 2 did this (pass), but it was")
    assert "Error" not in message


def test_a_trick_asked_for_before_play_says_the_dealer_discards_first() -> None:
    world = World()
    world.dealer, world.upcard = Seat.WEST, Card.parse("JS")
    with pytest.raises(AssertionError) as raised:
        _first_trick_players(world, [Seat.NORTH])
    assert "no trick: play has not started (the dealer discards first, once trump is made)" in (
        str(raised.value)
    )


def test_a_value_the_models_parse_reads_as_another_fails_at_once_in_the_examples_words() -> None:
    """A wrong `Suit.parse` read "hearts" as spades, and a comparison then said "the example
    says spades": the learner's reading passed for the example's."""

    def named(suit: Suit) -> str:
        return suit.name.lower()

    with pytest.raises(AssertionError) as raised:
        read_back("hearts", "Suit", lambda text: Suit.SPADES, named)
    assert str(raised.value).splitlines()[0] == (
        "Suit.parse('hearts') gives spades: the example says hearts, and the model reads spades"
    )
    assert read_back("hearts", "Suit", lambda text: Suit.HEARTS, named) is Suit.HEARTS
    not_yet = object()  # a card whose __str__ is still to write, or a kind of the learner's
    assert read_back("JH", "Card", lambda text: not_yet, lambda card: card.name) is not_yet


def test_a_value_the_models_parse_refuses_fails_at_once_not_as_a_step_no_definition_matches() -> (
    None
):
    """pytest-bdd reads a ValueError from a step's parser as words the step does not match: a
    `Suit.parse` written as `Suit(text)` left a learner at level model, who writes no steps,
    told that no step definition matched."""

    def refusing(text: str) -> Suit:
        raise ValueError(f"{text!r} is not a valid Suit")

    with pytest.raises(AssertionError) as raised:
        read_back("hearts", "Suit", refusing, lambda suit: suit.name.lower())
    assert str(raised.value) == (
        "Suit.parse('hearts') raises ValueError ('hearts' is not a valid Suit): the example says"
        " hearts, and the model cannot read it"
    )


@pytest.mark.parametrize(
    ("then", "other"),
    [
        (_card_twice, "a deal needs the 24 different cards: AS missing from the deck"),
        (_card_missing, "a deal needs the 24 different cards: AS in the deck twice"),
    ],
    ids=["twice, when it is missing", "missing, when it is twice"],
)
def test_a_refused_deal_is_checked_for_its_reason_not_only_the_card_it_names(
    then: Callable[[World, Card], None], other: str
) -> None:
    """A deck missing the Ace of spades is no example of one that holds it twice: each Then
    checks all its words say."""
    world = World()
    world.refusal = EuchreError(other)
    with pytest.raises(AssertionError):
        then(world, Card.parse("AS"))


def test_a_refusal_for_another_reason_is_told_as_the_example_s_words_beside_the_model_s() -> None:
    """ "the refusal should say AH is missing from the deck: a deal needs the 24 different
    cards: QH is in the deck twice" read, at level stories, as one sentence of the product
    owner's: the convention's words let the coach say whose each side is."""
    world = World()
    world.refusal = EuchreError("a deal needs the 24 different cards: QH is in the deck twice")
    with pytest.raises(AssertionError) as raised:
        _card_missing(world, Card.parse("AH"))
    assert str(raised.value).splitlines()[0] == (
        "the refusal: the example says AH is missing from the deck; the model gives a deal"
        " needs the 24 different cards: QH is in the deck twice"
    )
    should = [(where, text) for where, text in messages() if "should say" in text]
    assert not should, should
