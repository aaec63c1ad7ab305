"""EGN games from, and to, the project's own formats: hand records and saved games.

A hand record and a saved game hold every card; EGN may not. So an EGN deal with a card nobody
saw is refused, never invented, and a saved game starts at 0-0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from euchre.hand import Hand
from euchre.history.egn.game import EgnDeal, EgnGame
from euchre.history.egn.notation import SEATS, EgnError
from euchre.history.record import RecordError, read_rules, rules_json, write_record
from euchre.history.saved_game import FORMAT as SAVED_GAME
from euchre.history.saved_game import replay_game
from euchre.rules import Rules
from euchre.seats import Seat, Team


def egn_from_hands(
    hands: Sequence[Hand],
    rules: Rules | None = None,
    players: Mapping[Seat, str] | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> EgnGame:
    """Hands the project played (every card known), in order, as an EGN game from 0-0."""
    rules = rules if rules is not None else (hands[0].rules if hands else Rules())
    for number, hand in enumerate(hands, start=1):
        if hand.rules != rules:
            raise EgnError(f"hand {number}: its rules are not the game's: EGN has one ruleset")
    names = players or {seat: seat.name.title() for seat in SEATS}
    data = {"title": "A game of Euchre", "players": [names[seat] for seat in SEATS]}
    return EgnGame(rules, [EgnDeal(hand) for hand in hands], metadata=data | dict(metadata or {}))


def egn_from_saved(saved: Mapping[str, Any]) -> EgnGame:
    """A saved game (``saved_game.py``) as EGN: its hands, the unfinished one last."""
    hands = []
    for where, outcome in replay_game(saved):
        if isinstance(outcome, RecordError):
            raise EgnError(f"{where}: {outcome}")
        hands.append(outcome)
    players = saved.get("players")
    names = (
        {seat: str(players.get(str(seat), seat.name.title())) for seat in SEATS}
        if isinstance(players, Mapping)
        else None
    )
    when = saved["hands"][0].get("played_at") if saved["hands"] else None
    metadata = {"date": when} if isinstance(when, str) else {}
    return egn_from_hands(hands, read_rules(saved), names, metadata)


def records_from_egn(game: EgnGame) -> list[dict[str, Any]]:
    """Each deal as a hand record; a hand record holds every card, so an unknown one is refused.

    A game of no deals is refused too: no records is not a file of hand records.
    """
    if not game.deals:
        raise EgnError("no deals")
    records = []
    for number, deal in enumerate(game.deals, start=1):
        _every_card_known(deal, number)
        if deal.hand.result is None:
            raise EgnError(f"deal {number}: not finished: a hand record holds a whole hand")
        records.append(write_record(deal.hand))
    return records


def saved_from_egn(game: EgnGame) -> dict[str, Any]:
    """The game as a saved game (``saved_game.py``), which starts at 0-0 with every card known."""
    if any(game.initial_score.values()):
        ns, ew = game.initial_score[Team.NS], game.initial_score[Team.EW]
        raise EgnError(f"initialScore: a saved game starts at 0-0, not {ns}-{ew}")
    finished = [deal for deal in game.deals if deal.hand.result is not None]
    for number, deal in enumerate(game.deals, start=1):
        _every_card_known(deal, number)
    scores = [{str(team): points for team, points in score.items()} for score in game.scores()]
    names = game.players
    winner = game.winner
    saved: dict[str, Any] = {
        "format": SAVED_GAME,
        "rules": rules_json(game.rules),
        "players": {str(seat): names.get(seat, seat.name.title()) for seat in SEATS},
        "hands": [write_record(deal.hand) for deal in finished],
        "scores": scores,
        "winner": str(winner) if winner else None,
        "finished": winner is not None,
    }
    if winner is None:
        saved["stopped_by"] = "the record ends"
        if len(finished) < len(game.deals):
            saved["unfinished"] = write_record(game.deals[-1].hand)
    return saved


def _every_card_known(deal: EgnDeal, number: int) -> None:
    hand = deal.hand
    missing = [f"{seat}'s cards" for seat in SEATS if not deal.known(seat)]
    if not deal.discard_known:
        missing.append("the discard")
    if deal.unseen.intersection(hand.deal.kitty):
        missing.append("the kitty")
    if missing:
        raise EgnError(
            f"deal {number}: nobody saw {', '.join(missing)}: this needs every card, and"
            " nothing unknown is invented"
        )
