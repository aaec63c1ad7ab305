"""The rule bot (the level ``basic``): bids, discards and plays the way a sound club player does.

It counts trumps and off-suit aces to bid (``hand_value.rule_value``), counts the upcard for the
dealer's side, goes alone only on a near-certain march, discards as ``hand_value.dealer_discard``
says, leads the right bower or an off ace, leaves a winning partner alone, wins as cheaply as it
can, and throws off low.
"""

from __future__ import annotations

from collections.abc import Iterable

from euchre.actions import DEFEND_ALONE, DISCARD, NAME_TRUMP, ORDER_UP, PASS, PLAY, Bid, Play
from euchre.cards import Card, Rank, Suit
from euchre.hand import Phase
from euchre.players import ByPhase, Decision, SeatView
from euchre.players.hand_value import after_pick_up, dealer_discard, is_trump, rule_value
from euchre.players.reasons import Motive, Reason
from euchre.players.tables import RANKING, STRENGTH_TABLE, SUIT_TABLE

CALL = 5.5  # hand value needed to make trump: about three trumps and an off ace
DEFEND_ALONE_LINE = 8.0  # hand value needed to defend alone against a lone maker


def near_certain_march(cards: Iterable[Card], trump: Suit) -> bool:
    """Three or more top trumps in sequence, and nothing else but off-suit aces."""
    ranking = RANKING[trump]
    held = set(cards)
    top = 0
    while top < len(ranking) and ranking[top] in held:
        top += 1
    others = held - set(ranking[:top])
    return top >= 3 and all(card.rank is Rank.ACE and card not in ranking for card in others)


def cheapest(cards: Iterable[Card], trump: Suit, lead: Suit | None = None) -> Card:
    """The card it costs least to give up: side suits before trump, then the lowest."""

    def cost(card: Card) -> tuple[bool, int, int]:
        suit = SUIT_TABLE[trump][card.index]
        power = STRENGTH_TABLE[trump, trump if suit is trump else lead or suit][card.index]
        return suit is trump, power, STRENGTH_TABLE[trump, suit][card.index]

    return min(cards, key=cost)


class RuleBot(ByPhase):
    """A player that follows the usual rules of thumb; it needs no randomness."""

    def bid(self, view: SeatView) -> Decision:
        if view.phase is Phase.ORDER_UP:
            trump = view.upcard.suit
            dealer = view.seat is view.dealer
            cards = after_pick_up(view.cards, view.upcard) if dealer else view.cards
            worth = rule_value(cards, trump)
            upcard = rule_value([view.upcard], trump)
            if view.seat is view.dealer.partner:
                worth += upcard / 2
            elif not dealer:
                worth -= upcard / 2
            if worth < CALL:
                return Decision(PASS, Reason(Motive.SHORT, cards, trump, worth=worth, line=CALL))
            return self._call(ORDER_UP, cards, trump, worth, Motive.CALL)
        choices = [suit for suit in Suit if suit is not view.upcard.suit]
        best = max(choices, key=lambda suit: rule_value(view.cards, suit))
        worth = rule_value(view.cards, best)
        if worth >= CALL:
            return self._call(NAME_TRUMP[best], view.cards, best, worth, Motive.CALL)
        if PASS in view.legal_actions:
            return Decision(PASS, Reason(Motive.SHORT, view.cards, best, worth=worth, line=CALL))
        return self._call(NAME_TRUMP[best], view.cards, best, worth, Motive.STUCK)

    def _call(
        self,
        bids: tuple[Bid, Bid],
        cards: tuple[Card, ...],
        trump: Suit,
        worth: float,
        motive: Motive,
    ) -> Decision:
        """A call (``bids``: with the partner, and alone), alone on a near-certain march."""
        if near_certain_march(cards, trump):
            return Decision(bids[1], Reason(Motive.MARCH, cards, trump, worth=worth))
        return Decision(bids[0], Reason(motive, cards, trump, worth=worth, line=CALL))

    def discard(self, view: SeatView) -> Decision:
        card, reason = dealer_discard(view.cards, view.made[0])
        return Decision(DISCARD[card.index], reason)

    def defend(self, view: SeatView) -> Decision:
        trump, _ = view.made
        worth = rule_value(view.cards, trump)
        alone = worth >= DEFEND_ALONE_LINE
        motive = Motive.DEFEND_ALONE if alone else Motive.DEFEND_TOGETHER
        action = DEFEND_ALONE if alone else PASS
        return Decision(action, Reason(motive, view.cards, trump, worth=worth))

    def play(self, view: SeatView) -> Decision:
        trump, _ = view.made
        legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
        if not view.trick:
            card, reason = self._lead(view, trump, legal)
            return Decision(PLAY[card.index], reason)
        lead = view.lead_suit or SUIT_TABLE[trump][view.trick[0][1].index]
        power = STRENGTH_TABLE[trump, lead]
        winner, best = max(view.trick, key=lambda play: power[play[1].index])
        if winner is view.seat.partner:
            card = cheapest(legal, trump, lead)
            return Decision(PLAY[card.index], Reason(Motive.PARTNER_WINNING, (best,)))
        winning = [card for card in legal if power[card.index] > power[best.index]]
        card = cheapest(winning or legal, trump, lead)
        motive = Motive.WIN_FOR_NOW if winning else Motive.THROW_OFF
        return Decision(PLAY[card.index], Reason(motive))

    def _lead(self, view: SeatView, trump: Suit, legal: list[Card]) -> tuple[Card, Reason]:
        makers = view.maker is not None and view.maker.team is view.seat.team
        trumps = sorted(
            (card for card in legal if is_trump(card, trump)),
            key=lambda card: STRENGTH_TABLE[trump, trump][card.index],
            reverse=True,
        )
        if makers and trumps and trumps[0] == RANKING[trump][0]:
            return trumps[0], Reason(Motive.DRAW_TRUMP, (), trump)
        aces = [card for card in legal if card.rank is Rank.ACE and card not in trumps]
        if aces:
            return aces[0], Reason(Motive.SURE_WINNER, suit=aces[0].suit)
        if makers and len(trumps) >= 2:
            return trumps[0], Reason(Motive.DRAW_AS_MAKER, tuple(trumps), trump)
        return cheapest(legal, trump), Reason(Motive.LOW_LEAD)
