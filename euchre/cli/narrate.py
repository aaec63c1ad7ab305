"""The one narrator: what happened in a hand, told for whoever is reading.

``play`` tells a player at the table ("You pass.", cards with their suit symbols, a discard
shown only to the dealer who made it) or someone watching; ``replay`` and ``--explain`` tell a
reader of a record (seats by letter, cards as the record writes them, everything it knows).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rich.markup import escape

from euchre.actions import Action, DefendAlone, Discard, NameTrump, OrderUp, Pass
from euchre.cards import PLAIN_CARD, Card, Suit
from euchre.hand import Hand, HandResult, Phase
from euchre.seats import Seat, Team
from euchre.trick import Trick

SEAT_NAMES = {seat: seat.name.title() for seat in Seat}
TEAM_NAMES = {Team.NS: "North\N{EN DASH}South", Team.EW: "East\N{EN DASH}West"}


def with_symbols(text: str) -> str:
    """``text`` with every card in plain notation shown by its suit symbol (rich markup)."""
    return PLAIN_CARD.sub(lambda match: card_markup(Card.parse(match.group())), escape(text))


def card_markup(card: Card, colour: bool = True) -> str:
    """The card with its suit symbol; red suits in red (rich markup)."""
    if colour and card.suit.colour.value == "red":
        return f"[red]{card.symbol}[/red]"
    return card.symbol


def cards_markup(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card_markup(card) for card in cards)


def suit_markup(suit: Suit) -> str:
    return f"[red]{suit.symbol}[/red]" if suit.colour.value == "red" else suit.symbol


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads the story.

    ``seat``: the player at the table, told "you", who alone sees their own discard; None for
    someone watching. ``record``: a reader of a hand record, who is told it as the record
    writes it (seats by letter, cards in plain notation, a contract "alone") and every card the
    record knows.
    """

    seat: Seat | None = None
    record: bool = False


WATCHING = Reader()
READING_A_RECORD = Reader(record=True)


