"""A game: hands until a partnership reaches the target, the deal passing to the left."""

import random

import pytest

from euchre.errors import GameOverError
from euchre.game import Game
from euchre.rules import Rules
from euchre.seats import Seat, Team
from tests.builders import make_deal


def play_game(game: Game) -> Game:
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.hand.legal_actions()))
    return game


def test_the_deal_passes_to_the_left_after_every_hand() -> None:
    game = Game(random.Random(3), dealer=Seat.WEST)
    dealers = []
    rng = random.Random(4)
    while len(game.results) < 5:
        dealers.append(game.hand.dealer)
        hand = game.hand
        while game.hand is hand:
            game.apply(rng.choice(hand.legal_actions()))
    assert dealers == [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]


def test_the_game_ends_at_the_end_of_the_hand_that_reaches_the_target() -> None:
    game = play_game(Game(random.Random(5)))
    assert game.winner is not None
    assert game.scores[game.winner] >= 10
    assert game.scores[game.winner.opponents] < 10
    before_last = {team: game.scores[team] - game.results[-1].points[team] for team in Team}
    assert max(before_last.values()) < 10
    assert sum(r.points[team] for r in game.results for team in Team) == sum(game.scores.values())


def test_the_target_is_a_rule_setting() -> None:
    game = play_game(Game(random.Random(6), Rules(points_to_win=5)))
    assert game.winner is not None
    assert game.scores[game.winner] >= 5
    before_last = {team: game.scores[team] - game.results[-1].points[team] for team in Team}
    assert max(before_last.values()) < 5


def test_a_finished_game_takes_no_more_actions() -> None:
    from euchre.actions import Pass

    game = play_game(Game(random.Random(7)))
    scores = dict(game.scores)
    with pytest.raises(GameOverError, match=r"the game is over: (NS|EW) won \d+-\d+"):
        game.apply(Pass())
    assert game.scores == scores


def test_a_thrown_in_hand_scores_nothing_and_the_next_dealer_deals() -> None:
    from euchre.actions import Pass

    game = Game(random.Random(8), Rules(stick_the_dealer=False), dealer=Seat.WEST)
    for _ in range(8):
        game.apply(Pass())
    assert game.results[0].thrown_in
    assert game.hand.dealer is Seat.NORTH
    assert game.scores == {Team.NS: 0, Team.EW: 0}


def test_the_same_seed_plays_the_same_game() -> None:
    one, two = play_game(Game(random.Random(9))), play_game(Game(random.Random(9)))
    assert one.results == two.results


def test_a_game_can_resume_at_a_score_with_a_given_deal() -> None:
    dealt = make_deal()
    game = Game.resume(random.Random(10), {Team.NS: 9, Team.EW: 6}, dealt)
    assert game.scores == {Team.NS: 9, Team.EW: 6}
    assert game.hand.deal is dealt
    assert game.hands == [game.hand]
    assert game.rules == Rules()
    assert not game.is_over


def test_a_resumed_game_ends_when_a_team_reaches_the_target_exactly() -> None:
    from euchre.actions import Pass

    game = Game.resume(
        random.Random(11), {Team.NS: 4, Team.EW: 0}, make_deal(), Rules(points_to_win=5)
    )
    play_game(game)
    assert game.winner is not None
    assert game.scores[game.winner] >= 5
    with pytest.raises(GameOverError):
        game.apply(Pass())


def test_a_game_resumes_only_from_a_score_short_of_the_target() -> None:
    with pytest.raises(ValueError, match="a game at 10-0 is already over"):
        Game.resume(random.Random(12), {Team.NS: 10, Team.EW: 0}, make_deal())
    with pytest.raises(ValueError, match="scores are 0 or more, not -1"):
        Game.resume(random.Random(12), {Team.NS: -1, Team.EW: 0}, make_deal())


def test_a_game_ends_when_a_team_reaches_exactly_the_target() -> None:
    from tests.builders import action

    # The hand of docs/hand-record.md: East orders up hearts and East-West win 3 tricks, 1 point.
    game = Game.resume(random.Random(13), {Team.NS: 0, Team.EW: 9}, make_deal())
    plays = "AC QC 10C 9D  KC 10D JC KH  JD 9S JH 10H  9H AH JS QS  QD 10S AS KD"
    for text in ["pass", "order up", "discard 9C", *(f"play {card}" for card in plays.split())]:
        game.apply(action(text))
    assert game.scores == {Team.NS: 0, Team.EW: 10}
    assert game.winner is Team.EW
    assert game.is_over
    assert len(game.hands) == 1
