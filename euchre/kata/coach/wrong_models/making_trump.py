"""The wrong models of making trump (stage 7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .hands import actions
from .kit import (
    Patcher,
    WrongModel,
    collector,
    hand,
    model,
    outcome,
)

MAKING_TRUMP: list[WrongModel] = []
wrong = collector(MAKING_TRUMP)

# Stage 7: making trump.

ROUND_1 = "In round 1, each player in turn from the dealer's left may order up the upcard, or pass"
PICKS_UP = "Whoever orders up the upcard, the dealer picks it up"
UPCARD_ONLY = "In round 1 only the upcard's suit can be made trump"
DISCARD = "The dealer who picks up the upcard discards any one of their six cards"
ROUND_2 = (
    "When all four pass, the upcard is turned down, and each player in turn from the dealer's"
    " left may name another suit, or pass"
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
)(refused("OutOfTurnError", "OrderUp", lambda action: action))


def _upcard_left_for_an_opponent(patch: Patcher) -> None:
    upcards: dict[int, Any] = {}

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def init(self: Any, dealt: Any, *rest: Any, **named: Any) -> None:
            original(self, dealt, *rest, **named)
            upcards[id(self)] = dealt.upcard

        return init

    def cards_of(original: Callable[..., Any]) -> Callable[..., Any]:
        def held(self: Any, player: Any) -> Any:
            found = tuple(original(self, player))
            maker, dealer = self.maker, self.dealer
            if player is dealer and maker is not None and maker.team is not dealer.team:
                return tuple(card for card in found if card != upcards.get(id(self)))
            return found

        return held

    patch.method("hand", "Hand", "__init__", wrap)
    patch.method("hand", "Hand", "cards", cards_of)


wrong(
    "upcard-left-for-an-opponent",
    7,
    PICKS_UP,
    "the dealer picks up the upcard only when their partner orders it up, not an opponent",
)(_upcard_left_for_an_opponent)


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


wrong(
    "dealer-keeps-the-upcard",
    7,
    DISCARD,
    "the dealer may not discard the upcard they picked up",
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
)(applying(_bare_error))

wrong(
    "round-2-order-up-taken-as-pass",
    7,
    ROUND_2,
    "ordering up in round 2 is not refused: it is taken as a pass",
)(refused("TurnedDownSuitError", "OrderUp", lambda action: actions().Pass()))

wrong(
    "turned-down-suit-taken-as-pass",
    7,
    ROUND_2,
    "naming the suit turned down is not refused: it is taken as a pass",
)(refused("TurnedDownSuitError", "NameTrump", lambda action: actions().Pass()))


def _no_pass_in_round_2(patch: Patcher) -> None:
    passed: dict[int, int] = {}

    def apply(original: Callable[..., Any], made: Any, action: Any, player: Any) -> Any:
        if type(action).__name__ == "Pass" and passed.get(id(made), 0) >= 4:
            raise model("errors").EuchreError("in round 2, a suit must be named")
        done = original(made, action, player)
        if type(action).__name__ == "Pass":
            passed[id(made)] = passed.get(id(made), 0) + 1
        return done

    applying(apply)(patch)


wrong(
    "no-pass-in-round-2",
    7,
    ROUND_2,
    "once the upcard is turned down, nobody may pass: the first to bid in round 2 must name a suit",
)(_no_pass_in_round_2)


def _first_card(original: Callable[..., Any], made: Any, action: Any, player: Any) -> Any:
    return None if type(action).__name__ == "Play" else original(made, action, player)


wrong(
    "play-ignored",
    7,
    PLAY,
    "a card played in the hand is ignored: apply() does nothing with it",
)(applying(_first_card))
