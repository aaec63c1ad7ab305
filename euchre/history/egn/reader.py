"""Reading an EGN game: the document checked as a game, deal by deal.

    game = load_egn(json.loads(text))        # the whole game, or EgnError at the first problem
    for where, outcome in read_egn(document):  # each deal, or what is wrong with it
        ...

A game is read in three steps. The header first (``fileType``, ``metadata``: the ruleset, the
players, the score it starts from); then each deal in turn, replayed through the rules model by
``read_deal`` (``deal.py``) and checked in its place in the game (the dealer moves left, an
unfinished deal is the last, no deal follows the end of the game); last the ``finalScore`` the
file claims, against the score its deals bring.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from euchre.hand import Hand
from euchre.history.egn.deal import read_deal
from euchre.history.egn.game import EgnDeal, EgnGame, Score, game_over, score_after
from euchre.history.egn.notation import FILE_TYPE, EgnError, is_egn
from euchre.history.egn.ruleset import read_ruleset
from euchre.history.record import RecordError, expected
from euchre.seats import Team

Outcome = EgnDeal | RecordError
"""A deal replayed, or what is wrong with it (or with the game, labelled "game")."""


def load_egn(document: Any) -> EgnGame:
    """The game an EGN document holds, every deal checked; EgnError at the first problem."""
    reader = _GameReader(document)
    for where, outcome in reader.read():
        if isinstance(outcome, RecordError):
            raise EgnError(f"{where}: {outcome}") if where != "game" else outcome
    assert reader.game is not None
    return reader.game


def read_egn(document: Any) -> Iterator[tuple[str, Outcome]]:
    """Each deal of an EGN document replayed and checked as part of the game, labelled
    "deal N" (from 1); what is wrong with the game as a whole is labelled "game"."""
    return _GameReader(document).read()


def read_egn_with_scores(document: Any) -> Iterator[tuple[str, Outcome, Score | None]]:
    """``read_egn``, each deal with the game's score after it (None beside a problem)."""
    reader = _GameReader(document)
    for where, outcome in reader.read():
        yield where, outcome, reader.score if isinstance(outcome, EgnDeal) else None


class _GameReader:
    """The game so far, as its deals are read: the rules, the dealer and the running score."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.game: EgnGame | None = None
        self.score: Score = {}
        """The running score: after the last deal read, from ``initialScore``."""

    def read(self) -> Iterator[tuple[str, Outcome]]:
        try:
            game = self.game = read_header(self.document)
        except EgnError as error:
            yield "game", error
            return
        raw_deals = self.document["deals"]
        if not raw_deals:
            yield "game", EgnError("no deals")
            return
        self.score = game.initial_score
        over = game_over(game.rules, self.score, 0)
        if over is not None:
            yield "game", EgnError(f"initialScore: the game is already over: {over}")
            return
        previous: Hand | None = None
        for number, raw in enumerate(raw_deals, start=1):
            where = f"deal {number}"
            if over is not None:
                yield where, EgnError(f"the game was over: {over}")
                continue
            try:
                deal = read_deal(raw, game.rules)
                _in_place(deal.hand, previous, number, len(raw_deals))
            except EgnError as error:
                yield where, error
                previous = None
                continue
            previous = deal.hand
            game.deals.append(deal)
            if deal.hand.result is not None:
                self.score = score_after(self.score, deal.hand)
                over = game_over(game.rules, self.score, number)
            yield where, deal
        if len(game.deals) == len(raw_deals):
            problem = _final_score(game.metadata, self.score)
            if problem is not None:
                yield "game", problem


def read_header(document: Any) -> EgnGame:
    """The game without its deals: the rules, the score it starts from, the metadata."""
    if not is_egn(document):
        raise EgnError(f'fileType: expected "{FILE_TYPE}"')
    metadata = document.get("metadata", {})
    if not isinstance(metadata, Mapping):
        raise EgnError(f"metadata: {expected('an object', metadata)}")
    if not isinstance(document.get("deals"), list):
        raise EgnError(f"deals: {expected('a list of deals', document.get('deals'))}")
    rules = read_ruleset(metadata.get("ruleset", {}))
    initial = metadata.get("initialScore", [0, 0])
    if not (
        isinstance(initial, list)
        and len(initial) == 2
        and all(type(points) is int and 0 <= points < 1000 for points in initial)
    ):
        raise EgnError(f"initialScore: {expected('two scores such as [0, 0]', initial)}")
    extra = {
        key: value
        for key, value in document.items()
        if key not in ("fileType", "version", "metadata", "deals")
    }
    return EgnGame(rules, [], dict(zip(Team, initial, strict=True)), dict(metadata), extra)


def _in_place(hand: Hand, previous: Hand | None, number: int, deals: int) -> None:
    """A deal follows the one before it: dealt by the next seat, after a finished deal."""
    if hand.result is None and number < deals:
        raise EgnError("the deal is not finished, but another deal follows it")
    if previous is not None and hand.dealer is not previous.dealer.left:
        before = previous.dealer
        raise EgnError(
            f"dealer: {before} dealt deal {number - 1}, so {before.left} deals deal"
            f" {number}, not {hand.dealer}"
        )


def _final_score(metadata: Mapping[str, Any], score: Score) -> EgnError | None:
    """The ``finalScore`` the file claims, if any, against the score its deals bring."""
    final = metadata.get("finalScore")
    ns, ew = score[Team.NS], score[Team.EW]
    if final is None or final == [ns, ew]:
        return None
    return EgnError(f"finalScore: the deals bring the score to [{ns}, {ew}], not {final}")
