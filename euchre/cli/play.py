"""``euchre play``: a person plays South, with a rule-bot partner, against two rule bots."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape

from euchre.actions import PLAY, Action, Bid, DefendAlone, Discard, Play
from euchre.cards import Card
from euchre.cli.narrate import (
    SEAT_NAMES,
    card_markup,
    cards_markup,
    describe,
    result_sentence,
    with_symbols,
)
from euchre.cli.options import RULES_HELP, parse_rules
from euchre.errors import EuchreError
from euchre.game import Game
from euchre.hand import Hand, Phase
from euchre.history.saved_game import save_game
from euchre.players import Player, SeatView
from euchre.players.rule_bot import RuleBot
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Seat, Team

Subparsers = Any
YOU = Seat.SOUTH


def add_parser(subcommands: Subparsers) -> None:
    command = subcommands.add_parser("play", help="play a game to 10 at South, against two bots")
    command.add_argument("--seed", type=int, default=None, help="seed for repeatable deals")
    command.add_argument("--watch", action="store_true", help="let four bots play; you watch")
    command.add_argument("--rules", type=parse_rules, default=Rules(), help=RULES_HELP)
    command.add_argument("--save", metavar="FILE", help="save the game as JSON when it ends")
    command.set_defaults(run=run)


class Person:
    """The person at South: shown their cards and the choices, asked on standard input."""

    def __init__(self, console: Console, stdin: TextIO) -> None:
        self.console = console
        self.stdin = stdin

    def bid(self, view: SeatView) -> Bid:
        action = self._ask(view, "Your bid")
        assert not isinstance(action, Discard | Play | DefendAlone)
        return action

    def discard(self, view: SeatView) -> Card:
        action = self._ask(view, "Your discard")
        assert isinstance(action, Discard)
        return action.card

    def defend_alone(self, view: SeatView) -> bool:
        return isinstance(self._ask(view, "Defend alone"), DefendAlone)

    def play(self, view: SeatView) -> Card:
        action = self._ask(view, "Your card")
        assert isinstance(action, Play)
        return action.card

    def refused(self, error: EuchreError) -> None:
        self.console.print(f"  Not allowed: {with_symbols(str(error))}")

    def _ask(self, view: SeatView, question: str) -> Action:
        choices = view.legal_actions
        self.console.print(f"Your cards: {cards_markup(view.cards)}")
        if view.phase is Phase.PLAY and view.trick:
            so_far = ", ".join(f"{SEAT_NAMES[s]} {card_markup(c)}" for s, c in view.trick)
            self.console.print(f"This trick so far: {so_far}")
        menu = "  ".join(f"{n}) {_choice_markup(action)}" for n, action in enumerate(choices, 1))
        self.console.print(f"  {menu}")
        while True:
            self.console.print(f"{question} (1-{len(choices)}, or a card such as JH): ", end="")
            line = self.stdin.readline()
            if not line:
                raise EOFError
            answer = line.strip()
            try:
                return _read_choice(answer, choices, view.phase)
            except ValueError as error:
                self.console.print(f"  {escape(str(error))}")


def _choice_markup(action: Action) -> str:
    if isinstance(action, Play | Discard):
        return card_markup(action.card)
    return escape(str(action))


def _read_choice(answer: str, choices: tuple[Action, ...], phase: Phase) -> Action:
    """A numbered choice, a bid in words, or a card; raises ValueError saying what is wrong."""
    if not answer:
        raise ValueError(f"Please choose a number from 1 to {len(choices)}.")
    if answer.isdigit():
        number = int(answer)
        if 1 <= number <= len(choices):
            return choices[number - 1]
        raise ValueError(f"{number} is not one of the choices: choose 1 to {len(choices)}.")
    words = {str(action): action for action in choices}
    if answer.lower() in words:
        return words[answer.lower()]
    if phase in (Phase.PLAY, Phase.DISCARD):
        try:
            card = Card.parse(answer)
        except EuchreError:
            pass
        else:
            return PLAY[card.index] if phase is Phase.PLAY else Discard(card)
    raise ValueError(
        f"{answer!r} is not a choice: type a number from 1 to {len(choices)}"
        + (", or a card such as JH." if phase in (Phase.PLAY, Phase.DISCARD) else ".")
    )


class Narrator:
    """Tells the table what happens: each bid and card, trick winners, and the score."""

    def __init__(self, console: Console, game: Game, viewer: Seat | None, clock: Clock) -> None:
        self.console = console
        self.game = game
        self.viewer = viewer
        self.clock = clock
        self.finished_at: list[datetime] = []
        self.phase = Phase.ORDER_UP

    def new_hand(self, hand: Hand) -> None:
        number = len(self.game.hands)
        self.console.print(
            f"\n[bold]Hand {number}[/bold]: {SEAT_NAMES[hand.dealer]} deals;"
            f" the upcard is {card_markup(hand.upcard)}."
        )
        self.phase = hand.phase

    def __call__(self, hand: Hand, seat: Seat, action: Action) -> None:
        before, self.phase = self.phase, hand.phase
        if isinstance(action, Play):
            if hand.trick is None or not hand.trick.plays:  # that card completed a trick
                trick = hand.tricks[-1]
                cards = ", ".join(f"{SEAT_NAMES[s]} {card_markup(c)}" for s, c in trick.plays)
                self.console.print(
                    f"Trick {len(hand.tricks)}: {cards}. {SEAT_NAMES[trick.winner]} wins."
                )
        else:
            self.console.print(describe(hand, seat, action, before, self.viewer))
        if hand.result is None:
            if hand.phase is Phase.PLAY and before is not Phase.PLAY:
                self.console.print(f"Trump is {hand.trump}.")
            return
        self.finished_at.append(self.clock())
        scores = self.game.scores
        self.console.print(result_sentence(hand.result))
        self.console.print(f"Score: NS {scores[Team.NS]}, EW {scores[Team.EW]}.")
        if self.game.winner is not None:
            ours = "You win" if self.game.winner is YOU.team else "They win"
            self.console.print(
                f"\n[bold]{ours}![/bold] {self.game.winner} won the game"
                f" {scores[self.game.winner]}-{scores[self.game.winner.opponents]}."
            )
        else:
            self.new_hand(self.game.hand)


Clock = Callable[[], datetime]


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, clock: Clock | None = None) -> int:
    console = Console(file=stdout, highlight=False, soft_wrap=True)
    rng = random.Random(args.seed)
    game = Game(rng, args.rules, dealer=rng.choice(tuple(Seat)))
    players: dict[Seat, Player] = {seat: RuleBot() for seat in Seat}
    if not args.watch:
        players[YOU] = Person(console, stdin)
    narrator = Narrator(console, game, None if args.watch else YOU, clock or _now)
    console.print(
        f"Euchre to {args.rules.points_to_win}. You are South; North is your partner."
        if not args.watch
        else f"Four bots play Euchre to {args.rules.points_to_win}."
    )
    narrator.new_hand(game.hand)
    status = 0
    try:
        play_game(game, players, narrator)
    except EOFError:
        console.print("\nGoodbye.")
    except KeyboardInterrupt:
        console.print("\nGoodbye.")
        status = 130
    if args.save:
        kinds = {seat: "rule" for seat in Seat} | ({} if args.watch else {YOU: "human"})
        saved = save_game(game, kinds, narrator.finished_at)
        with open(args.save, "w", encoding="utf-8") as file:
            json.dump(saved, file, indent=1)
        console.print(f"Saved the game to {escape(args.save)}.")
    return status


def _now() -> datetime:
    return datetime.now(UTC)
