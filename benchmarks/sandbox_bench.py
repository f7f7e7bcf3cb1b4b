"""Benchmark: the cost of the sandbox around users' rule sets (issue 38), in one run.

The same worker (``endnim.supervise.Supervisor``) measured side by side:

- **before**: the baseline commit's worker (``--baseline``, default da6c92e, the main this work
  started from: pickle over a ``Connection``, a seccomp deny-list, no namespaces), its ``src``
  extracted with ``git archive`` and run with this checkout's compiled kernels;
- **confined**: this checkout's worker as a plain child process (``ENDNIM_NO_BWRAP=1``):
  Landlock, the seccomp allow-list, rlimits, JSON frames, but no namespaces;
- **sandboxed**: this checkout's worker inside bubblewrap, as every command and the server
  start it;
- and the interpreter alone, ``python -c "import endnim.supervise.worker"``.

Figures: start-up (to the worker's "ready"), the round trip of one small job
(``builtins:abs``), the round trip of a job answering 1 MiB of bytes, and the whole command
``endnim analyze --rules examples/variants/capped.py:CappedEndNim --json "3 1 4"`` (a user's rule
set on the command line, end to end). The ratio is sandboxed / before, both measured in this
run.

Run from the repository root::

    .venv/bin/python benchmarks/sandbox_bench.py            # 10 starts, 2,000 round trips
    .venv/bin/python benchmarks/sandbox_bench.py --quick    # 3 starts, 300 round trips

or ``ENDNIM_BENCH=sandbox bash scripts/bench.sh``. It prints a Markdown table and writes
``benchmarks/sandbox_results.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CAPPED = f"{ROOT / 'examples' / 'variants' / 'capped.py'}:CappedEndNim"


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _bare(starts: int) -> float:
    times = []
    for _ in range(starts):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import endnim.supervise.worker"], check=True)
        times.append(time.perf_counter() - began)
    return _median(times)


MEASURE = """
import json, sys, time
from endnim.supervise import Supervisor
starts, calls = int(sys.argv[1]), int(sys.argv[2])
start_times = []
for _ in range(starts):
    with Supervisor(label="bench") as worker:
        began = time.perf_counter()
        worker.start()
        start_times.append(time.perf_counter() - began)
        sandboxed = bool(getattr(worker, "sandboxed", False))
with Supervisor(label="bench") as worker:
    worker.start()
    began = time.perf_counter()
    for index in range(calls):
        worker.call("builtins:abs", -index)
    small = (time.perf_counter() - began) / calls
    big_calls = max(10, calls // 50)
    began = time.perf_counter()
    for _ in range(big_calls):
        worker.call("builtins:bytes", 2**20)
    big = (time.perf_counter() - began) / big_calls
start_times.sort()
print(json.dumps({"start_s": start_times[len(start_times) // 2], "call_s": small,
                  "call_1mib_s": big, "sandboxed": sandboxed}))
"""


def _env(src: Path | None, sandboxed: bool) -> dict[str, str]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    if sandboxed:
        env.pop("ENDNIM_NO_BWRAP", None)
    else:
        env["ENDNIM_NO_BWRAP"] = "1"
    return env


def _worker(src: Path | None, sandboxed: bool, starts: int, calls: int) -> dict[str, Any]:
    """Start-up and round trips of the worker of ``src`` (``None``: this checkout)."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(starts), str(calls)],
        capture_output=True,
        text=True,
        env=_env(src, sandboxed),
        cwd=ROOT,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"measuring the worker failed: {done.stderr[-500:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if sandboxed and not result["sandboxed"]:
        raise SystemExit("no bubblewrap sandbox here: see endnim.supervise.launch.unavailable()")
    return result


def baseline_tree(ref: str, where: Path) -> Path:
    """The baseline's ``src`` (git archive), with this checkout's compiled kernels copied in."""
    archive = subprocess.run(
        ["git", "archive", ref, "src"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    where.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    for built in (ROOT / "src").rglob("*.so"):
        target = where / built.relative_to(ROOT)
        if target.parent.is_dir():
            shutil.copy2(built, target)
    return where / "src"


def _command(src: Path | None, sandboxed: bool, runs: int) -> float:
    env = _env(src, sandboxed)
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "endnim.cli", "analyze", "--rules", CAPPED, "--json", "3 1 4"],
            capture_output=True,
            env=env,
            check=False,
        )
        times.append(time.perf_counter() - began)
        if done.returncode != 0:
            raise SystemExit(f"analyze --rules failed: {done.stderr.decode()[-300:]}")
    return _median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--baseline", default="da6c92e", help="the commit before the sandbox (default: da6c92e)"
    )
    args = parser.parse_args(argv)
    starts, calls = (3, 300) if args.quick else (10, 2000)
    print("sandbox bench: measuring...", file=sys.stderr)
    bare = _bare(starts)
    with tempfile.TemporaryDirectory() as folder:
        old_src = baseline_tree(args.baseline, Path(folder) / "baseline")
        before = _worker(old_src, False, starts, calls)
        command_before = _command(old_src, False, starts)
    confined = _worker(None, False, starts, calls)
    sandboxed = _worker(None, True, starts, calls)
    command_confined = _command(None, False, starts)
    command_sandboxed = _command(None, True, starts)
    rows: list[tuple[str, float, float, float]] = [
        ("worker start-up", before["start_s"], confined["start_s"], sandboxed["start_s"]),
        ("round trip, small job", before["call_s"], confined["call_s"], sandboxed["call_s"]),
        (
            "round trip, 1 MiB answer",
            before["call_1mib_s"],
            confined["call_1mib_s"],
            sandboxed["call_1mib_s"],
        ),
        ("analyze --rules (whole command)", command_before, command_confined, command_sandboxed),
    ]
    print(f"bare interpreter start (import endnim.supervise.worker): {bare * 1e3:.0f} ms\n")
    print(
        f"| figure | before ({args.baseline}: pickle, seccomp deny-list) | after, confined "
        "(no namespaces) | after, sandboxed (bubblewrap) | sandboxed / before |"
    )
    print("|---|---:|---:|---:|---:|")
    for name, old, mid, after in rows:
        print(
            f"| {name} | {old * 1e3:.2f} ms | {mid * 1e3:.2f} ms | {after * 1e3:.2f} ms "
            f"| {after / old:.2f}× |"
        )
    results: dict[str, Any] = {
        "machine": platform.platform(),
        "python": platform.python_version(),
        "starts": starts,
        "calls": calls,
        "bare_start_s": bare,
        "baseline": args.baseline,
        "before": {**before, "command_s": command_before},
        "confined": {**confined, "command_s": command_confined},
        "sandboxed": {**sandboxed, "command_s": command_sandboxed},
        "ratios_sandboxed_to_before": {name: after / old for name, old, _, after in rows},
        "start_vs_bare": sandboxed["start_s"] / bare,
    }
    (ROOT / "benchmarks" / "sandbox_results.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
