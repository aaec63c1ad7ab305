"""The rules' own model, which levels examples and stories give the learner: carried by the
coach's wheel as ``kata_coach/reference/euchre``, never in the learner's folder.

Where the coach runs from its sources (this repository's own tests), there is no such folder,
and ``euchre`` is the project's rules model, importable already.
"""

from __future__ import annotations

import sys
from pathlib import Path

REFERENCE = Path(__file__).resolve().parent.parent / "reference"
"""The folder that holds the reference ``euchre`` package, in the installed coach."""


def offer(written: tuple[str, ...]) -> None:
    """Where the learner does not write the model (``written``, their folders at their level),
    make the reference the ``euchre`` that is imported, ahead of any other."""
    if "euchre" not in written and REFERENCE.is_dir() and str(REFERENCE) not in sys.path:
        sys.path.insert(0, str(REFERENCE))
