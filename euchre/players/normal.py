"""The level ``normal``: a readable rule bot that says why it does what it does.

It thinks the way a good club player does:

- it values a hand for a trump suit by a sum whose weights were fitted to simulated hands
  (``bench/calibrate_normal.py``), and makes trump when the value clears its seat's line, a
  line found by playing simulated bids out both ways, call and pass;
- it goes alone when the hand will likely take all five tricks, or is worth enough without
  the partner that the four points of a march outweigh the partner's lost tricks;
- it plays its cards by ``euchre.players.normal_play``: as maker it draws trump first, then
  cashes its winners;
- it remembers every card played, so it knows which trumps and aces are out and which cards
  are now the highest left in their suit;
- with the partner winning it overtakes only when a player still to come could beat the
  partner, and it throws away the cards that can no longer win, keeping those that can.

Every decision comes with its reason in words: ``choose_with_reason(view)``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from euchre.actions import (
    DISCARD,
    NAME_TRUMP,
    ORDER_UP,
    PASS,
    PLAY,
    Action,
    Bid,
    DefendAlone,
    Discard,
    Play,
)
from euchre.cards import Card, Rank, Suit
from euchre.hand import Phase
from euchre.players import SeatView
from euchre.players.normal_play import TRUMP_NAMES, choose_card
from euchre.seats import Seat
from euchre.trump import PLAIN_ORDER, effective_suit, strength, trump_ranking

# Expected points for the makers, fitted by least squares to double-dummy results of random
# deals (bench/calibrate_normal.py): a constant, then one weight per feature of ``features``.
WEIGHTS = (
    -1.87,  # constant
    1.16,  # the right bower
    0.71,  # the left bower
    0.57,  # the ace of trump
    0.38,  # the king of trump
    0.36,  # the queen of trump
    0.33,  # each ten or nine of trump
    0.34,  # each off-suit ace
    0.08,  # each off-suit king
    0.34,  # each void in a side suit, with two trumps or more to ruff with
    0.50,  # our side leads to the first trick
    1.43,  # the partner picks up a bower
    0.61,  # the partner picks up another trump
    -0.89,  # an opponent picks up a bower
    -0.50,  # an opponent picks up another trump
)
CALL = 0.25
"""A typical line: make trump when the hand's value (expected points for the makers) is at
least this. Each seat's own line is in ``CALL_LINES``."""
SEATS_FROM_DEALER = (
    "left of the dealer",
    "as the dealer's partner",
    "right of the dealer",
    "as the dealer",
)
"""Where a seat sits, counted round the table from the dealer's left."""
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
DEFEND_ALONE = 1.5
"""Defend alone against a lone maker with a hand worth this much as trump (rarely met)."""

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")

Decision = tuple[Action, str]


def features(
    cards: Sequence[Card], trump: Suit, seat: Seat, dealer: Seat, upcard: Card | None
) -> tuple[float, ...]:
    """What the hand value counts. ``upcard`` is given in round 1, when the dealer takes it."""
    ranking = trump_ranking(trump)
    held = set(cards)
    top = [float(ranking[i] in held) for i in range(5)]
    low = float(sum(ranking[i] in held for i in (5, 6)))
    side = [card for card in cards if effective_suit(card, trump) is not trump]
    trumps = len(cards) - len(side)
    aces = sum(card.rank is Rank.ACE for card in side)
    kings = sum(card.rank is Rank.KING for card in side)
    voids = 3 - len({card.suit for card in side}) if trumps >= 2 else 0
    leads = float(dealer.left in (seat, seat.partner))
    pick_up = [0.0, 0.0, 0.0, 0.0]
    if upcard is not None and seat is not dealer:
        bower = upcard.rank is Rank.JACK
        pick_up[(0 if dealer is seat.partner else 2) + (not bower)] = 1.0
    return (1.0, *top, low, float(aces), float(kings), float(voids), leads, *pick_up)


