"""The solver: an exact double-dummy search of the tricks left in a hand, on small integers.

Every hand is open: the search finds how many tricks North-South take from here when all
four play perfectly. Cards, hands and seats are numbers, as ``euchre.players.tables`` gives
them. Alpha-beta prunes, cards that are next to each other among the cards still live count
once, and a transposition table remembers every position met at the start of a trick.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.cards import Suit
from euchre.players.tables import SEAT_NUMBER, SEATS, STRENGTH_TABLE, SUIT_NUMBER, SUIT_TABLE, SUITS
from euchre.seats import Seat

_RUNS: dict[int, list[int]] = {}
"""One suit's runs of touching cards, by the cards held, the live cards and trump: shared."""


class TrickSolver:
    """Solves the remaining tricks under one trump, for one set of seats in play.

    The transposition table is kept between calls: positions are exact, so one solver may
    serve many sampled deals with the same trump and players.
    """

    __slots__ = (
        "_orders",
        "_power",
        "_ranked",
        "_suit_mask",
        "_suit_of",
        "_table",
        "_tag",
        "players",
    )

    def __init__(self, trump: Suit, players: Sequence[Seat] = SEATS) -> None:
        suit_of = SUIT_TABLE[trump]
        self._suit_of = [SUIT_NUMBER[suit_of[index]] for index in range(24)]
        self._suit_mask = [
            sum(1 << i for i in range(24) if self._suit_of[i] == suit) for suit in range(4)
        ]
        self._power = [
            [STRENGTH_TABLE[trump, lead][index] for index in range(24)] for lead in SUITS
        ]
        self._ranked = [
            sorted(
                (i for i in range(24) if self._suit_of[i] == suit),
                key=self._power[suit].__getitem__,
                reverse=True,
            )
            for suit in range(4)
        ]
        self.players = tuple(SEAT_NUMBER[seat] for seat in players)
        in_play = set(self.players)
        self._orders = [
            tuple(n for n in ((leader + k) % 4 for k in range(4)) if n in in_play)
            for leader in range(4)
        ]
        self._table: dict[int, tuple[int, int]] = {}
        self._tag = SUIT_NUMBER[trump] << 48

    def solve(
        self, hands: Sequence[int], leader: int, trick: Sequence[tuple[int, int]] = ()
    ) -> int:
        """North-South's tricks from the current one on; ``trick`` holds (seat, card) so far."""
        if not trick:
            return self._node(list(hands), leader, -1, 6)
        values = self.card_values(hands, leader, trick)
        seat = self._orders[leader][len(trick)]
        return max(values.values()) if seat % 2 == 0 else min(values.values())

    def at_least(self, hands: Sequence[int], leader: int, target: int) -> bool:
        """Whether North-South take ``target`` tricks or more from a trick about to be led."""
        return self._node(list(hands), leader, target - 1, target) >= target

    def card_values(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[tuple[int, int]] = (),
        alpha: int = -1,
        beta: int = 6,
    ) -> dict[int, int]:
        """For each legal card of the seat to play, North-South's tricks if it is played.

        Exact between ``alpha`` and ``beta``; at or below ``alpha`` a value is only an upper
        bound, at or above ``beta`` only a lower bound (a narrow window searches faster).
        """
        order = self._orders[leader]
        h = list(hands)
        live = h[0] | h[1] | h[2] | h[3]
        lead, best, winner = -1, -1, -1
        for seat, card in trick:
            live |= 1 << card
            if lead < 0:
                lead = self._suit_of[card]
            if self._power[lead][card] > best:
                best, winner = self._power[lead][card], seat
        pos = len(trick)
        seat = order[pos]
        cards = h[seat]
        if pos and cards & self._suit_mask[lead]:
            cards &= self._suit_mask[lead]
        values: dict[int, int] = {}
        for card in self._moves(cards, live):
            bit = 1 << card
            h[seat] ^= bit
            ld = self._suit_of[card] if pos == 0 else lead
            power = self._power[ld][card]
            b, w = (power, seat) if power > best else (best, winner)
            if pos == len(order) - 1:
                gain = 1 - (w & 1)
                value = gain + self._node(h, w, alpha - gain, beta - gain)
            else:
                value = self._step(h, order, pos + 1, ld, b, w, live, alpha, beta)
            h[seat] ^= bit
            values[card] = value
        # A card next to a played one among the live cards is worth the same.
        for card in range(24):
            if cards >> card & 1 and card not in values:
                values[card] = values[self._representative(card, cards, live)]
        return values

    def _representative(self, card: int, cards: int, live: int) -> int:
        """The highest card of ``card``'s run of touching live cards held in ``cards``."""
        ranked = self._ranked[self._suit_of[card]]
        position = ranked.index(card)
        top = card
        for higher in reversed(ranked[:position]):
            if not live >> higher & 1:
                continue
            if not cards >> higher & 1:
                break
            top = higher
        return top

    def _moves(self, cards: int, live: int) -> list[int]:
        """One card from each run of touching live cards that the hand holds, highest first."""
        moves: list[int] = []
        runs, tag = _RUNS, self._tag
        for suit in range(4):
            mine = cards & self._suit_mask[suit]
            if not mine:
                continue
            key = mine | (live & self._suit_mask[suit]) << 24 | tag
            found = runs.get(key)
            if found is None:
                found = runs[key] = self._suit_runs(mine, live, self._ranked[suit])
            moves += found
        return moves

    @staticmethod
    def _suit_runs(mine: int, live: int, ranked: list[int]) -> list[int]:
        """The highest card of each run of touching live cards in one suit, highest first."""
        moves: list[int] = []
        previous_mine = False
        for card in ranked:
            if not live >> card & 1:
                continue
            if mine >> card & 1:
                if not previous_mine:
                    moves.append(card)
                previous_mine = True
            else:
                previous_mine = False
        return moves

    def _node(self, h: list[int], leader: int, alpha: int, beta: int) -> int:
        """North-South's tricks from the start of a trick led by ``leader``."""
        left = h[leader].bit_count()
        if left == 0 or beta <= 0:
            return 0  # nothing left, or no trick more is needed: at least the window's top
        if alpha >= left:
            return left  # more than all the tricks left are needed: at most the window's floor
        order = self._orders[leader]
        if left == 1:
            lead = -1
            best, winner = -1, -1
            for seat in order:
                card = h[seat].bit_length() - 1
                if lead < 0:
                    lead = self._suit_of[card]
                power = self._power[lead][card]
                if power > best:
                    best, winner = power, seat
            return 1 - (winner & 1)
        key = h[0] | h[1] << 24 | h[2] << 48 | h[3] << 72 | leader << 96
        table = self._table
        entry = table.get(key)
        if entry is not None:
            low, high = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        else:
            low, high = 0, left
        live = h[0] | h[1] | h[2] | h[3]
        value = self._step(h, order, 0, -1, -1, -1, live, alpha, beta)
        if value <= alpha:
            high = min(high, value)
        elif value >= beta:
            low = max(low, value)
        else:
            low = high = value
        table[key] = (low, high)
        return value

    def _step(
        self,
        h: list[int],
        order: tuple[int, ...],
        pos: int,
        lead: int,
        best: int,
        winner: int,
        live: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value of the trick from position ``pos`` on, and of every trick after it."""
        seat = order[pos]
        cards = h[seat]
        if pos and cards & self._suit_mask[lead]:
            cards &= self._suit_mask[lead]
        last = pos == len(order) - 1
        maximise = not seat & 1
        value = -1 if maximise else 99
        power_of = self._power
        for card in self._moves(cards, live):
            bit = 1 << card
            h[seat] ^= bit
            if pos == 0:
                ld = self._suit_of[card]
                b, w = power_of[ld][card], seat
            else:
                ld = lead
                power = power_of[ld][card]
                b, w = (power, seat) if power > best else (best, winner)
            if last:
                gain = 1 - (w & 1)
                v = gain + self._node(h, w, alpha - gain, beta - gain)
            else:
                v = self._step(h, order, pos + 1, ld, b, w, live, alpha, beta)
            h[seat] ^= bit
            if maximise:
                if v > value:
                    value = v
                    if v > alpha:
                        alpha = v
            elif v < value:
                value = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return value
