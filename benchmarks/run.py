"""Benchmark the compiled engine against baselines measured in the same run.

Run from the repository root (``bash scripts/bench.sh [--quick]`` sets up and runs this)::

    .venv/bin/python benchmarks/run.py [--quick] [--output FILE]

Four parts, each reported as absolute times and as ratios against a baseline timed in the
same process on the same machine (so the ratios, not the seconds, are what to compare across
machines):

a. G(N, N, N) in End-Nim: the engine (``solve_row``, 1 thread and every core) against a plain C
   kernel compiled here with ``gcc -O3`` and against the memoised reference search (``Solver``).
b. Every position of length 6 with piles 1..8, per variant: the engine's ``solve_layer`` against
   the memoised search computing each of those positions (one shared-cache solver per variant).
c. Start-up: the wall time of a whole ``endnim analyze 3 1 4`` process, against a bare
   ``python -c pass``.
d. Long rows: a seeded 10,000-pile row of 100-digit piles through ``endnim analyze --json``
   (whole process, every variant; goal: under a second), and the partizan Prop 8 pass compiled
   against its Python reference on the first 2,000 piles (must give identical data).

All methods must agree on the values; any disagreement stops the run with exit status 1.
Results go to a Markdown report on stdout and to ``benchmarks/results.json``. The goals are
printed as PASS / MISS lines (they are reported, never asserted: exit status 0 either way,
unless ``--fail-on-miss``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from endnim.engine.interval import default_threads, solve_row
from endnim.search import ImpartialValue, PartizanValue, Solver
from endnim.variants import get_variant
from endnim.variants.base import Variant

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PLAIN_SOURCE = HERE / "plain_kernel.c"
DEFAULT_OUTPUT = HERE / "results.json"

ROW_SIZES = (100, 300, 1000, 3000)
QUICK_ROW_SIZES = (100, 300, 1000)
SOLVER_SIZES = (100, 300)
QUICK_SOLVER_SIZES = (100,)
LAYER_VARIANTS = ("endnim", "misere", "loop", "muller", "partizan")
LAYER_LENGTH = 6
LAYER_MAX_PILE = 8
SAMPLE = 200
LAYER_REPEATS = 10
STARTUP_REPEATS = 5
SOLVER_SPEEDUP_GOAL = 5000.0
LOAD_WARNING = 0.5
"""A 1-minute load average above this before the run means other work competes for the CPU."""
PARTIZAN_CODES = {"P": 0, "L": 1, "R": 2, "N": 3}
"""Outcome letter -> the engine's partizan outcome code."""

T = TypeVar("T")


class Mismatch(RuntimeError):
    """Two methods disagree on a value: the benchmark is meaningless, so it stops."""


# ---------------------------------------------------------------------------------- helpers
def log(message: str) -> None:
    """A progress line on stderr (stdout carries only the report)."""
    print(message, file=sys.stderr, flush=True)


def interleaved(repeats: int, runs: Sequence[Callable[[], T]]) -> list[tuple[float, T]]:
    """Best wall time of each of ``runs`` over ``repeats`` rounds, the runs taking turns in
    every round (so a burst of other work on a shared machine hits them all alike), each round
    starting one further along (so none always runs right after the same other one: a 2-thread
    run leaves OpenMP threads spinning for a while, which slowed whatever ran next)."""
    best = [float("inf")] * len(runs)
    results: list[T | None] = [None] * len(runs)
    for round_ in range(repeats):
        for step in range(len(runs)):
            i = (round_ + step) % len(runs)
            run = runs[i]
            start = time.perf_counter()
            results[i] = run()
            best[i] = min(best[i], time.perf_counter() - start)
    return [(b, r) for b, r in zip(best, results, strict=True) if r is not None]


def row_repeats(n: int) -> int:
    """Rounds per G(N,N,N): many for small N, whose single run (~150 µs at N = 100, cold
    caches) is dominated by noise; the plain C kernel gets the same number."""
    return 50 if n <= 300 else 10 if n <= 1000 else 5


