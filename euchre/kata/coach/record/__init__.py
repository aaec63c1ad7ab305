"""The workspace's record: its settings, how far it has reached, every run's line and code.

What the coach writes here is what everyone else reads: ``make progress`` and ``make review``,
the dojo's dashboard and its offline report. Standard library only, like the whole coach,
which each workspace installs.
"""
