"""What the rule bots know of a hand: what it holds for a trump, what that is worth, and which
card the dealer lays away. One home for ``basic`` and ``normal``, which value a hand by weights
of their own over the same counts.

The Left Bar belongs to trump here as everywhere (docs/rules.md): it is counted among the trumps,
never as a card of its printed suit.

>>> card, reason = dealer_discard(Card.parse_many("JH AH JD 9D 10S QS"), Suit.HEARTS)
>>> card, reason.motive, reason.suit
(Card.parse('9D'), <Motive.VOID: 'void'>, <Suit.DIAMONDS: 'D'>)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from euchre.cards import Card, Rank, Suit
from euchre.players.reasons import Motive, Reason
from euchre.players.tables import RANKING, STRENGTH_TABLE, SUIT_TABLE
from euchre.seats import Seat

RULE_WEIGHTS = (3.0, 2.5, 2.0, 1.5, 1.0, 1.0, 1.0)
"""``basic``'s tricks' worth of the right bower, the left bower, the ace, king and queen of
trump, each ten or nine of trump, and each off-suit ace."""

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
"""``normal``'s expected points for the makers, fitted by least squares to double-dummy results
of random deals (``bench/calibrate_normal.py``): a constant, then one weight for each count of
``counts`` and of ``table``."""


def is_trump(card: Card, trump: Suit) -> bool:
    return SUIT_TABLE[trump][card.index] is trump


def counts(cards: Sequence[Card], trump: Suit) -> tuple[float, ...]:
    """What the hand holds for ``trump``: each of the five top trumps (1 or 0), the tens and
    nines of trump, the off-suit aces and kings, and the side suits it is void in with two
    trumps or more to ruff them."""
    held = set(cards)
    ranking = RANKING[trump]
    side = [card for card in cards if not is_trump(card, trump)]
    trumps = len(cards) - len(side)
    voids = 3 - len({card.suit for card in side}) if trumps >= 2 else 0
    return (
        *(float(ranking[i] in held) for i in range(5)),
        float(sum(ranking[i] in held for i in (5, 6))),
        float(sum(card.rank is Rank.ACE for card in side)),
        float(sum(card.rank is Rank.KING for card in side)),
        float(voids),
    )


def table(seat: Seat, dealer: Seat, upcard: Card | None) -> tuple[float, ...]:
    """Where the hand sits: whether its side leads first, and who picks up ``upcard`` (given in
    round 1, when the dealer takes it): the partner a bower or another trump, or an opponent."""
    leads = float(dealer.left in (seat, seat.partner))
    pick_up = [0.0, 0.0, 0.0, 0.0]
    if upcard is not None and seat is not dealer:
        bower = upcard.rank is Rank.JACK
        pick_up[(0 if dealer is seat.partner else 2) + (not bower)] = 1.0
    return (leads, *pick_up)


def rule_value(cards: Sequence[Card], trump: Suit) -> float:
    """``basic``'s value: how many tricks' worth the trumps by rank and the off aces hold."""
    return sum(w * c for w, c in zip(RULE_WEIGHTS, counts(cards, trump)[:7], strict=False))


def features(
    cards: Sequence[Card], trump: Suit, seat: Seat, dealer: Seat, upcard: Card | None
) -> tuple[float, ...]:
    """What ``WEIGHTS`` weigh: a constant, then ``counts`` and ``table``."""
    return (1.0, *counts(cards, trump), *table(seat, dealer, upcard))


def expected_points(
    cards: Sequence[Card], trump: Suit, seat: Seat, dealer: Seat, upcard: Card | None
) -> float:
    """``normal``'s value: the points the makers can expect with this hand and trump (about +1
    is a sound call)."""
    found = features(cards, trump, seat, dealer, upcard)
    return sum(w * f for w, f in zip(WEIGHTS, found, strict=True))


def dealer_discard(cards: Sequence[Card], trump: Suit) -> tuple[Card, Reason]:
    """The card the dealer lays away, and why: a card that leaves a side suit void, else the
    lowest card outside trump that is not an ace, else the least card there is."""
    side = [card for card in cards if not is_trump(card, trump)]
    suits = Counter(card.suit for card in side)

    def rank(card: Card) -> int:
        return STRENGTH_TABLE[trump, SUIT_TABLE[trump][card.index]][card.index]

    singletons = [c for c in side if suits[c.suit] == 1 and c.rank is not Rank.ACE]
    if singletons:
        card = min(singletons, key=rank)
        return card, Reason(Motive.VOID, suit=card.suit)
    plain = [card for card in side if card.rank is not Rank.ACE]
    if plain:
        return min(plain, key=rank), Reason(Motive.LOWEST)
    return min(side or cards, key=rank), Reason(Motive.LEAST_WORTH)


def after_pick_up(cards: Sequence[Card], upcard: Card) -> tuple[Card, ...]:
    """The dealer's five cards once it has picked up ``upcard`` and laid one away by
    ``dealer_discard``: what a dealer counts when it bids in round 1."""
    six = (*cards, upcard)
    throw, _ = dealer_discard(six, upcard.suit)
    return tuple(card for card in six if card != throw)