class Narrator:
    """Sentences about a hand, for one ``Reader``."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader

    # Words

    def name(self, seat: Seat) -> str:
        """The seat as the reader knows it: "you", "North", or "N" in a record."""
        if seat is self.reader.seat:
            return "you"
        return str(seat) if self.reader.record else SEAT_NAMES[seat]

    def subject(self, seat: Seat) -> str:
        name = self.name(seat)
        return name[0].upper() + name[1:]

    def does(self, seat: Seat, verb: str) -> str:
        """The seat and its verb: "You pass", "North passes"."""
        return f"{self.subject(seat)} {self._verb(seat, verb)}"

    def _verb(self, seat: Seat, verb: str) -> str:
        """``verb`` as said of ``seat``: "pass" of you, "passes" of anyone else."""
        if seat is self.reader.seat:
            return verb
        return verb + ("es" if verb.endswith(("s", "o")) else "s")

    def card(self, card: Card) -> str:
        return str(card) if self.reader.record else card_markup(card)

    def team(self, team: Team) -> str:
        """The team's name, with "(you)" after the reader's own side."""
        if self.reader.record:
            return str(team)
        you = self.reader.seat
        return TEAM_NAMES[team] + (" (you)" if you is not None and you.team is team else "")

    # Sentences

    def deal(self, hand: Hand) -> str:
        """Who deals, and the upcard: "West deals; the upcard is KH."."""
        dealer = hand.dealer
        who = "you deal" if dealer is self.reader.seat else f"{SEAT_NAMES[dealer]} deals"
        return f"{who}; the upcard is {self.card(hand.upcard)}."

    def action(
        self,
        hand: Hand,
        seat: Seat,
        action: Action,
        phase: Phase,
        *,
        known: bool = True,
        leads: bool = False,
    ) -> str:
        """What ``seat`` did, in one sentence. ``phase`` is the one it was done in (a pass
        while defending declines to defend alone); a discard is shown to the dealer who made it
        and to a reader of a record where ``known``; ``leads`` says the card led the trick."""
        upcard = hand.upcard
        alone = ""
        if getattr(action, "alone", False):
            alone = " alone" if self.reader.record else f" and {self._verb(seat, 'go')} alone"
        if isinstance(action, OrderUp):
            if seat is hand.dealer and not self.reader.record:
                who = "You" if seat is self.reader.seat else f"{SEAT_NAMES[seat]}, the dealer,"
                picks = self._verb(seat, "pick")
                return f"{who} {picks} up {self.card(upcard)}{alone}: {upcard.suit} are trump."
            return f"{self.does(seat, 'order')} up {upcard.suit}{alone}."
        if isinstance(action, NameTrump):
            return f"{self.does(seat, 'name')} {action.suit}{alone}."
        if isinstance(action, Discard):
            shown = self._discard(seat, action.card, known)
            picks, discards = self.does(seat, "pick"), self._verb(seat, "discard")
            return f"{picks} up {self.card(upcard)} and {discards} {shown}."
        if isinstance(action, DefendAlone):
            return f"{self.does(seat, 'defend')} alone."
        if isinstance(action, Pass):
            if phase is Phase.DEFEND:
                return f"{self.does(seat, 'decline')} to defend alone."
            return f"{self.does(seat, 'pass')}."
        return f"{self.does(seat, 'lead' if leads else 'play')} {self.card(action.card)}."

    def _discard(self, seat: Seat, card: Card, known: bool) -> str:
        if seat is self.reader.seat or (self.reader.record and known):
            return self.card(card)
        return "a card nobody saw" if self.reader.record else "a card"

    def trick(self, number: int, trick: Trick) -> str:
        """A finished trick: "Trick 1: N AC, E QC, S 10C, W 9D. N wins."."""
        cards = ", ".join(f"{self.name(seat)} {self.card(card)}" for seat, card in trick.plays)
        return f"Trick {number}: {cards}. {self.does(trick.winner, 'win')}."

    def trick_won(self, number: int, winner: Seat) -> str:
        return f"{self.does(winner, 'win')} trick {number}."

    def round_two(self, hand: Hand) -> str:
        turned = hand.upcard
        return (
            f"Everyone passed: {self.card(turned)} is turned down."
            f" [bold]Round 2 of bidding[/bold]: name any suit but {turned.suit}, or pass."
        )

    def result(self, result: HandResult | None) -> list[str]:
        """After a hand: who made trump, the tricks each side took, the points and why."""
        if result is None:
            return ["The record stops before this hand is finished."]
        if result.maker is None:
            return ["Everyone passed twice: the hand is thrown in, and nobody scores."]
        makers = result.maker.team
        alone = " alone" if result.alone else ""
        scorer = next(team for team in Team if result.points[team])
        points = result.points[scorer]
        taken = result.tricks_won[makers]
        if scorer is not makers:
            why, because = "Euchred", f"the makers took {taken} tricks, fewer than 3"
        elif taken == 5:
            why, because = ("Lone march" if result.alone else "March"), "all 5 tricks"
        else:
            why, because = "Made it", f"the makers took {taken} tricks of 5"
        scored = str(scorer) if self.reader.record else TEAM_NAMES[scorer]
        return [
            f"{self.subject(result.maker)} ({self.team(makers)}) made {result.trump}{alone}."
            f" Tricks: {self.team(Team.NS)} {result.tricks_won[Team.NS]},"
            f" {self.team(Team.EW)} {result.tricks_won[Team.EW]}.",
            f"{self._bold(why)}: {points} point{'s' if points > 1 else ''} to {scored}"
            f" ({because}).",
        ]

    def score(self, scores: Mapping[Team, int]) -> str:
        return f"Score: NS {scores[Team.NS]}, EW {scores[Team.EW]}."

    def _bold(self, text: str) -> str:
        return text if self.reader.record else f"[bold]{text}[/bold]"