def hand_value(
    cards: Sequence[Card], trump: Suit, seat: Seat, dealer: Seat, upcard: Card | None
) -> float:
    """The points the makers can expect with this hand and trump: about +1 is a sound call."""
    found = features(cards, trump, seat, dealer, upcard)
    return sum(w * f for w, f in zip(WEIGHTS, found, strict=True))


def lone_value(
    cards: Sequence[Card], trump: Suit, seat: Seat, dealer: Seat, upcard: Card | None
) -> float:
    """The hand's value played alone: an upcard the partner would pick up does not count."""
    return hand_value(cards, trump, seat, dealer, None if dealer is seat.partner else upcard)


def from_dealer(seat: Seat, dealer: Seat) -> int:
    """Where ``seat`` sits: 0 on the dealer's left, then round the table to 3, the dealer."""
    return (dealer.left, dealer.partner, dealer.partner.left, dealer).index(seat)


def alone_reason(
    cards: Sequence[Card],
    trump: Suit,
    seat: Seat,
    dealer: Seat,
    upcard: Card | None,
) -> str | None:
    """Why to go alone with this hand and trump, or None to play with the partner: alone it
    needs three trumps or more, since two run out before the other side's."""
    if likely_march(cards, trump):
        return f"{holding(cards, trump)} should take all five"
    trumps = sum(effective_suit(card, trump) is trump for card in cards)
    lone = lone_value(cards, trump, seat, dealer, upcard)
    if trumps < 3 or lone < ALONE_LINES[upcard is not None][from_dealer(seat, dealer)]:
        return None
    return f"{holding(cards, trump)} is worth {lone:+.1f} points, enough to play without my partner"


def likely_march(cards: Sequence[Card], trump: Suit) -> bool:
    """A hand that will likely take all five alone: the right bower, three trumps or more,
    and every other card a trump, an off-suit ace, or a king behind its own ace."""
    held = set(cards)
    trumps = [card for card in cards if effective_suit(card, trump) is trump]
    ranking = trump_ranking(trump)
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


def holding(cards: Sequence[Card], trump: Suit) -> str:
    """The strength of a hand in words: "3 trumps with the right bower and an off ace"."""
    ranking = trump_ranking(trump)
    trumps = [card for card in cards if effective_suit(card, trump) is trump]
    honours = [TRUMP_NAMES[n] for n, card in enumerate(ranking[:3]) if card in trumps]
    aces = sum(card.rank is Rank.ACE and card not in trumps for card in cards)
    words = f"{len(trumps)} trump{'s' if len(trumps) != 1 else ''}"
    if honours:
        words += " with the " + " and the ".join(honours)
    if aces:
        words += f" and {'an' if aces == 1 else _NUMBERS[aces]} off ace{'s' if aces > 1 else ''}"
    return words


def choose_discard(cards: Sequence[Card], trump: Suit) -> tuple[Card, str]:
    """The dealer's discard: make a void if it can, keep aces and trumps, else throw the lowest."""
    side = [card for card in cards if effective_suit(card, trump) is not trump]
    counts = Counter(card.suit for card in side)
    singletons = [c for c in side if counts[c.suit] == 1 and c.rank is not Rank.ACE]
    if singletons:
        card = min(singletons, key=_plain_rank)
        return card, f"discard {card}: it leaves me void in {card.suit}, to trump them"
    plain = [card for card in side if card.rank is not Rank.ACE]
    if plain:
        card = min(plain, key=_plain_rank)
        return card, f"discard {card}: the lowest card outside trump that is not an ace"
    pool = side or list(cards)
    card = min(pool, key=lambda c: strength(c, trump, effective_suit(c, trump)))
    return card, f"discard {card}: every other card is worth more"


def _plain_rank(card: Card) -> int:
    return PLAIN_ORDER.index(card.rank)


