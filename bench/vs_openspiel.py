"""A yardstick no one here wrote: a level against OpenSpiel's ISMCTS, on OpenSpiel's Euchre.

    .venv/bin/python bench/vs_openspiel.py --deals 1000 --simulations 1000 --seed 1 --json
    .venv/bin/python bench/vs_openspiel.py --deals 1000 --match-time --seed 1 --json
    .venv/bin/python bench/vs_openspiel.py --deals 1000 --level normal --simulations 1000 --json

Every hand is OpenSpiel's (``pyspiel.load_game("euchre")``: stick the dealer, the declarer may go
alone, no defending alone). Two seats are the level's bot, deciding through a translation of
OpenSpiel's state into the ``SeatView`` of its seat (and of its choice back into OpenSpiel's
action); the other two are ``open_spiel.python.algorithms.ismcts.ISMCTSBot``, configured as
OpenSpiel's own tool server configures it (a random rollout, ``uct_c`` of the square root of 2
times the range of the returns, action sets that may differ between the deals it draws), with
``--simulations`` a decision, or with ``--match-time`` as many as fit in the level's median
decision time measured on the first deals.

Duplicate deals: each deal is played twice, the bot North-South then East-West, the same cards in
the same seats, so the luck of the cards cancels in the pair. Every hand is also replayed on the
project's own engine, which must score it as OpenSpiel did. It prints each side's points a hand
with a 95% interval (from the deals' means), and both sides' decision times (decisions with a
choice: a forced one costs nothing). OpenSpiel is the
``bench`` extra (``.venv/bin/pip install -e '.[bench]'``). A measurement, never a test.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np  # type: ignore[import-not-found, import-untyped, unused-ignore]
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]
from pyspiel import euchre  # type: ignore[import-not-found, import-untyped, unused-ignore]

from euchre.actions import (
    DISCARD,
    NAME_TRUMP,
    ORDER_UP,
    PASS,
    PLAY,
    Action,
    Bid,
    NameTrump,
    OrderUp,
)
from euchre.cards import Card, Rank, Suit
from euchre.deal import Deal
from euchre.hand import Hand, Phase
from euchre.measure.duplicate import deal_for
from euchre.measure.intervals import mean_interval
from euchre.players import Player, SeatView
from euchre.players.levels import LEVELS, make_player
from euchre.players.tables import SUIT_TABLE
from euchre.rules import Rules
from euchre.seats import Seat, Team

GAME = pyspiel.load_game("euchre")
PASS_ACTION, GO_ALONE, WITH_PARTNER = 24, 29, 30
SUIT_ACTIONS = {25: Suit.CLUBS, 26: Suit.DIAMONDS, 27: Suit.HEARTS, 28: Suit.SPADES}
SUIT_ACTION = {suit: action for action, suit in SUIT_ACTIONS.items()}
RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
CARD = {rank * 4 + suit: Card(RANKS[rank], SUITS[suit]) for rank in range(6) for suit in range(4)}
"""OpenSpiel's card numbers (rank times four, plus the suit: clubs, diamonds, hearts, spades)."""
NUMBER = {card: number for number, card in CARD.items()}
SEATS = tuple(Seat)
"""OpenSpiel's players 0 to 3 are North, East, South and West, clockwise as here."""
RULES = Rules(points_to_win=0)
"""One hand, scored in plain points: OpenSpiel's return."""
BIDDING_STARTS = 22
"""OpenSpiel's history before the first bid: the dealer, twenty cards and the upcard."""


