"""The person at the table: shown the hand, asked on standard input, told ``hint`` and ``help``;
a player like the bots, whose reason is its own choice."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TextIO

from rich.console import Console
from rich.markup import escape

from euchre.actions import PLAY, Action, Discard, Play
from euchre.cards import Card
from euchre.cli import prompt
from euchre.cli.hints import Hints
from euchre.cli.narrate import Narrator, Reader, card_markup, with_symbols
from euchre.errors import EuchreError
from euchre.hand import Phase
from euchre.players import Decision, SeatView
from euchre.players.expert import ExpertPlayer
from euchre.players.reasons import Motive, Reason
from euchre.seats import Seat

YOU = Seat.SOUTH
"""The person's seat."""
YOURS = Reason(Motive.OWN_CHOICE)
QUESTIONS = {
    Phase.ORDER_UP: "Your bid",
    Phase.NAME_TRUMP: "Your bid",
    Phase.DISCARD: "Your discard",
    Phase.DEFEND: "Defend alone",
    Phase.PLAY: "Your card",
}
"""What the person is asked in each phase of a hand."""


class Person:
    """The person at South: shown where the hand stands, their cards and the choices, asked
    on standard input; ``hint`` and ``help`` are answered, and the question asked again."""

    def __init__(self, console: Console, stdin: TextIO, hints: Hints | None = None) -> None:
        self.console = console
        self.stdin = stdin
        self.hints = hints or Hints(ExpertPlayer(random.Random()))
        self.narrator = Narrator(Reader(seat=YOU))

    def choose(self, view: SeatView) -> Decision:
        return Decision(self._ask(view, QUESTIONS[view.phase]), YOURS)

    def refused(self, error: EuchreError) -> None:
        said = prompt.your_refusal(error, YOU)
        self.console.print(f"  Not allowed: {with_symbols(said)}")

    def _ask(self, view: SeatView, question: str) -> Action:
        self.console.print(prompt.status_line(view))
        choices: tuple[Action, ...]
        if view.phase in (Phase.PLAY, Phase.DISCARD):
            choices = prompt.card_choices(view)
            if view.phase is Phase.PLAY:
                if view.trick:
                    so_far = ", ".join(
                        f"{self.narrator.name(s)} {card_markup(c)}" for s, c in view.trick
                    )
                    self.console.print(f"This trick so far: {so_far}")
                self.console.print(prompt.before_a_card(view))
            cards = [action.card for action in choices if isinstance(action, Play | Discard)]
            self.console.print(prompt.cards_line(view, cards))
        else:
            choices = view.legal_actions
            self.console.print(prompt.cards_line(view))
            menu = "  ".join(
                f"{n}) {prompt.choice_markup(action, view)}" for n, action in enumerate(choices, 1)
            )
            self.console.print(f"  {menu}")
        words = {prompt.choice_words(action, view): action for action in choices}
        example = escape(_example(choices, view))
        while True:
            self.console.print(
                f"{question} ({'1-' if len(choices) > 1 else ''}{len(choices)},"
                f" or type one, such as {example}; hint, help): ",
                end="",
            )
            line = self.stdin.readline()
            if not line:
                raise EOFError
            answer = line.strip()
            if answer.lower() in prompt.HINT_WORDS:
                self.console.print(self.hints.text(view))
                continue
            if answer.lower() in prompt.HELP_WORDS:
                self.console.print(escape(prompt.HELP))
                continue
            try:
                return _read_choice(answer, choices, view, words)
            except ValueError as error:
                self.console.print(f"  {escape(str(error))}")


def _example(choices: tuple[Action, ...], view: SeatView) -> str:
    """A choice as it may be typed: a card in plain notation, or a bid in words."""
    action = choices[1] if len(choices) > 1 and not isinstance(choices[0], Play) else choices[0]
    if isinstance(action, Play | Discard):
        return str(action.card)
    return prompt.choice_words(action, view)


def _read_choice(
    answer: str,
    choices: tuple[Action, ...],
    view: SeatView,
    words: dict[str, Action] | None = None,
) -> Action:
    """A numbered choice, a bid in words, or a card; raises ValueError saying what is wrong,
    with an example in the words the question used (the dealer picks up, others order up)."""
    phase = view.phase
    count = len(choices)
    if not answer:
        raise ValueError(f"Please choose a number from 1 to {count}.")
    if answer.isascii() and answer.isdigit():  # not ٣ or ², which Python also calls digits
        if len(answer) <= 3 and 1 <= int(answer) <= count:
            return choices[int(answer) - 1]
        raise ValueError(f"{_shown(answer, str)} is not one of the choices: choose 1 to {count}.")
    words = {str(action): action for action in choices} | (words or {})
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
        f"{_shown(answer)} is not a choice: type a number from 1 to {count},"
        f" or type one, such as {_example(choices, view)}; or hint, or help."
    )


def _shown(answer: str, show: Callable[[str], str] = repr) -> str:
    """An answer as typed, cut short if it is long."""
    return show(answer if len(answer) <= 20 else answer[:20] + "…")
