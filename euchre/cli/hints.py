"""A hint in words: what the expert would do in the seat's place, the points it expects from
each choice, and what the rule bot (``normal``) would do and why.

The bots rank the choices and give their reasons as values (``players.Advice``,
``players.reasons``); this module only words them, in the rule bot's own voice ("my partner is
winning"), and asks the adviser once for each hint.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.markup import escape

from euchre.actions import Action, DefendAlone, Discard, NameTrump, Pass, Play
from euchre.cards import Card, Rank, Suit
from euchre.cli.narrate import SEAT_NAMES, card_markup
from euchre.cli.prompt import choice_markup, choice_words
from euchre.hand import Phase
from euchre.players import Adviser, Choice, SeatView
from euchre.players.reasons import Motive, Reason
from euchre.trump import effective_suit, trump_ranking

HONOURS = ("right bower", "left bower", "ace")
"""The three highest trumps, in words."""
NUMBERS = ("no", "one", "two", "three", "four", "five", "six")
WHERE = ("left of the dealer", "as the dealer's partner", "right of the dealer", "as the dealer")
"""Where a seat sits, counted round the table from the dealer's left."""


class Hints:
    """Hints from ``adviser`` (the expert), asked once for each hint."""

    def __init__(self, adviser: Adviser) -> None:
        self.adviser = adviser

    def text(self, view: SeatView) -> str:
        advice = self.adviser.advise(view)
        best, thumb = advice.choices[0], advice.rule_of_thumb
        if best.value is None:
            return f"Hint: you can only {doing(best.action, view)}."
        weighed = [choice for choice in advice.choices if choice.value is not None]
        left = [choice for choice in advice.choices if choice.value is None]
        alike = ", the rule bot's choice among those it rates alike" * (
            best.reason.motive is Motive.ALIKE
        )
        options = " | ".join(
            f"{choice_markup(choice.action, view)} {choice.value:+.2f}"
            for choice in sorted(weighed, key=lambda choice: -(choice.value or 0.0))
        )
        return "\n".join(
            (
                f"Hint: the expert would {doing(best.action, view)}{alike}. The points it expects"
                " for your side from each choice (below 0: for the other side):",
                f"  {options}",
                *unweighed(left, view),
                f"The rule bot (normal) would {doing(thumb.action, view)}:"
                f" {why(thumb.reason, view)}.",
            )
        )


def unweighed(left: Sequence[Choice], view: SeatView) -> list[str]:
    """A line for the legal choices the expert leaves out of its search, saying why, so a
    choice on the menu is never silently missing from the hint."""
    if not left:
        return []
    named = ", ".join(choice_markup(choice.action, view) for choice in left)
    return [f"  Not weighed: {named} ({why(left[0].reason, view)})."]


def doing(action: Action, view: SeatView) -> str:
    """A choice as something done: "play J♣", "name spades", "pick up"."""
    if isinstance(action, Play):
        return f"play {card_markup(action.card)}"
    if isinstance(action, Discard):
        return f"discard {card_markup(action.card)}"
    if isinstance(action, NameTrump):
        return f"name {escape(str(action))}"
    if isinstance(action, DefendAlone | Pass):
        return str(action)
    return escape(choice_words(action, view))


# A reason, in the rule bot's voice


def why(reason: Reason, view: SeatView) -> str:
    """``reason`` in words, as the bot that chose would say it."""
    return WORDS[reason.motive](reason, view)


def holding(cards: Sequence[Card], trump: Suit) -> str:
    """The strength of a hand in words: "3 trumps with the right bower and an off ace"."""
    trumps = [card for card in cards if effective_suit(card, trump) is trump]
    ranking = trump_ranking(trump)
    honours = [HONOURS[n] for n, card in enumerate(ranking[:3]) if card in trumps]
    aces = sum(card.rank is Rank.ACE and card not in trumps for card in cards)
    words = f"{len(trumps)} trump{'s' if len(trumps) != 1 else ''}"
    if honours:
        words += " with the " + " and the ".join(honours)
    if aces:
        words += f" and {'an' if aces == 1 else NUMBERS[aces]} off ace{'s' if aces > 1 else ''}"
    return words


def _where(view: SeatView) -> str:
    dealer = view.dealer
    return WHERE[(dealer.left, dealer.partner, dealer.partner.left, dealer).index(view.seat)]


def _held(reason: Reason) -> str:
    """The hand a bid's reason values, in words: "my hand" if it names no trump."""
    return holding(reason.cards, reason.suit) if reason.suit else "my hand"


