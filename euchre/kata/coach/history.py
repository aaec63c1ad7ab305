"""The traffic-light history: one line of JSON for every `make test`."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path

HISTORY = "kata-history.jsonl"
LIGHTS = {"green": "🟢", "amber": "🟡", "red": "🔴"}


@dataclass(frozen=True)
class Run:
    """One `make test`: when, which stage it stopped at, how many scenarios passed, its light."""

    time: datetime
    stage: int
    stages: int
    name: str
    passed: int
    total: int
    light: str

    def to_json(self) -> str:
        fields = asdict(self) | {"time": self.time.isoformat().replace("+00:00", "Z")}
        return json.dumps(fields, ensure_ascii=False)

    @classmethod
    def from_json(cls, line: str) -> Run:
        fields = json.loads(line)
        fields["time"] = datetime.fromisoformat(fields["time"].replace("Z", "+00:00"))
        return cls(**fields)


def append(workspace: Path, run: Run) -> None:
    with (workspace / HISTORY).open("a", encoding="utf-8") as file:
        file.write(run.to_json() + "\n")


def read(workspace: Path) -> list[Run]:
    path = workspace / HISTORY
    if not path.exists():
        return []
    return [Run.from_json(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
