"""Where the tests find the repository and their data, wherever a test module sits."""

from pathlib import Path

ROOT = Path(__file__).parent.parent
"""The repository: its features, step definitions, README and Makefile."""
DATA = Path(__file__).parent / "data"
"""The tests' own files: real championship games as EGN, among others."""
