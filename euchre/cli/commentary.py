"""What the table is told as a game is played: each bid and card, trick winners, the score."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from rich.console import Console

from euchre.actions import Action, Play
from euchre.cli.narrate import TEAM_NAMES, Narrator, Reader
from euchre.game import Game
from euchre.hand import Hand, Phase
from euchre.seats import Seat

Clock = Callable[[], datetime]


class Commentary:
    """Tells the table what happens as it happens, through the narrator, for the person at
    ``viewer`` (None: someone watching four bots); ``pause`` after each move of a bot."""

    def __init__(
        self,
        console: Console,
        game: Game,
        viewer: Seat | None,
        clock: Clock,
        pause: Callable[[], None] = lambda: None,
    ) -> None:
        self.console = console
        self.game = game
        self.viewer = viewer
        self.narrator = Narrator(Reader(seat=viewer))
        self.clock = clock
        self.pause = pause
        self.finished_at: list[datetime] = []
        self.phase = Phase.ORDER_UP

    def new_hand(self, hand: Hand) -> None:
        number = len(self.game.hands)
        self.console.print(f"\n[bold]Hand {number}[/bold]: {self.narrator.deal(hand)}")
        self.phase = hand.phase

    def __call__(self, hand: Hand, seat: Seat, action: Action) -> None:
        before, self.phase = self.phase, hand.phase
        if isinstance(action, Play):
            if hand.trick is None or not hand.trick.plays:  # that card completed a trick
                self.console.print(self.narrator.trick(len(hand.tricks), hand.tricks[-1]))
                self.pause()
        else:
            self.console.print(self.narrator.action(hand, seat, action, before))
            if seat is not self.viewer:
                self.pause()
        if hand.result is None:
            if hand.phase is Phase.NAME_TRUMP and before is Phase.ORDER_UP:
                self.console.print(self.narrator.round_two(hand))
            if hand.phase is Phase.PLAY and before is not Phase.PLAY:
                self.console.print(f"Trump is {hand.trump}.")
            return
        self.finished_at.append(self.clock())
        scores = self.game.scores
        for line in self.narrator.result(hand.result):
            self.console.print(line)
        self.console.print(self.narrator.score(scores))
        winner = self.game.winner
        if winner is not None:
            you = self.viewer
            ours = "" if you is None else "You win! " if winner is you.team else "You lose. "
            self.console.print(
                f"\n[bold]{ours}{TEAM_NAMES[winner]} won the game"
                f" {scores[winner]}-{scores[winner.opponents]}.[/bold]"
            )
        else:
            self.pause()
            self.new_hand(self.game.hand)
