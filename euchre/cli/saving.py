"""``--save``: where the game is saved, checked before the first deal, and written whole."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.markup import escape

from euchre.cli.errors import UsageError
from euchre.history.egn import dumps, egn_from_saved
from euchre.kata.coach.record.files import write_atomically


class SaveTarget:
    """Where ``--save`` writes: checked before the first deal, written whole or not at all."""

    def __init__(self, path: Path, force: bool) -> None:
        self.path = path
        self.force = force

    @classmethod
    def check(cls, name: str, force: bool) -> SaveTarget:
        """The target, or UsageError (exit 2) saying in one line why it cannot work."""
        if not name:
            raise UsageError("--save needs a file name")
        path = Path(name)
        if path.is_dir():
            raise UsageError(f"{path} is a folder: give a file name")
        taken = path.exists() or path.is_symlink()  # a link counts, even one to nothing
        if taken and not force:
            raise UsageError(f"{path} exists: add --force to replace it, or give another name")
        if taken and not path.is_file():
            raise UsageError(f"{path} is not a regular file")
        try:  # the only sure test that the folder takes a new file is to make one
            descriptor, trial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
            os.close(descriptor)
            os.unlink(trial)
        except OSError as error:
            raise UsageError(f"cannot save to {path}: {error.strerror}") from None
        return cls(path, force)

    def write(self, saved: dict[str, Any]) -> Path:
        """Write the saved game, as EGN if the file's name ends in .egn, else as JSON.

        Without ``--force``, a file that appeared meanwhile is kept and a new name is used.
        """
        text = json.dumps(saved, indent=1) + "\n"
        if self.path.suffix.lower() == ".egn":  # Euchre Game Notation, by the name
            text = dumps(egn_from_saved(saved))
        if self.force:
            write_atomically(self.path, text)
            return self.path
        names = _names(self.path)
        while True:
            name = next(names)
            try:
                write_atomically(name, text, replace=False)
            except FileExistsError:
                continue
            return name

    def announcement(self, written: Path) -> str:
        """What the person is told once the game is written to ``written`` (rich markup)."""
        if written == self.path:
            return f"Saved the game to {escape(str(written))}."
        return (
            f"{escape(str(self.path))} appeared meanwhile:"
            f" saved the game to {escape(str(written))} instead."
        )


def _names(path: Path) -> Iterator[Path]:
    """``path``, then ``game-2.json``, ``game-3.json``...: the names to try, in turn."""
    yield path
    number = 1
    while True:
        number += 1
        yield path.with_name(f"{path.stem}-{number}{path.suffix}")
