"""The level ``normal``: a readable rule bot that says why it does what it does.

It thinks the way a good club player does:

- it values a hand for a trump suit by a sum whose weights were fitted to simulated hands
  (``hand_value.expected_points``), and makes trump when the value clears its seat's line, a
  line found by playing simulated bids out both ways, call and pass;
- it goes alone when the hand will likely take all five tricks, or is worth enough without
  the partner that the four points of a march outweigh the partner's lost tricks;
- it discards as ``hand_value.dealer_discard`` says, the rule ``basic`` follows too;
- it plays its cards by ``euchre.players.normal_play``: as maker it draws trump first, then
  cashes its winners; it remembers every card played, and with the partner winning it
  overtakes only when a player still to come could beat the partner.

Every decision comes with its reason (``reasons.Reason``).
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.actions import DEFEND_ALONE, DISCARD, NAME_TRUMP, ORDER_UP, PASS, PLAY, Bid
from euchre.cards import Card, Rank, Suit
from euchre.hand import Phase
from euchre.players import ByPhase, Decision, SeatView
from euchre.players.hand_value import after_pick_up, dealer_discard, expected_points, is_trump
from euchre.players.normal_play import choose_card
from euchre.players.reasons import Motive, Reason
from euchre.players.tables import RANKING
from euchre.seats import Seat

CALL = 0.25
"""A typical line: make trump when the hand's value (expected points for the makers) is at
least this. Each seat's own line is in ``CALL_LINES``."""
CALL_LINES = {
    # Round 1. Left and right of the dealer, ordering up gives the upcard to the other side,
    # and a pass still leaves round 2; the dealer's partner can leave a fair hand to the
    # dealer; the dealer who passes hands the first choice of round 2 to the other side.
    True: (0.85, 0.55, 0.70, 0.05),
    # Round 2. Left of the dealer names first; after it, a pass gives the choice away.
    False: (0.35, 0.00, 0.00, CALL),
}
"""The value each seat wants before it makes trump, by round and by seat from the dealer's
left: measured by playing each bid of simulated deals out both ways, call and pass, and
taking the line where calling starts to gain (``bench/calibrate_lines.py``)."""
ALONE_LINES = {True: (0.90, 0.90, 1.10, 0.85), False: (1.20, 0.90, 1.45, 1.20)}
"""The value without the partner's help (``lone_value``) at which going alone starts to gain,
measured the same way: four points for a march outweigh losing the partner's tricks."""
DEFEND_ALONE_LINE = 1.5
"""Defend alone against a lone maker with a hand worth this much as trump (rarely met)."""


def from_dealer(seat: Seat, dealer: Seat) -> int:
    """Where ``seat`` sits: 0 on the dealer's left, then round the table to 3, the dealer."""
    return (dealer.left, dealer.partner, dealer.partner.left, dealer).index(seat)


def lone_value(
    cards: Sequence[Card], trump: Suit, seat: Seat, dealer: Seat, upcard: Card | None
) -> float:
    """The hand's value played alone: an upcard the partner would pick up does not count."""
    return expected_points(cards, trump, seat, dealer, None if dealer is seat.partner else upcard)


def alone_reason(
    cards: Sequence[Card], trump: Suit, seat: Seat, dealer: Seat, upcard: Card | None
) -> Reason | None:
    """Why to go alone with this hand and trump, or None to play with the partner: alone it
    needs three trumps or more, since two run out before the other side's."""
    if likely_march(cards, trump):
        return Reason(Motive.MARCH, tuple(cards), trump)
    trumps = sum(is_trump(card, trump) for card in cards)
    lone = lone_value(cards, trump, seat, dealer, upcard)
    if trumps < 3 or lone < ALONE_LINES[upcard is not None][from_dealer(seat, dealer)]:
        return None
    return Reason(Motive.ALONE, tuple(cards), trump, worth=lone)


def likely_march(cards: Sequence[Card], trump: Suit) -> bool:
    """A hand that will likely take all five alone: the right bower, three trumps or more,
    and every other card a trump, an off-suit ace, or a king behind its own ace."""
    held = set(cards)
    trumps = [card for card in cards if is_trump(card, trump)]
    ranking = RANKING[trump]
    if ranking[0] not in held or len(trumps) < 3:
        return False
    if len(trumps) == 3 and ranking[1] not in held and ranking[2] not in held:
        return False
    for card in cards:
        if card in trumps or card.rank is Rank.ACE:
            continue
        if card.rank is Rank.KING and Card(Rank.ACE, card.suit) in held:
            continue
        return False
    return True


def choose_bid(
    cards: Sequence[Card],
    seat: Seat,
    dealer: Seat,
    upcard: Card,
    first_round: bool,
    stuck: bool = False,
) -> tuple[Bid, Reason]:
    """A bid and its reason, from the cards alone (the expert's rollouts use this too)."""
    line = CALL_LINES[first_round][from_dealer(seat, dealer)]
    if first_round:
        trump = upcard.suit
        mine = after_pick_up(cards, upcard) if seat is dealer else tuple(cards)
        worth = expected_points(mine, trump, seat, dealer, upcard)
        if worth < line:
            return PASS, Reason(Motive.SHORT, mine, trump, worth=worth, line=line)
        alone = alone_reason(mine, trump, seat, dealer, upcard)
        if alone:
            return ORDER_UP[1], alone
        return ORDER_UP[0], Reason(Motive.CALL, mine, trump, worth=worth, line=line)
    choices = [suit for suit in Suit if suit is not upcard.suit]
    best = max(choices, key=lambda suit: expected_points(cards, suit, seat, dealer, None))
    worth = expected_points(cards, best, seat, dealer, None)
    held = tuple(cards)
    if worth < line and not stuck:
        return PASS, Reason(Motive.SHORT, held, best, worth=worth, line=line)
    alone = alone_reason(cards, best, seat, dealer, None)
    if alone:
        return NAME_TRUMP[best][1], alone
    if worth < line:
        return NAME_TRUMP[best][0], Reason(Motive.STUCK, held, best, worth=worth, line=line)
    return NAME_TRUMP[best][0], Reason(Motive.CALL, held, best, worth=worth, line=line)


class NormalBot(ByPhase):
    """The level ``normal``: rules of thumb with a memory and a reason for every choice."""

    def bid(self, view: SeatView) -> Decision:
        stuck = PASS not in view.legal_actions
        first_round = view.phase is Phase.ORDER_UP
        bid, reason = choose_bid(
            view.cards, view.seat, view.dealer, view.upcard, first_round, stuck
        )
        return Decision(bid, reason)

    def discard(self, view: SeatView) -> Decision:
        card, reason = dealer_discard(view.cards, view.trump or view.upcard.suit)
        return Decision(DISCARD[card.index], reason)

    def defend(self, view: SeatView) -> Decision:
        trump, _ = view.made
        worth = expected_points(view.cards, trump, view.seat, view.dealer, None)
        held = tuple(view.cards)
        if worth >= DEFEND_ALONE_LINE:
            return Decision(DEFEND_ALONE, Reason(Motive.DEFEND_ALONE, held, trump, worth=worth))
        return Decision(PASS, Reason(Motive.DEFEND_TOGETHER, held, trump, worth=worth))

    def play(self, view: SeatView) -> Decision:
        card, reason = choose_card(view)
        return Decision(PLAY[card.index], reason)
