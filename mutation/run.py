"""Run the mutation sessions with cosmic-ray, in copies of the working tree, then the report.

    python mutation/run.py [--jobs 2] [--resume] [core] [rules]

Cosmic-ray mutates the files it tests on disk. So that nobody's `make test` in this working tree
ever sees a mutant, each worker gets its own copy of the tree (the files git tracks, plus new ones
it does not ignore) under build/mutation/worker-N, and serves cosmic-ray's http distributor there.
With --jobs 1 there is still one copy and one worker. The sessions (build/mutation/<run>.sqlite)
run one after the other and share the workers. Each session:

1. `cosmic-ray baseline` in a copy: the unmutated code must pass, or nothing is run.
2. `cosmic-ray init`: one work item per mutant. Mutants inside annotations are marked skipped
   (not run): every module has `from __future__ import annotations`, so an annotation is never
   evaluated and `Seat | None` -> `Seat - None` changes only text. report.py counts them apart.
3. `cosmic-ray exec` with the http distributor, one worker per job.

--resume keeps a session that exists and runs only its pending mutants, if the modules it
mutates are unchanged since the session began (build/mutation/<run>.modules holds their hash).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import hashlib
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "build" / "mutation"
RUNS = ("core", "rules")
BIN = Path(sys.executable).parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("runs", nargs="*", metavar="run", help="core, rules (default: both)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--resume", action="store_true", help="run only a session's pending mutants"
    )
    args = parser.parse_args(argv)
    runs = args.runs or list(RUNS)
    if unknown := set(runs) - set(RUNS):
        parser.error(f"unknown run(s): {', '.join(sorted(unknown))}; choose from {', '.join(RUNS)}")
    jobs = max(1, min(args.jobs, 8))

    OUT.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    copies = [copy_tree(OUT / f"worker-{n}") for n in range(1, jobs + 1)]
    version = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()

    with workers(copies, env) as urls:
        for run in runs:
            config = HERE / f"{run}.toml"
            session = OUT / f"{run}.sqlite"
            print(f"mutation: {run}: baseline", flush=True)
            cosmic_ray("baseline", str(config), cwd=copies[0], env=env)
            fingerprint = modules_fingerprint(config, copies[0])
            stamp = session.with_suffix(".modules")
            if args.resume and session.exists():
                if not stamp.exists() or stamp.read_text().strip() != fingerprint:
                    raise SystemExit(
                        f"mutation: {run}: the mutated modules changed since the session began,"
                        " so its mutants no longer match the code: run without --resume"
                    )
            else:
                session.unlink(missing_ok=True)
                stamp.write_text(f"{fingerprint}\n")
                session.with_suffix(".version").write_text(f"{version}\n")
                cosmic_ray("init", str(config), str(session), cwd=copies[0], env=env)
                skipped = skip_annotations(session, copies[0])
                print(
                    f"mutation: {run}: {skipped} mutants in annotations marked skipped", flush=True
                )
            http_config = OUT / f"{run}.http.toml"
            http_config.write_text(with_http_distributor(config, urls))
            print(f"mutation: {run}: exec with {len(urls)} worker(s)", flush=True)
            started = time.monotonic()
            cosmic_ray("exec", str(http_config), str(session), cwd=copies[0], env=env)
            print(f"mutation: {run}: done in {time.monotonic() - started:.0f} s", flush=True)

    report = [
        sys.executable,
        str(HERE / "report.py"),
        *(str(OUT / f"{run}.sqlite") for run in runs),
    ]
    return subprocess.run(report, cwd=ROOT, check=False).returncode


def modules_fingerprint(config: Path, tree: Path) -> str:
    """A hash of the modules a run mutates, as they are in ``tree``."""
    with config.open("rb") as handle:
        modules = tomllib.load(handle)["cosmic-ray"]["module-path"]
    digest = hashlib.sha256()
    for module in [modules] if isinstance(modules, str) else modules:
        digest.update(module.encode() + b"\0" + (tree / module).read_bytes() + b"\0")
    return digest.hexdigest()


def copy_tree(dest: Path) -> Path:
    """A fresh copy of the working tree's files, as git sees them (tracked and new, not ignored)."""
    shutil.rmtree(dest, ignore_errors=True)
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return dest