AUTO_NOISE = 1.05
"""The automatic thread choice counts as "no slower than 1 thread" within this factor: when it
picks one thread it runs the same code, and two best-of timings of one code differ by a few %."""


def best_of(repeats: int, run: Callable[[], T]) -> tuple[float, T]:
    """Best wall time of ``repeats`` calls of ``run`` and the result of the last call."""
    best = float("inf")
    result: T | None = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


@contextmanager
def heartbeat(label: str, every: float = 10.0) -> Iterator[None]:
    """Print ``label: N s elapsed`` to stderr every ``every`` seconds while the block runs."""
    stop = threading.Event()
    start = time.perf_counter()

    def beat() -> None:
        while not stop.wait(every):
            log(f"  {label}: {time.perf_counter() - start:.0f} s elapsed, still working ...")

    thread = threading.Thread(target=beat, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def ratio_text(engine: float | None, other: float | None) -> str:
    """``"2.3x faster"`` / ``"1.4x slower"``: the engine against ``other`` (same units)."""
    if engine is None or other is None or engine <= 0 or other <= 0:
        return "n/a"
    if engine <= other:
        return f"{other / engine:.2f}x faster"
    return f"{engine / other:.2f}x slower"


def speedup_text(engine: float | None, other: float | None) -> str:
    """``"12,345x"``: how many times faster the engine is than ``other``."""
    if engine is None or other is None or engine <= 0:
        return "n/a"
    factor = other / engine
    return f"{factor:,.0f}x" if factor >= 100 else f"{factor:.1f}x"


def fmt_time(seconds: float | None) -> str:
    """Seconds in a readable unit."""
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A GitHub-flavoured Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


ALL_CORES = (
    len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
)
"""The 'all cores' columns use exactly this many threads (not the load-aware default)."""


def machine_info() -> dict[str, Any]:
    """CPU model, cores, Python version and the date."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu_model": model,
        "cores_logical": os.cpu_count(),
        "cores_usable": ALL_CORES,
        "default_threads_at_end": default_threads(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "date": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
    }


def solver_code(value: ImpartialValue | PartizanValue) -> int:
    """The solver's answer in the engine's encoding (Grundy value, or partizan outcome code)."""
    if isinstance(value, ImpartialValue):
        return value.grundy
    return PARTIZAN_CODES[value.outcome]


# ------------------------------------------------------------------------- a. G(N, N, N)
def fresh_solver_value(variant: Variant, piles: tuple[int, ...]) -> ImpartialValue | PartizanValue:
    """The value of ``piles`` by a new memoised solver (empty cache, no budget in the way)."""
    return Solver(variant, budget=10**9, max_cache=10**9).value(piles)


def compile_plain(workdir: Path) -> Path | None:
    """Compile the plain C kernel with ``gcc -O3``; ``None`` (with a warning) if impossible."""
    gcc = shutil.which("gcc")
    if gcc is None:
        log("warning: gcc not found: the plain C baseline is skipped")
        return None
    binary = workdir / "plain"
    command = [gcc, "-O3", "-o", str(binary), str(PLAIN_SOURCE)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        log(f"warning: compiling the plain C kernel failed: the baseline is skipped\n{done.stderr}")
        return None
    return binary


def run_plain(binary: Path, n: int, repeats: int) -> tuple[int, float]:
    """The plain kernel's value of G(N,N,N) and its best time (timed inside the C program)."""
    done = subprocess.run(
        [str(binary), str(n), str(repeats)], capture_output=True, text=True, check=True
    )
    value, seconds = done.stdout.split()
    return int(value), float(seconds)


def bench_rows(sizes: Sequence[int], solver_sizes: Sequence[int]) -> list[dict[str, Any]]:
    """Part a: G(N,N,N) by the engine, the plain C kernel and the memoised solver."""
    variant = get_variant("endnim")
    solve_row(variant, (20, 20, 20), threads=ALL_CORES)  # warm-up: load the kernels, start threads
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="endnim-bench-") as tmp:
        plain = compile_plain(Path(tmp))
        for n in sizes:
            piles = (n, n, n)
            repeats = row_repeats(n)
            log(
                f"a. G({n},{n},{n}): engine, 1 thread, all cores and automatic, "
                f"interleaved, best of {repeats}"
            )
            (t1, r1), (tall, rall), (tauto, rauto) = interleaved(
                repeats,
                [
                    partial(solve_row, variant, piles, threads=1),
                    partial(solve_row, variant, piles, threads=ALL_CORES),
                    partial(solve_row, variant, piles),
                ],
            )
            values: dict[str, int] = {
                "engine_1": r1.value,
                "engine_all": rall.value,
                "engine_auto": rauto.value,
            }
            entry: dict[str, Any] = {
                "n": n,
                "repeats": repeats,
                "engine_1_thread_s": t1,
                "engine_all_cores_s": tall,
                "engine_auto_s": tauto,
                "engine_best_s": min(t1, tall),
                "plain_c_s": None,
                "solver_s": None,
            }
            if plain is not None:
                log(f"   plain C kernel (gcc -O3), best of {repeats}")
                values["plain_c"], entry["plain_c_s"] = run_plain(plain, n, repeats)
            if n in solver_sizes:
                solver_repeats = 3 if n <= 100 else 1
                log(
                    f"   memoised Solver, fresh each time, best of {solver_repeats}"
                    + (" (this may take a minute or two)" if n >= 300 else "")
                )
                with heartbeat(f"solver G({n},{n},{n})"):
                    ts, sv = best_of(
                        solver_repeats,
                        partial(fresh_solver_value, variant, piles),
                    )
                values["solver"] = solver_code(sv)
                entry["solver_s"] = ts
                entry["solver_repeats"] = solver_repeats
                log(f"   solver: {fmt_time(ts)}")
            if len(set(values.values())) != 1:
                raise Mismatch(f"G({n},{n},{n}) disagrees between methods: {values}")
            entry["value"] = r1.value
            entry["values_checked"] = sorted(values)
            entry["engine_vs_plain_c"] = (
                entry["plain_c_s"] / entry["engine_best_s"] if entry["plain_c_s"] else None
            )
            entry["engine_auto_vs_plain_c"] = (
                entry["plain_c_s"] / tauto if entry["plain_c_s"] else None
            )
            entry["engine_speedup_vs_solver"] = (
                entry["solver_s"] / entry["engine_best_s"] if entry["solver_s"] else None
            )
            results.append(entry)
    return results


