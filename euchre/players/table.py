"""Seating players at a game and playing it through, each seeing only its own view."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from euchre.actions import Action
from euchre.errors import EuchreError
from euchre.game import Game
from euchre.hand import Hand
from euchre.players import Player, SeatView
from euchre.seats import Seat

Watcher = Callable[[Hand, Seat, Action], None]


@runtime_checkable
class Interactive(Player, Protocol):
    """A player who can be told that an action was refused, and asked again (a person)."""

    def refused(self, error: EuchreError) -> None: ...


def play_game(game: Game, players: Mapping[Seat, Player], watch: Watcher | None = None) -> Game:
    """Ask each player in turn and apply their choice, until the game is over.

    ``watch`` sees every action after it is applied, with the hand it was applied to.
    """
    while not game.is_over:
        hand = game.hand
        seat = hand.turn
        assert seat is not None  # a hand in play always has a player to act
        player = players[seat]
        while True:
            action = player.choose(SeatView.of(hand, seat, game.scores)).action
            try:
                game.apply(action, seat)
                break
            except EuchreError as error:
                if not isinstance(player, Interactive):  # a bot's mistake is a bug: raise it
                    raise
                player.refused(error)
        if watch is not None:
            watch(hand, seat, action)
    return game
