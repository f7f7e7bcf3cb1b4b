"""The long fuzz run: hostile inputs against the CLI, the expression language and a real web
server, damaged stores, killed sweeps, and the web's latency under load. Prints counts.

    bash scripts/fuzz.sh            # about 2 minutes on 2 cores
    bash scripts/fuzz.sh --quick    # about 15 seconds

Goals (issue "Hardening"): at least 10,000 hostile inputs with 0 internal errors, 0 hangs (> 10 s)
and 0 5xx; 100 single-byte flips in a store, 100 detected; in a tree store, a conjecture state, a
streaming-check state and a periodicity atlas file, 100 flips each (and 8 sqlite3 value edits of
the tree store) with 0 silently wrong answers and 0 internal errors; 20 SIGKILLs of a sweep, 0
lost chunks; with 4 maximal requests running, a trivial analyze answers at p99 under 100 ms.
It also runs the checks moved out of the test command (``pytest -m long``: the whole golden file
byte for byte, the heavy hostile graphs, the long API game fuzz); ``--quick`` only collects them.
Issue 41's steps (benchmarks/fuzz_issue41.py): resealed certificates with hostile numbers and
special files, typed games nested deep, long runs of ups and long sums, long lines, move objects
that fight back, a saved quotient of order 1,500; each counted answered / refused in one line /
internal error / hang.
Everything runs on this machine; the server listens on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from fuzz.hostile import PIECES  # noqa: E402
from fuzz_issue41 import (  # noqa: E402
    hostile_certificates,
    hostile_games,
    hostile_moves,
    hostile_quotient_state,
    long_lines,
)

HANG_SECONDS = 10
VARIANTS = ["endnim", "misere", "misere-conway", "loop", "muller", "partizan", "bogus", ""]


class Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def hostile_text(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.5:
        return " ".join(rng.choice(PIECES) for _ in range(rng.randint(1, 4)))
    if kind < 0.8:
        return "".join(chr(rng.randint(1, 0x2FFF)) for _ in range(rng.randint(0, 30)))
    return str(rng.randint(-(10**40), 10**40))


def hostile_command(rng: random.Random) -> list[str]:
    text = hostile_text(rng).replace("\x00", "")
    variant = rng.choice(VARIANTS) or "endnim"
    return rng.choice(
        [
            [
                "analyze",
                "--json",
                "-v",
                variant,
                "-m",
                rng.choice(["auto", "theory", "search"]),
                "--",
                text,
            ],
            ["value", "--", text],
            ["phase", "--", text],
            ["table", "--middle", text, "--rows", "1..6", "--cols", "1..6"],
            ["periodicity", "--middle", text, "--a", "1..2", "--cols", "1..64"],
            ["conjecture", "--holds", text, "-L", "2", "-H", "3"],
            ["analyze", "--budget", hostile_text(rng)[:20], "--", text],
            ["sweep-query", "/nonexistent/" + text[:100], "p"],
        ]
    )


def fuzz_cli(count: int, rng: random.Random) -> dict[str, int]:
    """Hostile command lines through the real entry point, in this process (fast)."""
    from endnim import cli

    internal = hangs = tried = 0
    signal.signal(signal.SIGALRM, _alarm)
    for _ in range(count):
        args = hostile_command(rng)
        tried += 1
        err = io.StringIO()
        signal.alarm(HANG_SECONDS)
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                try:
                    cli.main(args)
                except SystemExit as done:
                    if done.code not in (0, 1, 2):
                        internal += 1
        except Hang:
            hangs += 1
        finally:
            signal.alarm(0)
        if "internal error" in err.getvalue() or len(err.getvalue().strip().splitlines()) > 1:
            internal += 1
    return {"inputs": tried, "internal_errors": internal, "hangs": hangs}


def fuzz_expressions(count: int, rng: random.Random) -> dict[str, int]:
    from endnim.analysis.expression import ExpressionError, compile_predicate

    parts = ["a", "g", "n", "beans", "999999", "10**6", "'%0999999d'", "range(999999)", "x"]
    calls = ["sum", "sorted", "set", "tuple", "max", "min", "len", "all", "any"]
    ops = ["+", "*", "**", "<<", "%", "//", "==", " for x in "]
    internal = hangs = 0
    signal.signal(signal.SIGALRM, _alarm)
    for _ in range(count):
        text = rng.choice(parts)
        for _ in range(rng.randint(1, 5)):
            step = rng.random()
            if step < 0.4:
                text = f"{rng.choice(calls)}({text})"
            elif step < 0.8:
                text = f"({text} {rng.choice(ops)} {rng.choice(parts)})"
            else:
                text = f"{rng.choice(calls)}({text} for x in {rng.choice(parts)})"
        signal.alarm(HANG_SECONDS)
        try:
            compile_predicate(text)((3, 1, 4), 2)
        except ExpressionError:
            pass
        except Hang:
            hangs += 1
        except Exception:
            internal += 1
        finally:
            signal.alarm(0)
    return {"inputs": count, "internal_errors": internal, "hangs": hangs}


@contextlib.contextmanager
def server(extra: list[str] | None = None) -> object:
    from endnim.web.server import bind

    sock = bind(port=0)
    port = sock.getsockname()[1]
    sock.close()
    process = subprocess.Popen(
        [str(ROOT / ".venv/bin/endnim"), "serve", "--port", str(port), *(extra or [])],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "api/health", timeout=1)
            break
        except OSError:
            time.sleep(0.05)
    try:
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def request(url: str, timeout: float = 30) -> int:
    return request_body(url, timeout)[0]


def request_body(url: str, timeout: float = 30) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read(300).decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read(300).decode(errors="replace")


def fuzz_api(count: int, rng: random.Random) -> dict[str, object]:
    endpoints = ["analyze", "moves", "apply-move", "computer-move", "table"]
    fives = hangs = 0
    examples: list[str] = []
    with server() as url:
        for _ in range(count):
            endpoint = rng.choice(endpoints)
            params = {
                "position": hostile_text(rng),
                "middle": hostile_text(rng)[:50],
                "variant": rng.choice(VARIANTS),
                "move": hostile_text(rng)[:20],
                "method": rng.choice(["auto", "theory", "search", "engine", "x"]),
                "rows": str(rng.randint(-2, 400)),
                "skill": str(rng.randint(-5, 120)),
            }
            query = urllib.parse.urlencode(params)
            started = time.monotonic()
            try:
                status, body = request_body(f"{url}api/{endpoint}?{query}", HANG_SECONDS + 5)
            except OSError as error:
                status, body = 599, str(error)  # a dropped connection counts as a 5xx
            if time.monotonic() - started > HANG_SECONDS:
                hangs += 1
            if status >= 500:
                fives += 1
                if len(examples) < 3:
                    examples.append(f"{status} {endpoint}?{query[:200]} -> {body[:200]}")
    return {"inputs": count, "5xx": fives, "hangs": hangs, "5xx_examples": examples}


def store_flips(flips: int, rng: random.Random, folder: Path) -> dict[str, int]:
    from endnim.sweep import open_sweep
    from endnim.sweep.plan import SweepError
    from endnim.sweep.runner import run_sweep

    root = folder / "flips"
    run_sweep(root, "muller", 5, 5, workers=1, chunk_tables=16)
    files = sorted(root.glob("level-*/*.npy"))
    detected = 0
    for _ in range(flips):
        path = rng.choice(files)
        original = path.read_bytes()
        data = bytearray(original)
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        try:
            with open_sweep(root) as sweep:
                for length in range(1, 6):
                    for _ in sweep.positions(length):
                        pass
        except SweepError:
            detected += 1
        path.write_bytes(original)
    return {"flips": flips, "detected": detected}


def store_kind_flips(flips: int, rng: random.Random, folder: Path) -> dict[str, object]:
    """Single-bit flips (and, for the tree store, value edits with sqlite3) in the stores a
    later run trusts besides the row store: a tree sweep, a saved conjecture state and a
    streaming-check state. Each is read back as ``sweep-query``/a resume would: detected (a
    one-line error), harmless (the same answer: the flip hit unused bytes), silently wrong, or
    an internal error."""
    import sqlite3

    from endnim.analysis.conjecture import builtin_conjecture, check_conjecture, state_path
    from endnim.errors import EndNimError
    from endnim.sweep import trees as tree_store
    from endnim.sweep.stream import stream_horrocks

    def classify(read: object, reference: object, counts: dict[str, int]) -> None:
        try:
            answer = read()  # type: ignore[operator]
        except EndNimError:
            counts["detected"] += 1
        except Exception:  # counted, never raised
            counts["internal_errors"] += 1
        else:
            counts["harmless" if answer == reference else "silent_wrong"] += 1

    def fresh() -> dict[str, int]:
        return {"detected": 0, "harmless": 0, "silent_wrong": 0, "internal_errors": 0}

    def flip(path: Path) -> None:
        data = bytearray(path.read_bytes())
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))

    def tree_answer(root: Path) -> object:
        with tree_store.open_tree_sweep(root) as opened:
            found = tree_store.run_tree_query(opened, ["p"], limit=10**6)
        return found["count"], found["positions"], found["checked"]

    pristine = folder / "tree-pristine"
    tree_store.run_tree_sweep(pristine, 6, 2)
    reference = tree_answer(pristine)
    trees = {"flips": flips, **fresh()}
    for trial in range(flips):
        root = folder / f"tree-{trial}"
        shutil.copytree(pristine, root)
        flip(root / tree_store.TREE_STORE)
        classify(lambda root=root: tree_answer(root), reference, trees)
        shutil.rmtree(root)
    edits = [
        "UPDATE trees SET grundy = grundy + 1 WHERE rowid IN (SELECT rowid FROM trees "
        "ORDER BY random() LIMIT 1)",
        "UPDATE trees SET labels = '[1]' WHERE rowid IN (SELECT rowid FROM trees "
        "ORDER BY random() LIMIT 1)",
        "DELETE FROM trees WHERE rowid IN (SELECT rowid FROM trees ORDER BY random() LIMIT 1)",
        "INSERT INTO trees VALUES ('9(9)', 2, 0, '[9, 9]', '[[0, 1]]', 18, 0)",
        "UPDATE trees SET grundy = 5 WHERE rowid IN (SELECT rowid FROM trees WHERE grundy = 0 "
        "LIMIT 3)",
        "DELETE FROM shapes WHERE rowid IN (SELECT rowid FROM shapes ORDER BY random() LIMIT 1)",
        "UPDATE shapes SET trees = trees + 1",
        "UPDATE meta SET value = '3' WHERE key = 'max_label'",
    ]
    edited = {"edits": len(edits), **fresh()}
    for number, sql in enumerate(edits):
        root = folder / f"tree-edit-{number}"
        shutil.copytree(pristine, root)
        with sqlite3.connect(root / tree_store.TREE_STORE) as connection:
            connection.execute(sql)
        connection.close()
        classify(lambda root=root: tree_answer(root), reference, edited)
        shutil.rmtree(root)
    conjecture = builtin_conjecture("horrocks-1")
    states = folder / "states"
    check_conjecture(conjecture, max_length=4, max_pile=5, state_dir=states)
    saved = state_path(states, conjecture, 5, 1)
    original = saved.read_bytes()
    whole = check_conjecture(conjecture, max_length=5, max_pile=5).to_dict()
    conjecture_states = {"flips": flips, **fresh()}
    for _ in range(flips):
        flip(saved)
        classify(
            lambda: (
                check_conjecture(conjecture, max_length=5, max_pile=5, state_dir=states).to_dict()
                | {"resumed": False, "seconds": whole.get("seconds")}
            ),
            whole | {"resumed": False},
            conjecture_states,
        )
        saved.write_bytes(original)
    stream_file = folder / "stream.json"

    def stream_counts() -> object:
        done = stream_horrocks(4, 5, workers=1, state=stream_file).to_dict()
        return {k: v for k, v in done.items() if k not in ("seconds", "peak_rss_bytes")}

    stream_whole = stream_counts()
    stream_original = stream_file.read_bytes()
    stream_states = {"flips": flips, **fresh()}
    for _ in range(flips):
        flip(stream_file)
        classify(stream_counts, stream_whole, stream_states)
        stream_file.write_bytes(stream_original)
    return {
        "tree_store": trees,
        "tree_store_sqlite_edits": edited,
        "conjecture_state": conjecture_states,
        "stream_state": stream_states,
        "atlas_file": atlas_flips(flips, rng, folder),
    }


def atlas_flips(flips: int, rng: random.Random, folder: Path) -> dict[str, int]:
    """Single-bit flips in a periodicity atlas CSV (9 in 10) or its digests file, each read
    back as ``atlas summary`` reads it, then repaired by resuming: detected, harmless, silently
    wrong or an internal error, and how many resumes gave back the uninterrupted run's file."""
    from endnim.analysis.atlas.periodicity import AtlasSpec, read_atlas, run_atlas
    from endnim.analysis.atlas.table_digests import digests_path
    from endnim.errors import EndNimError

    spec = AtlasSpec.default(
        variants=["endnim", "misere"], rows=4, cols=64, short_piles=2, long_piles=1
    )
    path = folder / "atlas" / "periodicity.csv"
    run_atlas(path, spec)
    files = {path: path.read_bytes(), digests_path(path): digests_path(path).read_bytes()}
    reference = read_atlas(path)
    counts = {"flips": flips, "detected": 0, "harmless": 0, "silent_wrong": 0}
    counts |= {"internal_errors": 0, "repaired_by_resume": 0}
    for _ in range(flips):
        target = path if rng.random() < 0.9 else digests_path(path)
        data = bytearray(files[target])
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        target.write_bytes(bytes(data))
        try:
            answer = read_atlas(path)
        except EndNimError:
            counts["detected"] += 1
        except Exception:  # counted, never raised
            counts["internal_errors"] += 1
        else:
            counts["harmless" if answer == reference else "silent_wrong"] += 1
        try:
            run_atlas(path, spec)
        except Exception:  # counted, never raised
            counts["internal_errors"] += 1
        counts["repaired_by_resume"] += all(f.read_bytes() == b for f, b in files.items())
        for original, content in files.items():
            original.write_bytes(content)
    return counts


