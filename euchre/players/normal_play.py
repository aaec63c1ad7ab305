"""The level ``normal``'s card play: what is out, who can still beat what, and why each card.

It remembers every card played, so it knows which trumps and aces are out and which cards are
now the highest left in their suit. As maker it draws trump first; with the partner winning it
overtakes only when a player still to come could beat the partner; it throws away the cards
that can no longer win, keeping those that can.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.actions import Play
from euchre.cards import DECK, Card, Suit
from euchre.players import SeatView
from euchre.players.knowledge import KITTY, Knowledge, read
from euchre.players.reasons import Motive, Reason
from euchre.players.tables import RANKING, STRENGTH_TABLE, SUIT_TABLE
from euchre.seats import Seat

Chosen = tuple[Card, Reason]


def choose_card(view: SeatView) -> Chosen:
    """The card the normal bot plays, and why."""
    trump, _ = view.made
    legal = [action.card for action in view.legal_actions if isinstance(action, Play)]
    table = Table(view, trump, read(view))
    if not view.trick:
        return table.lead(legal)
    return table.follow(legal)


class Table:
    """One decision's worth of reckoning: what is out, who can still beat what."""

    def __init__(self, view: SeatView, trump: Suit, known: Knowledge) -> None:
        self.view = view
        self.trump = trump
        self.known = known
        self.mine = set(view.cards)
        gone = known.played | known.known[KITTY]
        # Cards that someone else may still hold.
        self.unseen = [
            card for card in DECK if not gone >> card.index & 1 and card not in self.mine
        ]

    def suit(self, card: Card) -> Suit:
        return SUIT_TABLE[self.trump][card.index]

    def power(self, card: Card, lead: Suit) -> int:
        """How high ``card`` ranks in a trick led in ``lead``."""
        return STRENGTH_TABLE[self.trump, lead][card.index]

    def higher_left(self, card: Card) -> list[Card]:
        """The cards others may hold that beat ``card`` in its own suit."""
        suit = self.suit(card)
        power = self.power(card, suit)
        return [c for c in self.unseen if self.suit(c) == suit and self.power(c, suit) > power]

    def is_boss(self, card: Card) -> bool:
        """No card anyone else may hold is higher in its suit (a trump still loses to nothing)."""
        return not self.higher_left(card)

    def trumps_out(self) -> list[Card]:
        return [card for card in self.unseen if self.suit(card) is self.trump]

    def can_beat(self, seat: Seat, power: int, lead: Suit) -> bool:
        """Could ``seat`` beat a card of ``power`` in a trick led in ``lead``?

        With a higher card of the lead suit, if it may hold one; with a trump only once it is
        known to be out of the lead suit (it showed a void, or no card of the suit is left).
        """
        known, trump = self.known, self.trump
        if known.void(seat, lead):
            out_of_lead = True
        else:
            out_of_lead = not any(self.suit(card) is lead for card in self.unseen)
        for card in self.unseen:
            suit = self.suit(card)
            if known.void(seat, suit) or self.power(card, lead) <= power:
                continue
            if suit is lead or (suit is trump and out_of_lead):
                return True
        return False

    def still_to_play(self) -> list[Seat]:
        view = self.view
        players = [s for s in view.trick[0][0].rotation() if s not in view.sitting_out]
        return players[len(view.trick) + 1 :]

    def keep_value(self, card: Card) -> tuple[int, int, int]:
        """How much a card is worth keeping: trumps, then cards that can still win, then rank."""
        is_trump = self.suit(card) is self.trump
        return (
            is_trump,
            -len(self.higher_left(card)),
            self.power(card, self.suit(card)),
        )

    def cheapest(self, cards: Sequence[Card]) -> Card:
        return min(cards, key=self.keep_value)

    def lead(self, legal: list[Card]) -> Chosen:
        view, trump = self.view, self.trump
        makers = view.maker is not None and view.maker.team is view.seat.team
        trumps = sorted(
            (c for c in legal if self.suit(c) is trump),
            key=lambda c: self.power(c, trump),
            reverse=True,
        )
        side = [c for c in legal if self.suit(c) is not trump]
        out = self.trumps_out()
        if makers and trumps and out:
            top = trumps[0]
            if self.is_boss(top):
                return top, Reason(Motive.DRAW_TRUMP, self._gone_honours(), trump)
            if view.seat is view.maker and len(trumps) >= 2:
                return top, Reason(Motive.DRAW_AS_MAKER, tuple(trumps), trump)
        bosses = [c for c in side if self.is_boss(c) and not self._ruffed(c)]
        if bosses:
            card = max(bosses, key=lambda c: self.power(c, c.suit))
            return card, Reason(Motive.SURE_WINNER, suit=card.suit)
        if makers and trumps and out and view.maker is not view.seat:
            return trumps[-1], Reason(Motive.TRUMP_TO_MAKER, seat=view.maker)
        if side:
            return self.cheapest(side), Reason(Motive.LOW_LEAD)
        return trumps[0], Reason(Motive.ONLY_TRUMPS)

    def _gone_honours(self) -> tuple[Card, ...]:
        """The three top trumps that are out: played, or in the kitty."""
        gone = self.known.played | self.known.known[KITTY]
        return tuple(card for card in RANKING[self.trump][:3] if gone >> card.index & 1)

    def _ruffed(self, card: Card) -> bool:
        """Whether an opponent has shown a void in ``card``'s suit and may still trump it."""
        view = self.view
        return any(
            self.known.void(seat, card.suit) and not self.known.void(seat, self.trump)
            for seat in (view.seat.left, view.seat.partner.left)
            if seat not in view.sitting_out
        ) and bool(self.trumps_out())

    def follow(self, legal: list[Card]) -> Chosen:
        view = self.view
        lead = view.lead_suit or self.suit(view.trick[0][1])
        powers = {card: self.power(card, lead) for _, card in view.trick}
        winner, best = max(view.trick, key=lambda play: powers[play[1]])
        top = powers[best]
        later = self.still_to_play()
        opponents_later = [s for s in later if s.team is not view.seat.team]
        winning = sorted(
            (c for c in legal if self.power(c, lead) > top), key=lambda c: self.power(c, lead)
        )
        if winner is view.seat.partner:
            threat = [s for s in opponents_later if self.can_beat(s, top, lead)]
            if not threat:
                motive = Motive.PARTNER_SAFE if later else Motive.PARTNER_LAST
                return self.cheapest(legal), Reason(motive, (best,))
            safe = [
                c
                for c in winning
                if not any(self.can_beat(s, self.power(c, lead), lead) for s in threat)
            ]
            if safe:
                return safe[0], Reason(Motive.OVERTAKE, (best,), seat=threat[-1])
            return self.cheapest(legal), Reason(Motive.PARTNER_MAY_HOLD, (best,))
        if winning:
            if not opponents_later:
                return winning[0], Reason(Motive.TAKE_CHEAPLY)
            safe = [
                c
                for c in winning
                if not any(self.can_beat(s, self.power(c, lead), lead) for s in opponents_later)
            ]
            if safe:
                return safe[0], Reason(Motive.WIN_SAFELY)
            return winning[0], Reason(Motive.WIN_FOR_NOW)
        card = self.cheapest(legal)
        if (
            self.suit(card) is not lead
            and view.alone
            and view.maker is not None
            and (view.maker.team is not view.seat.team)
        ):
            return card, Reason(Motive.KEEP_WINNERS)
        return card, Reason(Motive.THROW_OFF)
