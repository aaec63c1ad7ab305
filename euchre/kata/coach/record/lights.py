"""The lights a run can have, as the terminal draws them."""

LIGHTS = {"green": "🟢", "amber": "🔶", "red": "🟥"}
AT_ONCE = "⚡"
"""A green run in which the newly revealed scenario passed without any new code."""
REFACTOR = "🔁"
"""A green run after a green run, with the learner's files changed and nothing more specified:
the third beat (see verdict.py)."""
