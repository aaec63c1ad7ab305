"""``euchre agree GAME.egn... --bot NAME``: how often a bot chooses what the recorded players
chose, and how it does where the annotations judge a decision.

A decision with one legal choice (a forced one) is counted apart: the bot cannot differ there,
and counted with the rest it would hide where the levels differ. The others are counted by
kind, bids, discards, leads and follows (cards, the two together), each share with its 95%
interval (Wilson's).

A decision marked a blunder, mistake or dubious is *avoided* when the bot chooses otherwise; one
marked great or brilliant is *found* when the bot chooses the same. The bot is asked only where
the seat's cards are all known (see ``euchre.cli.explain``).

Exit status: 0 every file read, 1 a file that is not a legal EGN game (the others are still
counted), 2 a file that cannot be read, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any, TextIO

from euchre.cli import explain
from euchre.cli.errors import UsageError
from euchre.cli.record_files import NotJSONError, loads, read_text, shown
from euchre.history.egn import LABELS, EgnError, load_egn
from euchre.measure.intervals import wilson_interval

Subparsers = Any
KINDS = {"call": "bids", "defend": "bids", "discard": "discards"}
"""The count each kind of decision of the record goes to, but a card (``_kinds``)."""
COUNTS = ("bids", "discards", "leads", "follows", "cards")
AVOID = ("blunder", "mistake", "dubious")
FIND = ("great", "brilliant", "interesting")


def add_parser(subcommands: Subparsers) -> None:
    command = subcommands.add_parser(
        "agree", help="how often a bot chooses what the players of EGN games chose"
    )
    command.add_argument("files", nargs="+", metavar="GAME", help="an EGN game file")
    command.add_argument(
        "--bot", default=explain.DEFAULT_BOT, choices=explain.BOTS, help="the bot to compare"
    )
    command.add_argument("--json", action="store_true", help="print the counts as one JSON line")
    command.set_defaults(run=run)


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    tally: Counter[str] = Counter()
    status = 0
    try:
        for name in args.files:
            try:
                game = load_egn(loads(read_text(name, stdin)))
            except UsageError as error:
                print(f"euchre agree: {error}", file=sys.stderr)
                status = 2
                continue
            except (NotJSONError, EgnError) as error:
                problem = error.at() if isinstance(error, NotJSONError) else str(error)
                print(f"euchre agree: {shown(name)}: {problem}", file=sys.stderr)
                status = max(status, 1)
                continue
            tally["games"] += 1
            scores = [dict(game.initial_score), *game.scores()]
            for number, deal in enumerate(game.deals):
                tally["deals"] += 1
                for consulted in explain.consult(deal, args.bot, scores[number]):
                    _count(tally, consulted)
    except KeyboardInterrupt:
        print("euchre agree: interrupted", file=sys.stderr)
        return 130
    report = _report(tally, args.bot)
    if args.json:
        print(json.dumps(report), file=stdout)
    else:
        print(*_lines(report), sep="\n", file=stdout)
    return status


def _count(tally: Counter[str], consulted: explain.Consulted) -> None:
    if consulted.why_not is not None:
        for kind in _kinds(consulted.decision):
            tally[f"{kind} not asked"] += 1
        return
    for kind in ("forced",) if consulted.forced else _kinds(consulted.decision):
        tally[f"{kind} asked"] += 1
        tally[f"{kind} agree"] += consulted.agrees
    for word in {word for word, _ in consulted.notes if word}:
        tally[f"{word} asked"] += 1
        tally[f"{word} agree"] += consulted.agrees


def _kinds(decision: explain.Decision) -> tuple[str, ...]:
    """The counts a decision goes to: the bids, the discards, or a card's, a lead or a follow
    and the cards."""
    if decision.kind == "card":
        return ("leads" if decision.leads else "follows", "cards")
    return (KINDS[decision.kind],)


def _report(tally: Counter[str], bot: str) -> dict[str, Any]:
    report: dict[str, Any] = {"bot": bot, "games": tally["games"], "deals": tally["deals"]}
    report["forced"] = {"asked": tally["forced asked"], "agree": tally["forced agree"]}
    for kind in COUNTS:
        asked, agree = tally[f"{kind} asked"], tally[f"{kind} agree"]
        report[kind] = {
            "asked": asked,
            "agree": agree,
            "rate": round(agree / asked, 4) if asked else None,
            "ci95": list(wilson_interval(agree, asked)),
            "not_asked": tally[f"{kind} not asked"],
        }
    for word in LABELS.values():
        asked, agree = tally[f"{word} asked"], tally[f"{word} agree"]
        if word in AVOID:
            report[word] = {"asked": asked, "avoided": asked - agree}
        else:
            report[word] = {"asked": asked, "found": agree}
    return report


def _share(part: int, whole: int) -> str:
    return f"{part} of {whole} ({100 * part / whole:.1f}%)" if whole else "none asked"


def _with_interval(counts: dict[str, Any]) -> str:
    if not counts["asked"]:
        return "none asked"
    low, high = counts["ci95"]
    return (
        f"{counts['agree']} of {counts['asked']} ({counts['agree'] / counts['asked']:.1%};"
        f" 95% interval {low:.1%} to {high:.1%})"
    )


def _lines(report: dict[str, Any]) -> list[str]:
    lines = [
        f"{report['bot']} against {report['games']} games, {report['deals']} deals",
        f"forced (one legal choice): {report['forced']['asked']} decisions, counted apart",
    ]
    for kind in COUNTS:
        counts = report[kind]
        unknown = (
            f"; {counts['not_asked']} not asked (cards unknown)" if counts["not_asked"] else ""
        )
        lines.append(f"{kind}: agrees on {_with_interval(counts)}{unknown}")
    for word in (*AVOID, *FIND):
        counts = report[word]
        verb = "avoids" if word in AVOID else "finds"
        done = counts["avoided"] if word in AVOID else counts["found"]
        shown = f"{verb} {_share(done, counts['asked'])}" if counts["asked"] else "none asked"
        lines.append(f"{word}: {shown}")
    return lines