@contextlib.contextmanager
def workers(copies: list[Path], env: dict[str, str]) -> Iterator[list[str]]:
    """One `cosmic-ray http-worker` per copy, on a free local port; stopped on the way out."""
    procs: list[subprocess.Popen[bytes]] = []
    urls: list[str] = []
    try:
        for copy in copies:
            port = free_port()
            log = (copy.parent / f"{copy.name}.log").open("wb")
            procs.append(
                subprocess.Popen(
                    [str(BIN / "cosmic-ray"), "http-worker", "--port", str(port)],
                    cwd=copy,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
            wait_for(port, procs[-1])
            urls.append(f"http://127.0.0.1:{port}")
        yield urls
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(
                f"mutation: the worker on port {port} stopped (exit {proc.returncode})"
            )
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return
        time.sleep(0.2)
    raise SystemExit(f"mutation: no worker answered on port {port}")


def cosmic_ray(*args: str, cwd: Path, env: dict[str, str]) -> None:
    result = subprocess.run([str(BIN / "cosmic-ray"), *args], cwd=cwd, env=env, check=False)
    if result.returncode != 0:
        raise SystemExit(
            f"mutation: `cosmic-ray {' '.join(args)}` failed (exit {result.returncode})"
        )


def with_http_distributor(config: Path, urls: list[str]) -> str:
    """The run's config, its distributor swapped for http with these workers."""
    from cosmic_ray.config import (  # type: ignore[import-untyped]
        ConfigDict,
        load_config,
        serialize_config,
    )

    cfg = load_config(str(config))
    cfg["distributor"] = ConfigDict(name="http", http=ConfigDict({"worker-urls": urls}))
    return str(serialize_config(cfg))


def skip_annotations(session: Path, tree: Path) -> int:
    """Mark every mutant inside a postponed annotation as skipped; return how many."""
    db = sqlite3.connect(session)
    try:
        rows = db.execute(
            "SELECT job_id, module_path, start_pos_row, start_pos_col, end_pos_row, end_pos_col"
            " FROM mutation_specs"
        ).fetchall()
        spans: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
        skipped = []
        for job_id, module, start_row, start_col, end_row, end_col in rows:
            if module not in spans:
                spans[module] = annotation_spans((tree / module).read_text(encoding="utf-8"))
            start, end = (start_row, start_col), (end_row, end_col)
            if any(low <= start and end <= high for low, high in spans[module]):
                skipped.append(job_id)
        db.executemany(
            "INSERT OR REPLACE INTO work_results (worker_outcome, output, test_outcome, diff,"
            " job_id) VALUES ('SKIPPED', 'annotation', NULL, NULL, ?)",
            [(job_id,) for job_id in skipped],
        )
        db.commit()
        return len(skipped)
    finally:
        db.close()


def annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """(start, end) of each annotation, as (line, column in characters), if they are postponed."""
    tree = ast.parse(source)
    postponed = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(alias.name == "annotations" for alias in node.names)
        for node in tree.body
    )
    if not postponed:
        return []
    lines = source.splitlines()

    def column(line: int, byte_offset: int) -> int:
        return len(lines[line - 1].encode("utf-8")[:byte_offset].decode("utf-8"))

    spans = []
    for node in ast.walk(tree):
        annotations: list[ast.expr | None] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            annotations.append(node.returns)
        elif isinstance(node, ast.arg | ast.AnnAssign):
            annotations.append(node.annotation)
        for note in annotations:
            if note is not None and note.end_lineno is not None and note.end_col_offset is not None:
                spans.append(
                    (
                        (note.lineno, column(note.lineno, note.col_offset)),
                        (note.end_lineno, column(note.end_lineno, note.end_col_offset)),
                    )
                )
    return spans


if __name__ == "__main__":
    sys.exit(main())
