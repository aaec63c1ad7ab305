"""The coach of a kata practice workspace: stages, traffic lights and progress.

It is copied into each workspace as the package ``coach`` and uses only the standard
library and pytest, so that it runs there without this repository.
"""
