"""Sentences about a hand, shared by ``replay`` and ``play``."""

from __future__ import annotations

from rich.markup import escape

from euchre.actions import Action, DefendAlone, Discard, NameTrump, OrderUp, Pass
from euchre.cards import PLAIN_CARD, Card
from euchre.hand import Hand, HandResult, Phase
from euchre.seats import Seat, Team

SEAT_NAMES = {seat: seat.name.title() for seat in Seat}


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


def describe(hand: Hand, seat: Seat, action: Action, phase: Phase, viewer: Seat | None) -> str:
    """What the table saw ``seat`` do; a discard is shown only to the dealer who made it."""
    name = SEAT_NAMES[seat]
    if isinstance(action, OrderUp):
        alone = " and goes alone" if action.alone else ""
        return f"{name} orders up {hand.upcard.suit}{alone}."
    if isinstance(action, NameTrump):
        return f"{name} names {action.suit}{' and goes alone' if action.alone else ''}."
    if isinstance(action, Discard):
        shown = f"discards {card_markup(action.card)}" if seat is viewer else "discards a card"
        return f"{name} picks up {card_markup(hand.upcard)} and {shown}."
    if isinstance(action, DefendAlone):
        return f"{name} defends alone."
    if isinstance(action, Pass):
        return f"{name} {'declines to defend alone' if phase is Phase.DEFEND else 'passes'}."
    return f"{name} plays {card_markup(action.card)}."


def result_sentence(result: HandResult) -> str:
    """How the hand ended, in one sentence."""
    if result.maker is None:
        return "Everyone passed twice: the hand is thrown in."
    makers = result.maker.team
    scorer = next(team for team in Team if result.points[team])
    points = result.points[scorer]
    euchred = " Euchred!" if scorer is not makers else ""
    return (
        f"{makers} made {result.trump} and won {result.tricks_won[makers]} tricks:"
        f" {points} point{'s' if points > 1 else ''} to {scorer}.{euchred}"
    )
