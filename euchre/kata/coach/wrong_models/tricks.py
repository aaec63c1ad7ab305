"""The wrong models of winning a trick (stage 5): who wins, and when a trick is complete."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .kit import (
    PLAIN,
    Patcher,
    WrongModel,
    collector,
    model,
    rank,
)

TRICKS: list[WrongModel] = []
wrong = collector(TRICKS)

NO_TRUMP = (
    "When no trump is played, the highest card of the lead suit wins: Ace, King, Queen, Jack, 10, 9"
)
OFF_SUIT = "A card that is neither trump nor the lead suit never wins, however high"
TRUMP_WINS = (
    "Any trump beats every card of another suit: the lowest trump beats the highest of them"
)
SEVERAL = (
    "When several trumps are played, the highest trump wins: Right Bar, Left Bar, Ace, King,"
    " Queen, 10, 9"
)
NO_WINNER = "A trick has no winner until every player has played to it"
COMPLETE = "A trick is complete once every player has played one card to it"


class Table:
    """What a wrong winner needs to know of a trick: its trump, and the learner's ranking."""

    def __init__(self, patch: Patcher) -> None:
        self.ranked = model("trump").trump_ranking
        self.trumps: dict[int, tuple[Any, Any]] = {}

        def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
            def remembering(self_: Any, leader: Any, trump: Any, *rest: Any, **named: Any) -> None:
                original(self_, leader, trump, *rest, **named)
                self.trumps[id(self_)] = (self_, trump)

            return remembering

        patch.method("trick", "Trick", "__init__", wrap)

    def trump_of(self, made: Any) -> Any:
        return self.trumps[id(made)][1]

    def ranking(self, trump: Any) -> list[str]:
        return [str(card) for card in self.ranked(trump)]


Power = Callable[[Any, list[str], Any], float]
"""How high a card ranks, given the trumps' ranking (as text) and the lead suit."""


def power(card: Any, trumps: list[str], lead: Any, plain: tuple[str, ...] = PLAIN) -> float:
    """The rules' order: trump by its ranking, then the lead suit, then nothing."""
    if str(card) in trumps:
        return 100 + len(trumps) - trumps.index(str(card))
    return plain.index(rank(card)) if card.suit is lead else -1


def winner_by(rank_by: Power) -> Callable[[Patcher], None]:
    """A patch of ``Trick.winner``: the first card that ranks highest by ``rank_by`` wins."""

    def patch(patcher: Patcher) -> None:
        table = Table(patcher)

        def winner(made: Any, original: Callable[[], Any]) -> Any:
            original()  # an unfinished trick still has no winner
            trumps = table.ranking(table.trump_of(made))
            lead = made.lead_suit
            return max(made.plays, key=lambda play: rank_by(play[1], trumps, lead))[0]

        patcher.attribute("trick", "Trick", "winner", winner)

    return patch


def _first_card(made: Any, original: Callable[[], Any]) -> Any:
    original()
    return made.plays[0][0]


wrong(
    "leader-wins",
    5,
    NO_TRUMP,
    "the player who leads always wins the trick",
)(lambda patcher: patcher.attribute("trick", "Trick", "winner", _first_card))

wrong(
    "off-suit-can-win",
    5,
    OFF_SUIT,
    "trump beats everything, and otherwise the highest rank of any suit wins",
)(
    winner_by(
        lambda card, trumps, lead: (
            power(card, trumps, lead) if str(card) in trumps else PLAIN.index(rank(card))
        )
    )
)

wrong(
    "jack-high-in-plain-suits",
    5,
    NO_TRUMP,
    "in a suit that is not trump, the Jack ranks above the Ace",
)(winner_by(lambda card, trumps, lead: power(card, trumps, lead, ("9", "10", "Q", "K", "A", "J"))))

wrong(
    "ten-below-nine",
    5,
    NO_TRUMP,
    "in a suit that is not trump, the 10 ranks below the 9",
)(winner_by(lambda card, trumps, lead: power(card, trumps, lead, ("10", "9", "J", "Q", "K", "A"))))

wrong(
    "trump-does-not-beat-the-lead",
    5,
    TRUMP_WINS,
    "a trump played to another suit's trick does not win it",
)(winner_by(lambda card, trumps, lead: PLAIN.index(rank(card)) if card.suit is lead else -1))


def _trump_beats_lower(card: Any, trumps: list[str], lead: Any) -> float:
    if str(card) in trumps:
        return PLAIN.index(rank(card)) + 0.5
    return PLAIN.index(rank(card)) if card.suit is lead else -1


wrong(
    "trump-beats-only-lower-ranks",
    5,
    TRUMP_WINS,
    "a trump beats only cards of a lower rank than its own",
)(winner_by(_trump_beats_lower))

wrong(
    "trumps-by-plain-rank",
    5,
    SEVERAL,
    "trumps rank among themselves as a plain suit does, the Ace above the Bars",
)(
    winner_by(
        lambda card, trumps, lead: (
            100 + PLAIN.index(rank(card)) if str(card) in trumps else power(card, trumps, lead)
        )
    )
)

wrong(
    "left-bar-beats-right-bar",
    5,
    SEVERAL,
    "the Left Bar beats the Right Bar",
)(winner_by(lambda card, trumps, lead: power(card, [trumps[1], trumps[0], *trumps[2:]], lead)))


def _first_trump(card: Any, trumps: list[str], lead: Any) -> float:
    return 100 if str(card) in trumps else power(card, trumps, lead)


wrong(
    "first-trump-wins",
    5,
    SEVERAL,
    "of several trumps, the first played wins, whatever their ranks",
)(winner_by(_first_trump))

wrong(
    "left-bar-below-the-ace",
    5,
    SEVERAL,
    "the Left Bar ranks below the Ace of trump when a trick is won",
)(
    winner_by(
        lambda card, trumps, lead: power(card, [trumps[0], trumps[2], trumps[1], *trumps[3:]], lead)
    )
)


def _left_bar_as_printed(card: Any, trumps: list[str], lead: Any) -> float:
    if str(card) == trumps[1]:  # the Left Bar, a Jack of its printed suit here
        return PLAIN.index(rank(card)) if card.suit is lead else -1
    return power(card, trumps, lead)


wrong(
    "left-bar-wins-as-its-printed-suit",
    5,
    SEVERAL,
    "the Left Bar wins a trick only as a Jack of its printed suit, not as a trump",
)(winner_by(_left_bar_as_printed))


def _winner_so_far(made: Any, original: Callable[[], Any]) -> Any:
    try:
        return original()
    except model("errors").EuchreError:
        return made.plays[0][0] if made.plays else made.order[0]


wrong(
    "winner-before-the-end",
    5,
    NO_WINNER,
    "a trick has a winner before every player has played to it",
)(lambda patcher: patcher.attribute("trick", "Trick", "winner", _winner_so_far))

wrong(
    "complete-after-three-cards",
    5,
    COMPLETE,
    "a trick is complete once three cards are played",
)(
    lambda patcher: patcher.attribute(
        "trick", "Trick", "is_complete", lambda made, original: len(made.plays) >= 3
    )
)
