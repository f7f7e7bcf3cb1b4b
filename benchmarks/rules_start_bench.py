"""Benchmark: whole ``--rules`` commands against End-Nim's, end to end, in one run (issue 39
item 7: the start-up tax of a user's rule set).

Each command is run as a user runs it (``.venv/bin/endnim ...``, a fresh process, its output
to ``/dev/null``), side by side in one run (the rule sets taking turns in each repeat), the
best of ``--repeat`` runs of each, in wall-clock time and (where ``perf`` is installed) in CPU
time of the command's whole process tree (less moved by the machine's load):

- ``endnim table -w 3 -a 1..64 -b 1..2048`` and ``endnim sweep -L 6 -H 10 --workers 1``
  (``--quick``: 64×512, L 5 H 8);
- for End-Nim, a Python relative (``examples/variants/capped.py:CappedEndNim``, run in the
  supervised, sandboxed worker; it states its rule per pile too, ``allowed_takes``), the same
  relative with ``allows_take`` alone (written to a temporary file: the engine then calls the
  hook once per (pile, size), about 2 million times for 2,048 columns) and its TOML twin
  (``capped.toml``, read in the process).

It also splits a Python relative's command into where its time goes: the interpreter alone
(``python -c pass``), the parent's ``import endnim.cli`` (what every command pays), the
worker's start in a warm process (``Supervisor.start`` with the rule set loaded: bubblewrap,
the worker's interpreter and imports, confinement), and the rest (the command's own imports
and work in the worker, its output sent back as frames).

Run from the repository root::

    .venv/bin/python benchmarks/rules_start_bench.py --repeat 5
    .venv/bin/python benchmarks/rules_start_bench.py --quick

It prints Markdown tables and writes ``benchmarks/rules_start_results.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).with_name("rules_start_results.json")
BIN = Path(sys.executable).parent
PLAIN_SOURCE = '''from endnim import Variant


class CappedPlain(Variant):
    """capped.py's CappedEndNim without its optional allowed_takes: allows_take alone."""

    name = "capped-plain"
    title = "capped End-Nim (allows_take alone)"

    def ends(self, piles, player=None):
        return ("L", "R")

    def allows_take(self, pile, size):
        return pile - size <= 3
