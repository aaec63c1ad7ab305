"""`euchre dojo serve` for the dojo's benches: on 127.0.0.1, any free port, a file of its own."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def serve(database: Path, *options: str) -> tuple[subprocess.Popen[str], int, str]:
    """The dashboard's process, its port and its join code, as its banner says them."""
    command = ("dojo", "serve", "--port", "0", "--db", str(database), *options)
    served = subprocess.Popen(
        [sys.executable, "-m", "euchre", *command],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert served.stdout is not None
    banner = [served.stdout.readline() for _ in range(2)]
    port = int(re.findall(r":(\d+)$", banner[0].strip())[0])
    return served, port, banner[1].split()[1]
