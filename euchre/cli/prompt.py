"""What ``euchre play`` shows a beginner at a question: the status line, the cards grouped by
suit, the choices in words, a refusal, and help. (What happened is told by the narrator,
``narrate``; a hint, by ``hints``.)

Each function reads what the seat may see (a ``SeatView``) and returns text in rich markup;
``play`` prints it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from euchre.actions import Action, Discard, OrderUp, Play
from euchre.cards import Card, Suit
from euchre.cli.narrate import Narrator, Reader, card_markup, cards_markup, suit_markup
from euchre.errors import (
    CanadianLonerError,
    CardNotHeldError,
    DealerMustCallError,
    EuchreError,
    MustFollowSuitError,
)
from euchre.glossary import GLOSSARY
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.seats import Seat, Team
from euchre.trump import effective_suit, strength

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The suits as a hand is sorted, black and red in turn; trump, when there is one, comes first."""
HINT_WORDS = ("hint", "?")
HELP_WORDS = ("help",)


# The status line


def tricks_won(view: SeatView) -> dict[Team, int]:
    """The tricks each side has taken so far in this hand."""
    won = dict.fromkeys(Team, 0)
    for winner in view.trick_winners:
        won[winner.team] += 1
    return won


def status_line(view: SeatView) -> str:
    """Where the hand stands, in one line: the dealer, the upcard or trump and who made it,
    alone or not, the tricks each side has taken in this hand, and the game's score."""
    you, name = view.seat, Narrator(Reader(seat=view.seat)).name
    parts = [f"dealer {name(view.dealer)}"]
    if view.trump is None:
        parts.append(f"upcard {card_markup(view.upcard)}")
        parts.append("bidding round 1" if view.phase is Phase.ORDER_UP else "bidding round 2")
    else:
        trump, maker = view.made
        alone = ", alone" if view.alone else ""
        parts.append(f"trump {suit_markup(trump)} {trump}, made by {name(maker)}{alone}")
        won = tricks_won(view)
        parts.append(f"tricks NS {won[Team.NS]}, EW {won[Team.EW]}")
    ours = "NS" if you.team is Team.NS else "EW"
    parts.append(f"score NS {view.scores[Team.NS]}, EW {view.scores[Team.EW]} (you: {ours})")
    return "── " + " | ".join(parts)


# The cards, grouped


def grouped(view: SeatView) -> list[tuple[str, list[Card]]]:
    """The seat's cards by suit, highest first: trump first, the Left Bower among the trumps.

    In round 1 the cards are grouped as if the upcard's suit were trump, as a bidder counts
    them; in round 2, by their printed suits.
    """
    trump = view.trump or (view.upcard.suit if view.phase is Phase.ORDER_UP else None)
    suits = SUIT_ORDER if trump is None else (trump, *(s for s in SUIT_ORDER if s is not trump))
    groups = []
    for suit in suits:
        cards = [card for card in view.cards if _suit_of(card, trump) is suit]
        if not cards:
            continue
        cards.sort(key=lambda card: strength(card, trump or suit, suit), reverse=True)
        if suit is not trump:
            label = suit.symbol
        elif view.trump is None:
            label = f"{suit.symbol} if trump"
        else:
            label = f"trump {suit.symbol}"
        groups.append((label, cards))
    return groups


def _suit_of(card: Card, trump: Suit | None) -> Suit:
    return card.suit if trump is None else effective_suit(card, trump)


def cards_line(view: SeatView, numbered: Sequence[Card] = ()) -> str:
    """``Your cards: trump ♥: 1) J♥ 2) J♦ | ♠: K♠``: grouped, and each card in ``numbered``
    (the ones that may be played or discarded) with its number."""
    number = {card: n for n, card in enumerate(numbered, 1)}

    def shown(card: Card) -> str:
        return f"{number[card]}) {card_markup(card)}" if card in number else card_markup(card)

    groups = grouped(view)
    return "Your cards: " + " | ".join(
        f"{label}: {' '.join(map(shown, cards))}" for label, cards in groups
    )


def card_choices(view: SeatView) -> tuple[Action, ...]:
    """The legal plays or discards, in the order the cards are shown."""
    order = [card for _, cards in grouped(view) for card in cards]
    legal = [action for action in view.legal_actions if isinstance(action, Play | Discard)]
    return tuple(sorted(legal, key=lambda action: order.index(action.card)))


def before_a_card(view: SeatView) -> str:
    """What a player about to play must know: that they lead, or what they must follow."""
    if not view.trick:
        return "You lead: play any card."
    trump, _ = view.made
    lead = view.lead_suit or effective_suit(view.trick[0][1], trump)
    following = [card for card in view.cards if effective_suit(card, trump) is lead]
    if following:
        return f"You must follow {lead}: you hold {cards_markup(following)}."
    return f"You hold no {lead}: play any card, a trump to win the trick or another to throw off."


def choice_words(action: Action, view: SeatView) -> str:
    """A choice as the person says it: the dealer "picks up" rather than "orders up"."""
    if isinstance(action, OrderUp) and view.seat is view.dealer:
        return "pick up alone" if action.alone else "pick up"
    return str(action)


def choice_markup(action: Action, view: SeatView) -> str:
    if isinstance(action, Play | Discard):
        return card_markup(action.card)
    return escape(choice_words(action, view))


def your_refusal(error: EuchreError, you: Seat) -> str:
    """A refusal addressed to the person: "you must follow hearts: you hold 9H"."""
    if isinstance(error, MustFollowSuitError) and error.seat is you:
        return f"you must follow {error.suit}: you hold {' '.join(map(str, error.following))}"
    if isinstance(error, CardNotHeldError) and error.seat is you:
        return f"you do not hold {error.card}"
    if isinstance(error, DealerMustCallError) and error.seat is you:
        return "stick the dealer: you must name trump"
    if isinstance(error, CanadianLonerError) and error.seat is you:
        return "the Canadian loner: you order up your partner's card, so you go alone"
    return str(error)


# Help


HELP = "\n".join(
    (
        "At each question, type the number of a choice, or the choice itself:",
        "  a card as J♥ or JH (10♣ or 10C), a bid as pass, order up, pick up (when you deal),"
        " hearts, or spades alone.",
        "  hint or ?   what the expert and the rule bot would do here, and why",
        "  help        this help",
        "  Ctrl-D or Ctrl-C ends the game (with --save FILE it is saved first).",
        "The words of the game:",
        *(f"  {term}: {meaning}" for term, meaning in GLOSSARY.items()),
    )
)
