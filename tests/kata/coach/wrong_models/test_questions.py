"""Each wrong model's question: the red card of Example Mapping that the coach asks at level
stories, which names a situation and never the rule that answers it."""

from __future__ import annotations

import pytest

from euchre.kata.coach.wrong_models.catalogue import CATALOGUE, WrongModel, by_name
from euchre.kata.coach.wrong_models.questions import QUESTIONS

IDS = [wrong.name for wrong in CATALOGUE]


def test_every_wrong_model_and_only_they_have_a_question_each_its_own() -> None:
    assert set(QUESTIONS) == set(IDS)
    assert len(set(QUESTIONS.values())) == len(QUESTIONS), "two wrong models share a question"
    assert by_name("player-1-always-leads").question == (
        "What happens when the dealer is Team 1 Player 1: who leads?"
    )


@pytest.mark.parametrize("wrong", CATALOGUE, ids=IDS)
def test_a_question_asks_and_never_states_the_rule(wrong: WrongModel) -> None:
    question = wrong.question
    assert question.endswith("?"), question
    assert question.count("?") == 1, question
    assert question[0].isupper(), question
    assert "\n" not in question, question
    assert len(question) <= 140, question
    assert wrong.rule.lower() not in question.lower(), "the rule itself"
    assert wrong.sentence.lower() not in question.lower(), "the wrong model itself"
    for telling in ("must", "should", "wrong model", "the rule"):
        assert telling not in question.lower().split("?")[0].split(), (telling, question)
