"""The scenario world, the no-`Then` guard, and where the steps live.

Steps are grouped by domain concept, one module each, and loaded as plugins so that every
feature can use them. Each ``test_<feature>.py`` only collects its feature's scenarios.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

import pytest
from pytest_bdd.parser import Feature, Scenario

from euchre.cards import Card, Suit
from euchre.deal import Deal
from euchre.game import Game
from euchre.hand import Hand
from euchre.rules import Rules
from euchre.seats import Seat, Team
from euchre.trick import Trick, first_leader
from step_defs.parameters import mentions, mismatch, notation, refusal_said, said, wordable

pytest_plugins = [
    "step_defs.cards_and_deals",
    "step_defs.trump",
    "step_defs.bidding",
    "step_defs.tricks",
    "step_defs.scoring",
    "step_defs.game",
    "step_defs.variants",
]

Refusal = TypeVar("Refusal", bound=Exception)


@dataclass(repr=False)
class World:
    """Everything a scenario has set up or done so far: one place for each thing."""

    dealer: Seat | None = None
    trump: Suit | None = None
    held: dict[Seat, list[Card]] = field(default_factory=dict)
    """Cards the scenario says a player holds; a player not given any holds what they play."""
    deck: list[Card] | None = None
    shuffles: list[list[Card]] = field(default_factory=list)
    """Each shuffle of the scenario, in the order it was made."""
    dealt: Deal | None = None
    upcard: Card | None = None
    trick: Trick | None = None
    """The trick being played: the only home of the current trick."""
    plays_given: list[tuple[Seat, Card]] = field(default_factory=list)
    """The cards the scenario's table says were played to the trick, as the table gave them."""
    winner_found: Seat | None = None
    refusal: Exception | None = None
    rules: Rules | None = None
    hand: Hand | None = None
    game: Game | None = None
    ranking: list[Card] = field(default_factory=list)
    played: Hand | None = None
    """The hand whose tricks the scenario played, even once its game has dealt the next."""
    makers: Team | None = None
    alone: bool = False
    scored: tuple[Team, int] | None = None

    def __repr__(self) -> str:
        # pytest spells out every object in a failed assert; the whole world would bury it.
        return "world"

    def the_dealer(self) -> Seat:
        assert self.dealer is not None, (
            "the scenario does not say who deals: say it with a Given such as “Team 2 Player 4"
            " is the dealer”, in the scenario or in the feature's Background"
        )
        return self.dealer

    def the_trump(self) -> Suit:
        assert self.trump is not None, (
            "the scenario does not say which suit is trump: say it with a Given such as “hearts"
            " are trump”, in the scenario or in the feature's Background"
        )
        return self.trump

    def the_deal(self) -> Deal:
        if self.dealt is None and self.upcard is not None:
            self.dealt = self._deal_around(self.upcard)
        assert self.dealt is not None, (
            f"the cards were not dealt: {said(self.refusal)}"
            if self.refusal
            else "nothing was dealt: a Given deals first, such as"
            ' "Team 2 Player 4 deals, turning up JS"'
        )
        return self.dealt

    def _deal_around(self, upcard: Card) -> Deal:
        """A deal in which each player the scenario names holds the cards it gives them.

        The rest of the deck goes round the others in its unshuffled order: the scenario
        says what matters to it, and no more.
        """
        from euchre import cards  # read when the scenario runs: the learner writes DECK

        given = {card for held in self.held.values() for card in held} | {upcard}
        rest = iter([card for card in cards.DECK if card not in given])
        hands = {seat: self.held.get(seat) or [next(rest) for _ in range(5)] for seat in Seat}
        return Deal.from_hands(self.the_dealer(), hands, upcard)

    def the_trick(self) -> Trick:
        assert self.trick is not None, "the scenario has not begun a trick"
        return self.trick

    def first_trick(self) -> Trick:
        """A new first trick, led by whoever the model says leads it."""
        self.trick = Trick(leader=first_leader(self.the_dealer()), trump=self.the_trump())
        return self.trick

    def the_hand(self) -> Hand:
        """The hand being bid and played: the game's, or one started from the deal."""
        if self.game is not None:
            return self.game.hand
        if self.hand is None:
            dealt = self.the_deal()
            self.hand = Hand(dealt) if self.rules is None else Hand(dealt, self.rules)
        return self.hand

    def cards_of(self, seat: Seat, playing: Card) -> list[Card]:
        """The seat's cards; a player not given a hand holds just the card they play."""
        return self.held.get(seat, [playing])

    def refused(self, what: str, kind: type[Refusal], why: str) -> Refusal:
        """The refusal the When step met, which must be a ``kind``: "the play", say, "is
        refused with MustFollowSuitError", for the reason ``why`` the example gives."""
        if not isinstance(self.refusal, kind):
            # Raised, not asserted: pytest would explain an isinstance with the refusal's repr,
            # its seats as enums, where the message has already said it in the features' words.
            raise AssertionError(
                mismatch(
                    "",
                    example=f"{what} is refused with {kind.__name__} ({why})",
                    model=refusal_said(self.refusal),
                )
            )
        return self.refusal

    def not_refused(self, claim: str) -> None:
        """The When step's action was allowed, as the Then's ``claim`` takes it to be."""
        assert self.refusal is None, mismatch(
            "", example=claim, model=f"the refusal {refusal_said(self.refusal)}"
        )


@pytest.fixture
def world() -> World:
    return World()


def pytest_bdd_before_scenario(feature: Feature, scenario: Scenario) -> None:
    """Fail a scenario that checks nothing, such as one whose `Then:` was not read as a step."""
    if not any(step.type == "then" for step in scenario.steps):
        pytest.fail(
            f"Scenario {scenario.name!r} in {feature.filename} has no Then step, so it checks"
            " nothing. Is a keyword misspelt, as in 'Then: ...'?",
            pytrace=False,
        )


def pytest_assertrepr_compare(op: str, left: object, right: object) -> list[str] | None:
    """pytest's explanation of a failed comparison, with the features' words for its values.

    ``assert hand.turn is player`` reads "Team 2 Player 4 is Team 1 Player 1", not enum reprs.
    Anything the steps have no words for is left to pytest's own explanation (None), as is a
    value whose wording fails: at level model the cards and seats are the learner's own.
    """
    if not (mentions(left) or mentions(right)) or not (wordable(left) and wordable(right)):
        return None
    try:
        return _in_words(op, left, right)
    except Exception:  # a learner's Card.__str__ or Seat may raise anything; pytest's own, then
        return None


def _in_words(op: str, left: object, right: object) -> list[str]:
    said = [f"{notation(left)} {op} {notation(right)}"]
    many = (list, tuple, set, frozenset)
    if op != "==" or not (isinstance(left, many) and isinstance(right, many)):
        return said
    if isinstance(left, list | tuple) and isinstance(right, list | tuple):
        pairs = enumerate(zip(left, right, strict=False))  # the shorter may begin the longer
        first = next((n for n, (mine, theirs) in pairs if mine != theirs), None)
        if first is not None:
            said.append(
                f"At index {first} diff: {notation(left[first])} != {notation(right[first])}"
            )
    return [
        *said,
        "In the features' words:",
        f"  left:  {notation(left)}",
        f"  right: {notation(right)}",
    ]
