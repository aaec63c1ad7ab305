"""``euchre replay [--json] [--explain] FILE...``: check hand records, saved games and EGN
games against the rules, and tell them; ``--explain`` narrates them beside a bot's choices.

Exit status: 0 every record legal, 1 some record illegal (or a file that holds no records, or
is not JSON), 2 a file that cannot be read as UTF-8 text, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any, TextIO

from euchre.actions import DefendAlone, Discard
from euchre.cli import explain
from euchre.cli.errors import UsageError
from euchre.cli.narrate import READING_A_RECORD, Narrator
from euchre.cli.record_files import Item, items, read_text, shown
from euchre.hand import Hand, Phase
from euchre.history.egn import EgnDeal
from euchre.history.record import RecordError, result_json
from euchre.seats import Team

Subparsers = Any  # argparse's _SubParsersAction is private
NARRATOR = Narrator(READING_A_RECORD)


def add_parser(subcommands: Subparsers) -> None:
    command = subcommands.add_parser(
        "replay", help="check hand records against the rules and tell each hand"
    )
    command.add_argument("files", nargs="+", metavar="FILE", help="a record file, or - for stdin")
    command.add_argument("--json", action="store_true", help="print one JSON result per record")
    command.add_argument(
        "--explain",
        action="store_true",
        help="narrate each call and card with the file's notes and what the bot would do",
    )
    command.add_argument(
        "--bot",
        default=explain.DEFAULT_BOT,
        choices=explain.BOTS,
        help=f"the bot --explain asks (default {explain.DEFAULT_BOT})",
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    status, done = 0, 0
    try:
        for name in args.files:
            try:
                text = read_text(name, stdin)
            except UsageError as error:
                print(f"euchre replay: {error}", file=sys.stderr)
                status = 2
                continue
            for item in items(shown(name), text):
                if args.explain and not isinstance(item.outcome, RecordError):
                    status = max(status, _explain(item, args.bot, stdout))
                else:
                    status = max(status, _print(item, args.json, stdout))
                done += 1
    except KeyboardInterrupt:
        print(f"euchre replay: interrupted after {done} records", file=sys.stderr)
        return 130
    return status


def _explain(item: Item, bot: str, stdout: TextIO) -> int:
    header = f"{item.file}: {item.where}" if item.where else item.file
    lines = explain.narrate(item.outcome, bot)  # type: ignore[arg-type]
    print(header, *(f"  {line}" for line in lines), "", sep="\n", file=stdout)
    return 0


def _print(item: Item, as_json: bool, stdout: TextIO) -> int:
    """Print one item; its status, 1 for an error, 0 otherwise."""
    outcome, where = item.outcome, item.where
    header = f"{item.file}: {where}" if where else item.file
    if isinstance(outcome, RecordError):
        if as_json:
            print(json.dumps({**item.key(), "error": f"{header}: {outcome}"}), file=stdout)
        else:
            print(f"{header}\n  Illegal: {outcome}\n", file=stdout)
        return 1
    hand = outcome.hand if isinstance(outcome, EgnDeal) else outcome
    if as_json:
        shown: dict[str, Any] = result_json(hand) if hand.result else {"unfinished": True}
        if item.score is not None:
            shown["score"] = {str(team): points for team, points in item.score.items()}
        print(json.dumps({**item.key(), **shown}), file=stdout)
    else:
        lines = tell(hand) if isinstance(outcome, Hand) else tell_deal(outcome, item.score)
        print(header, *(f"  {line}" for line in lines), "", sep="\n", file=stdout)
    return 0


def tell_deal(deal: EgnDeal, score: Mapping[Team, int] | None = None) -> list[str]:
    """An EGN deal as a person would tell it: what nobody saw is said to be unknown."""
    lines = tell(deal.hand, deal.discard_known)
    sitting = [seat for seat in deal.hand.sitting_out if not deal.known(seat)]
    if sitting:
        who = " and ".join(str(seat) for seat in sitting)
        lines.insert(-1, f"{who} sat out, and nobody saw the cards.")
    if score is not None:
        lines.append(f"Score: NS {score[Team.NS]}, EW {score[Team.EW]}.")
    return lines


def tell(hand: Hand, discard_known: bool = True) -> list[str]:
    """The hand as a person would tell it, bid by bid and trick by trick."""
    lines = [NARRATOR.deal(hand)]
    for seat, bid in hand.bids:
        lines.append(NARRATOR.action(hand, seat, bid, Phase.ORDER_UP))
    if hand.discarded is not None:
        discard = Discard(hand.discarded)
        lines.append(
            NARRATOR.action(hand, hand.dealer, discard, Phase.DISCARD, known=discard_known)
        )
    if hand.lone_defender is not None:
        lines.append(NARRATOR.action(hand, hand.lone_defender, DefendAlone(), Phase.DEFEND))
    for number, trick in enumerate(hand.tricks, start=1):
        lines.append(NARRATOR.trick(number, trick))
    return lines + NARRATOR.result(hand.result)
