"""The coach of a kata practice workspace: stages, traffic lights and progress.

Each workspace installs it as a wheel of its own, the package ``kata_coach`` (see
euchre/kata/coach_wheel.py), and it uses only the standard library and pytest, so that it runs
there without this repository.
"""
