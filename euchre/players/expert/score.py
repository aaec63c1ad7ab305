"""Step 2 of the expert's pipeline: how the hand ends after each choice, on one deal of the unseen
cards with every card open, by the solver.

- A card: the tricks left, solved after it.
- The discard: the whole hand, solved after it.
- Defending alone: the hand solved with the partner and without.
- A bid: the rest of the bidding played out by the ``normal`` bot's rules (its bids, and the
  dealer's discard), and the contract it ends in solved.

Only the steps of the score matter (``weigh.MAKE``, ``weigh.MARCH``), so the solver is asked two
narrow questions, whether the makers reach each step, rather than for every trick.
"""

from __future__ import annotations

from collections.abc import Callable

from euchre.actions import PASS, Action, Bid, Discard, NameTrump, OrderUp, Pass, Play
from euchre.bidding import Bidding
from euchre.cards import Card, Suit
from euchre.hand import Phase
from euchre.players import Choice, SeatView
from euchre.players.expert.solver import TrickSolver
from euchre.players.expert.weigh import MAKE, MARCH, Contract, Outcome
from euchre.players.hand_value import dealer_discard, is_trump
from euchre.players.normal import choose_bid
from euchre.players.reasons import Motive, Reason
from euchre.players.tables import SEAT_NUMBER, SEATS, Holdings, cards_of, mask
from euchre.seats import Seat, Team
from euchre.trick import first_leader

Score = Callable[[Holdings], list[Outcome]]
"""How the hand ends after each searched action on one deal, in the order of the actions."""
Solvers = dict[tuple[Suit, tuple[Seat, ...]], TrickSolver]


def searched(view: SeatView) -> tuple[list[Action], list[Choice]]:
    """The legal actions worth searching, and the others with the reason they are not: a
    dealer's trump while a card outside trump is left to throw; going alone with fewer than
    three trumps, which cannot take all five."""
    legal = list(view.legal_actions)
    left: list[Action]
    if view.phase is Phase.DISCARD:
        trump, _ = view.made
        left = [a for a in legal if isinstance(a, Discard) and is_trump(a.card, trump)]
        left = left if len(left) < len(legal) else []
        why = Reason(Motive.KEEP_TRUMPS, suit=trump)
    else:
        left = [a for a in legal if isinstance(a, OrderUp | NameTrump) and not might_march(view, a)]
        why = Reason(Motive.NO_LONE_MARCH)
    return [a for a in legal if a not in left], [Choice(a, None, why) for a in left]


def might_march(view: SeatView, bid: OrderUp | NameTrump) -> bool:
    """Three trumps or more: the least a lone hand needs to be worth searching. With a
    partner, any call is."""
    if not bid.alone:
        return True
    trump = view.upcard.suit if isinstance(bid, OrderUp) else bid.suit
    cards = list(view.cards)
    if isinstance(bid, OrderUp) and view.seat is view.dealer:
        cards.append(view.upcard)
    return sum(is_trump(card, trump) for card in cards) >= 3


def scorer(view: SeatView, actions: list[Action]) -> Score:
    """How the hand ends after each of ``actions`` on a deal."""
    if view.phase is Phase.PLAY:
        return _cards(view, [action.card for action in actions if isinstance(action, Play)])
    if view.phase is Phase.DISCARD:
        return _discards(view, [action.card for action in actions if isinstance(action, Discard)])
    if view.phase is Phase.DEFEND:
        return _defences(view)
    return _bids(view, [bid for bid in actions if isinstance(bid, Pass | OrderUp | NameTrump)])


def _in_play(view: SeatView, out: tuple[Seat, ...]) -> tuple[Seat, ...]:
    return tuple(seat for seat in SEATS if seat not in out)


def _cards(view: SeatView, cards: list[Card]) -> Score:
    trump, maker = view.made
    players = _in_play(view, view.sitting_out)
    solver = TrickSolver(trump, players)
    contract = Contract(maker.team, view.alone, defended=len(view.sitting_out) == 2)
    won = sum(winner.team is maker.team for winner in view.trick_winners)
    remaining = 5 - len(view.tricks)
    ns = maker.team is Team.NS
    leader = SEAT_NUMBER[view.trick[0][0] if view.trick else view.seat]
    trick = [(SEAT_NUMBER[seat], card.index) for seat, card in view.trick]
    legal = [card.index for card in cards]

    def score(holdings: Holdings) -> list[Outcome]:
        hands = [holdings[n] if seat in players else 0 for n, seat in enumerate(SEATS)]

        def reach(step: int) -> dict[int, bool]:
            """For each card, whether the makers reach ``step`` tricks."""
            need = step - won
            if need <= 0 or need > remaining:
                return dict.fromkeys(legal, need <= 0)
            target = need if ns else remaining - need + 1  # North-South's tricks that decide it
            values = solver.card_values(hands, leader, trick, target - 1, target)
            return {card: (values[card] >= target) == ns for card in legal}

        made, march = reach(MAKE), reach(MARCH)
        return [(contract, MARCH if march[c] else MAKE if made[c] else 0) for c in legal]

    return score


