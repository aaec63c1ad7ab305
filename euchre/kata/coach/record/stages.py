"""The kata's stages, in the order a learner builds them: the one home of that order.

The coach, the workspace's README, the living documentation, this repository's README and
its pytest markers all read (or are checked against) this table.

Each stage asks for one new thing, and can be made green with only what it and the stages
before it ask for: play order's tricks are all of one suit, so the higher card wins them;
winning a trick says how trump and the other suits rank. Scoring is a pure function of the
makers' tricks, so it comes before the bidding stages.
"""

from __future__ import annotations

from dataclasses import dataclass

KATA_STAGES = 5
"""Stages 1 to 5 are the kata's five stories; the stages after them are the whole game."""

TESTS = "tests"
"""The workspace folder of the learner's own unit tests: the inner loop, after the scenarios."""


@dataclass(frozen=True)
class Stage:
    """One story: its feature, the step module that collects its scenarios, and a summary."""

    number: int
    name: str
    feature: str
    summary: str

    @property
    def stem(self) -> str:
        return self.feature.removesuffix(".feature")

    @property
    def feature_path(self) -> str:
        return f"features/{self.feature}"

    @property
    def steps(self) -> str:
        return f"step_defs/test_{self.stem}.py"


STAGES = (
    Stage(
        1,
        "Dealing the hand",
        "dealing.feature",
        "2 cards each, then 3 each, from the dealer's left; the kitty and the upcard",
    ),
    Stage(
        2,
        "Play order",
        "play_order.feature",
        "the player on the dealer's left leads; play passes left; the winner of a trick leads"
        " the next",
    ),
    Stage(
        3,
        "The lead suit",
        "lead_suit.feature",
        "following suit, trumping, throwing off, and the Left Bar",
    ),
    Stage(
        4,
        "The trump suit",
        "trump_suit.feature",
        "Right Bar, Left Bar, A, K, Q, 10, 9, for every trump suit",
    ),
    Stage(
        5,
        "Winning a trick",
        "winning_a_trick.feature",
        "trump beats the lead suit; an off-suit card never wins",
    ),
    # The whole game, beyond the kata's single hand: optional stages for those who finish.
    Stage(
        6,
        "Scoring a hand",
        "scoring.feature",
        "1 point, 2 for a march, 4 for a lone march, 2 for a euchre",
    ),
    Stage(
        7,
        "Making trump",
        "making_trump.feature",
        "two rounds of bidding; the dealer picks up the upcard and discards",
    ),
    Stage(
        8,
        "Stick the dealer",
        "stick_the_dealer.feature",
        "when everyone passes twice: the dealer must call, or the hand is redealt",
    ),
    Stage(
        9,
        "Going alone",
        "going_alone.feature",
        "the maker's partner sits out; who leads then",
    ),
    Stage(
        10,
        "The game",
        "the_game.feature",
        "a hand played out trick by trick to its score, and a game played to 10 points",
    ),
)
