"""A recorded hand, decision by decision, beside what a bot would have done in each seat.

``narrate`` tells a learner each call and card with the file's annotations (their labels as
words) and the bot's choice; ``consult`` gives the same comparison for ``euchre agree``. The
bot is asked only where the seat's cards are all known: a seat holding a card nobody saw (a
partner who sat out, a dealer whose discard is unknown) is not asked, and the line says why.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace

from euchre.actions import Action, DefendAlone, Discard, Pass, Play
from euchre.cli.narrate import READING_A_RECORD, Narrator
from euchre.hand import Hand, Phase
from euchre.history.egn import EgnDeal, label
from euchre.players import SeatView
from euchre.players.levels import LEVELS, make_player
from euchre.seats import Seat, Team

BOTS = LEVELS
DEFAULT_BOT = "expert"


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the record: a call, the discard, a defence, or a card."""

    seat: Seat
    kind: str  # "call", "discard", "defend" or "card"
    index: int | None  # the call's index, or the card's across the tricks: EGN's note keys
    action: Action
    known: bool = True  # a discard nobody saw is not
    trick: int | None = None
    leads: bool = False


def decisions(hand: Hand, discard_known: bool = True) -> list[Decision]:
    """Every decision of ``hand`` in the order it was made."""
    found = [Decision(seat, "call", n, bid) for n, (seat, bid) in enumerate(hand.bids)]
    if hand.discarded is not None:
        found.append(Decision(hand.dealer, "discard", None, Discard(hand.discarded), discard_known))
    maker = hand.maker
    if hand.rules.defend_alone and hand.alone and maker and hand.phase in (Phase.PLAY, Phase.OVER):
        for seat in (maker.left, maker.left.partner):
            defends = hand.lone_defender is seat
            found.append(Decision(seat, "defend", None, DefendAlone() if defends else Pass()))
            if defends:
                break
    tricks = [*hand.tricks, *([hand.trick] if hand.trick and hand.trick.plays else [])]
    index = 0
    for number, trick in enumerate(tricks, start=1):
        for place, (seat, card) in enumerate(trick.plays):
            found.append(Decision(seat, "card", index, Play(card), True, number, place == 0))
            index += 1
    return found


@dataclass(frozen=True, slots=True)
class Consulted:
    """A decision, with the bot's choice, or why the bot was not asked."""

    decision: Decision
    bot: Action | None
    why_not: str | None
    notes: tuple[tuple[str | None, str], ...]
    forced: bool = False
    """One legal choice: the bot could not choose otherwise."""

    @property
    def agrees(self) -> bool:
        return self.bot == self.decision.action


def consult(
    outcome: Hand | EgnDeal, bot: str, scores: Mapping[Team, int] | None = None, seed: int = 0
) -> Iterator[Consulted]:
    """Each decision of the hand, replayed in order, with what ``bot`` chose in that seat."""
    deal = outcome if isinstance(outcome, EgnDeal) else EgnDeal(outcome)
    hand = deal.hand
    fresh = Hand(hand.deal, hand.rules)
    rng = random.Random(seed)
    players = {seat: make_player(bot, rng) for seat in Seat}
    for decision in decisions(hand, deal.discard_known):
        seat = decision.seat
        suggestion, why_not, forced = None, None, False
        if not decision.known:
            why_not = "nobody saw the discard"
        elif deal.unseen.intersection(fresh.cards(seat)):
            why_not = f"not all of {seat}'s cards are known"
        else:
            view = SeatView.of(fresh, seat, scores)
            if not deal.discard_known:
                view = replace(view, discarded=None)
            suggestion = players[seat].choose(view).action
            forced = len(view.legal_actions) == 1
        notes = deal.call_notes if decision.kind == "call" else deal.play_notes
        written = notes.get(decision.index, ()) if decision.index is not None else ()
        notes_read = tuple(label(note) for note in written)
        yield Consulted(decision, suggestion, why_not, notes_read, forced)
        fresh.apply(decision.action, seat)


NARRATOR = Narrator(READING_A_RECORD)


def say(hand: Hand, decision: Decision) -> str:
    """A decision in words: "S orders up clubs.", "W leads AD."."""
    phase = Phase.DEFEND if decision.kind == "defend" else Phase.ORDER_UP
    return NARRATOR.action(
        hand, decision.seat, decision.action, phase, known=decision.known, leads=decision.leads
    )


def narrate(
    outcome: Hand | EgnDeal, bot: str, scores: Mapping[Team, int] | None = None
) -> list[str]:
    """The hand for a learner: each decision, its notes, and the bot's choice beside it."""
    hand = outcome.hand if isinstance(outcome, EgnDeal) else outcome
    lines = [NARRATOR.deal(hand)]
    trick = 0
    for consulted in consult(outcome, bot, scores):
        decision = consulted.decision
        if decision.trick is not None and decision.trick != trick:
            if trick:
                lines.append(f"  {NARRATOR.trick_won(trick, hand.tricks[trick - 1].winner)}")
            trick = decision.trick
            lines.append(f"Trick {trick}:")
        if consulted.why_not is not None:
            beside = f"({bot} not asked: {consulted.why_not})"
        elif consulted.agrees:
            beside = f"({bot} agrees)"
        else:
            beside = f"({bot} would {consulted.bot})"
        indent = "  " if decision.trick is not None else ""
        lines.append(f"{indent}{say(hand, decision)}  {beside}")
        for word, text in consulted.notes:
            lines.append(f"{indent}    {word + ': ' if word else ''}{text}")
    if trick and trick <= len(hand.tricks):
        lines.append(f"  {NARRATOR.trick_won(trick, hand.tricks[trick - 1].winner)}")
    return lines + NARRATOR.result(hand.result)
