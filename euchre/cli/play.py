"""``euchre play``: a person plays South, with a bot partner, against two bots of one level."""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO, cast

from rich.console import Console
from rich.markup import escape

from euchre.actions import PLAY, Action, Bid, DefendAlone, Discard, Play
from euchre.cards import Card
from euchre.cli import hints
from euchre.cli.errors import UsageError
from euchre.cli.narrate import (
    SEAT_NAMES,
    card_markup,
    describe,
    with_symbols,
)
from euchre.cli.options import LEVELS_HELP, RULES_HELP, make_player, parse_level, parse_rules
from euchre.errors import EuchreError
from euchre.game import Game
from euchre.hand import Hand, Phase
from euchre.history.egn import dumps, egn_from_saved
from euchre.history.saved_game import save_game
from euchre.players import Player, SeatView
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Seat, Team

Subparsers = Any
YOU = Seat.SOUTH


def add_parser(subcommands: Subparsers) -> None:
    command = subcommands.add_parser("play", help="play a game to 10 at South, against two bots")
    command.add_argument("--seed", type=int, default=None, help="seed for repeatable deals")
    command.add_argument("--watch", action="store_true", help="let four bots play; you watch")
    command.add_argument(
        "--level",
        type=parse_level,
        default="normal",
        help=f"how the bots play, your partner too: {LEVELS_HELP}; normal by default",
    )
    command.add_argument(
        "--delay",
        type=delay,
        default=None,
        metavar="SECONDS",
        help=f"a pause after each bid and trick, so that you can follow (the default:"
        f" {WATCH_DELAY} s with --watch, none when you play); never when the output is not"
        " a terminal",
    )
    command.add_argument("--rules", type=parse_rules, default=Rules(), help=RULES_HELP)
    command.add_argument(
        "--save",
        metavar="FILE",
        help="save the game as JSON when it ends or is stopped (as EGN if FILE ends in .egn)",
    )
    command.add_argument("--force", action="store_true", help="let --save replace a file")
    command.set_defaults(run=run)


WATCH_DELAY = 1.0
"""Seconds between the bids and tricks of a game watched on a terminal: time to read each."""
LONGEST_DELAY = 60.0


