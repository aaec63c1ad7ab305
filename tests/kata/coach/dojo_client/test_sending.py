"""One run sends at a time, on every system: the lock on Windows is a file's first byte, taken
with ``msvcrt``, which only Windows has; here a stand-in of it locks as Windows would refuse."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

import pytest

from euchre.kata.coach.dojo_client import sending


class Msvcrt(types.ModuleType):
    """``msvcrt``'s locking, as Windows does it: a second lock of a byte held is refused."""

    LK_NBLCK = 2

    def __init__(self) -> None:
        super().__init__("msvcrt")
        self.held: set[str] = set()

    def locking(self, descriptor: int, mode: int, size: int) -> None:
        assert (mode, size) == (self.LK_NBLCK, 1)
        name = str(Path(f"/proc/self/fd/{descriptor}").resolve())
        if name in self.held:
            raise OSError("Permission denied: the byte is locked")
        self.held.add(name)


def test_on_windows_the_lock_is_a_file_of_the_coach_s_and_a_second_run_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    msvcrt = Msvcrt()
    monkeypatch.setitem(sys.modules, "msvcrt", msvcrt)
    monkeypatch.setattr(sys, "platform", "win32")
    spec = importlib.util.spec_from_file_location("sending_on_windows", sending.__file__)
    assert spec is not None
    assert spec.loader is not None
    on_windows = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(on_windows)
    with on_windows.alone(tmp_path) as first, on_windows.alone(tmp_path) as second:
        assert (first, second) == (True, False)
    assert (tmp_path / sending.LOCK).is_file()
    assert msvcrt.held == {str(tmp_path / sending.LOCK)}
