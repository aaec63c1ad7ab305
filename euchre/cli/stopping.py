"""Signals that stop a game (Ctrl-C, SIGTERM, SIGHUP), never in the middle of a move."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from euchre.actions import Action
from euchre.game import Game
from euchre.seats import Seat


class Stopped(BaseException):
    """A signal that stops the game, such as SIGTERM or SIGHUP: the game is saved first.

    The exit status is then 128 + the signal's number (143, 129), as a shell would report.
    """

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal.Signals(signal_number).name)
        self.number = signal_number


STOPPING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Stopper:
    """Turns the signals that stop a game into exceptions, but never in the middle of a move.

    While a move is applied (``holding``), a signal waits, so the game is never saved half
    changed; ``hold_all`` keeps every later signal waiting while the game is saved.
    """

    def __init__(self) -> None:
        self.holding_depth = 0
        self.waiting: int | None = None
        self.previous: dict[int, Any] = {}

    def install(self) -> None:
        for number in STOPPING_SIGNALS:
            try:
                self.previous[number] = signal.signal(number, self._caught)
            except ValueError:  # not the main thread: leave the signals as they are
                return

    def uninstall(self) -> None:
        for number, handler in self.previous.items():
            signal.signal(number, handler)

    def _caught(self, number: int, frame: object) -> None:
        if self.holding_depth:
            self.waiting = self.waiting or number
            return
        self._raise(number)

    @staticmethod
    def _raise(number: int) -> None:
        if number == signal.SIGINT:
            raise KeyboardInterrupt
        raise Stopped(number)

    def hold_all(self) -> None:
        self.holding_depth += 1

    @contextmanager
    def holding(self) -> Iterator[None]:
        self.holding_depth += 1
        try:
            yield
        finally:
            self.holding_depth -= 1
        if not self.holding_depth and self.waiting is not None:
            number, self.waiting = self.waiting, None
            self._raise(number)


class HeldGame(Game):
    """A game whose moves are never cut in half by a signal."""

    stopper = Stopper()

    def apply(self, action: Action, seat: Seat | None = None) -> None:
        with self.stopper.holding():
            super().apply(action, seat)