# -------------------------------------------------------------------------- b. layers
def bench_layer(name: str, rng: random.Random, check_all: bool) -> dict[str, Any]:
    """Part b for one variant: every position of length 6, piles 1..8."""
    from endnim.engine.layer import solve_layer

    variant: Variant = get_variant(name)
    length, top = LAYER_LENGTH, LAYER_MAX_PILE
    log(f"b. {name}: every position of length {length} with piles <= {top}")
    solve_layer(variant, 2, 2, threads=ALL_CORES)  # warm-up
    (t1, table1), (tall, table), (tauto, table_auto) = interleaved(
        LAYER_REPEATS,
        [
            lambda: solve_layer(variant, length, top, threads=1),
            lambda: solve_layer(variant, length, top, threads=ALL_CORES),
            lambda: solve_layer(variant, length, top),
        ],
    )
    if (
        table.shape != (top,) * length
        or not (table1 == table).all()
        or not (table_auto == table).all()
    ):
        raise Mismatch(f"{name}: solve_layer differs between 1 thread, all cores and automatic")
    solver = Solver(variant, budget=10**9, max_cache=10**9)
    positions = list(itertools.product(range(1, top + 1), repeat=length))
    log(f"   memoised Solver over {len(positions):,} positions (shared cache)")
    with heartbeat(f"solver {name} layer"):
        start = time.perf_counter()
        for piles in positions:
            solver.value(piles)
        ts = time.perf_counter() - start
    log(f"   solver: {fmt_time(ts)}; engine: {fmt_time(min(t1, tall))}")
    checked = positions if check_all else rng.sample(positions, SAMPLE)
    for piles in checked:  # cache hits: outside the timed loop
        expected = solver_code(solver.value(piles))
        got = int(table[tuple(p - 1 for p in piles)])
        if got != expected:
            raise Mismatch(f"{name} {piles}: engine says {got}, the solver says {expected}")
    return {
        "variant": name,
        "length": length,
        "max_pile": top,
        "positions": len(positions),
        "solver_states": solver.cached_states(),
        "engine_1_thread_s": t1,
        "engine_all_cores_s": tall,
        "engine_auto_s": tauto,
        "engine_best_s": min(t1, tall),
        "solver_s": ts,
        "engine_speedup_vs_solver": ts / min(t1, tall),
        "positions_checked": len(checked),
    }


