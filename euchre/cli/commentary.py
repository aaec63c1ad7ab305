"""What the table is told as a game is played: each bid and card, trick winners, the score."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from rich.console import Console

from euchre.actions import Action, Play
from euchre.cli import hints
from euchre.cli.narrate import SEAT_NAMES, card_markup, describe
from euchre.game import Game
from euchre.hand import Hand, Phase
from euchre.seats import Seat, Team

Clock = Callable[[], datetime]


class Commentary:
    """Tells the table what happens: each bid and card, trick winners, and the score."""

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
        self.clock = clock
        self.pause = pause
        self.finished_at: list[datetime] = []
        self.phase = Phase.ORDER_UP

    def new_hand(self, hand: Hand) -> None:
        number = len(self.game.hands)
        deals = "you deal" if hand.dealer is self.viewer else f"{SEAT_NAMES[hand.dealer]} deals"
        self.console.print(
            f"\n[bold]Hand {number}[/bold]: {deals}; the upcard is {card_markup(hand.upcard)}."
        )
        self.phase = hand.phase

    def __call__(self, hand: Hand, seat: Seat, action: Action) -> None:
        before, self.phase = self.phase, hand.phase
        if isinstance(action, Play):
            if hand.trick is None or not hand.trick.plays:  # that card completed a trick
                trick = hand.tricks[-1]
                you = self.viewer
                cards = ", ".join(f"{hints.name(s, you)} {card_markup(c)}" for s, c in trick.plays)
                taker = "You win" if trick.winner is you else f"{SEAT_NAMES[trick.winner]} wins"
                self.console.print(f"Trick {len(hand.tricks)}: {cards}. {taker}.")
                self.pause()
        else:
            said = hints.told(hand, seat, action, before, self.viewer)
            self.console.print(said or describe(hand, seat, action, before, self.viewer))
            if seat is not self.viewer:
                self.pause()
        if hand.result is None:
            if hand.phase is Phase.NAME_TRUMP and before is Phase.ORDER_UP:
                self.console.print(hints.round_two(hand))
            if hand.phase is Phase.PLAY and before is not Phase.PLAY:
                self.console.print(f"Trump is {hand.trump}.")
            return
        self.finished_at.append(self.clock())
        scores = self.game.scores
        for line in hints.summary(hand.result, self.viewer):
            self.console.print(line)
        self.console.print(f"Score: NS {scores[Team.NS]}, EW {scores[Team.EW]}.")
        winner = self.game.winner
        if winner is not None:
            ours = (
                ""
                if self.viewer is None
                else "You win! "
                if winner is self.viewer.team
                else "You lose. "
            )
            self.console.print(
                f"\n[bold]{ours}{hints.TEAM_NAMES[winner]} won the game"
                f" {scores[winner]}-{scores[winner.opponents]}.[/bold]"
            )
        else:
            self.pause()
            self.new_hand(self.game.hand)
