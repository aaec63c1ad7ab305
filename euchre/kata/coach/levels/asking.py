"""At level stories, the product owner's question on a gap the learner's examples leave: more
pointed each time a green run leaves the same gap open.

First the open question on the gap's rule (wrong_models/open_questions.py), which names the
part of the story and never the answer; then the situation (the wrong model's own question);
at last the cards: the Givens and the When of one of the kata's own examples that catch the
wrong model, without what follows from them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the wrong models are imported only by a run that asks them
    from ..wrong_models.catalogue import WrongModel

SITUATIONS = Path(__file__).with_name("situations.json")
"""For each wrong model, the Givens and the When of one of the kata's examples that catch it."""
CARDS = "What follows from this situation, one of the product owner's own examples?"


def question(ask: WrongModel | None, times: int) -> str:
    """The question on ``ask``'s gap, asked ``times`` before; "" for none. A gap is one wrong
    model: a second gap in the same rule is asked the rule's open question again."""
    if ask is None:
        return ""
    from ..wrong_models.open_questions import OPEN

    situation = situations().get(ask.name)
    if times == 0:
        return OPEN[ask.rule]
    if times == 1 or not situation:
        return ask.question
    return "\n".join([CARDS, *(f"    {line}" for line in situation)])


def situations() -> dict[str, list[str]]:
    """The shipped situations, by wrong model (see ``SITUATIONS``)."""
    table = json.loads(SITUATIONS.read_text(encoding="utf-8"))
    return {str(name): [str(line) for line in lines] for name, lines in table.items()}