def _tricks(solver: TrickSolver, hands: list[int], leader: int, makers: Team) -> int:
    """The makers' tricks from a hand about to be led, to the step of the score they reach."""
    ns = makers is Team.NS

    def reach(step: int) -> bool:
        target = step if ns else 5 - step + 1  # North-South's tricks that decide it
        return solver.at_least(hands, leader, target) == ns

    return (MARCH if reach(MARCH) else MAKE) if reach(MAKE) else 0


def _discards(view: SeatView, cards: list[Card]) -> Score:
    trump, maker = view.made
    players = _in_play(view, view.sitting_out)
    solver = TrickSolver(trump, players)
    leader = SEAT_NUMBER[first_leader(view.dealer, maker, view.alone, players, view.rules)]
    contract = Contract(maker.team, view.alone)
    me, six = SEAT_NUMBER[view.seat], mask(view.cards)

    def score(holdings: Holdings) -> list[Outcome]:
        hands = [holdings[n] if seat in players else 0 for n, seat in enumerate(SEATS)]
        outcomes: list[Outcome] = []
        for card in cards:
            hands[me] = six & ~card.bit
            outcomes.append((contract, _tricks(solver, hands, leader, maker.team)))
        return outcomes

    return score


def _defences(view: SeatView) -> Score:
    """Defending with the partner (a pass), and alone."""
    trump, maker = view.made
    ways = []
    for alone in (False, True):
        players = _in_play(view, (maker.partner, view.seat.partner) if alone else (maker.partner,))
        leader = SEAT_NUMBER[first_leader(view.dealer, maker, True, players, view.rules)]
        contract = Contract(maker.team, True, alone)
        ways.append((TrickSolver(trump, players), players, leader, contract))

    def score(holdings: Holdings) -> list[Outcome]:
        outcomes: list[Outcome] = []
        for solver, players, leader, contract in ways:
            hands = [holdings[n] if seat in players else 0 for n, seat in enumerate(SEATS)]
            outcomes.append((contract, _tricks(solver, hands, leader, maker.team)))
        return outcomes

    return score


def _bids(view: SeatView, bids: list[Bid]) -> Score:
    solvers: Solvers = {}

    def score(holdings: Holdings) -> list[Outcome]:
        hands = {seat: cards_of(holdings[n]) for n, seat in enumerate(SEATS)}
        hands[view.seat] = list(view.cards)
        ended: dict[object, Outcome] = {}
        return [_bid_outcome(view, bid, hands, solvers, ended) for bid in bids]

    return score


def _bid_outcome(
    view: SeatView,
    bid: Bid,
    hands: dict[Seat, list[Card]],
    solvers: Solvers,
    ended: dict[object, Outcome],
) -> Outcome:
    """How the hand ends if the seat bids ``bid`` on this deal: the bidding played out by the
    ``normal`` bot's rules, then the contract solved."""
    bidding = Bidding(view.dealer, view.upcard, view.rules)
    for seat, made in (*view.bids, (view.seat, bid)):
        bidding.bid(seat, made)
    while bidding.contract is None and bidding.turn is not None:
        seat = bidding.turn
        stuck = PASS not in bidding.legal_bids()
        made, _ = choose_bid(hands[seat], seat, view.dealer, view.upcard, bidding.round == 1, stuck)
        bidding.bid(seat, made)
    contract = bidding.contract
    if contract is None:
        return None
    trump, dealer, maker, alone = contract.trump, view.dealer, contract.maker, contract.alone
    cards = dict(hands)
    if contract.ordered_up:
        six = [*cards[dealer], view.upcard]
        throw, _ = dealer_discard(six, trump)
        cards[dealer] = [card for card in six if card != throw]
    out = (maker.partner,) if alone else ()
    key = (trump, out, mask(cards[dealer]), maker.team, alone)
    if key not in ended:
        players = _in_play(view, out)
        solver = solvers.get((trump, players))
        if solver is None:
            solver = solvers[trump, players] = TrickSolver(trump, players)
        leader = SEAT_NUMBER[first_leader(dealer, maker, alone, players, view.rules)]
        masks = [mask(cards[seat]) if seat in players else 0 for seat in SEATS]
        ended[key] = (Contract(maker.team, alone), _tricks(solver, masks, leader, maker.team))
    return ended[key]