# ------------------------------------------------------------------------- c. start-up
def endnim_command() -> list[str]:
    """The installed ``endnim`` script next to this interpreter, else ``python -m``."""
    script = Path(sys.executable).parent / "endnim"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "endnim.cli"]


def time_process(
    command: list[str], repeats: int
) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Best wall time of a whole process, and the last run's result."""

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)

    return best_of(repeats, run)


def check_grundy(output: str, expected: int) -> bool:
    """Whether the human-readable report shows ``grundy  expected`` (True if no such line)."""
    found = re.search(r"^grundy\s+(\d+)", output, re.MULTILINE)
    return found is None or int(found.group(1)) == expected


def bench_startup() -> list[dict[str, Any]]:
    """Part c: whole-process wall time of ``endnim analyze 3 1 4`` (and ``--method engine``)."""
    log(f"c. start-up: best of {STARTUP_REPEATS} whole processes")
    results: list[dict[str, Any]] = []
    t_bare, _ = time_process([sys.executable, "-c", "pass"], STARTUP_REPEATS)
    results.append({"command": "python -c pass", "seconds": t_bare, "status": "baseline"})
    base = endnim_command()
    for label, extra in (
        ("endnim analyze 3 1 4", []),
        ("endnim analyze --method engine 3 1 4", ["--method", "engine"]),
    ):
        command = [*base, "analyze", *extra, "3", "1", "4"]
        probe = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
        if probe.returncode != 0:
            if extra and ("--method" in probe.stderr or "invalid value" in probe.stderr.lower()):
                log(f"   skipped {label!r}: the CLI rejects it: {probe.stderr.strip()}")
                results.append({"command": label, "seconds": None, "status": "skipped"})
                continue
            raise Mismatch(f"{label!r} failed (status {probe.returncode}): {probe.stderr.strip()}")
        if not check_grundy(probe.stdout, 7):
            raise Mismatch(f"{label!r} does not report Grundy value 7:\n{probe.stdout}")
        seconds, _ = time_process(command, STARTUP_REPEATS)
        results.append(
            {
                "command": label,
                "seconds": seconds,
                "status": "ok",
                "vs_bare_python": seconds / t_bare,
            }
        )
    return results


# ------------------------------------------------------------------------- d. long rows
LONG_ROW_PILES = 10_000
LONG_ROW_DIGITS = 100
PROP8_PILES = 2_000
LONG_ROW_GOAL_S = 1.0


