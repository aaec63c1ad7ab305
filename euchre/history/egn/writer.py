"""Writing an EGN game: the known cards in the plain notation, the score it starts from, the
notes; a file read and written back keeps every field this reader does not use."""

from __future__ import annotations

import json
from typing import Any

from euchre.history.egn.deal import phases
from euchre.history.egn.game import EgnDeal, EgnGame
from euchre.history.egn.notation import (
    FILE_TYPE,
    SEATS,
    VERSION,
    EgnError,
    either,
    write_call,
    write_card,
    write_notes,
)
from euchre.history.egn.ruleset import read_ruleset, write_ruleset
from euchre.seats import Team


def dumps(game: EgnGame) -> str:
    """The game as EGN text, indented as the files of the specification are."""
    return json.dumps(write_egn(game), indent=2, ensure_ascii=False) + "\n"


def write_egn(game: EgnGame) -> dict[str, Any]:
    """The game as an EGN document; a file read and written back keeps its metadata, its
    annotations and every field this reader does not use. A game of no deals is refused, as
    the reader refuses it."""
    if not game.deals:
        raise EgnError("no deals")
    metadata = dict(game.metadata)
    metadata.setdefault("title", "A game of Euchre")
    metadata.setdefault("players", [game.players.get(seat, str(seat)) for seat in SEATS])
    metadata["initialScore"] = [game.initial_score[Team.NS], game.initial_score[Team.EW]]
    if "ruleset" not in metadata or read_ruleset(metadata["ruleset"]) != game.rules:
        metadata["ruleset"] = write_ruleset(game.rules)
    document: dict[str, Any] = {
        "fileType": FILE_TYPE,
        "version": VERSION,
        "metadata": metadata,
        "deals": [write_deal(deal, number) for number, deal in enumerate(game.deals)],
    }
    return document | dict(game.extra)


_DEAL_KEYS: tuple[str, ...] = ("dealNumber", "initialState", "phases")
_STATE_KEYS = ("dealer", "upCard", "playerCards", "player_cards")
_BIDDING_KEYS: tuple[str, ...] = ("phaseNumber", "type", "calls", "isAlone", "aloneDefender")
_BIDDING_KEYS += ("discard", "callAnnotations", "calls_annotations")
_PLAY_KEYS = ("phaseNumber", "type", "tricks", "playAnnotations", "tricks_annotations")


def write_deal(deal: EgnDeal, number: int) -> dict[str, Any]:
    """One deal in EGN: the known cards in the plain notation, the notes by index."""
    hand, source = deal.hand, deal.source or {}
    source_state = source.get("initialState", {})
    source_bidding, source_play = phases(source) if source else ({}, {})
    state: dict[str, Any] = {"dealer": SEATS.index(hand.dealer), "upCard": write_card(hand.upcard)}
    if not source or either(source_state, "playerCards", "player_cards") is not None:
        state["playerCards"] = [
            [write_card(card) for card in hand.deal.hands[seat]]
            if deal.known(seat) and (seat is not hand.dealer or deal.discard_known)
            else []
            for seat in SEATS
        ]
    state |= {key: value for key, value in source_state.items() if key not in _STATE_KEYS}
    bidding: dict[str, Any] = {
        "phaseNumber": 0,
        "type": "EUCHRE_BIDDING",
        "calls": [write_call(bid) for _, bid in hand.bids],
        "isAlone": hand.alone,
    }
    if hand.lone_defender is not None:
        bidding["aloneDefender"] = SEATS.index(hand.lone_defender)
    if hand.discarded is not None and deal.discard_known:
        bidding["discard"] = write_card(hand.discarded)
    if deal.call_notes:
        bidding["callAnnotations"] = write_notes(deal.call_notes)
    bidding |= {key: value for key, value in source_bidding.items() if key not in _BIDDING_KEYS}
    written_phases = [bidding]
    tricks = [*hand.tricks, *([hand.trick] if hand.trick and hand.trick.plays else [])]
    if hand.trump is not None:
        play: dict[str, Any] = {
            "phaseNumber": 1,
            "type": "TRICK_PLAY",
            "tricks": [[write_card(card) for _, card in trick.plays] for trick in tricks],
        }
        if deal.play_notes:
            play["playAnnotations"] = write_notes(deal.play_notes)
        play |= {key: value for key, value in source_play.items() if key not in _PLAY_KEYS}
        written_phases.append(play)
    written = {"dealNumber": number, "initialState": state, "phases": written_phases}
    return written | {key: value for key, value in source.items() if key not in _DEAL_KEYS}
