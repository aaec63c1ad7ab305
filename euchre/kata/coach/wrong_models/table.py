"""The wrong models of stick the dealer and going alone (stages 8 and 9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .hands import rules, with_rules
from .kit import (
    Patcher,
    WrongModel,
    collector,
    hand,
    model,
    shown,
)
from .play import rotations

TABLE: list[WrongModel] = []
wrong = collector(TABLE)

# Stage 8: stick the dealer.

STUCK = "Under stick the dealer, the dealer may not pass in round 2"
REDEAL = "Under the redeal rule, eight passes throw the hand in, and the next player deals"


wrong(
    "stuck-dealer-may-pass",
    8,
    STUCK,
    "the dealer may always pass, and the hand is thrown in",
)(lambda patch: with_rules(patch, "Hand", "__init__", stick_the_dealer=lambda: False))

wrong(
    "redeal-rule-ignored",
    8,
    REDEAL,
    "the dealer is stuck even under the redeal rule",
)(lambda patch: with_rules(patch, "Hand", "__init__", stick_the_dealer=lambda: True))

# Stage 9: going alone.

PARTNER = "The maker's partner sits the hand out"
NEXT_LEADS = "When the player who would lead sits out, the next player on their left leads"
DEALER_OUT = (
    "When the dealer's partner goes alone, the dealer still picks up the upcard, then sits out"
)
LONERS_LEFT = (
    "Under the house rule \"the loner's left leads\", the player on the lone maker's left leads"
)
CANADIAN = "Under the Canadian loner, the dealer's partner who orders up the upcard goes alone"


def sitting_out(transform: Callable[[tuple[Any, ...]], tuple[Any, ...]]) -> Callable[..., None]:
    return lambda patch: patch.attribute(
        "hand", "Hand", "sitting_out", lambda made, original: transform(tuple(original()))
    )


def alone(settings: dict[str, Any], *bids: Any) -> Callable[[], object]:
    """A probe: who sits out and who plays the first trick, after ``bids``."""

    def probe() -> object:
        played = hand(rules(**settings), *bids)
        first = played.trick
        return shown((played.sitting_out, played.turn, None if first is None else first.order))

    return probe


wrong(
    "partner-plays-with-a-loner",
    9,
    PARTNER,
    "nobody sits out when the maker goes alone",
)(sitting_out(lambda seats: ()))

wrong(
    "loners-left-sits-out",
    9,
    PARTNER,
    "the player on the lone maker's left sits out, not their partner",
)(sitting_out(lambda seats: tuple(player.left for player in seats)))


def _dealer_leads_for_the_eldest(patch: Patcher) -> None:
    turned = rotations(patch)
    firsts: dict[int, Any] = {}

    def first_trick(made: Any, original: Callable[[], Any]) -> Any:
        played = original()
        if played is not None and id(made) not in firsts:
            firsts[id(made)] = made
            if made.dealer.left in made.sitting_out:
                turned[id(played)] = (played, made.dealer)
        return played

    patch.attribute("hand", "Hand", "trick", first_trick)


wrong(
    "dealer-leads-for-the-eldest",
    9,
    NEXT_LEADS,
    "when the player on the dealer's left sits out, the dealer leads",
)(_dealer_leads_for_the_eldest)


def _no_discard(made: Any, original: Callable[[], Any]) -> Any:
    turn = original()
    if turn is made.dealer and turn in made.sitting_out and made.trick is None:
        return turn.left
    return turn


wrong(
    "dealer-sits-out-without-discarding",
    9,
    DEALER_OUT,
    "a dealer whose partner goes alone sits out at once, without discarding",
)(lambda patch: patch.attribute("hand", "Hand", "turn", _no_discard))

wrong(
    "loners-left-rule-ignored",
    9,
    LONERS_LEFT,
    'the house rule "the loner\'s left leads" is ignored',
)(
    lambda patch: with_rules(
        patch, "Hand", "__init__", loner_lead=lambda: model("rules").LonerLead.LEFT_OF_DEALER
    )
)

wrong(
    "canadian-loner-ignored",
    9,
    CANADIAN,
    "the Canadian loner is ignored: the dealer's partner may order up without going alone",
)(lambda patch: with_rules(patch, "Hand", "__init__", canadian=lambda: False))
