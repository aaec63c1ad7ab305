"""The wrong models of the lead suit (stage 3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .kit import (
    Patcher,
    WrongModel,
    cards,
    collector,
    is_black,
    model,
    shown,
    suit,
)

LEAD_SUIT: list[WrongModel] = []
wrong = collector(LEAD_SUIT)

# Stage 3: the lead suit.

SETS = "The first card played sets the lead suit"
ANY_LEAD = "Before a card is led, the leader may lead any card they hold"
FOLLOW = "A player who holds the lead suit must follow it, even when they hold trump"
VOID = "A player who cannot follow may play trump or throw off any card"
TRUMP_LED = "The lead suit may be the trump suit"
LEFT_LED = "The Left Bar is a trump, so leading it leads trump"
LEFT_SUIT = "The Left Bar is never a card of its printed suit"


class Suits:
    """The suit each card belongs to, as the learner's own model says before it is patched."""

    def __init__(self) -> None:
        self.is_left = model("trump").is_left_bower

    def of(self, card: Any, trump: Any) -> Any:
        return trump if self.is_left(card, trump) else card.suit

    def trumps(self, held: Any, trump: Any) -> list[Any]:
        return [card for card in held if self.of(card, trump) is trump]


def plays(
    choose: Callable[[Suits, list[Any], Any, Any, tuple[Any, ...]], list[Any] | None],
) -> Callable[[Patcher], None]:
    """A patch of ``legal_plays``: ``choose`` says which cards instead, or None for the same."""

    def patch(patcher: Patcher) -> None:
        suits = Suits()

        def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
            def legal_plays(held: Any, lead: Any, trump: Any) -> tuple[Any, ...]:
                allowed = tuple(original(held, lead, trump))
                chosen = choose(suits, list(held), lead, trump, allowed)
                return allowed if chosen is None else tuple(chosen)

            return legal_plays

        patcher.function("trick", "legal_plays", wrap)

    return patch


def allowed(held: str, lead: str | None, trump: str) -> object:
    legal = model("trick").legal_plays
    return shown(legal(cards(held), None if lead is None else suit(lead), suit(trump)))


def _lead_suit(choose: Callable[[Any, Any], Any]) -> Callable[[Patcher], None]:
    """A patch of ``Trick.lead_suit``: ``choose(trick, lead)`` says which suit instead."""

    def patch(patcher: Patcher) -> None:
        patcher.attribute("trick", "Trick", "lead_suit", lambda made, read: choose(made, read()))

    return patch


wrong(
    "lead-suit-of-the-last-card",
    3,
    SETS,
    "the lead suit is the suit of the last card played, not of the first",
)(_lead_suit(lambda made, lead: made.plays[-1][1].suit if made.plays else lead))

wrong(
    "leader-must-lead-trump",
    3,
    ANY_LEAD,
    "a leader who holds trump must lead trump",
)(
    plays(
        lambda suits, held, lead, trump, legal: suits.trumps(held, trump) if lead is None else None
    )
)

wrong(
    "trump-may-always-be-played",
    3,
    FOLLOW,
    "a player may always play trump, even when they could follow suit",
)(
    plays(
        lambda suits, held, lead, trump, legal: [
            card for card in held if card in legal or suits.of(card, trump) is trump
        ]
    )
)


def _following_not_enforced(patch: Patcher) -> None:
    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def play(self: Any, player: Any, card: Any, held: Any) -> Any:
            try:
                return original(self, player, card, held)
            except model("errors").MustFollowSuitError:
                return original(self, player, card, [card])

        return play

    patch.method("trick", "Trick", "play", wrap)


wrong(
    "following-not-enforced",
    3,
    FOLLOW,
    "a card that does not follow suit is accepted, though the player could follow",
)(_following_not_enforced)


def _must_trump(suits: Suits, held: list[Any], lead: Any, trump: Any, legal: Any) -> Any:
    if lead is None or any(suits.of(card, trump) is lead for card in held):
        return None
    return suits.trumps(held, trump) or None


wrong(
    "must-trump-when-void",
    3,
    VOID,
    "a player who cannot follow suit must play trump if they hold one",
)(plays(_must_trump))

wrong(
    "trump-led-frees-everyone",
    3,
    TRUMP_LED,
    "when trump is led, nobody has to follow it",
)(plays(lambda suits, held, lead, trump, legal: held if lead is trump else None))

wrong(
    "left-bar-leads-its-printed-suit",
    3,
    LEFT_LED,
    "leading the Left Bar leads its printed suit, not trump",
)(_lead_suit(lambda made, lead: made.plays[0][1].suit if made.plays else lead))


def _left_bar_only_when_red(patch: Patcher) -> None:
    def printed(suits: Suits, held: list[Any], lead: Any, trump: Any, legal: Any) -> Any:
        if lead is None or not is_black(trump):
            return None
        return [card for card in held if card.suit is lead] or held

    plays(printed)(patch)
    _lead_suit(
        lambda made, lead: (
            made.plays[0][1].suit
            if made.plays and lead is not made.plays[0][1].suit and is_black(lead)
            else lead
        )
    )(patch)
    patch.function(
        "trump",
        "is_left_bower",
        lambda original: lambda card, trump: not is_black(trump) and original(card, trump),
    )


wrong(
    "left-bar-only-when-red",
    3,
    LEFT_LED,
    "the Left Bar is known only when a red suit is trump",
)(_left_bar_only_when_red)

wrong(
    "left-bar-also-follows-its-printed-suit",
    3,
    LEFT_SUIT,
    "the Left Bar also counts as a card of its printed suit",
)(
    plays(
        lambda suits, held, lead, trump, legal: (
            None
            if lead is None
            else [c for c in held if c.suit is lead or suits.of(c, trump) is lead] or held
        )
    )
)


def _followed_by_printed_suits(patch: Patcher) -> None:
    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def play(self: Any, player: Any, card: Any, held: Any) -> Any:
            try:
                return original(self, player, card, held)
            except model("errors").MustFollowSuitError:
                printed = [c for c in held if c.suit is self.lead_suit] or list(held)
                if card not in printed:
                    raise
                return original(self, player, card, [card])

        return play

    patch.method("trick", "Trick", "play", wrap)


wrong(
    "play-follows-printed-suits",
    3,
    LEFT_SUIT,
    "a card played to a trick is checked against the printed suits, so the Left Bar may follow"
    " its printed suit",
)(_followed_by_printed_suits)
