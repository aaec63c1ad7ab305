"""``python -m coach test`` and ``python -m coach progress``, run from a workspace."""

import sys
from pathlib import Path

from .cli import main

raise SystemExit(main(sys.argv[1:], Path.cwd()))
