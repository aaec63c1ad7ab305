"""How many examples a costly property tries: the loaded profile's, up to a cap CI can afford."""

from __future__ import annotations

from hypothesis import settings


def at_most(examples: int) -> settings:
    """The loaded profile's settings with no more than ``examples`` examples.

    For a property whose every example is costly (a whole hand of up to 100 steps, a whole
    command run on a file): at the thorough profile's 2,000 examples, each of these took CI
    minutes, most of the suite's time. The quick profile's 20 stay 20.
    """
    return settings(max_examples=min(settings().max_examples, examples))