def _call(reason: Reason, view: SeatView) -> str:
    helped = ""
    if view.phase is Phase.ORDER_UP and view.seat is view.dealer.partner:
        helped = f", with the {card_markup(view.upcard)} my partner picks up,"
    return f"{_held(reason)}{helped} is worth {reason.worth:+.1f}, over {_line(reason, view)}"


def _line(reason: Reason, view: SeatView) -> str:
    return f"the {reason.line:+.2f} I want {_where(view)}"


def _short(reason: Reason, view: SeatView) -> str:
    if view.phase is Phase.ORDER_UP:
        said = f"{_held(reason)} in {reason.suit} is worth {reason.worth:+.1f}"
    else:
        said = f"my best suit, {reason.suit}, is worth only {reason.worth:+.1f}"
    return f"{said}, short of {_line(reason, view)}"


def _cards(reason: Reason) -> str:
    return " ".join(card_markup(card) for card in reason.cards)


def _draw_trump(reason: Reason, view: SeatView) -> str:
    """Drawing trump; the top trumps already out (``reason.cards``) named."""
    top = trump_ranking(view.made[0])
    gone = " and ".join(f"the {HONOURS[top.index(card)]}" for card in reason.cards)
    return "draw trump first with the highest trump left" + (f" ({gone} out)" if gone else "")


Words = Callable[[Reason, SeatView], str]

WORDS: dict[Motive, Words] = {
    Motive.ONLY_CHOICE: lambda r, v: "the only legal choice",
    Motive.CHANCE: lambda r, v: "chosen at random",
    Motive.OWN_CHOICE: lambda r, v: "your own choice",
    Motive.EXPECTED: lambda r, v: f"it expects {r.worth:+.2f} points for your side",
    Motive.ALIKE: lambda r, v: "the rule bot's choice among those the expert rates alike",
    Motive.KEEP_TRUMPS: lambda r, v: "the expert keeps its trumps",
    Motive.NO_LONE_MARCH: lambda r, v: "alone, fewer than three trumps cannot take all five",
    Motive.CALL: _call,
    Motive.SHORT: _short,
    Motive.MARCH: lambda r, v: f"{_held(r)} should take all five",
    Motive.ALONE: lambda r, v: (
        f"{_held(r)} is worth {r.worth:+.1f} alone, enough to play without my partner"
    ),
    Motive.STUCK: lambda r, v: f"stuck as dealer, my best suit ({_held(r)})",
    Motive.DEFEND_ALONE: lambda r, v: f"{_held(r)} can defend alone",
    Motive.DEFEND_TOGETHER: lambda r, v: "leave the defence to both of us",
    Motive.VOID: lambda r, v: f"it leaves me void in {r.suit}, to trump them",
    Motive.LOWEST: lambda r, v: "the lowest card outside trump that is not an ace",
    Motive.LEAST_WORTH: lambda r, v: "every other card is worth more",
    Motive.DRAW_TRUMP: _draw_trump,
    Motive.DRAW_AS_MAKER: lambda r, v: f"as maker, draw trump while I hold {len(r.cards)}",
    Motive.SURE_WINNER: lambda r, v: f"it is the highest {r.suit} left, a sure winner",
    Motive.TRUMP_TO_MAKER: lambda r, v: "lead trump to my partner, the maker",
    Motive.LOW_LEAD: lambda r, v: "a low card in a side suit, keeping my trumps",
    Motive.ONLY_TRUMPS: lambda r, v: "only trumps left, the highest first",
    Motive.PARTNER_WINNING: lambda r, v: f"my partner's {_cards(r)} is winning",
    Motive.PARTNER_LAST: lambda r, v: "my partner is winning and I play last",
    Motive.PARTNER_SAFE: lambda r, v: "my partner is winning and no one after me can beat it",
    Motive.OVERTAKE: lambda r, v: (
        f"{SEAT_NAMES[r.seat or v.seat]} can still beat my partner's {_cards(r)}, so I overtake"
    ),
    Motive.PARTNER_MAY_HOLD: lambda r, v: (
        f"my partner's {_cards(r)} may hold; I cannot make it safer"
    ),
    Motive.TAKE_CHEAPLY: lambda r, v: "the cheapest card that takes the trick",
    Motive.WIN_SAFELY: lambda r, v: "the cheapest card no one after me can beat",
    Motive.WIN_FOR_NOW: lambda r, v: "the cheapest card that wins for now",
    Motive.KEEP_WINNERS: lambda r, v: "I cannot win this one; I keep the cards that still can",
    Motive.THROW_OFF: lambda r, v: "I cannot win this trick, so I throw my least useful card",
}
"""Each motive in words, from the reason and the view of the seat that chose."""