def after_pick_up(cards: Sequence[Card], upcard: Card) -> tuple[Card, ...]:
    """The dealer's five cards once it has picked up ``upcard`` and discarded as this bot
    does: what it counts when it bids in round 1."""
    six = (*cards, upcard)
    throw, _ = choose_discard(six, upcard.suit)
    return tuple(card for card in six if card != throw)


def choose_bid(
    cards: Sequence[Card],
    seat: Seat,
    dealer: Seat,
    upcard: Card,
    first_round: bool,
    stuck: bool = False,
) -> tuple[Bid, str]:
    """A bid and its reason, from the cards alone (the expert's rollouts use this too)."""
    where = from_dealer(seat, dealer)
    line = CALL_LINES[first_round][where]
    short = f"short of the {line:+.2f} I want {SEATS_FROM_DEALER[where]}"
    if first_round:
        trump = upcard.suit
        mine = after_pick_up(cards, upcard) if seat is dealer else tuple(cards)
        worth = hand_value(mine, trump, seat, dealer, upcard)
        if worth < line:
            return PASS, (
                f"pass: {holding(mine, trump)} in {trump} is worth {worth:+.1f} points, {short}"
            )
        verb = "pick up" if seat is dealer else "order up"
        alone = alone_reason(mine, trump, seat, dealer, upcard)
        if alone:
            return ORDER_UP[1], f"{verb} alone: {alone}"
        helped = f", with the {upcard} my partner picks up," if dealer is seat.partner else ""
        return ORDER_UP[0], f"{verb}: {holding(mine, trump)}{helped} is worth {worth:+.1f} points"
    choices = [suit for suit in Suit if suit is not upcard.suit]
    best = max(choices, key=lambda suit: hand_value(cards, suit, seat, dealer, None))
    worth = hand_value(cards, best, seat, dealer, None)
    if worth < line and not stuck:
        return PASS, f"pass: my best suit, {best}, is worth only {worth:+.1f} points, {short}"
    alone = alone_reason(cards, best, seat, dealer, None)
    if alone:
        return NAME_TRUMP[best][1], f"{best} alone: {alone}"
    if worth < line:
        return NAME_TRUMP[best][
            0
        ], f"{best}: stuck as dealer, my best suit ({holding(cards, best)})"
    return NAME_TRUMP[best][0], f"{best}: {holding(cards, best)} is worth {worth:+.1f} points"


class NormalBot:
    """The level ``normal``: rules of thumb with a memory and a reason for every choice."""

    def choose_with_reason(self, view: SeatView) -> Decision:
        """The action this bot takes, and why, in words."""
        phase = view.phase
        if phase is Phase.PLAY:
            card, reason = choose_card(view)
            return PLAY[card.index], reason
        if phase is Phase.DISCARD:
            card, reason = choose_discard(view.cards, view.trump or view.upcard.suit)
            return DISCARD[card.index], reason
        if phase is Phase.DEFEND:
            assert view.trump is not None  # a defender is asked only once trump is made
            worth = hand_value(view.cards, view.trump, view.seat, view.dealer, None)
            if worth >= DEFEND_ALONE:
                return DefendAlone(), f"defend alone: {holding(view.cards, view.trump)}"
            return PASS, "pass: leave the defence to both of us"
        stuck = bool(view.legal_actions) and PASS not in view.legal_actions
        return choose_bid(
            view.cards, view.seat, view.dealer, view.upcard, phase is Phase.ORDER_UP, stuck
        )

    def bid(self, view: SeatView) -> Bid:
        action, _ = self.choose_with_reason(view)
        assert not isinstance(action, Discard | Play | DefendAlone)
        return action

    def discard(self, view: SeatView) -> Card:
        action, _ = self.choose_with_reason(view)
        assert isinstance(action, Discard)
        return action.card

    def defend_alone(self, view: SeatView) -> bool:
        action, _ = self.choose_with_reason(view)
        return isinstance(action, DefendAlone)

    def play(self, view: SeatView) -> Card:
        action, _ = self.choose_with_reason(view)
        assert isinstance(action, Play)
        return action.card
