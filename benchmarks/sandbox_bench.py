"""Benchmark: the cost of the sandbox around users' rule sets (issue 38), in one run.

Three ways to start the same worker (``endnim.supervise.Supervisor``), measured side by side:

- **bare**: the interpreter alone, ``python -c "import endnim.supervise.worker"`` (what any
  worker pays before it answers);
- **confined**: the worker as a plain child process (``ENDNIM_NO_BWRAP=1``): Landlock, the
  seccomp allow-list, rlimits, JSON frames, but no namespaces;
- **sandboxed**: the worker inside bubblewrap as every command and the server start it.

Figures: start-up (to the worker's "ready"), the round trip of one small job
(``builtins:abs``), the round trip of a job answering 1 MiB of bytes, and the whole command
``endnim analyze --rules examples/variants/capped.py:CappedEndNim --json "3 1 4"`` (a user's rule
set on the command line, end to end). Each figure is given with its ratio to the confined
worker measured in this run (start-up also to the bare interpreter).

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
import statistics
import subprocess
import sys
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


def _worker(sandboxed: bool, starts: int, calls: int) -> dict[str, float]:
    from endnim.supervise import Supervisor, launch

    saved = os.environ.get(launch.NO_SANDBOX_ENV)
    if sandboxed:
        os.environ.pop(launch.NO_SANDBOX_ENV, None)
    else:
        os.environ[launch.NO_SANDBOX_ENV] = "1"
    try:
        start_times = []
        for _ in range(starts):
            with Supervisor(label="bench") as worker:
                began = time.perf_counter()
                worker.start()
                start_times.append(time.perf_counter() - began)
                if sandboxed and not worker.sandboxed:
                    raise SystemExit(f"no sandbox here: {launch.unavailable()}")
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
    finally:
        if saved is None:
            os.environ.pop(launch.NO_SANDBOX_ENV, None)
        else:
            os.environ[launch.NO_SANDBOX_ENV] = saved
    return {"start_s": _median(start_times), "call_s": small, "call_1mib_s": big}


def _command(sandboxed: bool, runs: int) -> float:
    env = dict(os.environ)
    if sandboxed:
        env.pop("ENDNIM_NO_BWRAP", None)
    else:
        env["ENDNIM_NO_BWRAP"] = "1"
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
    args = parser.parse_args(argv)
    starts, calls = (3, 300) if args.quick else (10, 2000)
    print("sandbox bench: measuring...", file=sys.stderr)
    bare = _bare(starts)
    confined = _worker(False, starts, calls)
    sandboxed = _worker(True, starts, calls)
    command_confined = _command(False, starts)
    command_sandboxed = _command(True, starts)
    rows: list[tuple[str, float, float, str]] = [
        ("worker start-up", confined["start_s"], sandboxed["start_s"], f"{bare:.3f} s bare"),
        ("round trip, small job", confined["call_s"], sandboxed["call_s"], ""),
        ("round trip, 1 MiB answer", confined["call_1mib_s"], sandboxed["call_1mib_s"], ""),
        ("analyze --rules (whole command)", command_confined, command_sandboxed, ""),
    ]
    print("| figure | confined (no namespaces) | sandboxed (bubblewrap) | ratio | note |")
    print("|---|---:|---:|---:|---|")
    for name, base, after, note in rows:
        print(
            f"| {name} | {base * 1e3:.2f} ms | {after * 1e3:.2f} ms "
            f"| {after / base:.2f}× | {note} |"
        )
    results: dict[str, Any] = {
        "machine": platform.platform(),
        "python": platform.python_version(),
        "starts": starts,
        "calls": calls,
        "bare_start_s": bare,
        "confined": {**confined, "command_s": command_confined},
        "sandboxed": {**sandboxed, "command_s": command_sandboxed},
        "ratios": {name: after / base for name, base, after, _ in rows},
        "start_vs_bare": sandboxed["start_s"] / bare,
    }
    (ROOT / "benchmarks" / "sandbox_results.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
