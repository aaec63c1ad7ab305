"""Random hands, legal and illegal actions at random moments, and what must always hold.

`legal_actions()` must be exactly the actions `apply` accepts: every other action, by any
seat, raises the project's error and leaves the hand as it was.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from euchre.actions import DISCARD, NAME_TRUMP, ORDER_UP, PASS, PLAY, Action
from euchre.cards import DECK
from euchre.deal import deal, shuffled_deck
from euchre.errors import EuchreError
from euchre.hand import DEFEND_ALONE, Hand, Phase
from euchre.rules import Rules
from euchre.seats import Seat, Team
from tests.builders import snapshot
from tests.examples import at_most

EVERY_ACTION: list[Action] = [
    PASS,
    DEFEND_ALONE,
    *ORDER_UP,
    *(bid for bids in NAME_TRUMP.values() for bid in bids),
    *DISCARD,
    *PLAY,
]
RULES = st.builds(Rules, stick_the_dealer=st.booleans(), defend_alone=st.booleans())


def check_invariants(hand: Hand) -> None:
    """What holds after every action of every hand."""
    in_play = [card for seat in Seat for card in hand.cards(seat)]
    in_play += [card for trick in hand.tricks for _, card in trick.plays]
    if hand.trick is not None and hand.trick not in hand.tricks:
        in_play += [card for _, card in hand.trick.plays]
    contract = hand.contract
    picked_up = contract is not None and contract.ordered_up
    in_play += list(hand.deal.kitty[1:] if picked_up else hand.deal.kitty)
    if hand.discarded is not None:
        in_play.append(hand.discarded)
    assert Counter(in_play) == Counter(DECK), "every card is somewhere, once"

    assert (hand.turn is None) == (hand.phase is Phase.OVER), "one seat acts until the end"
    result = hand.result
    if result is None:
        return
    scored = {team: points for team, points in result.points.items() if points}
    if result.thrown_in:
        assert scored == {}
        assert sum(result.tricks_won.values()) == 0
    else:
        assert sum(result.tricks_won.values()) == 5
        assert len(scored) == 1
        assert set(scored.values()) <= {1, 2, 4}


class HandMachine(RuleBasedStateMachine):
    """Plays a random hand, trying illegal actions between the legal ones."""

    hand: Hand

    @initialize(seed=st.integers(0, 2**32), rules=RULES, dealer=st.sampled_from(Seat))
    def deal(self, seed: int, rules: Rules, dealer: Seat) -> None:
        self.hand = Hand(deal(shuffled_deck(random.Random(seed)), dealer), rules)

    @precondition(lambda self: self.hand.turn is not None)
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        self.hand.apply(data.draw(st.sampled_from(self.hand.legal_actions())))

    @rule(action=st.sampled_from(EVERY_ACTION), seat=st.sampled_from(Seat))
    def any_other_action_is_refused_and_changes_nothing(self, action: Action, seat: Seat) -> None:
        if seat is self.hand.turn and action in self.hand.legal_actions():
            return
        before = snapshot(self.hand)
        with pytest.raises(EuchreError):
            self.hand.apply(action, seat)
        assert snapshot(self.hand) == before

    @invariant()
    def invariants(self) -> None:
        check_invariants(self.hand)


# Untraced, as a property: other tests cover its lines, and CI's 300 hands took 13 s traced.
TestHandMachine = pytest.mark.usefixtures("uncovered")(HandMachine.TestCase)
# Each example is a whole hand of up to 100 steps, checked after each: 300 hands, 30,000 steps.
TestHandMachine.settings = at_most(300)


@pytest.mark.parametrize("rules", [Rules(), Rules(stick_the_dealer=False, defend_alone=True)])
def test_random_hands_keep_every_invariant(rules: Rules) -> None:
    rng = random.Random(2026)
    points = Counter[Team]()
    for number in range(150):
        hand = Hand(deal(shuffled_deck(rng), tuple(Seat)[number % 4]), rules)
        while hand.turn is not None:
            hand.apply(rng.choice(hand.legal_actions()))
            check_invariants(hand)
        assert hand.result is not None
        points.update(hand.result.points)
    assert points[Team.NS] > 0
    assert points[Team.EW] > 0
