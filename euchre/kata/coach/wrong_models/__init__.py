"""Wrong models: models a learner might write that break one rule each, the catalogue of them,
the pytest plugin that runs the scenarios against them, and the catching that counts which
scenarios would notice each."""
