"""Report on cosmic-ray sessions: the figures, the score, and every surviving mutant.

    python mutation/report.py [--explained mutation/explained.toml] [--check] SESSION.sqlite...

For each session (build/mutation/core.sqlite, build/mutation/rules.sqlite) it prints the mutants
made, those not run (inside annotations, which `from __future__ import annotations` leaves as text),
killed (timeouts among them), survived, incompetent, still pending, and two scores:

    raw score        killed / (run - incompetent)
    behaviour score  killed / (run - incompetent - explained survivors)

The second counts only mutants that change behaviour. A survivor is explained by an entry in the
explained file, keyed by module, line, operator and occurrence (cosmic-ray's own numbering of that
operator's sites in the module), with a reason that starts "same behaviour:" or "text only:":

    [[survivor]]
    module = "euchre/cards.py"
    line = 42
    operator = "ReplaceComparisonOperator_Lt_LtE"
    occurrence = 3
    reason = "same behaviour: ranks are distinct, so < and <= never differ"

Every survivor is listed as `module:line  operator#occurrence  source line`, then the diff
cosmic-ray recorded, then its explanation if it has one. Explanations that match no mutant any
more (the code moved) are listed as stale. --check exits 1 if any survivor is unexplained or any
mutant is pending. Needs only the standard library.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
KINDS = ("same behaviour:", "text only:")

Key = tuple[str, int, str, int]


@dataclass(frozen=True)
class Mutant:
    module: str
    line: int
    operator: str
    occurrence: int
    worker_outcome: str | None
    test_outcome: str | None
    output: str | None
    diff: str | None

    @property
    def key(self) -> Key:
        return (self.module, self.line, self.operator, self.occurrence)

    @property
    def outcome(self) -> str:
        if self.worker_outcome is None:
            return "pending"
        if self.worker_outcome == "skipped":
            return "annotation" if self.output == "annotation" else "skipped"
        if self.worker_outcome in ("no-test", "no_test"):
            return "no-test"
        if self.test_outcome == "killed":
            return "timeout" if self.output == "timeout" else "killed"
        if self.test_outcome == "survived":
            return "survived"
        # An exception or abnormal end in the worker, or a test run that could not start.
        return "incompetent"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("sessions", nargs="+", type=Path)
    parser.add_argument("--explained", type=Path, default=HERE / "explained.toml")
    parser.add_argument("--check", action="store_true", help="exit 1 on unexplained or pending")
    args = parser.parse_args(argv)

    explained = load_explained(args.explained)
    seen: set[Key] = set()
    failing = False
    for session in args.sessions:
        if not session.exists():
            print(f"{session}: no such session (run `make mutate`)")
            failing = True
            continue
        mutants = read_session(session)
        seen.update(m.key for m in mutants)
        unexplained, pending = report(session, mutants, explained)
        failing |= bool(unexplained or pending)

    # An explanation for a module that none of these sessions mutates is not judged here.
    modules = {key[0] for key in seen}
    stale = sorted(key for key in set(explained) - seen if key[0] in modules)
    if stale:
        print("stale explanations (no mutant has this key any more: the code moved):")
        for module, line, operator, occurrence in stale:
            reason = explained[module, line, operator, occurrence]
            print(f"  {module}:{line}  {operator}#{occurrence}  {reason}")
    return 1 if args.check and failing else 0


def load_explained(path: Path) -> dict[Key, str]:
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    explained: dict[Key, str] = {}
    for n, entry in enumerate(data.get("survivor", []), start=1):
        try:
            key = (
                str(entry["module"]),
                int(entry["line"]),
                str(entry["operator"]).removeprefix("core/"),
                int(entry["occurrence"]),
            )
            reason = str(entry["reason"]).strip()
        except (KeyError, TypeError, ValueError) as error:
            raise SystemExit(
                f"{path}: survivor {n}: needs module, line, operator, occurrence, reason ({error})"
            ) from None
        if not reason.startswith(KINDS):
            raise SystemExit(
                f'{path}: survivor {n}: the reason must start "same behaviour:" or "text only:"'
            )
        explained[key] = reason
    return explained


def read_session(session: Path) -> list[Mutant]:
    db = sqlite3.connect(f"file:{session}?mode=ro", uri=True)
    try:
        rows = db.execute(
            "SELECT s.module_path, s.start_pos_row, s.operator_name, s.occurrence,"
            " r.worker_outcome, r.test_outcome, r.output, r.diff"
            " FROM mutation_specs s LEFT JOIN work_results r ON r.job_id = s.job_id"
        ).fetchall()
    finally:
        db.close()
    # cosmic-ray stores its outcome enums by name (NORMAL, KILLED, ...).
    mutants = [
        Mutant(
            module,
            line,
            operator.removeprefix("core/"),
            occurrence,
            lower(worker),
            lower(test),
            output,
            diff,
        )
        for module, line, operator, occurrence, worker, test, output, diff in rows
    ]
    return sorted(mutants, key=lambda m: (m.module, m.line, m.operator, m.occurrence))


def lower(value: str | None) -> str | None:
    return value.lower() if value is not None else None


def report(
    session: Path, mutants: list[Mutant], explained: dict[Key, str]
) -> tuple[list[Mutant], int]:
    counts = Counter(m.outcome for m in mutants)
    survivors = [m for m in mutants if m.outcome == "survived"]
    known = [m for m in survivors if m.key in explained]
    unexplained = [m for m in survivors if m.key not in explained]
    kinds = Counter(explained[m.key].split(":", 1)[0] for m in known)

    total = len(mutants)
    not_run = counts["annotation"] + counts["skipped"] + counts["no-test"]
    run = total - not_run - counts["pending"]
    killed = counts["killed"] + counts["timeout"]
    incompetent = counts["incompetent"]

    name = session.stem
    print(f"== {name} ({session})")
    version = session.with_suffix(".version")
    if version.exists():
        print(f"  code:    {version.read_text().strip()} (git describe --dirty, at the run)")
    describe(name)
    rows = [
        ("mutants", total),
        ("  not run: inside annotations (text only)", counts["annotation"]),
        *([("  not run: skipped by a filter", counts["skipped"])] if counts["skipped"] else []),
        *([("  not run: no mutation possible", counts["no-test"])] if counts["no-test"] else []),
        *([("  pending (run not finished)", counts["pending"])] if counts["pending"] else []),
        ("run", run),
        ("killed", killed),
        ("  of which timeouts", counts["timeout"]),
        ("survived", len(survivors)),
        ("  explained, same behaviour", kinds["same behaviour"]),
        ("  explained, text only", kinds["text only"]),
        ("  unexplained", len(unexplained)),
        ("incompetent", incompetent),
    ]
    for label, value in rows:
        print(f"  {label:<44}{value:>6}")
    print(f"  {'raw score: killed / (run - incompetent)':<44}{score(killed, run - incompetent)}")
    behaviour = run - incompetent - len(known)
    print(f"  {'score over behaviour-changing mutants':<44}{score(killed, behaviour)}")
    print(f"    = killed / (run - incompetent - explained) = {killed} / {behaviour}")

    if survivors:
        print(f"\n  survivors of {name} ({len(unexplained)} unexplained, marked !):")
    for module in sorted({m.module for m in survivors}):
        print(f"\n  {module}")
        for m in (m for m in survivors if m.module == module):
            mark = " " if m.key in explained else "!"
            print(f"  {mark} {m.module}:{m.line}  {m.operator}#{m.occurrence}  {source_line(m)}")
            for line in changed_lines(m.diff):
                print(f"        {line}")
            if m.key in explained:
                print(f"        -> {explained[m.key]}")
    print()
    return unexplained, counts["pending"]


def describe(name: str) -> None:
    config = HERE / f"{name}.toml"
    if not config.exists():
        return
    with config.open("rb") as handle:
        cfg = tomllib.load(handle)["cosmic-ray"]
    modules = cfg["module-path"]
    modules = [modules] if isinstance(modules, str) else modules
    print(f"  modules: {', '.join(Path(m).name for m in modules)}")
    print(f"  tests:   {cfg['test-command']}")


def score(killed: int, of: int) -> str:
    return f"{100 * killed / of:>5.1f}%" if of else "    -"


def source_line(m: Mutant) -> str:
    """The mutant's line as the file has it now, flagged if the run saw another version."""
    path = ROOT / m.module
    try:
        line = path.read_text(encoding="utf-8").splitlines()[m.line - 1].strip()
    except (OSError, IndexError):
        return "(line not in the file now: it has changed since the run)"
    removed = [changed[1:].strip() for changed in changed_lines(m.diff) if changed.startswith("-")]
    if removed and line not in removed:
        return f"{line}  [the file has changed since the run: see the diff]"
    return line


def changed_lines(diff: str | None) -> list[str]:
    """The - and + lines of cosmic-ray's unified diff, without the file headers."""
    if not diff:
        return []
    return [
        line.rstrip()
        for line in diff.splitlines()
        if line[:1] in ("-", "+") and not line.startswith(("---", "+++"))
    ]


if __name__ == "__main__":
    sys.exit(main())
