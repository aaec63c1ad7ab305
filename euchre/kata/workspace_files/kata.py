"""This workspace's loop without make (as on Windows): `python kata.py test`, `python kata.py
next`, and every other command of the Makefile. The first run makes .venv and installs the
workspace's tools there, as `make` does; the exit codes are the coach's."""

import sys
from pathlib import Path

from coach.launcher import main

raise SystemExit(main(sys.argv[1:], Path(__file__).parent))
