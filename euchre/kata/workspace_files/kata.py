"""This workspace's loop without make (as on Windows): `python kata.py test`, `python kata.py
next`, and every other command of the Makefile. The first run makes .venv and installs the
workspace's tools there, as `make` does; the exit codes are the coach's."""

import sys
from pathlib import Path

HERE = Path(__file__).parent
# The coach comes as a wheel in .kata/; its launcher runs from the wheel itself, before .venv is made.
sys.path[:0] = [str(wheel) for wheel in sorted(HERE.glob(".kata/*.whl"))]
try:
    from kata_coach.launcher import main
except ImportError:
    print(
        "python kata.py: the coach's wheel is missing from .kata/: make the workspace again",
        file=sys.stderr,
    )
    raise SystemExit(2) from None

raise SystemExit(main(sys.argv[1:], HERE))
