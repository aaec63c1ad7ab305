"""The coach as a wheel of its own, ``euchre-kata-coach``, imported as ``kata_coach``: what a
workspace installs into its ``.venv``, so that the learner's folder holds only their files.

The wheel is written here, from the coach's sources as they are (a source checkout or an
installed ``euchre-kata``), with the rules model as ``kata_coach/reference/euchre``: the model
that levels examples and stories give. Its bytes are the same each time (every file dated the
same), so that a workspace made twice carries the same wheel.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

import euchre

PACKAGE = "kata_coach"
DISTRIBUTION = "euchre_kata_coach"
VERSION = "1.0"
COACH = Path(__file__).parent / "coach"
MODEL = Path(euchre.__file__).parent
DATED = (1980, 1, 1, 0, 0, 0)
"""Every file's date in the wheel: the earliest a zip can hold, the same each time."""
METADATA = f"""Metadata-Version: 2.1
Name: euchre-kata-coach
Version: {VERSION}
Summary: The Euchre kata's coach: lights, reveals and wrong models for a practice workspace.
Requires-Python: >=3.11
Requires-Dist: pytest>=8.3
Requires-Dist: pytest-bdd>=9,<10
Requires-Dist: pluggy>=1.5
"""
WHEEL = """Wheel-Version: 1.0
Generator: euchre-kata
Root-Is-Purelib: true
Tag: py3-none-any
"""


def build(folder: Path) -> Path:
    """Write the coach's wheel into ``folder``; its path."""
    folder.mkdir(parents=True, exist_ok=True)
    files = [(f"{PACKAGE}/{path.relative_to(COACH).as_posix()}", path) for path in _sources()]
    files += [
        (f"{PACKAGE}/reference/euchre/{path.name}", path)
        for path in sorted(MODEL.glob("*.py"))
        if path.name != "__main__.py"  # the rules model alone: no commands
    ]
    info = f"{DISTRIBUTION}-{VERSION}.dist-info"
    written = [(name, path.read_bytes()) for name, path in files]
    written += [(f"{info}/METADATA", METADATA.encode()), (f"{info}/WHEEL", WHEEL.encode())]
    record = "".join(f"{name},{_hash(data)},{len(data)}\n" for name, data in written)
    written.append((f"{info}/RECORD", f"{record}{info}/RECORD,,\n".encode()))
    wheel = folder / f"{DISTRIBUTION}-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zipped:
        for name, data in written:
            entry = zipfile.ZipInfo(name, DATED)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16  # rw-r--r--, as pip installs it
            zipped.writestr(entry, data)
    return wheel


def _sources() -> list[Path]:
    return sorted(
        path for path in COACH.rglob("*") if path.is_file() and "__pycache__" not in path.parts
    )


def _hash(data: bytes) -> str:
    """A file's hash as a wheel's RECORD gives it: SHA-256, URL-safe base64, unpadded."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode()}"
