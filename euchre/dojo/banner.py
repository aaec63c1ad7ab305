"""What the facilitator reads when the dashboard starts: where pairs join, with which code,
and, loudly, whether the local network can reach it."""

from __future__ import annotations

import ipaddress
import os
import socket
from datetime import datetime
from pathlib import Path

from euchre.dojo.codes import spelt
from euchre.dojo.pages import clock


def url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def is_loopback(host: str) -> bool:
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name: only "localhost" is surely this machine alone
        return False


def local_addresses() -> list[str]:
    """This machine's addresses that pairs on the local network may reach it at."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return sorted({str(info[4][0]) for info in found} - {"127.0.0.1", "127.0.1.1"})


def typed(program: str) -> str:
    """The ``euchre`` command as the facilitator typed it (``program``, the process's first
    argument): a path from where they are, such as ``.venv/bin/euchre``, or the name alone, as
    on the PATH and under ``python -m``."""
    if os.sep not in program or os.path.basename(program) != "euchre":
        return "euchre"
    shown = os.path.relpath(program)
    return program if shown.startswith("..") else shown


def banner(
    host: str,
    port: int,
    code: str,
    db: Path,
    addresses: list[str],
    key: str,
    ended: datetime | None = None,
    command: str = "euchre",
) -> list[str]:
    """What the facilitator reads when the dashboard starts; ``key`` hides, removes, ends. A
    dojo that ``ended`` is shown as it was: no pair is told to join it, nor is the key given."""
    wildcard = host in ("0.0.0.0", "::")
    shown = [url(address, port) for address in addresses] if wildcard else []
    address = shown[0] if shown else url("127.0.0.1" if wildcard else host, port)
    lines = [f"The dojo's dashboard: {address}"]
    lines += [f"  and {other}" for other in shown[1:]]
    if ended is not None:
        lines.append(
            f"This dojo ended at {clock(ended)}: its board shows it as it was then, and refuses"
            f" lights and joins. Once this dashboard is stopped (Ctrl-C), `{command} dojo export"
            f" --db {db} --out dojo.zip` keeps every pair's work in one archive: the dashboard"
            " holds its file while it runs."
        )
    else:
        lines += [
            f"code: {code}  ({spelt(code)})",
            f"Each pair, in their workspace: make join DOJO={address} CODE={code}"
            ' NAME="<their names>"',
        ]
    if not is_loopback(host):
        lines += [
            "!" * 72,
            f"!! LISTENING ON THE LOCAL NETWORK ({host}): anyone who can reach this machine can",
            "!! open the page and see the lights; only posts with the code are taken.",
            "!" * 72,
        ]
    if ended is None:
        if is_loopback(host):
            lines.append(
                "Only this machine can reach it: --lan lets pairs on the local network join."
            )
        here = f"--dojo {url('127.0.0.1' if wildcard else host, port)} --key {key}"
        lines += [
            "The facilitator's commands, which carry the key (keep it off the projector):",
            f"  {command} dojo hide NAME {here}     hides a pair who left",
            f"  {command} dojo remove NAME {here}   removes one made up, with their lights",
            f"  {command} dojo end {here}           ends the dojo",
        ]
    lines.append(f"The lights are kept in {db}. Ctrl-C stops the dashboard.")
    return lines