def delay(text: str) -> float:
    """An argument type: seconds, from 0 to ``LONGEST_DELAY``."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if 0 <= seconds <= LONGEST_DELAY:  # NaN fails both
        return seconds
    raise argparse.ArgumentTypeError(
        f"--delay: expected seconds from 0 to {LONGEST_DELAY:g}, got {text[:20]!r}"
    )


class Person:
    """The person at South: shown where the hand stands, their cards and the choices, asked
    on standard input; ``hint`` and ``help`` are answered, and the question asked again."""

    def __init__(self, console: Console, stdin: TextIO, adviser: hints.Hints | None = None) -> None:
        self.console = console
        self.stdin = stdin
        self.hints = adviser or hints.Hints(random.Random())

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
        said = hints.your_refusal(str(error), YOU)
        self.console.print(f"  Not allowed: {with_symbols(said)}")

    def _ask(self, view: SeatView, question: str) -> Action:
        self.console.print(hints.status_line(view))
        choices: tuple[Action, ...]
        if view.phase in (Phase.PLAY, Phase.DISCARD):
            choices = hints.card_choices(view)
            if view.phase is Phase.PLAY:
                if view.trick:
                    so_far = ", ".join(
                        f"{hints.name(s, YOU)} {card_markup(c)}" for s, c in view.trick
                    )
                    self.console.print(f"This trick so far: {so_far}")
                self.console.print(hints.before_a_card(view))
            cards = [action.card for action in choices if isinstance(action, Play | Discard)]
            self.console.print(hints.cards_line(view, cards))
        else:
            choices = view.legal_actions
            self.console.print(hints.cards_line(view))
            menu = "  ".join(
                f"{n}) {hints.choice_markup(action, view)}" for n, action in enumerate(choices, 1)
            )
            self.console.print(f"  {menu}")
        words = {hints.choice_words(action, view): action for action in choices}
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
            if answer.lower() in hints.HINT_WORDS:
                self.console.print(self.hints.text(view))
                continue
            if answer.lower() in hints.HELP_WORDS:
                self.console.print(escape(hints.HELP))
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
    return hints.choice_words(action, view)


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


class Narrator:
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
                "" if self.viewer is None else "You win! " if winner is YOU.team else "You lose. "
            )
            self.console.print(
                f"\n[bold]{ours}{hints.TEAM_NAMES[winner]} won the game"
                f" {scores[winner]}-{scores[winner.opponents]}.[/bold]"
            )
        else:
            self.pause()
            self.new_hand(self.game.hand)


Clock = Callable[[], datetime]


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


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    save = SaveTarget.check(args.save, args.force) if args.save is not None else None
    if hasattr(stdin, "reconfigure"):  # bytes that are not text are answers, not a crash
        stdin.reconfigure(errors="replace")
    console = QuietWhenClosed(file=plain_if_needed(stdout), highlight=False, soft_wrap=True)
    rng = random.Random(args.seed)
    stopper = Stopper()
    game = HeldGame(rng, args.rules, dealer=rng.choice(tuple(Seat)))
    game.stopper = stopper
    players: dict[Seat, Player] = {
        seat: make_player(args.level, _randomness(args.seed, str(seat))) for seat in Seat
    }
    if not args.watch:
        players[YOU] = Person(console, stdin, hints.Hints(_randomness(args.seed, "hints")))
    seconds = args.delay if args.delay is not None else WATCH_DELAY if args.watch else 0
    paced = seconds > 0 and stdout.isatty()
    narrator = Narrator(
        console,
        game,
        None if args.watch else YOU,
        _now,
        (lambda: time.sleep(seconds)) if paced else lambda: None,
    )
    stopper.install()
    try:
        return _play(args, console, game, players, narrator, stopper, save)
    finally:
        stopper.uninstall()


def _play(
    args: argparse.Namespace,
    console: Console,
    game: Game,
    players: dict[Seat, Player],
    narrator: Narrator,
    stopper: Stopper,
    save: SaveTarget | None,
) -> int:
    status, stopped_by = 0, None
    error: BaseException | None = None
    try:
        try:
            console.print(
                f"Euchre to {args.rules.points_to_win}. You are South; North is your partner."
                if not args.watch
                else f"Four bots play Euchre to {args.rules.points_to_win}."
            )
            narrator.new_hand(game.hand)
            play_game(game, players, narrator)
        finally:
            stopper.hold_all()  # from here on, a signal waits until the game is saved
    except EOFError:
        stopped_by = "end of input"
        console.print("\nGoodbye.")
    except KeyboardInterrupt:
        stopped_by, status = "Ctrl-C", 130
        console.print("\nGoodbye.")
    except Stopped as signalled:
        stopped_by, status = str(signalled), 128 + signalled.number
        console.print(f"\nStopped by {signalled}.")
    except BrokenPipeError:
        stopped_by, error = "the output was closed", BrokenPipeError()
    except Exception as failure:
        stopped_by, status = f"an error: {type(failure).__name__}", 1
        error = failure
    if save is not None:
        kinds = {seat: args.level for seat in Seat} | ({} if args.watch else {YOU: "human"})
        saved = save_game(game, kinds, narrator.finished_at, stopped_by, _now())
        try:
            text = json.dumps(saved, indent=1) + "\n"
            if save.path.suffix.lower() == ".egn":  # Euchre Game Notation, by the name
                text = dumps(egn_from_saved(saved))
            written = save.write(text)
        except OSError as failure:
            print(
                f"euchre play: could not save the game to {save.path}: {failure.strerror}",
                file=sys.stderr,
            )
            return 1
        _announce(console, save, written)
    if isinstance(error, BrokenPipeError):
        raise error
    if error is not None:
        where = f"; the game so far is saved in {save.path}" if save is not None else ""
        print(
            f"euchre play: stopped by an error ({type(error).__name__}: {error}){where}",
            file=sys.stderr,
        )
    return status


def _announce(console: Console, save: SaveTarget, written: Path) -> None:
    if written == save.path:
        console.print(f"Saved the game to {escape(str(written))}.")
    else:
        console.print(
            f"{escape(str(save.path))} appeared meanwhile:"
            f" saved the game to {escape(str(written))} instead."
        )


class QuietWhenClosed(Console):
    """A console that, when its reader goes away, stops writing and says so with
    BrokenPipeError, so that the game is saved (rich's own console exits at once)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


class SaveTarget:
    """Where ``--save`` writes: checked before the first deal, written whole or not at all."""

    def __init__(self, path: Path, force: bool) -> None:
        self.path = path
        self.force = force

    @classmethod
    def check(cls, name: str, force: bool) -> SaveTarget:
        """The target, or UsageError (exit 2) saying in one line why it cannot work."""
        if not name:
            raise UsageError("--save needs a file name")
        path = Path(name)
        if path.is_dir():
            raise UsageError(f"{path} is a folder: give a file name")
        if path.exists() and not force:
            raise UsageError(f"{path} exists: add --force to replace it, or give another name")
        if path.exists() and not path.is_file():
            raise UsageError(f"{path} is not a regular file")
        try:  # the only sure test that the folder takes a new file is to make one
            descriptor, trial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
            os.close(descriptor)
            os.unlink(trial)
        except OSError as error:
            raise UsageError(f"cannot save to {path}: {error.strerror}") from None
        return cls(path, force)

    def write(self, text: str) -> Path:
        """Write ``text`` to a temporary file beside the target, then rename it into place.

        Without ``--force``, a file that appeared meanwhile is kept and a new name is used.
        """
        descriptor, temporary = tempfile.mkstemp(
            dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp"
        )
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                os.chmod(temporary, 0o666 & ~_umask())
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            target = self.path if self.force else _free_name(self.path)
            os.replace(temporary, target)
        except BaseException:
            with suppress(OSError):
                os.unlink(temporary)
            raise
        return target


def _free_name(path: Path) -> Path:
    """``path``, or ``game-2.json``, ``game-3.json``... if it is taken."""
    number, free = 1, path
    while free.exists():
        number += 1
        free = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return free


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def plain_if_needed(stdout: TextIO) -> TextIO:
    """``stdout``, or, if it cannot show the suit symbols, a stream that writes letters instead."""
    encoding = getattr(stdout, "encoding", None) or "utf-8"
    try:
        "♣♦♥♠".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return cast(TextIO, PlainText(stdout, encoding))
    return stdout


class PlainText:
    """Writes suit symbols as letters (J♥ as JH), and anything else it cannot encode as ?."""

    LETTERS = str.maketrans(
        {
            "♣": "C",
            "♦": "D",
            "♥": "H",
            "♠": "S",
            "…": "...",
            "\N{EN DASH}": "-",
            "\N{BOX DRAWINGS LIGHT HORIZONTAL}": "-",
        }
    )

    def __init__(self, stream: TextIO, encoding: str) -> None:
        self.stream = stream
        self.encoding = encoding

    def write(self, text: str) -> int:
        plain = text.translate(self.LETTERS)
        self.stream.write(plain.encode(self.encoding, "replace").decode(self.encoding))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()


def _randomness(seed: int | None, whose: str) -> random.Random:
    """A bot's own randomness, apart from the deals': repeated by the seed, if there is one."""
    return random.Random(f"{seed}/{whose}") if seed is not None else random.Random()


def _now() -> datetime:
    return datetime.now(UTC)
