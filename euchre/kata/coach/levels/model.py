"""Level ``model``: the learner writes the model; the step definitions are given. The reach
counts scenarios, and ``make next`` reveals them one at a time (or the rest of a stage)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .. import typed
from ..record import reach as reach_file
from ..record.line import Line
from ..record.reach import Reach
from ..record.stages import STAGES, Stage
from ..running.features import Features, Misshapen, Rule, Scenario
from .level import NOTHING, AllReached, Measured, Refused, Reveal, Revealed, not_green

EVERYTHING_REACHED = "you have reached every scenario of every stage: the whole game is yours"


class Model:
    name = "model"
    unit = "scenario"
    counted = "reached scenarios"
    written = "code"
    sides: tuple[tuple[str, str], ...] = (("the model gives", "your model gives"),)
    advised: tuple[str, ...] = ("euchre",)
    by_story = False
    still_passes = ""  # no wrong model is measured at this level

    def to_run(self, features: Features, reach: Reach) -> list[Scenario]:
        return features.reached(reach)

    def in_stage(self, features: Features, reach: Reach) -> int:
        return len(features.of(reach.current))

    def measure(
        self,
        workspace: Path,
        features: Features,
        reach: Reach,
        ran: list[Scenario],
        history: Sequence[Line],
    ) -> Measured:
        return NOTHING

    def specified(self, workspace: Path, features: Features, ran: list[Scenario]) -> str:
        return ""  # the features and the steps are given

    def unwritten(self, features: Features, reach: Reach) -> list[tuple[Stage, Rule | None]]:
        return []

    def misshapen(self, ran: list[Scenario]) -> list[Misshapen]:
        """None: the features are the kata's own."""
        return []

    def reveal(
        self,
        workspace: Path,
        features: Features,
        reach: Reach,
        last: Line | None,
        stage: int | None,
    ) -> Reveal:
        found = not_green(last) or _ahead(features, reach, stage)
        if isinstance(found, (Refused, AllReached)):
            return found
        reached, count = found
        reach_file.save(workspace, reached)
        new = features.of(reached.current)[reached.revealed - count : reached.revealed]
        return Revealed(reached, scenarios=new)


def _ahead(
    features: Features, current: Reach, stage: int | None
) -> tuple[Reach, int] | Refused | AllReached:
    """The reach after revealing, and how many scenarios of its stage are new; or why not."""
    complete = current.revealed >= len(features.of(current.current))
    if complete and current.stage == len(STAGES):
        return AllReached(EVERYTHING_REACHED)
    if stage is not None:
        # One stage at a time: the rest of this one, or the next once this one is complete.
        allowed = current.stage + 1 if complete else current.stage
        if stage != allowed:
            opened = typed.option("stage", stage)
            return Refused(f"{opened} is not open: take stage {allowed}, one stage at a time")
        whole = len(features.of(STAGES[stage - 1]))
        already = 0 if complete else current.revealed
        return Reach(stage, whole), whole - already
    if complete:
        return Reach(current.stage + 1, 1), 1
    return Reach(current.stage, current.revealed + 1), 1
