"""Running the learner's tests: the features read once, the pytest session, and the one module
that knows pytest-bdd's insides."""
