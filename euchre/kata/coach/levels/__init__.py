"""The levels beyond writing the model: ``steps`` (the learner writes the step definitions too)
and ``examples`` (the learner writes the examples; the steps and the model are given). Each
measures a green run with the wrong models, and at level examples the reach counts Rules."""
