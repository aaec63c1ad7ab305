"""``python -m coach test`` and the workspace's other commands, run from a workspace."""

import os
import sys
from pathlib import Path

from .cli import CLOSED_OUTPUT, main

status = main(sys.argv[1:], Path.cwd())
if status == CLOSED_OUTPUT:  # what is left in stdout's buffer cannot be written: drop it quietly
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
raise SystemExit(status)
