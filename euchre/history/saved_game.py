"""A saved game: the rules, the players, and every hand as a hand record with its time.

A game that stopped before its end (end of input, Ctrl-C, a signal, an error) is saved all the
same: ``finished`` is false, ``stopped_by`` says why, and ``unfinished`` holds the hand in
progress as far as it went. Replaying checks the hands one by one and the game as a game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from euchre.game import Game
from euchre.hand import Hand
from euchre.history.record import (
    RecordError,
    in_words,
    played_at,
    read_rules,
    replay,
    rules_json,
    write_record,
)
from euchre.seats import Seat, Team

FORMAT = "euchre-game/1"


def save_game(
    game: Game,
    players: Mapping[Seat, str],
    played_at: Sequence[datetime],
    stopped_by: str | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The game as JSON: every finished hand, when it ended, and the score after it.

    ``played_at`` holds the time (in UTC) each finished hand ended; a hand that finished as the
    game was stopped, before its time was taken, gets ``now``, the time of saving.
    """
    finished = [hand for hand in game.hands if hand.result is not None]
    when = now or datetime.now(UTC)
    times = [*played_at[: len(finished)], *[when] * (len(finished) - len(played_at))]
    scores, running = [], dict.fromkeys(Team, 0)
    for hand in finished:
        assert hand.result is not None
        for team, points in hand.result.points.items():
            running[team] += points
        scores.append({str(team): points for team, points in running.items()})
    saved: dict[str, Any] = {
        "format": FORMAT,
        "rules": rules_json(game.rules),
        "players": {str(seat): players[seat] for seat in Seat},
        "hands": [write_record(hand, at) for hand, at in zip(finished, times, strict=True)],
        "scores": scores,
        "winner": str(game.winner) if game.winner else None,
        "finished": game.is_over,
    }
    if not game.is_over:
        saved["stopped_by"] = stopped_by or "unknown"
        saved["unfinished"] = write_record(game.hand)
    return saved


Outcome = Hand | RecordError
"""A replayed hand, or what is wrong with it (or with the game, after the last hand)."""


def replay_game(saved: Mapping[str, Any]) -> Iterator[tuple[str, Outcome]]:
    """Each hand of a saved game replayed and checked as part of the game, labelled "hand N".

    The unfinished hand, if any, is checked as far as it went; what is wrong with the game as a
    whole (its rules, the winner) comes last, labelled "game".
    """
    if saved.get("format") != FORMAT or not isinstance(saved.get("hands"), list):
        yield "game", RecordError(f"a saved game has format {FORMAT!r} and a list of hands")
        return
    try:
        game = _GameCheck(saved)
    except RecordError as error:
        yield "game", error
        return
    for number, record in enumerate(saved["hands"], start=1):
        yield f"hand {number}", game.check(number, record)
    if "unfinished" in saved:
        number = len(saved["hands"]) + 1
        yield f"hand {number} (unfinished)", game.check(number, saved["unfinished"], False)
    problem = game.finish()
    if problem is not None:
        yield "game", problem


class _GameError(RecordError):
    """A hand that is legal on its own but out of place in the game."""


class _GameCheck:
    """The game so far, as its hands are replayed: dealer, time, and running score."""

    def __init__(self, saved: Mapping[str, Any]) -> None:
        self.saved = saved
        self.rules = read_rules(saved)
        self.target = self.rules.points_to_win
        self.scores = saved.get("scores")
        if not isinstance(self.scores, list):
            raise RecordError(
                f"scores: expected a list of scores, one for each hand, got {in_words(self.scores)}"
            )
        self.running = dict.fromkeys(Team, 0)
        self.summing = True  # until a hand fails to replay, when the score is unknown
        self.last: tuple[int, Hand, datetime | None] | None = None
        self.won: tuple[Team, int] | None = None

    def check(self, number: int, record: Any, finished: bool = True) -> Outcome:
        try:
            hand = replay(record, finished)
            self._in_the_game(number, hand, played_at(record), finished)
        except RecordError as error:
            if not isinstance(error, _GameError):  # the hand itself is wrong: its place unknown
                self.summing = self.summing and not finished
                self.last = None
            return error
        return hand

    def _in_the_game(self, number: int, hand: Hand, when: datetime | None, finished: bool) -> None:
        if self.won is not None:
            team, at = self.won
            raise _GameError(f"the game was over: {team} reached {self.target} in hand {at}")
        problem = self._out_of_place(number, hand, when)
        self.last = (number, hand, when)
        if finished and self.summing:
            scored = self._score(number, hand)
            problem = problem or scored
        if problem:
            raise _GameError(problem)

    def _out_of_place(self, number: int, hand: Hand, when: datetime | None) -> str | None:
        if hand.rules != self.rules:
            return "rules: this hand's rules are not the game's"
        if self.last is None:
            return None
        before, previous, then = self.last
        if hand.dealer is not previous.dealer.left:
            return (
                f"dealer: {previous.dealer} dealt hand {before}, so {previous.dealer.left}"
                f" deals hand {number}, not {hand.dealer}"
            )
        if when is not None and then is not None and when < then:
            return f"played_at: {_time(when)} is before hand {before}'s {_time(then)}"
        return None

    def _score(self, number: int, hand: Hand) -> str | None:
        assert hand.result is not None
        for team, points in hand.result.points.items():
            self.running[team] += points
        leader = max(Team, key=self.running.__getitem__)
        if self.target and self.running[leader] >= self.target:
            self.won = (leader, number)
        assert isinstance(self.scores, list)
        if number > len(self.scores):
            return None
        written = self.scores[number - 1]
        if not (
            isinstance(written, Mapping)
            and set(written) == {"NS", "EW"}
            and all(type(points) is int for points in written.values())
        ):
            return (
                f'scores: expected an object such as {{"NS": 1, "EW": 0}}, got {in_words(written)}'
            )
        ns, ew = self.running[Team.NS], self.running[Team.EW]
        if (written["NS"], written["EW"]) != (ns, ew):
            return (
                f"scores: after this hand NS has {ns} and EW {ew},"
                f" not NS {in_words(written['NS'])} and EW {in_words(written['EW'])}"
            )
        return None

    def finish(self) -> RecordError | None:
        """What is wrong with the game as a whole, once every hand is replayed."""
        if not self.summing:
            return None
        assert isinstance(self.scores, list)
        hands = len(self.saved["hands"])
        if len(self.scores) != hands:
            return RecordError(f"scores: {len(self.scores)} scores for {hands} hands")
        winner = self.saved.get("winner")
        said = winner if winner in ("NS", "EW") else in_words(winner)
        if self.won is None and winner is not None:
            return RecordError(
                f"winner: nobody has reached {self.target}, so nobody has won, not {said}"
            )
        if self.won is not None and winner != str(self.won[0]):
            team, at = self.won
            return RecordError(
                f"winner: {team} reached {self.target} in hand {at}, so {team} won, not {said}"
            )
        finished = self.saved.get("finished", self.won is not None)
        if not isinstance(finished, bool):
            return RecordError(f"finished: expected true or false, got {in_words(finished)}")
        if finished != (self.won is not None):
            return RecordError(
                f"finished: a team reached {self.target}, so the game is finished"
                if self.won
                else f"finished: nobody has reached {self.target}, so the game goes on"
            )
        return None


def _time(when: datetime) -> str:
    return when.astimezone(UTC).isoformat().replace("+00:00", "Z")