def bench_long_rows(rng: random.Random) -> dict[str, Any]:
    """Part d: a 10,000-pile row of 100-digit piles through ``endnim analyze --json`` (whole
    process, every variant), and the partizan Prop 8 pass compiled vs its Python reference."""
    from endnim.theory.partizan import _compiled_levels, _python_levels

    low, high = 10 ** (LONG_ROW_DIGITS - 1), 10**LONG_ROW_DIGITS
    row = [rng.randrange(low, high) for _ in range(LONG_ROW_PILES)]
    log(f"d. long rows: {LONG_ROW_PILES:,} piles of {LONG_ROW_DIGITS} digits, best of 3")
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        batch = Path(tmp) / "row.txt"
        batch.write_text(" ".join(map(str, row)) + "\n")
        for name in LAYER_VARIANTS:
            command = [*endnim_command(), "analyze", "--json", "--variant", name]
            seconds, done = time_process([*command, "--batch", str(batch)], 3)
            if done.returncode != 0:
                raise Mismatch(f"analyze of the long row failed ({name}): {done.stderr.strip()}")
            answer = json.loads(done.stdout)
            results.append(
                {
                    "variant": name,
                    "seconds": seconds,
                    "outcome": answer["outcome"],
                    "method": answer["method"],
                    "winning_moves": len(answer["winning_moves"]),
                }
            )
    prop8_row = tuple(row[:PROP8_PILES])
    t_c, compiled = best_of(3, lambda: _compiled_levels(prop8_row))
    t_py, reference = best_of(3, lambda: _python_levels(prop8_row))
    if compiled != reference:
        raise Mismatch("compiled Prop 8 pass differs from the Python reference")
    return {
        "rows": results,
        "prop8": {"piles": PROP8_PILES, "compiled_s": t_c, "python_s": t_py},
    }