def chance_actions(dealt: Deal) -> list[int]:
    """OpenSpiel's chance actions for ``dealt``: the dealer, then the cards one at a time from
    the dealer round the table (its order), then the upcard."""
    dealer = SEATS.index(dealt.dealer)
    order = [dealt.hands[SEATS[(dealer + n) % 4]][n // 4] for n in range(20)]
    return [dealer, *(NUMBER[card] for card in order), NUMBER[dealt.upcard]]


class Said:
    """What OpenSpiel's history says of the bidding: each bid with the seat that made it, and
    whether the declarer went alone (it decides after the bidding, and after the discard)."""

    def __init__(self, state: Any) -> None:
        history = state.history()
        dealer = state.dealer()
        self.bids: list[tuple[Seat, int]] = []
        self.alone: bool | None = None
        seat = (dealer + 1) % 4
        for action in history[BIDDING_STARTS:]:
            if action == PASS_ACTION or action in SUIT_ACTIONS:
                self.bids.append((SEATS[seat], action))
                seat = (seat + 1) % 4
            elif action in (GO_ALONE, WITH_PARTNER):
                self.alone = action == GO_ALONE

    def our_bids(self, upcard: Card) -> tuple[tuple[Seat, Bid], ...]:
        """The bids as the project writes them; a call alone once the declarer has said so."""
        found: list[tuple[Seat, Bid]] = []
        for number, (seat, action) in enumerate(self.bids):
            alone = bool(self.alone)
            if action == PASS_ACTION:
                found.append((seat, PASS))
            elif number < 4:
                found.append((seat, ORDER_UP[alone]))
            else:
                found.append((seat, NAME_TRUMP[SUIT_ACTIONS[action]][alone]))
        return tuple(found)


def view_of(state: Any, player: int) -> SeatView:
    """The ``SeatView`` of OpenSpiel's ``player`` at ``state``: its cards, and what is open."""
    seat = SEATS[player]
    phase_name = state.current_phase()
    said = Said(state)
    upcard = CARD[state.upcard()]
    dealer = SEATS[state.dealer()]
    passes = state.num_passes()
    trump = SUITS[state.trump_suit()] if state.trump_suit() >= 0 else None
    maker = SEATS[state.declarer()] if trump is not None else None
    alone = bool(said.alone)
    out = (maker.partner,) if maker is not None and alone else ()
    holders = state.card_holder()
    cards = tuple(CARD[n] for n in range(24) if holders[n] == player)
    tricks, winners, current = _tricks(state, trump, out)
    legal: tuple[Action, ...]
    if phase_name == euchre.Phase.BIDDING:
        phase = Phase.ORDER_UP if passes < 4 else Phase.NAME_TRUMP
        legal = tuple(_bids(state.legal_actions(), phase))
    elif phase_name == euchre.Phase.DISCARD:
        phase = Phase.DISCARD
        legal = tuple(DISCARD[CARD[n].index] for n in state.legal_actions())
    else:
        phase = Phase.PLAY
        legal = tuple(PLAY[CARD[n].index] for n in state.legal_actions())
    discarded = state.discard()
    lead = SUIT_TABLE[trump][current[0][1].index] if current and trump is not None else None
    return SeatView(
        seat=seat,
        phase=phase,
        dealer=dealer,
        upcard=upcard,
        rules=RULES,
        cards=cards,
        bids=said.our_bids(upcard),
        trump=trump,
        maker=maker,
        alone=alone,
        sitting_out=out,
        tricks=tricks,
        trick_winners=winners,
        trick=current,
        lead_suit=lead,
        discarded=CARD[discarded] if discarded >= 0 and seat is dealer else None,
        legal_actions=legal,
        scores=dict.fromkeys(Team, 0),
    )


def _bids(actions: Sequence[int], phase: Phase) -> list[Bid]:
    """OpenSpiel's legal bids as the project's: a call with the partner, or alone (OpenSpiel
    asks the declarer that later)."""
    bids: list[Bid] = []
    for action in actions:
        if action == PASS_ACTION:
            bids.append(PASS)
        elif phase is Phase.ORDER_UP:
            bids.extend(ORDER_UP)
        else:
            bids.extend(NAME_TRUMP[SUIT_ACTIONS[action]])
    return bids


Plays = tuple[tuple[Seat, Card], ...]


def _tricks(
    state: Any, trump: Suit | None, out: tuple[Seat, ...]
) -> tuple[tuple[Plays, ...], tuple[Seat, ...], Plays]:
    """The tricks played, their winners, and the trick under way."""
    if trump is None:
        return (), (), ()
    played = state.num_cards_played()
    size = 4 - len(out)
    done: list[Plays] = []
    winners: list[Seat] = []
    current: Plays = ()
    for number, trick in enumerate(state.tricks()):
        cards = trick.cards()
        if number * size >= played or not cards:
            break
        seat = trick.leader()
        plays = []
        for card in cards:
            plays.append((SEATS[seat], CARD[card]))
            seat = (seat + 1) % 4
            while SEATS[seat] in out:
                seat = (seat + 1) % 4
        if len(plays) == size:
            done.append(tuple(plays))
            winners.append(SEATS[trick.winner()])
        else:
            current = tuple(plays)
    return tuple(done), tuple(winners), current


class OurSide:
    """The level's bot at two of OpenSpiel's seats: asks it through the seat's view, and turns
    its choice into OpenSpiel's action. A declarer's choice to go alone is kept for when
    OpenSpiel asks it."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.alone = False
        self.seconds: list[float] = []

    def step(self, state: Any) -> int:
        if state.current_phase() == euchre.Phase.GO_ALONE:
            return GO_ALONE if self.alone else WITH_PARTNER
        view = view_of(state, state.current_player())
        start = time.perf_counter()
        action = self.player.choose(view).action
        if len(view.legal_actions) > 1:  # a forced choice costs nothing to time
            self.seconds.append(time.perf_counter() - start)
        if isinstance(action, OrderUp):
            self.alone = action.alone
            return SUIT_ACTION[view.upcard.suit]
        if isinstance(action, NameTrump):
            self.alone = action.alone
            return SUIT_ACTION[action.suit]
        if action == PASS:
            return PASS_ACTION
        return NUMBER[action.card]  # type: ignore[union-attr]  # a card: a discard or a play


class Ismcts:
    """OpenSpiel's ISMCTS bot, each decision timed."""

    def __init__(self, simulations: int, seed: int) -> None:
        rng = np.random.RandomState(seed)
        spread = GAME.max_utility() - GAME.min_utility()
        self.bot = ismcts.ISMCTSBot(
            GAME,
            evaluator=mcts.RandomRolloutEvaluator(random_state=rng),
            uct_c=math.sqrt(2) * spread,
            max_simulations=simulations,
            random_state=rng,
            # Euchre's deals drawn again for one seat's view can give another seat's node other
            # legal cards; without this, ISMCTS stops on the first such node (a KeyError).
            allow_inconsistent_action_sets=True,
        )
        self.seconds: list[float] = []

    def step(self, state: Any) -> int:
        start = time.perf_counter()
        action: int = self.bot.step(state)
        if len(state.legal_actions()) > 1:
            self.seconds.append(time.perf_counter() - start)
        return action


def replayed(state: Any, dealt: Deal) -> Mapping[Team, int]:
    """The hand of ``state`` played again on the project's engine: its points."""
    said = Said(state)
    hand = Hand(dealt, Rules())
    for seat, bid in said.our_bids(dealt.upcard):
        hand.apply(bid, seat)
    history = state.history()
    discard = state.discard()
    if discard >= 0:
        hand.apply(DISCARD[CARD[discard].index], SEATS[state.dealer()])
    plays = [a for a in history[BIDDING_STARTS:] if a < 24 and a != discard]
    for card in plays:
        hand.apply(PLAY[CARD[card].index])
    result = hand.result
    assert result is not None, "the replayed hand is over"
    return result.points


def one(task: tuple[int, int, str, int]) -> dict[str, Any]:
    """Deal ``number`` played twice: the level North-South, then East-West."""
    number, seed, level, simulations = task
    dealt = deal_for(seed, number)
    points, ours, theirs = [], [], []
    for team in (Team.NS, Team.EW):
        tag = f"vs-openspiel/{seed}/{number}/{team}"
        bot = OurSide(make_player(level, random.Random(tag)))
        search = Ismcts(simulations, random.Random(tag).randrange(2**31))
        sides = {seat: bot if seat.team is team else search for seat in Seat}
        state = GAME.new_initial_state()
        for action in chance_actions(dealt):
            state.apply_action(action)
        while not state.is_terminal():
            state.apply_action(sides[SEATS[state.current_player()]].step(state))
        returns = state.returns()
        won = int(returns[SEATS.index(next(s for s in Seat if s.team is team))])
        ours_replayed = replayed(state, dealt)
        if ours_replayed[team] - ours_replayed[team.opponents] != won:
            raise RuntimeError(f"deal {number}: the project's engine scores the hand otherwise")
        points.append(won)
        ours += bot.seconds
        theirs += search.seconds
    return {"points": points, "ours": ours, "theirs": theirs}


def ms(seconds: Sequence[float], quantile: float) -> float | None:
    if not seconds:
        return None
    ordered = sorted(seconds)
    return round(ordered[min(len(ordered) - 1, int(quantile * len(ordered)))] * 1000, 2)


def play(deals: int, seed: int, level: str, simulations: int, jobs: int) -> list[dict[str, Any]]:
    tasks = [(number, seed, level, simulations) for number in range(deals)]
    if jobs == 1:
        return [one(task) for task in tasks]
    with multiprocessing.Pool(jobs) as pool:
        return pool.map(one, tasks, chunksize=1)


def matched(level: str, seed: int, deals: int) -> tuple[int, float, float]:
    """ISMCTS's simulations in the level's median decision time, measured side by side on the
    first ``deals`` deals: the level's median, and ISMCTS's time a simulation at 200 each."""
    played = play(deals, seed, level, 200, 1)
    ours = statistics.median(s for deal in played for s in deal["ours"])
    theirs = statistics.median(s for deal in played for s in deal["theirs"]) / 200
    return max(1, round(ours / theirs)), ours * 1000, theirs * 1000


def report(played: list[dict[str, Any]], level: str, simulations: int) -> dict[str, Any]:
    per_deal = [sum(deal["points"]) / 2 for deal in played]
    mean, low, high = mean_interval(per_deal)
    ours = [s for deal in played for s in deal["ours"]]
    theirs = [s for deal in played for s in deal["theirs"]]
    return {
        "deals": len(played),
        "hands": 2 * len(played),
        "level": level,
        "ismcts_simulations": simulations,
        "points_a_hand": {
            level: {"mean": mean, "ci95": [low, high]},
            "ismcts": {"mean": -mean, "ci95": [-high, -low]},
        },
        "decision_ms": {
            level: {"decisions": len(ours), "median": ms(ours, 0.5), "p95": ms(ours, 0.95)},
            "ismcts": {
                "decisions": len(theirs),
                "median": ms(theirs, 0.5),
                "p95": ms(theirs, 0.95),
            },
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", choices=LEVELS, default="expert")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument(
        "--match-time",
        action="store_true",
        help="ISMCTS gets as many simulations as fit in the level's median decision time",
    )
    parser.add_argument("--calibration-deals", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    simulations, calibration = args.simulations, None
    if args.match_time:
        simulations, ours_ms, sim_ms = matched(args.level, args.seed + 1, args.calibration_deals)
        calibration = {
            "level_median_ms": round(ours_ms, 2),
            "ismcts_ms_a_simulation": round(sim_ms, 4),
        }
    result = report(
        play(args.deals, args.seed, args.level, simulations, args.jobs), args.level, simulations
    )
    result |= {
        "seed": args.seed,
        "calibration": calibration,
        "seconds": round(time.perf_counter() - start, 1),
        "machine": f"{platform.machine()}, {multiprocessing.cpu_count()} cores,"
        f" Python {platform.python_version()}",
        "jobs": args.jobs,
    }
    if args.json:
        print(json.dumps(result))
    else:
        for side, figures in result["points_a_hand"].items():
            low, high = figures["ci95"]
            interval = f"95% interval {low:+.3f} to {high:+.3f}"
            print(f"{side}: {figures['mean']:+.3f} points a hand ({interval})")
        print(json.dumps(result["decision_ms"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
