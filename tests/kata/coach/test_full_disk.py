"""`make test` and `make next` on a full disk: one line naming the disk, nothing half-written,
the old files whole. The disk is a real one: a 3 MB tmpfs, mounted where the workspace is and
filled to the last byte (the tests run as root on the project's machines and CI; a machine
where mount is refused fails here, saying so, rather than skip).
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest

from euchre.kata.coach.record import history, reach
from tests.dashboards import a_run, write_history
from tests.workspaces import coach, model, write_stage


@pytest.fixture
def on_a_small_disk(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Path]:
    """The workspace in git (tests/workspaces.py), made on a 3 MB tmpfs of its own."""
    folder = tmp_path / "kata-workspace"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert mounted.returncode == 0, f"this test mounts a tmpfs, as root: {mounted.stderr}"
    try:
        yield request.getfixturevalue("workspace_in_git")
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def fill(disk: Path) -> None:
    """Fill the disk to its last byte, as a learner's other files might."""
    with (disk / "filler").open("wb", buffering=0) as filler, suppress(OSError):
        while True:
            filler.write(b"x" * 65536)
    with (disk / "filler").open("ab", buffering=0) as filler, suppress(OSError):
        while True:
            filler.write(b"x")


def up_to_the_end_of_a_block(path: Path) -> None:
    """Runs in the history up to 20 bytes short of a 4 KB block: the next line needs a new one,
    as most runs' lines do on a full disk (a line that fits in the last block is written)."""
    minute = 1
    while path.stat().st_size % 4096 < 4096 - 400:
        write_history(path.parent, a_run(minute, "green"))
        minute += 1
    empty = len(a_run(minute, "green", scenario="").to_json()) + 1
    room = 4096 - 20 - path.stat().st_size % 4096 - empty
    write_history(path.parent, a_run(minute, "green", scenario="x" * room))
    assert path.stat().st_size % 4096 == 4096 - 20


def test_a_run_on_a_full_disk_is_one_line_and_leaves_the_history_whole(
    on_a_small_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = on_a_small_disk
    write_stage(workspace, 1, "passes", "passes", "passes")
    model(workspace, "return 5")
    assert coach(workspace, "test")[0] == 0
    assert coach(workspace, "next")[0] == 0
    up_to_the_end_of_a_block(workspace / history.HISTORY)
    before = {name: (workspace / name).read_bytes() for name in (history.HISTORY, reach.REACHED)}
    capsys.readouterr()
    fill(workspace)
    model(workspace, "return 4")  # a change saved before the disk filled
    code, said = coach(workspace, "test")
    full = (
        f"the disk that holds {workspace} (mounted at {workspace}) is full: {history.HISTORY}"
        " was not written, and what it held before is as it was; make room, then run it again"
    )
    assert (code, said) == (2, [f"make test: {full}"])
    assert "Traceback" not in capsys.readouterr().err
    code, said = coach(workspace, "next")
    assert (code, said) == (2, [f"make next: {full.replace(history.HISTORY, reach.REACHED)}"])
    assert "Traceback" not in capsys.readouterr().err
    for name, kept in before.items():
        assert (workspace / name).read_bytes() == kept, f"{name} is as it was"
    assert not [path.name for path in workspace.iterdir() if path.name.endswith(".tmp")]