# ---------------------------------------------------------------------------- report
def report(data: dict[str, Any]) -> tuple[str, list[tuple[str, bool | None]]]:
    """The Markdown report and the goals as (line, passed or None when not measured)."""
    info = data["machine"]
    out = [
        "# endnim engine benchmark" + (" (quick)" if data["quick"] else ""),
        "",
        f"{info['cpu_model']}, {info['cores_usable']} usable cores, Python {info['python']}, "
        f"{info['date']}",
        "",
    ]
    if data["load_average_before"] > LOAD_WARNING:
        out += [
            f"**Warning:** the machine was busy before the run (load average "
            f"{data['load_average_before']:.2f}); the figures, above all the multi-threaded "
            "ones, are unreliable.",
            "",
        ]
    out += [
        "## a. G(N,N,N), End-Nim",
        "",
    ]
    cores = info["cores_usable"]
    rows = []
    for e in data["rows"]:
        rows.append(
            [
                str(e["n"]),
                str(e["value"]),
                fmt_time(e["engine_1_thread_s"]),
                fmt_time(e["engine_all_cores_s"]),
                fmt_time(e.get("engine_auto_s")),
                fmt_time(e["plain_c_s"]),
                fmt_time(e["solver_s"]),
                ratio_text(e["engine_best_s"], e["plain_c_s"]),
                ratio_text(e.get("engine_auto_s"), e["plain_c_s"]),
                speedup_text(e["engine_best_s"], e["solver_s"]),
            ]
        )
    out.append(
        markdown_table(
            [
                "N",
                "G",
                "engine 1 thread",
                f"engine {cores} threads",
                "engine automatic",
                "plain C -O3",
                "memoised solver",
                "engine (best) vs plain C",
                "automatic vs plain C",
                "engine vs solver",
            ],
            rows,
        )
    )
    out += [
        "",
        "Interleaved rounds (1 thread, all cores, automatic in turn), best of "
        + ", ".join(f"{e['repeats']} at N = {e['n']}" for e in data["rows"] if "repeats" in e)
        + "; the plain C kernel gets as many repeats.",
    ]
    out += ["", f"## b. every position of length {LAYER_LENGTH}, piles 1..{LAYER_MAX_PILE}", ""]
    rows = [
        [
            e["variant"],
            f"{e['positions']:,}",
            fmt_time(e["engine_1_thread_s"]),
            fmt_time(e["engine_all_cores_s"]),
            fmt_time(e.get("engine_auto_s")),
            fmt_time(e["solver_s"]),
            speedup_text(e["engine_best_s"], e["solver_s"]),
            f"{e['positions_checked']} agree",
        ]
        for e in data["layers"]
    ]
    out.append(
        markdown_table(
            [
                "variant",
                "positions",
                "engine 1 thread",
                f"engine {cores} threads",
                "engine automatic",
                "memoised solver",
                "engine vs solver",
                "checked",
            ],
            rows,
        )
    )
    out += ["", f"## c. start-up (whole process, best of {STARTUP_REPEATS})", ""]
    rows = [
        [
            f"`{e['command']}`",
            fmt_time(e["seconds"]) if e["seconds"] is not None else "skipped",
            f"{e['vs_bare_python']:.1f}x" if "vs_bare_python" in e else e["status"],
        ]
        for e in data["startup"]
    ]
    out.append(markdown_table(["command", "wall time", "vs bare python"], rows))

    long = data["long_rows"]
    out += [
        "",
        f"## d. a row of {LONG_ROW_PILES:,} piles of {LONG_ROW_DIGITS} digits "
        "(`endnim analyze --json`, whole process, best of 3)",
        "",
    ]
    rows = [
        [e["variant"], fmt_time(e["seconds"]), e["outcome"], e["method"], str(e["winning_moves"])]
        for e in long["rows"]
    ]
    out.append(markdown_table(["variant", "wall time", "outcome", "method", "winning moves"], rows))
    prop8 = long["prop8"]
    out += [
        "",
        f"Partizan Prop 8 pass on the first {prop8['piles']:,} piles: compiled "
        f"{fmt_time(prop8['compiled_s'])}, Python reference {fmt_time(prop8['python_s'])} "
        f"({prop8['python_s'] / prop8['compiled_s']:,.0f}x), identical data.",
    ]

    goals: list[tuple[str, bool | None]] = []
    by_n = {e["n"]: e for e in data["rows"]}
    for n in (1000, 3000):
        e = by_n.get(n)
        if e is None or e["plain_c_s"] is None:
            goals.append((f"G({n},{n},{n}): engine no slower than plain C: not measured", None))
            continue
        ok = e["engine_best_s"] <= e["plain_c_s"]
        goals.append(
            (
                f"G({n},{n},{n}): engine (best {fmt_time(e['engine_best_s'])}) no slower than "
                f"plain C -O3 ({fmt_time(e['plain_c_s'])}): "
                f"{ratio_text(e['engine_best_s'], e['plain_c_s'])}",
                ok,
            )
        )
    e = by_n.get(100)
    if e is None or e["plain_c_s"] is None:
        goals.append(("G(100,100,100): automatic within 1.2x of plain C: not measured", None))
    else:
        goals.append(
            (
                f"G(100,100,100): engine, automatic ({fmt_time(e['engine_auto_s'])}) within 1.2x "
                f"of plain C -O3 ({fmt_time(e['plain_c_s'])}): "
                f"{e['engine_auto_s'] / e['plain_c_s']:.2f}x its time",
                e["engine_auto_s"] <= 1.2 * e["plain_c_s"],
            )
        )
    measured = [(f"G({e['n']},{e['n']},{e['n']})", e) for e in data["rows"]]
    measured += [(f"layer {e['variant']}", e) for e in data["layers"]]
    worst_name, worst = max(
        measured, key=lambda m: m[1]["engine_auto_s"] / m[1]["engine_1_thread_s"]
    )
    worst_ratio = worst["engine_auto_s"] / worst["engine_1_thread_s"]
    goals.append(
        (
            f"automatic never slower than 1 thread (within {AUTO_NOISE - 1:.0%} timing noise), "
            f"every row of a and b: worst {worst_name}, automatic "
            f"{fmt_time(worst['engine_auto_s'])} vs 1 thread "
            f"{fmt_time(worst['engine_1_thread_s'])} ({worst_ratio:.2f}x its time)",
            worst_ratio <= AUTO_NOISE,
        )
    )
    e = by_n.get(3000)
    if e is None or ALL_CORES < 2:
        goals.append(
            ("G(3000,3000,3000): 2 threads >= 1.5x faster than 1 thread: not measured", None)
        )
    else:
        factor = e["engine_1_thread_s"] / e["engine_all_cores_s"]
        goals.append(
            (
                f"G(3000,3000,3000): {ALL_CORES} threads >= 1.5x faster than 1 thread: "
                f"{fmt_time(e['engine_all_cores_s'])} vs {fmt_time(e['engine_1_thread_s'])}, "
                f"{ratio_text(e['engine_all_cores_s'], e['engine_1_thread_s'])} "
                f"(load average {data['load_average_before']:.2f} at the start)",
                factor >= 1.5,
            )
        )
    e = by_n.get(300)
    if e is None or e["solver_s"] is None:
        goals.append(
            (
                f"G(300,300,300): engine >= {SOLVER_SPEEDUP_GOAL:,.0f}x faster than the "
                "solver: not measured",
                None,
            )
        )
    else:
        factor = e["solver_s"] / e["engine_best_s"]
        goals.append(
            (
                f"G(300,300,300): engine >= {SOLVER_SPEEDUP_GOAL:,.0f}x faster than the memoised "
                f"solver: {factor:,.0f}x",
                factor >= SOLVER_SPEEDUP_GOAL,
            )
        )
    slowest = max(long["rows"], key=lambda e: e["seconds"])
    goals.append(
        (
            f"{LONG_ROW_PILES:,}-pile row of {LONG_ROW_DIGITS}-digit piles under "
            f"{LONG_ROW_GOAL_S:.0f} s as a whole process, every variant: slowest "
            f"{slowest['variant']} {fmt_time(slowest['seconds'])}",
            slowest["seconds"] < LONG_ROW_GOAL_S,
        )
    )
    out += ["", "## goals", ""]
    for line, ok in goals:
        tag = "SKIP" if ok is None else "PASS" if ok else "MISS"
        out.append(f"{tag}: {line}  ")
    out += ["", f"total run time: {data['total_s']:.1f} s"]
    return "\n".join(out), goals


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--quick", action="store_true", help="skip G(3000,3000,3000) and the solver run at N=300"
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=DEFAULT_OUTPUT,
        help=f"where to write the JSON results (default {DEFAULT_OUTPUT})",
    )
    parser.add_argument(
        "--check-all",
        action="store_true",
        help="check every layer position against the solver, not a sample",
    )
    parser.add_argument("--seed", type=int, default=2024, help="seed of the sampled positions")
    parser.add_argument(
        "--fail-on-miss", action="store_true", help="exit with status 3 if a goal is missed"
    )
    args = parser.parse_args(argv)

    start = time.perf_counter()
    load_before = os.getloadavg()
    rng = random.Random(args.seed)
    try:
        rows = bench_rows(
            QUICK_ROW_SIZES if args.quick else ROW_SIZES,
            QUICK_SOLVER_SIZES if args.quick else SOLVER_SIZES,
        )
        layers = [bench_layer(name, rng, args.check_all) for name in LAYER_VARIANTS]
        startup = bench_startup()
        long_rows = bench_long_rows(rng)
    except Mismatch as error:
        print(f"BENCHMARK FAILED: {error}", file=sys.stderr)
        return 1
    data: dict[str, Any] = {
        "machine": machine_info(),
        "quick": args.quick,
        "plain_c_flags": "gcc -O3",
        "rows": rows,
        "layers": layers,
        "startup": startup,
        "long_rows": long_rows,
        "total_s": time.perf_counter() - start,
        "load_average_before": load_before[0],
        "load_average_after": os.getloadavg()[0],
    }
    text, goals = report(data)
    data["goals"] = [
        {"goal": line, "status": "SKIP" if ok is None else "PASS" if ok else "MISS"}
        for line, ok in goals
    ]
    print(text)
    args.output.write_text(json.dumps(data, indent=2) + "\n")
    log(f"results written to {args.output}")
    if args.fail_on_miss and any(ok is False for _, ok in goals):
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
