"""Level ``stories``: each feature holds its user story alone, and the learner discovers the
rules, as a team does in Example Mapping: they write the ``Rule:`` lines (the blue cards) and
the examples that show them (the green ones), and after each green run the coach, as the
product owner, asks one question (a red card) about a wrong model their examples still let
through. The question names a situation and never the rule: the learner answers it with an
example, and the rules' own model (the coach's reference) says whether the answer is right.

The reach counts stages alone: ``Reach(2, 1)`` is the story of stage 2. ``make next`` moves to
the next story once every wrong model of the reached stages is caught.
"""

from __future__ import annotations

from pathlib import Path

from .. import typed
from ..record import reach as reach_file
from ..record.history import Run
from ..record.reach import Reach
from ..record.stages import STAGES, Stage
from ..running.features import Features, Rule, Scenario
from .examples import Caught, not_one_when, unwritten
from .level import AllReached, Measured, Refused, Reveal, Revealed, examples_said, not_green

EVERY_STORY = "you have reached every story of every stage: the whole game is specified"


class Stories:
    name = "stories"
    unit = "story"
    counted = "examples"
    written = "examples"

    def to_run(self, features: Features, reach: Reach) -> list[Scenario]:
        """Every example written in the reached stories, the one in force's included."""
        return features.reached(Reach(reach.stage, len(features.of(reach.current))))

    def in_stage(self, features: Features, reach: Reach) -> int:
        """None counted within a stage: a stage is one story, taken whole."""
        return 0

    def measure(
        self, workspace: Path, features: Features, reach: Reach, ran: list[Scenario]
    ) -> Measured:
        return Measured(caught=asked(workspace, features, reach))

    def specified(self, workspace: Path, features: Features, ran: list[Scenario]) -> str:
        return examples_said(ran)

    def unwritten(self, features: Features, reach: Reach) -> list[tuple[Stage, Rule]]:
        """Each Rule the learner has written in the stories reached with no example under it."""
        return unwritten(features, Reach(reach.stage, len(features.rules(reach.current))))

    def misshapen(self, ran: list[Scenario]) -> list[str]:
        return not_one_when(ran)

    def reveal(
        self, workspace: Path, features: Features, reach: Reach, last: Run | None, stage: int | None
    ) -> Reveal:
        """The next story, once every wrong model of those reached is caught."""
        current = reach.stage
        refused = not_green(last) or _open_questions(last, current)
        if refused:
            return refused
        if current == len(STAGES):
            return AllReached(EVERY_STORY)
        if stage not in (None, current + 1):
            opened = typed.option("stage", stage)
            return Refused(f"{opened} is not open: take stage {current + 1}, one story at a time")
        found = Reach(current + 1, 1)
        reach_file.save(workspace, found)
        return Revealed(found, story=found.current)


def asked(workspace: Path, features: Features, reach: Reach) -> Caught:
    """Run the learner's examples against every wrong model of the reached stages; the question
    of the first they let through, the earlier stages' first."""
    from ..wrong_models import catching  # imported only by a run that asks the wrong models
    from ..wrong_models.catalogue import of_stages

    keys = {s.key for stage in STAGES[: reach.stage] for s in features.of(stage)}
    catch = catching.check(workspace, features, keys, of_stages(range(1, reach.stage + 1)))
    ask = catch.through[0] if catch.through else None
    question = ask.question if ask is not None else ""
    return Caught.of(catch, ask, ahead=False, question=question)


def _open_questions(last: Run | None, current: int) -> Refused | None:
    """Why the next story may not be taken: a wrong model of this one still passes."""
    if last is None or last.caught is None or last.caught == last.wrong_models:
        return None
    still = (last.wrong_models or 0) - last.caught
    models = "1 wrong model" if still == 1 else f"{still} wrong models"
    return Refused(
        f"stage {current} is not done: your examples still let {models} through;"
        f" answer the last question with an example, then `{typed.command('test')}`"
    )