'''
PLAIN_DIR = tempfile.TemporaryDirectory(prefix="endnim-bench-")
PLAIN = Path(PLAIN_DIR.name) / "capped_plain.py"
RULE_SETS = {
    "endnim": [],
    "capped (Python)": ["--rules", str(ROOT / "examples/variants/capped.py") + ":CappedEndNim"],
    "capped, allows_take alone (Python)": ["--rules", f"{PLAIN}:CappedPlain"],
    "capped-toml": ["--rules", str(ROOT / "examples/variants/capped.toml")],
}


PERF = shutil.which("perf")
"""``perf stat`` counts the CPU of a command's whole process tree (the worker too, which its
supervisor kills rather than waits for, so the usual resource accounting misses it); without
it only wall-clock times are measured."""


def _timed(argv: list[str], cwd: str) -> tuple[float, float]:
    """``(wall seconds, CPU seconds)`` of one run of ``argv`` (CPU: of its whole process tree,
    the supervising process, bubblewrap and the worker, by ``perf stat``; ``nan`` without)."""
    counted = [PERF, "stat", "-x,", "-e", "task-clock", "--", *argv] if PERF else argv
    start = time.perf_counter()
    done = subprocess.run(
        counted, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr[-400:]!r}")
    cpu = float("nan")
    for line in done.stderr.decode(errors="replace").splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2].startswith("task-clock"):
            cpu = float(fields[0]) / 1000  # milliseconds
    return took, cpu


def _best(argv: list[str], repeat: int, fresh_dir: bool = False) -> float:
    best = float("inf")
    for _ in range(repeat):
        best = min(best, _run_once(argv, fresh_dir)[0])
    return best


def _run_once(argv: list[str], fresh_dir: bool) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as work:
        command = [*argv, "-o", str(Path(work) / "s")] if fresh_dir else argv
        return _timed(command, work)


def _side_by_side(argv: list[str], repeat: int) -> tuple[dict[str, float], dict[str, float]]:
    """The best wall and the best CPU seconds of ``argv`` under each rule set, the rule sets
    taking turns within each repeat (so a change of the machine's load falls on all of them,
    not on the one that ran then)."""
    wall = dict.fromkeys(RULE_SETS, float("inf"))
    cpu = dict.fromkeys(RULE_SETS, float("inf"))
    for _ in range(repeat):
        for name, rules in RULE_SETS.items():
            took, used = _run_once([*argv, *rules], fresh_dir=argv[1] == "sweep")
            wall[name], cpu[name] = min(wall[name], took), min(cpu[name], used)
    return wall, cpu


WORKER_START = """
import sys, time
from endnim.supervise import Supervisor
from endnim.commands.supervised import _worker
best = float("inf")
for _ in range(int(sys.argv[1])):
    worker = _worker(["table", "--rules", sys.argv[2]])
    began = time.perf_counter()
    worker.start()
    best = min(best, time.perf_counter() - began)
    worker.stop()
print(best)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    PLAIN.write_text(PLAIN_SOURCE, encoding="utf-8")
    cols, (length, pile) = (512, (5, 8)) if args.quick else (2048, (6, 10))
    endnim = str(BIN / "endnim")
    python = sys.executable
    workloads = {
        f"table 64×{cols}": [
            endnim,
            "table",
            "-w",
            "3",
            "-a",
            "1..64",
            "-b",
            f"1..{cols}",
            "-f",
            "csv",
        ],
        f"sweep -L {length} -H {pile}": [
            endnim,
            "sweep",
            "-L",
            str(length),
            "-H",
            str(pile),
            "--workers",
            "1",
        ],
    }
    report: dict[str, Any] = {
        "machine": {
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "date": time.strftime("%Y-%m-%d %H:%M:%S"),
            "load": os.getloadavg(),
        },
        "repeat": args.repeat,
        "commands": {},
        "ratios": {},
        "cpu": {},
        "cpu ratios": {},
        "parts": {},
    }
    for workload, argv in workloads.items():
        print(f"{workload} ...", file=sys.stderr)
        wall, cpu = _side_by_side(argv, args.repeat)
        report["commands"][workload] = {name: round(wall[name], 4) for name in RULE_SETS}
        if PERF:
            report["cpu"][workload] = {name: round(cpu[name], 4) for name in RULE_SETS}
    spec = RULE_SETS["capped (Python)"][1]
    parts = report["parts"]
    parts["python -c pass"] = round(_best([python, "-c", "pass"], args.repeat), 4)
    parts["import endnim.cli"] = round(_best([python, "-c", "import endnim.cli"], args.repeat), 4)
    start = subprocess.run(
        [python, "-c", WORKER_START, str(args.repeat), spec],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    parts["worker start (rule set loaded)"] = round(float(start.stdout.split()[-1]), 4)

    tables = [("wall", "commands", "ratios"), ("CPU", "cpu", "cpu ratios")][: 2 if PERF else 1]
    for title, key, ratios in tables:
        print(f"| command ({title}, best of {args.repeat}) | " + " | ".join(RULE_SETS) + " |")
        print("|---|" + "---|" * len(RULE_SETS))
        for workload, row in report[key].items():
            base = row["endnim"]
            cells = [f"{row[name]:.3g} s ({row[name] / base:.2f}×)" for name in RULE_SETS]
            report[ratios][workload] = {name: round(row[name] / base, 2) for name in RULE_SETS}
            print(f"| `{workload}` | " + " | ".join(cells) + " |")
        print()
    print()
    print("| part of a Python relative's command | s |")
    print("|---|---|")
    for part, seconds in parts.items():
        print(f"| {part} | {seconds:.3g} |")
    report["machine"]["load after"] = os.getloadavg()
    RESULTS.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    with PLAIN_DIR:
        code = main()
    sys.exit(code)
