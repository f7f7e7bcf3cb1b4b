"""The fuzz run's rule-set sections (issues 29 and 34), called by benchmarks/fuzz_run.py:

- ``rule_set_matrix``: every class of the two galleries (tests/rules_gallery/broken.py and
  hostile.py, the routes around the sandbox of hostile_routes.py, and a file whose import
  never ends) through every command that takes a user's
  rule set; each cell must be an answer (for the classes whose attack leaves the game intact:
  the correct one) or one line, with no hang, no internal error and no process left behind;
- ``worker_fault_batches``: batches of a user's rule set whose workers another process kills,
  stops and starves at random; every input line must give exactly one complete JSON line, in
  order, each answer equal to a fresh computation.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GALLERY = ROOT / "tests" / "rules_gallery"
ENDNIM = str(ROOT / ".venv" / "bin" / "endnim")
HANG = 300.0


def _classes() -> list[tuple[str, str, str | None, bool]]:
    """(file, class, fragment of its error or None, whether its answers must be End-Nim's)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from rules_gallery.broken import FAULTS
    from rules_gallery.hostile import HOSTILE

    cells = [("broken.py", name, FAULTS[name], False) for name in FAULTS]
    cells += [("hostile.py", name, HOSTILE[name], HOSTILE[name] is None) for name in HOSTILE]
    cells.append(("looping_import.py", "Never", "import()", False))
    from rules_gallery.hostile_routes import ROUTES  # issue 38: each answers End-Nim's if closed

    cells += [("hostile_routes.py", name, None, True) for name in (*ROUTES, "LeavesFiles")]
    return cells


def _commands(out: Path) -> dict[str, tuple[list[str], str | None]]:
    return {
        "analyze": (["analyze", "--json", "3 1 4"], None),
        "batch": (["analyze", "--json", "--batch", "-"], "3 1 4\n2 2\n1\n"),
        "table": (["table", "-f", "json", "-a", "1..3", "-b", "1..3"], None),
        "periodicity": (["periodicity", "-w", "1", "--a", "1..2", "-b", "32", "--json"], None),
        "atlas": (
            ["atlas", "periodicity", "--rows", "2", "--cols", "32", "--short-piles", "1"]
            + ["--long-piles", "0", str(out / "atlas")],
            None,
        ),
        "sweep": (["sweep", "-L", "2", "-H", "3", "-o", str(out / "sweep")], None),
        "conjecture": (["conjecture", "--holds", "g <= 9", "-L", "2", "-H", "3"], None),
        "quotient": (["quotient", "-L", "2", "-H", "2"], None),
        "value": (["value", "3 1"], None),
        "play": (["play", "3 1 4"], "q\n"),
        "check-rules": (["check-rules", "--max-piles", "2", "--max-pile", "3"], None),
        "rules-info": (["rules-info"], None),
    }


def _left_behind(marker: str) -> int:
    found = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    found += f"ENDNIM_TEST_MARK={marker}".encode() in environ.read()
            except OSError:
                continue
    return found


def _end_nim_grundy(position: str) -> int:
    done = subprocess.run(
        [ENDNIM, "analyze", "--json", position], capture_output=True, text=True, check=True
    )
    return int(json.loads(done.stdout)["grundy"])


def _one_cell(
    file: str, name: str, intact: bool, command: str, args: list[str], stdin: str | None
) -> dict[str, int]:
    spec = f"{GALLERY / file}:{name}"
    full = [*args, spec] if command in ("check-rules", "rules-info") else [*args, "--rules", spec]
    marker = uuid.uuid4().hex
    env = {**os.environ, "ENDNIM_HOOK_TIMEOUT": "1", "ENDNIM_BUDGET": "20000"}
    env["ENDNIM_TEST_MARK"] = marker
    result = dict.fromkeys(
        ["runs", "answered", "one_line_errors", "internal_errors", "tracebacks", "hangs"]
        + ["multi_line_errors", "wrong_answers", "processes_left_behind"],
        0,
    )
    result["runs"] = 1
    try:
        done = subprocess.run(
            [ENDNIM, *full], input=stdin, capture_output=True, text=True, timeout=HANG, env=env
        )
    except subprocess.TimeoutExpired:
        result["hangs"] = 1
        return result
    for _ in range(30):
        if not _left_behind(marker):
            break
        time.sleep(0.1)
    result["processes_left_behind"] = _left_behind(marker)
    errors = [line for line in done.stderr.splitlines() if line.strip()]
    result["internal_errors"] = int("internal error" in done.stderr)
    result["tracebacks"] = int("Traceback" in done.stderr)
    if done.returncode == 0 or (command == "check-rules" and done.returncode == 1):
        result["answered"] = 1
        if intact and command == "analyze":
            result["wrong_answers"] = int(
                json.loads(done.stdout)["grundy"] != _end_nim_grundy("3 1 4")
            )
    elif command == "batch" and done.stdout:  # a line each, an error per failed line
        result["one_line_errors"] = 1
        result["multi_line_errors"] = int(len(done.stdout.splitlines()) != 3)
    elif len(errors) == 1 and errors[0].startswith("endnim: error:"):
        result["one_line_errors"] = 1  # (a batch whose file does not load: before any line)
    else:
        result["multi_line_errors"] = 1
    return result


def rule_set_matrix() -> dict[str, object]:
    """Every gallery class through every command (see the module's text): counts."""
    with tempfile.TemporaryDirectory() as name:
        out = Path(name)
        commands = _commands(out)
        jobs = []
        for file, cls, _fragment, intact in _classes():
            for command, (args, stdin) in commands.items():
                jobs.append((file, cls, intact, command, args, stdin))
        totals: dict[str, int] = {}
        with ThreadPoolExecutor(2) as pool:
            futures = []
            for index, job in enumerate(jobs):
                file, cls, intact, command, args, stdin = job
                where = out / f"cell{index}"
                where.mkdir()
                args = [str(where / Path(a).name) if a.startswith(str(out)) else a for a in args]
                futures.append(pool.submit(_one_cell, file, cls, intact, command, args, stdin))
            for future in futures:
                for key, value in future.result().items():
                    totals[key] = totals.get(key, 0) + value
    totals["classes"] = len(_classes())
    totals["commands"] = len(_commands(Path(".")))
    return totals


def worker_fault_batches(batches: int, lines: int, rng: random.Random) -> dict[str, int]:
    """Batches whose workers are harmed at random (see the module's text): counts."""
    sys.path.insert(0, str(ROOT / "src"))
    from endnim import analyze

    counts = dict.fromkeys(
        ["batches", "lines", "harms", "lines_lost_or_garbled", "error_lines", "wrong_answers"]
        + ["internal_errors", "hangs", "processes_left_behind"],
        0,
    )
    spec = f"{GALLERY / 'hostile.py'}:Chatty"  # End-Nim, whose hook writes to stdout too
    for _ in range(batches):
        rows = [
            " ".join(str(rng.randint(1, 9)) for _ in range(rng.randint(2, 6))) for _ in range(lines)
        ]
        marker = uuid.uuid4().hex
        env = {**os.environ, "ENDNIM_HOOK_TIMEOUT": "1", "ENDNIM_TEST_MARK": marker}
        process = subprocess.Popen(
            [ENDNIM, "analyze", "--json", "--rules", spec, "--batch", "-"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        )  # fmt: skip
        stop = threading.Event()
        harms = [0]

        def harm(
            process: subprocess.Popen[bytes] = process,
            marker: str = marker,
            stop: threading.Event = stop,
            harms: list[int] = harms,
        ) -> None:
            while not stop.wait(rng.uniform(0.1, 0.6)):
                for entry in os.listdir("/proc"):
                    if not entry.isdigit() or int(entry) == process.pid:
                        continue
                    try:
                        with open(f"/proc/{entry}/environ", "rb") as environ:
                            if f"ENDNIM_TEST_MARK={marker}".encode() not in environ.read():
                                continue
                        how = rng.choice(["kill", "stop", "starve"])
                        pid = int(entry)
                        if how == "kill":
                            os.kill(pid, signal.SIGKILL)
                        else:
                            os.kill(pid, signal.SIGSTOP)
                            if how == "starve":
                                time.sleep(0.3)
                                os.kill(pid, signal.SIGCONT)
                        harms[0] += 1
                    except (OSError, ValueError):
                        continue

        harmer = threading.Thread(target=harm)
        harmer.start()
        try:
            out, err = process.communicate("\n".join(rows).encode() + b"\n", timeout=HANG * 3)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            counts["hangs"] += 1
        finally:
            stop.set()
            harmer.join()
        time.sleep(1)
        counts["processes_left_behind"] += _left_behind(marker)
        counts["batches"] += 1
        counts["lines"] += len(rows)
        counts["harms"] += harms[0]
        counts["internal_errors"] += b"internal error" in err
        answers = out.decode().splitlines()
        counts["lines_lost_or_garbled"] += abs(len(answers) - len(rows))
        if os.environ.get("FUZZ_RULES_DEBUG") and len(answers) != len(rows):
            print("LOST", len(answers), len(rows), err.decode()[-3000:], file=sys.stderr)
        for number, (text, line) in enumerate(zip(rows, answers, strict=False), start=1):
            try:
                answer = json.loads(line)
            except ValueError:
                counts["lines_lost_or_garbled"] += 1
                if os.environ.get("FUZZ_RULES_DEBUG"):
                    print("GARBLED", number, repr(line[:300]), file=sys.stderr)
                continue
            if "error" in answer:
                counts["error_lines"] += 1
                if answer.get("line") != number or answer.get("input") != text:
                    counts["lines_lost_or_garbled"] += 1
                    if os.environ.get("FUZZ_RULES_DEBUG"):
                        print("MISPLACED", number, text, answer, file=sys.stderr)
            elif answer.get("grundy") != analyze(text).grundy:
                counts["wrong_answers"] += 1
    return counts
