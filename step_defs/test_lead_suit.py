"""Steps for features/lead_suit.feature."""

from __future__ import annotations

from pytest_bdd import scenarios, then, when

from euchre.cards import Card, Suit
from euchre.errors import EuchreError, MustFollowSuitError
from euchre.seats import Seat
from euchre.trick import Trick, legal_plays
from step_defs.conftest import Table, step

scenarios("lead_suit.feature")


@when(step("{player:Player} leads {card:Card}"), target_fixture="trick")
def _leads(table: Table, player: Seat, card: Card) -> Trick:
    trick = table.first_trick()
    trick.play(player, card, table.cards_of(player, card))
    return trick


@then(step("the lead suit is {suit:Suit}"))
def _lead_suit(trick: Trick, suit: Suit) -> None:
    assert trick.lead_suit is suit


@then(step("{player:Player} may play only {cards:Cards}"))
@then(step("{player:Player} may play any of {cards:Cards}"))
def _may_play(table: Table, trick: Trick, player: Seat, cards: tuple[Card, ...]) -> None:
    assert legal_plays(table.hands[player], trick.lead_suit, table.trump) == cards


@then(step("the play is refused: {player:Player} must follow {suit:Suit}, holding {cards:Cards}"))
def _must_follow(
    refusal: EuchreError | None, player: Seat, suit: Suit, cards: tuple[Card, ...]
) -> None:
    assert isinstance(refusal, MustFollowSuitError)
    assert str(refusal) == f"{player} must follow {suit} (holds {' '.join(map(str, cards))})"