def sigkills(kills: int, rng: random.Random, folder: Path, quick: bool) -> dict[str, int]:
    """Kill a running sweep at random moments, resume, and compare with an uninterrupted run."""
    length, pile = (7, 8) if quick else (8, 8)
    args = ["sweep", "-v", "endnim", "-L", str(length), "-H", str(pile), "--chunk-tables", "64"]
    endnim = str(ROOT / ".venv/bin/endnim")
    reference = folder / "reference"
    subprocess.run([endnim, *args, "-o", str(reference)], check=True, capture_output=True)
    started = time.monotonic()
    subprocess.run([endnim, *args, "-o", str(folder / "timing")], check=True, capture_output=True)
    full = time.monotonic() - started
    killed = folder / "killed"
    done_kills = attempts = 0
    while done_kills < kills and attempts < 4 * kills:
        attempts += 1
        process = subprocess.Popen(
            [endnim, *args, "-o", str(killed)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(rng.uniform(0.15, max(0.3, full * 0.7)))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            done_kills += 1
        else:  # it finished first: start again from an empty store, to be killed again
            shutil.rmtree(killed, ignore_errors=True)
        process.wait()
    subprocess.run([endnim, *args, "-o", str(killed)], check=True, capture_output=True)

    def chunks(root: Path) -> dict[str, bytes]:
        return {str(p.relative_to(root)): p.read_bytes() for p in root.glob("level-*/*.npy")}

    want, got = chunks(reference), chunks(killed)
    lost = sum(1 for name, data in want.items() if got.get(name) != data)
    return {"sigkills": done_kills, "chunks": len(want), "lost_or_different_chunks": lost}


def latency_under_load(samples: int) -> dict[str, float]:
    """p50/p99 of a trivial analyze while 4 maximal searches keep the server busy."""
    heavy = "api/analyze?position=100+100+100&method=search&budget=1000000"  # 6 M option visits
    stop = threading.Event()
    with server() as url:

        def load() -> None:
            while not stop.is_set():
                with contextlib.suppress(OSError):
                    request(url + heavy, timeout=60)

        threads = [threading.Thread(target=load, daemon=True) for _ in range(4)]
        for thread in threads:
            thread.start()
        time.sleep(1.0)
        times = []
        for _ in range(samples):
            started = time.perf_counter()
            request(url + "api/analyze?position=3+1+4")
            times.append(time.perf_counter() - started)
            time.sleep(0.01)
        stop.set()
    times.sort()
    return {
        "samples": samples,
        "p50_ms": round(1000 * statistics.median(times), 1),
        "p99_ms": round(1000 * times[min(len(times) - 1, int(0.99 * len(times)))], 1),
    }


def broken_rule_sets() -> dict[str, int]:
    """The gallery of broken rule sets (tests/rules_gallery/broken.py, one class per fault)
    through analyze, table and conjecture, check-rules, and a server started with each: counts
    of internal errors, hangs, multi-line or unnamed errors, 5xx answers and server deaths."""
    from rules_gallery.broken import FAULTS

    gallery = ROOT / "tests" / "rules_gallery" / "broken.py"
    env = {**os.environ, "ENDNIM_HOOK_TIMEOUT": "2", "ENDNIM_BUDGET": "20000"}
    commands = [
        ["analyze", "3 1 4"],
        ["table", "--middle", "1", "--rows", "1..3", "--cols", "1..3"],
        ["conjecture", "--holds", "g <= 9", "-L", "2", "-H", "2"],
        ["check-rules", "--max-piles", "2", "--max-pile", "3"],
    ]
    counts = dict.fromkeys(
        ["runs", "internal_errors", "hangs", "unnamed_errors", "requests", "5xx", "server_deaths"],
        0,
    )
    for name in FAULTS:
        spec = f"{gallery}:{name}"
        for command in commands:
            counts["runs"] += 1
            args = [*command, spec] if command[0] == "check-rules" else [*command, "--rules", spec]
            try:
                done = subprocess.run(
                    [str(ROOT / ".venv/bin/endnim"), *args],
                    capture_output=True,
                    text=True,
                    timeout=120,
                    env=env,
                )
            except subprocess.TimeoutExpired:
                counts["hangs"] += 1
                continue
            counts["internal_errors"] += "internal error" in done.stderr
            if done.returncode == 2 and (
                len(done.stderr.strip().splitlines()) != 1
                or (f":{name})" not in done.stderr and "not a row game" not in done.stderr)
            ):
                counts["unnamed_errors"] += 1
        if name in ("NameClash", "AliasClash", "NotARow"):
            continue  # refused at start (clash) or not a row game: no page to serve
        rules_name = getattr(__import__("rules_gallery.broken").broken, name).name
        with server(["--timeout", "3", "--rules", spec]) as url:
            query = urllib.parse.urlencode({"variant": rules_name, "position": "3 1 4"})
            for path in (
                f"api/analyze?{query}",
                f"api/moves?{query}",
                "api/analyze?position=3+1+4",
            ):
                counts["requests"] += 1
                try:
                    status = request(url + path, timeout=60)
                except Exception:
                    counts["server_deaths"] += 1
                    break
                counts["5xx"] += status >= 500
    return counts


def hostile_graph(rng: random.Random, big: int) -> str:
    """One hostile graph position (a JSON line, or a broken one) of up to ``big`` vertices."""
    n = rng.randint(big // 10, big)
    label = rng.choice([1, 2, 3, 10**50])
    kind = rng.choice(
        ["isolated", "path", "star", "star0", "complete", "grid", "matching", "random", "broken"]
    )
    edges: list[tuple[int, int]]
    labels = [label] * n
    if kind == "isolated":
        edges = []
    elif kind == "path":
        edges = [(i, i + 1) for i in range(n - 1)]
    elif kind in ("star", "star0"):
        edges = [(0, v) for v in range(1, n)]
        labels[0] = 0 if kind == "star0" else label
    elif kind == "complete":
        n = min(n, 300)
        labels = [label] * n
        labels[0] = rng.choice([0, label])
        edges = [(u, v) for u in range(n) for v in range(u + 1, n)]
    elif kind == "grid":
        side = max(2, min(300, int(n**0.5)))
        n = side * side
        labels = [label] * n
        edges = [(r * side + c, r * side + c + 1) for r in range(side) for c in range(side - 1)]
        edges += [(r * side + c, r * side + c + side) for r in range(side - 1) for c in range(side)]
    elif kind == "matching":
        edges = [(2 * i, 2 * i + 1) for i in range(n // 2)]
    elif kind == "random":
        edges = list({(rng.randrange(n), rng.randrange(n)) for _ in range(n)})
        edges = [(u, v) for u, v in edges if u != v]
    else:
        text = json.dumps({"labels": labels, "edges": [[0, n + 5], [-1, 2]]})
        return text[: rng.randint(1, len(text))]
    return json.dumps({"labels": labels, "edges": [list(e) for e in edges]})


def fuzz_graph_inputs(count: int, rng: random.Random, big: int) -> dict[str, object]:
    """Hostile big graphs (isolated vertices, paths, stars, complete graphs, grids, broken
    JSON, a 10 MB text) through ``analyze --batch`` and ``value``, one process per input:
    each must answer or be refused in one line, within the hang limit."""
    limit = 60  # seconds: a 50,000-vertex answer takes a few on a loaded machine
    endnim = str(ROOT / ".venv/bin/endnim")
    internal = hangs = tried = answered = refused = 0
    slowest = 0.0
    examples: list[str] = []
    inputs = [(rng.choice(["tree", "depot", "depot-partizan"]), hostile_graph(rng, big))]
    inputs += [
        (rng.choice(["tree", "depot", "depot-partizan"]), hostile_graph(rng, big))
        for _ in range(count - 1)
    ]
    if big >= 50_000:  # a graph text of 10 MB
        inputs.append(("depot", json.dumps({"labels": [1] * 3_400_000, "edges": []})))
    for variant, text in inputs:
        command = rng.choice(["analyze", "value"]) if variant == "depot-partizan" else "analyze"
        args = [endnim, command, "-v", variant, "--json", "--batch", "-"]
        if command == "value":
            args = [endnim, "value", "-v", variant, "--json", "--batch", "-"]
        tried += 1
        started = time.monotonic()
        try:
            out = subprocess.run(
                args, input=text + "\n", capture_output=True, text=True, timeout=limit
            )
        except subprocess.TimeoutExpired:
            hangs += 1
            if len(examples) < 3:
                examples.append(f"hang: {command} -v {variant} {text[:80]}")
            continue
        slowest = max(slowest, time.monotonic() - started)
        bad = "internal error" in out.stderr or "Traceback" in out.stderr
        bad = bad or out.returncode not in (0, 2) or len(out.stderr.strip().splitlines()) > 1
        if bad:
            internal += 1
            if len(examples) < 3:
                examples.append(f"{command} -v {variant} {text[:80]} -> {out.stderr[:200]}")
        elif out.returncode == 0:
            answered += 1
        else:
            refused += 1
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {
        "inputs": tried,
        "answered": answered,
        "refused_in_one_line": refused,
        "internal_errors": internal,
        "hangs": hangs,
        "slowest_seconds": round(slowest, 1),
        "peak_child_memory_mib": round(peak, 1),
        "examples": examples,
    }


def big_graph_shapes(quick: bool) -> dict[str, object]:
    """The shapes of issue 34 §9 (a star of 10,000 vertices, a path of 100,000; labels 1, 3,
    10^50, the star's centre 0) through ``analyze --batch`` of each graph rule set, one process
    each under 4 GiB of address space: every one must answer or be refused in one line."""
    endnim = str(ROOT / ".venv/bin/endnim")
    stars, path = (1_000, 10_000) if quick else (10_000, 100_000)
    shapes: list[tuple[str, list[int], list[list[int]]]] = []
    for label in (1, 3, 10**50):
        shapes.append(
            (f"star {stars} label {label}", [label] * stars, [[0, v] for v in range(1, stars)])
        )
        shapes.append(
            (f"path {path} label {label}", [label] * path, [[i, i + 1] for i in range(path - 1)])
        )
    shapes.append(
        (f"star {stars} centre 0", [0] + [2] * (stars - 1), [[0, v] for v in range(1, stars)])
    )
    answered = refused = internal = hangs = 0
    slowest, peak_kib, examples = 0.0, 0, []
    for name, labels, edges in shapes:
        text = json.dumps({"labels": labels, "edges": edges})
        for variant in ("tree", "depot", "depot-partizan"):
            started = time.monotonic()
            try:
                out = subprocess.run(
                    [
                        "/usr/bin/time",
                        "-f",
                        "%M",
                        "prlimit",
                        f"--as={4 * 2**30}",
                        endnim,
                        "analyze",
                        "-v",
                        variant,
                        "--json",
                        "--batch",
                        "-",
                    ],
                    input=text + "\n",
                    capture_output=True,
                    text=True,
                    timeout=600,
                )
            except subprocess.TimeoutExpired:
                hangs += 1
                examples.append(f"hang: {variant} {name}")
                continue
            seconds = time.monotonic() - started
            lines = out.stderr.strip().splitlines()
            peak_kib = max(peak_kib, int(lines[-1]) if lines and lines[-1].isdigit() else 0)
            errors = [e for e in lines if not e.isdigit() and not e.startswith("Command exited")]
            slowest = max(slowest, seconds)
            bad = any(
                "internal error" in e or "Traceback" in e or "out of memory" in e for e in errors
            )
            if bad or out.returncode not in (0, 2) or len(errors) > 1:
                internal += 1
                examples.append(f"{variant} {name}: {' '.join(errors)[:200]}")
            elif out.returncode == 0:
                answered += 1
            else:
                refused += 1
            print(f"    {variant} {name}: {seconds:.1f} s", file=sys.stderr, flush=True)
    return {
        "inputs": answered + refused + internal + hangs,
        "answered": answered,
        "refused_in_one_line": refused,
        "internal_errors_or_out_of_memory": internal,
        "hangs": hangs,
        "slowest_seconds": round(slowest, 1),
        "peak_child_memory_mib": round(peak_kib / 1024, 1),
        "examples": examples[:5],
    }


def expanding_requests() -> dict[str, object]:
    """Requests that cost more than their text says (issue 34 §5, §6): sums in exponent
    notation and sums of many summands, on the API (each answered within the hang limit,
    never 5xx) and in a command line batch (each line answered or refused in one line)."""
    endnim = str(ROOT / ".venv/bin/endnim")
    sums = [
        ("misere", "1^999999 + 1^999999"),
        ("endnim", " + ".join(["2^999999"] * 10)),
        ("misere", " + ".join(["1"] * 5_000)),
        ("endnim", " + ".join(["3 4"] * 3_000)),
        ("misere", "1^150 + 1^50"),
    ]
    fives = slow = tried = 0
    slowest = 0.0
    with server() as url:
        for variant, text in sums:
            for endpoint in ("analyze", "moves"):
                query = urllib.parse.urlencode({"variant": variant, "position": text})
                started = time.monotonic()
                status, _ = request_body(f"{url}api/{endpoint}?{query}", HANG_SECONDS + 20)
                seconds = time.monotonic() - started
                tried, slowest = tried + 1, max(slowest, seconds)
                fives += status >= 500
                slow += seconds > HANG_SECONDS
            body = json.dumps({"variant": variant, "position": text}).encode()
            request = urllib.request.Request(
                f"{url}api/games", body, {"Content-Type": "application/json"}
            )
            started = time.monotonic()
            try:
                with urllib.request.urlopen(request, timeout=HANG_SECONDS + 20) as answer:
                    status = answer.status
            except urllib.error.HTTPError as error:
                status = error.code
            seconds = time.monotonic() - started
            tried, slowest = tried + 1, max(slowest, seconds)
            fives += status >= 500
            slow += seconds > HANG_SECONDS
    lines = [" + ".join(["1"] * n) for n in (1_000, 10_000, 10_001, 100_000, 1_000_000)]
    lines += ["1^999999 + 1^999999", " + ".join(["7 7"] * 2_000)]
    started = time.monotonic()
    out = subprocess.run(
        [endnim, "analyze", "-v", "misere", "--json", "--batch", "-"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=600,
    )
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    return {
        "api_requests": tried,
        "api_5xx": fives,
        "api_over_hang_limit": slow,
        "api_slowest_seconds": round(slowest, 1),
        "batch_lines": len(lines),
        "batch_answered": sum("outcome" in a for a in answers),
        "batch_refused_in_one_line": sum("error" in a for a in answers),
        "batch_lines_lost": len(lines) - len(answers),
        "batch_internal_errors": out.stderr.count("internal error"),
        "batch_seconds": round(time.monotonic() - started, 1),
    }


def damaged_states(folder: Path) -> dict[str, object]:
    """Hostile saved states (issue 34 §10): deeply nested JSON and a resealed ``1e400`` count
    in quotient and conjecture states; each must be refused in one line."""
    import hashlib

    from endnim.analysis.conjecture import builtin_conjecture, check_conjecture, state_path
    from endnim.sealed import seal

    endnim = str(ROOT / ".venv/bin/endnim")
    quotient_dir, conjecture_dir = folder / "q-states", folder / "c-states"
    quotient = [
        endnim,
        "quotient",
        "-v",
        "misere",
        "-L",
        "2",
        "-H",
        "4",
        "--state",
        str(quotient_dir),
    ]
    subprocess.run(quotient, capture_output=True, check=True)
    (q_state,) = quotient_dir.glob("quotient-*.json")
    conjecture = builtin_conjecture("horrocks-1")
    check_conjecture(conjecture, max_length=4, max_pile=5, state_dir=conjecture_dir)
    c_state = state_path(conjecture_dir, conjecture, 5, 1)
    q_good, c_good = q_state.read_text(), c_state.read_text()
    nested = "[" * 100_000 + "]" * 100_000

    def resealed_quotient() -> str:
        data = json.loads(q_good)
        data["payload"]["done"] = float("inf")
        text = json.dumps(data["payload"], sort_keys=True).encode()
        data["sha256"] = hashlib.sha256(text).hexdigest()
        return json.dumps(data).replace("Infinity", "1e400")

    def resealed_conjecture() -> str:
        data = json.loads(c_good)
        data["data"]["report"]["done_length"] = float("inf")
        data["sha256"] = seal(data["data"])
        return json.dumps(data).replace("Infinity", "1e400")

    conjecture_cmd = [
        endnim,
        "conjecture",
        "horrocks-1",
        "-L",
        "5",
        "-H",
        "5",
        "--state",
        str(conjecture_dir),
    ]
    cases = [
        (q_state, nested, quotient),
        (q_state, resealed_quotient(), quotient),
        (c_state, nested, conjecture_cmd),
        (c_state, resealed_conjecture(), conjecture_cmd),
    ]
    refused = internal = 0
    for path, text, command in cases:
        path.write_text(text)
        out = subprocess.run(command, capture_output=True, text=True, timeout=300)
        lines = out.stderr.strip().splitlines()
        if out.returncode == 2 and len(lines) == 1 and lines[0].startswith("endnim: error:"):
            refused += 1
        else:
            internal += 1
    q_state.write_text(q_good)
    c_state.write_text(c_good)
    return {"inputs": len(cases), "refused_in_one_line": refused, "internal_errors": internal}


def _raw_request(url: str, data: bytes, wait: float) -> tuple[int, float]:
    """Send ``data`` on a fresh connection and read the status line; (599, s) when the
    connection is dropped without an answer, (0, s) when nothing comes within ``wait``."""
    import socket

    host, port = urllib.parse.urlsplit(url).hostname, urllib.parse.urlsplit(url).port
    assert host == "127.0.0.1"
    started = time.monotonic()
    with socket.create_connection((host, port), timeout=wait) as sock:
        with contextlib.suppress(OSError):
            sock.sendall(data)
        try:
            head = sock.recv(64)
        except TimeoutError:
            return 0, time.monotonic() - started
        except OSError:
            return 599, time.monotonic() - started
    if not head.startswith(b"HTTP/1.1 "):
        return 599, time.monotonic() - started
    return int(head.split()[1]), time.monotonic() - started


def fuzz_request_bodies(count: int, rng: random.Random) -> dict[str, object]:
    """Oversized, lying, chunked and slow requests against a real ``endnim serve`` on
    127.0.0.1: oversized bodies must get 413, requests sent too slowly 408, none a 5xx or a
    hang, and a trivial request must be answered while slow clients dawdle."""
    wait = 25.0  # the server's deadlines are 10 s
    statuses: dict[str, int] = {}
    fives = hangs = accepted_oversized = 0
    slowest_health = 0.0

    def head(extra: str) -> bytes:
        return (
            "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"{extra}\r\n"
        ).encode()

    def one(kind: str, url: str) -> None:
        nonlocal fives, hangs, accepted_oversized
        if kind == "announced":  # a huge Content-Length, a few bytes
            data = head(f"Content-Length: {rng.randint(300_000, 10**10)}\r\n") + b'{"po'
        elif kind == "oversized":  # a real body over the limit
            body = b'{"position": "' + b"1 " * rng.randint(150_000, 2_000_000) + b'"}'
            data = head(f"Content-Length: {len(body)}\r\n") + body
        elif kind == "chunked":  # over the limit without Content-Length
            chunk = b"x" * 65536
            data = head("Transfer-Encoding: chunked\r\n")
            data += (b"%x\r\n" % len(chunk) + chunk + b"\r\n") * rng.randint(5, 40)
        elif kind == "lying":  # announces more than it sends, then waits
            data = head(f"Content-Length: {rng.randint(20, 200_000)}\r\n") + b'{"position"'
        else:  # "slow-head": a request line never finished
            data = b"GET /api/analyze?position=3+1+4 HTTP/1.1\r\nHost: 127."
        status, seconds = _raw_request(url, data, wait)
        statuses[f"{kind} {status}"] = statuses.get(f"{kind} {status}", 0) + 1
        if status >= 500:
            fives += 1
        if status == 0 or seconds > wait - 1:
            hangs += 1
        if kind in ("announced", "oversized", "chunked") and status < 400:
            accepted_oversized += 1

    kinds = ["announced", "oversized", "chunked", "lying", "slow-head"]
    plan = [rng.choice(kinds) for _ in range(count)]
    with server() as url:
        fast = [k for k in plan if k in ("announced", "oversized", "chunked")]
        for kind in fast:
            one(kind, url)
        slow = [k for k in plan if k not in fast]
        threads = [threading.Thread(target=one, args=(k, url)) for k in slow]
        for thread in threads:  # the slow ones all at once (they wait out the deadlines)
            thread.start()
        for _ in range(10):
            started = time.monotonic()
            status = request(url + "api/analyze?position=3+1+4", timeout=wait)
            slowest_health = max(slowest_health, time.monotonic() - started)
            if status != 200:
                fives += status >= 500
            time.sleep(0.5)
        for thread in threads:
            thread.join(timeout=2 * wait)
    return {
        "inputs": count,
        "5xx": fives,
        "hangs": hangs,
        "oversized_accepted": accepted_oversized,
        "statuses": dict(sorted(statuses.items())),
        "slowest_trivial_request_ms_while_slow_clients": round(1000 * slowest_health, 1),
    }


def long_checks(quick: bool) -> dict[str, object]:
    """The checks moved out of the test command (marker ``long``, deselected there): the whole
    golden file byte for byte, the heavy hostile graphs, the long API game fuzz. ``--quick``
    only collects them (to see that they still load)."""
    args = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-m", "long", "-q"]
    if quick:
        args.append("--collect-only")
    else:
        args += ["-rA", "-n", os.environ.get("ENDNIM_TEST_WORKERS", "2")]
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)
    lines = done.stdout.splitlines()
    passed = [line.split()[1] for line in lines if line.startswith("PASSED ")]
    failed = [line.split()[1] for line in lines if line.startswith(("FAILED ", "ERROR "))]
    collected = sum(  # "file.py: N" per file (pytest -qq --collect-only)
        int(count) for _, _, count in (line.rpartition(": ") for line in lines) if count.isdigit()
    )
    return {
        "inputs": collected if quick else len(passed) + len(failed),
        "passed": len(passed),
        "failed": failed,
        "exit_status": done.returncode,
    }


def rule_set_matrix() -> dict[str, object]:
    """Every gallery rule set through every command (benchmarks/fuzz_rules.py)."""
    from fuzz_rules import rule_set_matrix as matrix

    return matrix()


def worker_fault_batches(batches: int, lines: int, rng: random.Random) -> dict[str, int]:
    """Batches whose workers are killed, stopped and starved (benchmarks/fuzz_rules.py)."""
    from fuzz_rules import worker_fault_batches as run

    return run(batches, lines, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer inputs (about a minute)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", nargs="*", default=None, help="run only these steps")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    scale = 0.1 if options.quick else 1.0
    started = time.monotonic()
    report: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        steps = [
            ("cli", lambda: fuzz_cli(int(6000 * scale), rng)),
            ("expressions", lambda: fuzz_expressions(int(3000 * scale), rng)),
            ("api", lambda: fuzz_api(int(3000 * scale), rng)),
            ("store_flips", lambda: store_flips(100, rng, folder)),
            (
                "flips_detected_per_store_kind",
                lambda: store_kind_flips(int(100 * scale) or 10, rng, folder),
            ),
            ("sigkills", lambda: sigkills(5 if options.quick else 20, rng, folder, options.quick)),
            ("latency", lambda: latency_under_load(60 if options.quick else 300)),
            ("broken_rule_sets", broken_rule_sets),
            ("rule_set_matrix", rule_set_matrix),
            (
                "worker_fault_batches",
                lambda: worker_fault_batches(2 if options.quick else 6, 300, rng),
            ),
            ("graph_inputs", lambda: fuzz_graph_inputs(int(60 * scale), rng, int(50_000 * scale))),
            ("big_graph_shapes", lambda: big_graph_shapes(options.quick)),
            ("expanding_requests", expanding_requests),
            ("damaged_states", lambda: damaged_states(folder)),
            ("request_bodies", lambda: fuzz_request_bodies(int(200 * scale), rng)),
            ("long_checks", lambda: long_checks(options.quick)),
            # issue 41: certificates, typed games, long lines, moves and states that fight back
            ("hostile_certificates", lambda: hostile_certificates(int(300 * scale), rng, folder)),
            ("hostile_games", lambda: hostile_games(int(200 * scale) or 20, rng)),
            ("long_lines", lambda: long_lines(int(20 * scale) or 4, rng)),
            ("hostile_moves", hostile_moves),
            ("hostile_quotient_state", lambda: hostile_quotient_state(folder)),
        ]
        for key, step in steps:
            if options.only is not None and key not in options.only:
                continue
            print(f"fuzz: {key} ...", file=sys.stderr, flush=True)
            report[key] = step()
            print(f"  {key}: {json.dumps(report[key])}", file=sys.stderr, flush=True)
        shutil.rmtree(folder, ignore_errors=True)
    if options.only is not None:  # some steps: their counts, no totals
        print(json.dumps(report, indent=2))
        return
    inputs = sum(int(report[k]["inputs"]) for k in ("cli", "expressions", "api"))  # type: ignore[index]
    report["totals"] = {
        "hostile_inputs": inputs,
        "internal_errors": report["cli"]["internal_errors"]
        + report["expressions"]["internal_errors"],  # type: ignore[index]
        "hangs": report["cli"]["hangs"] + report["expressions"]["hangs"] + report["api"]["hangs"],  # type: ignore[index]
        "5xx": report["api"]["5xx"],  # type: ignore[index]
        "peak_memory_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "seconds": round(time.monotonic() - started, 1),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    os.environ.setdefault("ENDNIM_DEBUG", "")
    main()
