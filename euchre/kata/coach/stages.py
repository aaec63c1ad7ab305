"""The kata's stages, in the order of its stories."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stage:
    """One story of the kata: its feature and the step definitions that drive it."""

    number: int
    name: str
    feature: str

    @property
    def steps(self) -> str:
        return f"step_defs/test_{self.feature.removesuffix('.feature')}.py"


STAGES = (
    Stage(1, "Dealing the hand", "dealing.feature"),
    Stage(2, "Play order", "play_order.feature"),
    Stage(3, "The lead suit", "lead_suit.feature"),
    Stage(4, "The trump suit", "trump_suit.feature"),
    Stage(5, "Winning a trick", "winning_a_trick.feature"),
    # The whole game, beyond the kata's single hand: extra stages for those who finish.
    Stage(6, "Making trump", "making_trump.feature"),
    Stage(7, "Stick the dealer", "stick_the_dealer.feature"),
    Stage(8, "Going alone", "going_alone.feature"),
    Stage(9, "Scoring a hand", "scoring.feature"),
)
