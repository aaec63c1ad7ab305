"""The rule bot: bids, discards and plays the way a sound club player does.

It counts trumps and off-suit aces to bid, counts the upcard for the dealer's side, goes
alone only on a near-certain march, discards to make a void, leads the right bower or an
off ace, leaves a winning partner alone, wins as cheaply as it can, and throws off low.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from euchre.actions import NAME_TRUMP, ORDER_UP, PASS, Bid, Play
from euchre.cards import Card, Rank, Suit
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.trump import PLAIN_ORDER as _PLAIN_ORDER
from euchre.trump import effective_suit, strength, trump_ranking

CALL = 5.5  # hand value needed to make trump: about three trumps and an off ace
DEFEND_ALONE = 8.0  # hand value needed to defend alone against a lone maker
_TRUMP_VALUE = (3.0, 2.5, 2.0, 1.5, 1.0, 1.0, 1.0)  # right bower, left bower, A, K, Q, 10, 9


def value(cards: Iterable[Card], trump: Suit) -> float:
    """How many tricks' worth a hand holds with ``trump``: trumps by rank, and off-suit aces."""
    ranking = trump_ranking(trump)
    total = 0.0
    for card in cards:
        if card in ranking:
            total += _TRUMP_VALUE[ranking.index(card)]
        elif card.rank is Rank.ACE:
            total += 1.0
    return total


def near_certain_march(cards: Iterable[Card], trump: Suit) -> bool:
    """Three or more top trumps in sequence, and nothing else but off-suit aces."""
    ranking = trump_ranking(trump)
    held = set(cards)
    top = 0
    while top < len(ranking) and ranking[top] in held:
        top += 1
    others = held - set(ranking[:top])
    return top >= 3 and all(card.rank is Rank.ACE and card not in ranking for card in others)


def cheapest(cards: Iterable[Card], trump: Suit, lead: Suit | None = None) -> Card:
    """The card it costs least to give up: side suits before trump, then the lowest."""

    def cost(card: Card) -> tuple[bool, int, int]:
        is_trump = effective_suit(card, trump) is trump
        power = strength(card, trump, trump if is_trump else lead or card.suit)
        return (is_trump, power, _PLAIN_ORDER.index(card.rank))

    return min(cards, key=cost)


class RuleBot:
    """A player that follows the usual rules of thumb; it needs no randomness."""

    def bid(self, view: SeatView) -> Bid:
        if view.phase is Phase.ORDER_UP:
            trump = view.upcard.suit
            cards = self._after_pick_up(view) if view.seat is view.dealer else view.cards
            worth = value(cards, trump)
            upcard = value([view.upcard], trump)
            if view.seat is view.dealer.partner:
                worth += upcard / 2
            elif view.seat is not view.dealer:
                worth -= upcard / 2
            if worth < CALL:
                return PASS
            return ORDER_UP[near_certain_march(cards, trump)]
        choices = [suit for suit in Suit if suit is not view.upcard.suit]
        best = max(choices, key=lambda suit: value(view.cards, suit))
        stuck = bool(view.legal_actions) and PASS not in view.legal_actions
        if value(view.cards, best) < CALL and not stuck:
            return PASS
        return NAME_TRUMP[best][near_certain_march(view.cards, best)]

    def _after_pick_up(self, view: SeatView) -> tuple[Card, ...]:
        six = (*view.cards, view.upcard)
        throw = self._choose_discard(six, view.upcard.suit)
        return tuple(card for card in six if card != throw)

    def discard(self, view: SeatView) -> Card:
        return self._choose_discard(view.cards, view.trump or view.upcard.suit)

    def _choose_discard(self, cards: tuple[Card, ...], trump: Suit) -> Card:
        side = [card for card in cards if effective_suit(card, trump) is not trump]
        counts = Counter(effective_suit(card, trump) for card in side)
        singletons = [c for c in side if counts[c.suit] == 1 and c.rank is not Rank.ACE]
        plain = [card for card in side if card.rank is not Rank.ACE]
        return cheapest(singletons or plain or side or cards, trump)

    def defend_alone(self, view: SeatView) -> bool:
        return view.trump is not None and value(view.cards, view.trump) >= DEFEND_ALONE

    def play(self, view: SeatView) -> Card:
        trump = view.trump
        assert trump is not None, "cards are played only once trump is made"
        legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
        if not view.trick:
            return self._lead(view, trump, legal)
        lead = view.lead_suit or effective_suit(view.trick[0][1], trump)
        power = {
            card: strength(card, trump, lead) for card in {*legal, *(c for _, c in view.trick)}
        }
        winner, best = max(view.trick, key=lambda play: power[play[1]])
        if winner is view.seat.partner:
            return cheapest(legal, trump, lead)
        winning = [card for card in legal if power[card] > power[best]]
        return cheapest(winning or legal, trump, lead)

    def _lead(self, view: SeatView, trump: Suit, legal: list[Card]) -> Card:
        makers = view.maker is not None and view.maker.team is view.seat.team
        trumps = sorted(
            (card for card in legal if effective_suit(card, trump) is trump),
            key=lambda card: strength(card, trump, trump),
            reverse=True,
        )
        if makers and trumps and trumps[0] == trump_ranking(trump)[0]:
            return trumps[0]
        aces = [card for card in legal if card.rank is Rank.ACE and card not in trumps]
        if aces:
            return aces[0]
        if makers and len(trumps) >= 2:
            return trumps[0]
        return cheapest(legal, trump)
