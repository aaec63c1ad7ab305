"""The wrong models of making trump (stage 7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .hands import actions
from .kit import (
    Patcher,
    WrongModel,
    cards,
    collector,
    hand,
    model,
    outcome,
    passes,
    seat,
    suit,
)

MAKING_TRUMP: list[WrongModel] = []
wrong = collector(MAKING_TRUMP)

# Stage 7: making trump.

ROUND_1 = "In round 1, each player in turn from the dealer's left may order up the upcard, or pass"
UPCARD_ONLY = "In round 1 only the upcard's suit can be made trump"
DISCARD = "The dealer who picks up the upcard discards any one of their six cards"
ROUND_2 = (
    "When all four pass, the upcard is turned down and each player in turn may name another suit"
)
PLAY = "Once trump is made and the dealer has discarded, the player on the dealer's left leads"


def applying(
    instead: Callable[[Callable[..., Any], Any, Any, Any], Any],
) -> Callable[[Patcher], None]:
    """A patch of ``Hand.apply``: ``instead(apply, hand, action, seat)`` carries it out."""

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def apply(self: Any, action: Any, player: Any = None) -> Any:
            return instead(original, self, action, player)

        return apply

    return lambda patcher: patcher.method("hand", "Hand", "apply", wrap)


def refused(error: str, kind: str, instead: Callable[[Any], Any]) -> Callable[[Patcher], None]:
    """A ``Hand.apply`` that, where an action of ``kind`` is refused with ``error``, carries out
    ``instead(action)``."""

    def apply(original: Callable[..., Any], made: Any, action: Any, player: Any) -> Any:
        try:
            return original(made, action, player)
        except getattr(model("errors"), error):
            if type(action).__name__ != kind:
                raise
            return original(made, instead(action), player if error != "OutOfTurnError" else None)

    return applying(apply)


def bid(*made: Any) -> Callable[[], object]:
    """A probe: the hand after ``made`` (the last one given a seat with it, if a tuple)."""

    def probe() -> object:
        *before, last = made
        played = hand(None, *before)
        action, *player = last if isinstance(last, tuple) else (last,)
        return outcome(lambda: (played.apply(action, *player), played.trump, played.maker))

    return probe


wrong(
    "bid-out-of-turn-taken",
    7,
    ROUND_1,
    "a bid out of turn is taken as the bid of the player whose turn it is",
    lambda: bid((actions().OrderUp(), seat(2)))(),
)(refused("OutOfTurnError", "OrderUp", lambda action: action))


def _not_turned_down(original: Callable[..., Any], made: Any, action: Any, player: Any) -> Any:
    errors = model("errors")
    try:
        return original(made, action, player)
    except errors.EuchreError as error:
        stays = (errors.OutOfTurnError, errors.TurnedDownSuitError, errors.DealerMustCallError)
        if type(action).__name__ != "NameTrump" or isinstance(error, stays):
            raise
        return original(made, actions().OrderUp(alone=action.alone), player)


wrong(
    "round-1-name-taken-as-order-up",
    7,
    UPCARD_ONLY,
    "naming a suit in round 1 is taken as ordering up the upcard",
    lambda: bid(actions().NameTrump(suit("hearts")))(),
)(applying(_not_turned_down))


def _keeping_the_upcard(patch: Patcher) -> None:
    upcards: dict[int, tuple[Any, Any]] = {}

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def init(self: Any, dealt: Any, *rest: Any, **named: Any) -> None:
            original(self, dealt, *rest, **named)
            upcards[id(self)] = (self, dealt.upcard)

        return init

    def apply(original: Callable[..., Any], made: Any, action: Any, player: Any) -> Any:
        if type(action).__name__ == "Discard" and action.card == upcards[id(made)][1]:
            raise model("errors").EuchreError(f"the dealer must keep the upcard, {action.card}")
        return original(made, action, player)

    patch.method("hand", "Hand", "__init__", wrap)
    applying(apply)(patch)


def discarded(card: str) -> object:
    played = hand(None, actions().OrderUp())
    return outcome(lambda: (played.apply(actions().Discard(*cards(card))), played.cards(seat(4))))


wrong(
    "dealer-keeps-the-upcard",
    7,
    DISCARD,
    "the dealer may not discard the upcard they picked up",
    lambda: discarded("JS"),
)(_keeping_the_upcard)


def _bare_error(original: Callable[..., Any], made: Any, action: Any, player: Any) -> Any:
    if type(action).__name__ == "Discard" and action.card not in made.cards(player or made.turn):
        raise ValueError(f"{action.card} is not in the list")
    return original(made, action, player)


wrong(
    "discard-not-held-bare-error",
    7,
    DISCARD,
    "discarding a card not held raises a bare ValueError that names no rule",
    lambda: discarded("9C"),
)(applying(_bare_error))

wrong(
    "round-2-order-up-taken-as-pass",
    7,
    ROUND_2,
    "ordering up in round 2 is not refused: it is taken as a pass",
    lambda: bid(*passes(4), actions().OrderUp())(),
)(refused("TurnedDownSuitError", "OrderUp", lambda action: actions().Pass()))

wrong(
    "turned-down-suit-taken-as-pass",
    7,
    ROUND_2,
    "naming the suit turned down is not refused: it is taken as a pass",
    lambda: bid(*passes(4), actions().NameTrump(suit("spades")))(),
)(refused("TurnedDownSuitError", "NameTrump", lambda action: actions().Pass()))


def _first_card(original: Callable[..., Any], made: Any, action: Any, player: Any) -> Any:
    return None if type(action).__name__ == "Play" else original(made, action, player)


def _first_play() -> object:
    played = hand(None, actions().OrderUp(), actions().Discard(*cards("9D")))
    return outcome(lambda: (played.apply(actions().Play(*cards("9C"))), played.trick.plays))


wrong(
    "play-ignored",
    7,
    PLAY,
    "a card played in the hand is ignored: apply() does nothing with it",
    _first_play,
)(applying(_first_card))
