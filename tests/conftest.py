import os

from hypothesis import settings

pytest_plugins = ["pytester"]

# The learner's loop stays quick; CI (HYPOTHESIS_PROFILE=thorough) tries thousands of hands.
settings.register_profile("quick", max_examples=20, stateful_step_count=100)
settings.register_profile("thorough", max_examples=2000, stateful_step_count=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))
