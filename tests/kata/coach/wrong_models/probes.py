"""What each wrong model changes, as a probe asks the model: the catalogue's test applies each
wrong model and checks that its probe sees a change, and that none is left once it is undone.
Read by the tests alone, so the catalogue a workspace installs carries none of it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from euchre.kata.coach.wrong_models import (
    hands,
    kit,
    lead_suit,
    making_trump,
    table,
)


def ranking(trump: str) -> object:
    return kit.shown(kit.model("trump").trump_ranking(kit.suit(trump)))


def bars(trump: str, bar: str) -> object:
    found = getattr(kit.model("trump"), bar)
    return kit.shown([card for card in kit.model("cards").DECK if found(card, kit.suit(trump))])


def trick(trump: str, played: str, leader: int = 1) -> Any:
    """A trick led by player ``leader``, with ``played`` played to it in turn."""
    made = kit.model("trick").Trick(kit.seat(leader), kit.suit(trump))
    for number, card in enumerate(kit.cards(played)):
        made.play(made.order[number], card, [card])
    return made


def won(trump: str, played: str) -> object:
    return kit.shown(trick(trump, played).winner)


def seeded() -> random.Random:
    return random.Random(2026)


def passes(count: int) -> list[Any]:
    return [kit.model("actions").Pass()] * count


def resumed(settings: dict[str, Any], scores: tuple[int, int] = (0, 0)) -> Any:
    team = kit.model("seats").Team
    dealt = kit.model("deal").deal(list(kit.model("cards").DECK), kit.seat(4))
    return kit.model("game").Game.resume(
        seeded(), dict(zip(team, scores, strict=True)), dealt, hands.rules(**settings)
    )


def _thrown_in(settings: dict[str, Any], result: Callable[[Any], object]) -> Callable[[], object]:
    def probe() -> object:
        game = resumed({"stick_the_dealer": False, **settings})
        for action in passes(8):
            game.apply(action)
        return result(game)

    return probe


ONE_HAND = {"points_to_win": 0, "num_deals": 1}


def player_3_alone(settings: dict[str, Any]) -> Callable[[], object]:
    """Team 1 Player 3 names hearts alone in round 2, so Team 1 Player 1 sits out."""
    named = hands.actions().NameTrump(kit.suit("hearts"), alone=True)
    return lambda: table.alone(settings, *passes(6), named)()


def eight_passes(**settings: Any) -> Callable[[], object]:
    def probe() -> object:
        played = kit.hand(hands.rules(**settings), *passes(7))
        return kit.outcome(lambda: (played.apply(hands.actions().Pass()), played.result is None))

    return probe


def scored(tricks: int, alone: bool = False, rules: Any = None) -> object:
    makers = kit.model("seats").Team.NS
    if rules is None:
        return kit.shown(kit.model("scoring").score(makers, tricks, alone))
    return kit.shown(kit.model("scoring").score(makers, tricks, alone, rules=rules))


def _played_to(made: Any, player: int, card: str, held: str = "") -> object:
    return kit.outcome(
        lambda: (made.play(kit.seat(player), *kit.cards(card), kit.cards(held or card)), made.plays)
    )


def discarded(card: str) -> object:
    played = kit.hand(None, hands.actions().OrderUp())
    return kit.outcome(
        lambda: (played.apply(hands.actions().Discard(*kit.cards(card))), played.cards(kit.seat(4)))
    )


def _first_play() -> object:
    played = kit.hand(None, hands.actions().OrderUp(), hands.actions().Discard(*kit.cards("9D")))
    return kit.outcome(
        lambda: (played.apply(hands.actions().Play(*kit.cards("9C"))), played.trick.plays)
    )


def lead_of(trump: str, played: str) -> object:
    return kit.shown(trick(trump, played).lead_suit)


def played_out(result: Callable[[Any], object]) -> Callable[[], object]:
    def probe() -> object:
        made = kit.hand(None, hands.actions().OrderUp(), hands.actions().Discard(*kit.cards("9D")))
        kit.play_out(made, lambda: made)
        return result(made)

    return probe


def unshuffled_deal(dealer: int = 4) -> Any:
    return kit.model("deal").deal(list(kit.model("cards").DECK), kit.seat(dealer))


def deck() -> list[Any]:
    return list(kit.model("cards").DECK)


def refusal_of_deck(cards: list[Any]) -> str:
    """What the deal says of a deck it refuses, in its own words."""
    try:
        kit.model("deal").deal(cards, kit.seat(4))
    except Exception as error:
        return str(error)
    return "dealt"


PROBES: dict[str, Callable[[], object]] = {
    "three-then-two": lambda: kit.shown(unshuffled_deal().hands[kit.seat(1)]),
    "dealer-dealt-first": lambda: kit.shown(unshuffled_deal(1).hands[kit.seat(2)]),
    "threes-from-player-1": lambda: kit.shown(unshuffled_deal(1).hands[kit.seat(2)]),
    "shuffle-keeps-the-order": lambda: kit.shown(kit.model("deal").shuffled_deck(seeded())),
    "shuffle-loses-a-card": lambda: len(set(map(str, kit.model("deal").shuffled_deck(seeded())))),
    "shuffle-ignores-its-seed": lambda: (
        kit.shown(kit.model("deal").shuffled_deck(seeded()))
        == kit.shown(kit.model("deal").shuffled_deck(seeded()))
    ),
    "shuffle-always-the-same": lambda: (
        kit.shown(kit.model("deal").shuffled_deck(random.Random(1)))
        == kit.shown(kit.model("deal").shuffled_deck(random.Random(2)))
    ),
    "kitty-of-three": lambda: kit.shown(unshuffled_deal().kitty),
    "upcard-at-the-bottom": lambda: kit.shown(unshuffled_deal().upcard),
    "deals-23-cards": lambda: kit.outcome(
        lambda: kit.model("deal").deal(list(kit.model("cards").DECK)[:-1], kit.seat(4))
    ),
    "deals-a-card-twice": lambda: kit.outcome(
        lambda: kit.model("deal").deal(
            [*list(kit.model("cards").DECK)[:-1], kit.cards("9C")[0]], kit.seat(4)
        )
    ),
    "twice-names-no-card": lambda: refusal_of_deck([*deck()[:-1], *kit.cards("9C")]),
    "twice-names-the-last-card": lambda: refusal_of_deck([*kit.cards("QH"), *deck()[1:]]),
    "missing-names-no-card": lambda: refusal_of_deck(deck()[:-1]),
    "missing-is-always-the-ace-of-spades": lambda: refusal_of_deck(deck()[1:]),
    "lead-suit-of-the-last-card": lambda: lead_of("spades", "9H KC"),
    "leader-must-lead-trump": lambda: lead_suit.allowed("9H AS JC", None, "spades"),
    "trump-may-always-be-played": lambda: lead_suit.allowed("AS 10H KC", "hearts", "spades"),
    "following-not-enforced": lambda: kit.outcome(
        lambda: trick("spades", "9H").play(kit.seat(2), *kit.cards("AS"), kit.cards("AS 10H KC"))
    ),
    "must-trump-when-void": lambda: lead_suit.allowed("AS KC QD", "hearts", "spades"),
    "trump-led-frees-everyone": lambda: lead_suit.allowed("9S AH", "spades", "spades"),
    "left-bar-leads-its-printed-suit": lambda: lead_of("hearts", "JD"),
    "left-bar-only-when-red": lambda: lead_of("spades", "JC"),
    "left-bar-also-follows-its-printed-suit": lambda: lead_suit.allowed(
        "JD AS KC", "diamonds", "hearts"
    ),
    "play-follows-printed-suits": lambda: kit.outcome(
        lambda: (
            trick("hearts", "9D").play(kit.seat(2), *kit.cards("JD"), kit.cards("JD 10D"))
            or "played"
        )
    ),
    "bid-out-of-turn-taken": lambda: making_trump.bid((hands.actions().OrderUp(), kit.seat(2)))(),
    "upcard-left-for-an-opponent": lambda: kit.outcome(
        lambda: kit.hand(None, hands.actions().OrderUp()).cards(kit.seat(4))
    ),
    "round-1-name-taken-as-order-up": lambda: making_trump.bid(
        hands.actions().NameTrump(kit.suit("hearts"))
    )(),
    "dealer-keeps-the-upcard": lambda: discarded("JS"),
    "discard-not-held-bare-error": lambda: discarded("9C"),
    "round-2-order-up-taken-as-pass": lambda: making_trump.bid(
        *passes(4), hands.actions().OrderUp()
    )(),
    "turned-down-suit-taken-as-pass": lambda: making_trump.bid(
        *passes(4), hands.actions().NameTrump(kit.suit("spades"))
    )(),
    "no-pass-in-round-2": lambda: making_trump.bid(*passes(4), hands.actions().Pass())(),
    "play-ignored": _first_play,
    "dealer-leads": lambda: kit.shown(kit.model("trick").first_leader(kit.seat(4))),
    "player-1-always-leads": lambda: kit.shown(kit.model("trick").first_leader(kit.seat(1))),
    "play-goes-right": lambda: kit.shown(
        kit.model("trick").Trick(kit.seat(1), kit.suit("spades")).order
    ),
    "out-of-turn-played": lambda: _played_to(trick("spades", "9H"), 3, "10H"),
    "trick-keeps-the-last-card": lambda: kit.shown(trick("spades", "9H 10H").plays),
    "card-not-held-played": lambda: _played_to(trick("spades", "9H"), 2, "KH", "10H AS"),
    "fifth-card-ignored": lambda: _played_to(trick("spades", "9H KH 10H QH"), 1, "AH"),
    "next-trick-same-leader": lambda: kit.shown(trick("spades", "9H AH 10H QH").next_trick().order),
    "next-player-leads-the-next-trick": lambda: kit.shown(
        trick("spades", "9H 10H AH QH").next_trick().order
    ),
    "anyone-may-lead": lambda: _played_to(
        kit.model("trick").Trick(kit.seat(1), kit.suit("spades")), 3, "10H"
    ),
    "leader-plays-a-card-not-held": lambda: _played_to(
        kit.model("trick").Trick(kit.seat(1), kit.suit("spades")), 1, "KH", "10H AS"
    ),
    "march-scores-1": lambda: scored(5),
    "three-tricks-euchred": lambda: scored(3),
    "euchre-scores-1": lambda: scored(2),
    "lone-march-scores-2": lambda: scored(5, alone=True),
    "house-scores-ignored": lambda: scored(5, True, kit.model("rules").Rules(loner_march_score=5)),
    "stuck-dealer-may-pass": eight_passes(),
    "redeal-rule-ignored": eight_passes(stick_the_dealer=False),
    "partner-plays-with-a-loner": lambda: table.alone({}, hands.actions().OrderUp(alone=True))(),
    "loners-left-sits-out": lambda: table.alone({}, hands.actions().OrderUp(alone=True))(),
    "dealer-leads-for-the-eldest": player_3_alone({}),
    "dealer-sits-out-without-discarding": lambda: table.alone(
        {}, hands.actions().Pass(), hands.actions().OrderUp(alone=True)
    )(),
    "loners-left-rule-ignored": lambda: player_3_alone(
        {"loner_lead": kit.model("rules").LonerLead.LEFT_OF_LONER}
    )(),
    "canadian-loner-ignored": lambda: kit.outcome(
        lambda: (
            kit.hand(
                hands.rules(canadian=True), hands.actions().Pass(), hands.actions().OrderUp()
            ).maker
        )
    ),
    "points-to-the-other-team": played_out(lambda made: kit.shown(made.result.points)),
    "game-to-11": lambda: kit.outcome(lambda: resumed({}, (10, 0)).is_over),
    "same-dealer-again": _thrown_in({}, lambda game: kit.shown(game.hand.dealer)),
    "game-of-hands-goes-on": _thrown_in(ONE_HAND, lambda game: game.is_over),
    "drawn-game-won-by-team-1": _thrown_in(ONE_HAND, lambda game: kit.shown(game.winner)),
    "leader-wins": lambda: won("spades", "9H 10H AH QH"),
    "off-suit-can-win": lambda: won("spades", "9H AC AD 10H"),
    "jack-high-in-plain-suits": lambda: won("hearts", "AC JC 9D 10D"),
    "ten-below-nine": lambda: won("hearts", "9C 10C 9D 10D"),
    "trump-does-not-beat-the-lead": lambda: won("spades", "AH 9S KH QH"),
    "trump-beats-only-lower-ranks": lambda: won("hearts", "AC AD AS 9H"),
    "trumps-by-plain-rank": lambda: won("hearts", "AH JD JH KH"),
    "left-bar-beats-right-bar": lambda: won("hearts", "AH JD JH KH"),
    "first-trump-wins": lambda: won("hearts", "AS 9H KH 10H"),
    "left-bar-below-the-ace": lambda: won("hearts", "AH JD KH QH"),
    "left-bar-wins-as-its-printed-suit": lambda: won("hearts", "9D AD JD KD"),
    "winner-before-the-end": lambda: kit.outcome(lambda: trick("spades", "9H AH").winner),
    "complete-after-three-cards": lambda: trick("spades", "9H AH KD").is_complete,
    "ace-above-the-bars": lambda: ranking("hearts"),
    "left-bar-not-ranked": lambda: ranking("clubs"),
    "left-bar-of-the-other-colour": lambda: bars("hearts", "is_left_bower"),
    "every-jack-is-a-right-bar": lambda: bars("hearts", "is_right_bower"),
    "ace-of-trump-is-a-bar": lambda: bars("hearts", "is_right_bower"),
}
