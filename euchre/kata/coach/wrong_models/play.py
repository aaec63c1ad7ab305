"""The wrong models of play order (stage 2): who leads, who plays next, what a trick keeps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .kit import (
    Patcher,
    WrongModel,
    collector,
    model,
    seat,
)

PLAY: list[WrongModel] = []
wrong = collector(PLAY)

# Stage 2: play order.

FIRST_LEAD = "The player on the dealer's left leads the first trick"
NEXT_LEAD = "The winner of a trick leads the next trick, and play goes on to their left"
IN_TURN = "Players play in turn, and each card played stays in the trick"
HELD = "A player can play only a card they hold"
ONE_EACH = "Every player plays exactly one card to a trick"


@wrong(
    "dealer-leads",
    2,
    FIRST_LEAD,
    "the dealer leads the first trick",
)
def _dealer_leads(patch: Patcher) -> None:
    patch.function("trick", "first_leader", lambda original: lambda dealer, *rest: dealer)


@wrong(
    "player-1-always-leads",
    2,
    FIRST_LEAD,
    "Team 1 Player 1 leads the first trick, whoever deals",
)
def _player_1_always_leads(patch: Patcher) -> None:
    patch.function("trick", "first_leader", lambda original: lambda dealer, *rest: seat(1))


def rotations(patch: Patcher) -> dict[int, tuple[Any, Any]]:
    """Tricks whose play order is turned to start at another seat: id -> (trick, seat)."""
    turned: dict[int, tuple[Any, Any]] = {}

    def order(made: Any, original: Callable[[], Any]) -> Any:
        seats = tuple(original())
        made_as, start = turned.get(id(made), (None, None))
        if made_as is not made or start not in seats:
            return seats
        at = seats.index(start)
        return seats[at:] + seats[:at]

    patch.attribute("trick", "Trick", "order", order)
    return turned


def next_trick_led_by(place: int) -> Callable[[Patcher], None]:
    """A patch: the next trick is led by the player at ``place`` in this one's order (0 for
    its leader), whoever won it."""

    def led_by(patch: Patcher) -> None:
        turned = rotations(patch)

        def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
            def next_trick(self: Any) -> Any:
                following = original(self)
                turned[id(following)] = (following, self.order[place])
                return following

            return next_trick

        patch.method("trick", "Trick", "next_trick", wrap)

    return led_by


wrong(
    "next-trick-same-leader",
    2,
    NEXT_LEAD,
    "the player who led a trick leads the next one too, whoever won it",
)(next_trick_led_by(0))
wrong(
    "next-player-leads-the-next-trick",
    2,
    NEXT_LEAD,
    "the player after the last leader leads the next trick, whoever won it",
)(next_trick_led_by(1))


@wrong(
    "play-goes-right",
    2,
    NEXT_LEAD,
    "play passes to the right, not to the left",
)
def _play_goes_right(patch: Patcher) -> None:
    patch.attribute(
        "trick",
        "Trick",
        "order",
        lambda made, original: (original()[0], *reversed(original()[1:])),
    )


def refusing_less(error: str, instead: Callable[..., Any]) -> Callable[..., Any]:
    """A ``Trick.play`` that, where the rules refuse with ``error``, does ``instead``."""

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def play(self: Any, player: Any, card: Any, held: Any) -> Any:
            try:
                return original(self, player, card, held)
            except getattr(model("errors"), error):
                return instead(original, self, player, card, held)

        return play

    return wrap


@wrong(
    "out-of-turn-played",
    2,
    IN_TURN,
    "a card played out of turn is taken as the card of the player whose turn it is",
)
def _out_of_turn_played(patch: Patcher) -> None:
    patch.method(
        "trick",
        "Trick",
        "play",
        refusing_less(
            "OutOfTurnError",
            lambda original, made, player, card, held: original(
                made, made.order[len(made.plays)], card, held
            ),
        ),
    )


@wrong(
    "trick-keeps-the-last-card",
    2,
    IN_TURN,
    "a trick keeps only the last card played to it",
)
def _trick_keeps_the_last_card(patch: Patcher) -> None:
    patch.attribute("trick", "Trick", "plays", lambda made, original: tuple(original())[-1:])


@wrong(
    "card-not-held-played",
    2,
    HELD,
    "a player may play a card they do not hold",
)
def _card_not_held_played(patch: Patcher) -> None:
    patch.method(
        "trick",
        "Trick",
        "play",
        refusing_less(
            "CardNotHeldError",
            lambda original, made, player, card, held: original(made, player, card, [*held, card]),
        ),
    )


@wrong(
    "fifth-card-ignored",
    2,
    ONE_EACH,
    "a card played to a complete trick is ignored, not refused",
)
def _fifth_card_ignored(patch: Patcher) -> None:
    patch.method("trick", "Trick", "play", refusing_less("TrickCompleteError", lambda *args: None))


def _anyone_may_lead(patch: Patcher) -> None:
    turned = rotations(patch)

    def wrap(original: Callable[..., Any]) -> Callable[..., Any]:
        def play(self: Any, player: Any, card: Any, held: Any) -> Any:
            if not self.plays and player is not self.order[0]:
                turned[id(self)] = (self, player)
            return original(self, player, card, held)

        return play

    patch.method("trick", "Trick", "play", wrap)


wrong(
    "anyone-may-lead",
    2,
    IN_TURN,
    "any player may lead a trick: whose turn it is counts only once a card is led",
)(_anyone_may_lead)


wrong(
    "leader-plays-a-card-not-held",
    2,
    HELD,
    "the player who leads may lead a card they do not hold",
)(
    lambda patch: patch.method(
        "trick",
        "Trick",
        "play",
        refusing_less(
            "CardNotHeldError",
            lambda original, made, player, card, held: original(
                made, player, card, [*held, card] if not made.plays else held
            ),
        ),
    )
)
