"""``euchre play``: a person plays South, with a bot partner, against two bots of one level.

The seams: ``person`` asks the person, ``commentary`` tells the table, ``stopping`` turns
signals into a clean stop, ``saving`` writes ``--save``, ``terminal`` is what is printed to.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import UTC, datetime
from typing import Any, TextIO

from rich.console import Console

from euchre.cli.commentary import Commentary
from euchre.cli.hints import Hints
from euchre.cli.options import LEVELS_HELP, RULES_HELP, make_player, parse_level, parse_rules
from euchre.cli.person import YOU, Person
from euchre.cli.saving import SaveTarget
from euchre.cli.stopping import HeldGame, Stopped, Stopper
from euchre.cli.terminal import QuietWhenClosed, game_output
from euchre.game import Game
from euchre.history.saved_game import save_game
from euchre.players import Player
from euchre.players.expert import ExpertPlayer
from euchre.players.table import play_game
from euchre.rules import Rules
from euchre.seats import Seat

Subparsers = Any


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


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    save = SaveTarget.check(args.save, args.force) if args.save is not None else None
    if hasattr(stdin, "reconfigure"):  # bytes that are not text are answers, not a crash
        stdin.reconfigure(errors="replace")
    console = QuietWhenClosed(file=game_output(stdout), highlight=False, soft_wrap=True)
    rng = random.Random(args.seed)
    stopper = Stopper()
    game = HeldGame(rng, args.rules, dealer=rng.choice(tuple(Seat)))
    game.stopper = stopper
    players: dict[Seat, Player] = {
        seat: make_player(args.level, _randomness(args.seed, str(seat))) for seat in Seat
    }
    if not args.watch:
        adviser = ExpertPlayer(_randomness(args.seed, "hints"))  # its own deals, not the game's
        players[YOU] = Person(console, stdin, Hints(adviser))
    seconds = args.delay if args.delay is not None else WATCH_DELAY if args.watch else 0
    paced = seconds > 0 and stdout.isatty()
    commentary = Commentary(
        console,
        game,
        None if args.watch else YOU,
        _now,
        (lambda: time.sleep(seconds)) if paced else lambda: None,
    )
    stopper.install()
    try:
        return _play(args, console, game, players, commentary, stopper, save)
    finally:
        stopper.uninstall()


def _play(
    args: argparse.Namespace,
    console: Console,
    game: Game,
    players: dict[Seat, Player],
    commentary: Commentary,
    stopper: Stopper,
    save: SaveTarget | None,
) -> int:
    status, stopped_by, farewell = 0, None, ""
    error: BaseException | None = None
    try:
        try:
            console.print(
                f"Euchre to {args.rules.points_to_win}. You are South; North is your partner."
                if not args.watch
                else f"Four bots play Euchre to {args.rules.points_to_win}."
            )
            commentary.new_hand(game.hand)
            play_game(game, players, commentary)
        finally:
            stopper.hold_all()  # from here on, a signal waits until the game is saved
    except EOFError:
        stopped_by, farewell = "end of input", "\nGoodbye."
    except KeyboardInterrupt:
        stopped_by, status, farewell = "Ctrl-C", 130, "\nGoodbye."
    except Stopped as signalled:
        stopped_by, status = str(signalled), 128 + signalled.number
        farewell = f"\nStopped by {signalled}."
    except BrokenPipeError:
        stopped_by, error = "the output was closed", BrokenPipeError()
    except Exception as failure:
        stopped_by, status = f"an error: {type(failure).__name__}", 1
        error = failure
    # Saved before anything more is said: the terminal may be the very thing that went away.
    said = [farewell] if farewell else []
    if save is not None:
        kinds = {seat: args.level for seat in Seat} | ({} if args.watch else {YOU: "human"})
        saved = save_game(game, kinds, commentary.finished_at, stopped_by, _now())
        try:
            written = save.write(saved)
        except OSError as failure:
            print(
                f"euchre play: could not save the game to {save.path}: {failure.strerror}",
                file=sys.stderr,
            )
            return 1
        said.append(save.announcement(written))
    if isinstance(error, BrokenPipeError):
        raise error
    for line in said:
        console.print(line)
    if error is not None:
        where = f"; the game so far is saved in {save.path}" if save is not None else ""
        print(
            f"euchre play: stopped by an error ({type(error).__name__}: {error}){where}",
            file=sys.stderr,
        )
    return status


def _randomness(seed: int | None, whose: str) -> random.Random:
    """A bot's own randomness, apart from the deals': repeated by the seed, if there is one."""
    return random.Random(f"{seed}/{whose}") if seed is not None else random.Random()


def _now() -> datetime:
    return datetime.now(UTC)
