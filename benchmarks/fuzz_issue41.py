"""The fuzz run's steps for issue 41 (bad input on the new surfaces), called by
benchmarks/fuzz_run.py: resealed certificates with a random integer replaced by a hostile
number (``1e400``, ``Infinity``, ``NaN``, ``1.5``, 4,000 digits, 10¹⁸, ...) and special files in
a certificate's place; typed games nested thousands deep, long runs of ups and long sums;
long lines into ``play`` and ``analyze --batch``; the move objects that fight back
(tests/rules_gallery/hostile_moves.py) through ``check-rules``, ``play`` and the API; a saved
quotient state resealed with a product table of order 1,500. Every input must be answered or
refused in one line: the counts say how many were, and how many were internal errors or hangs
(more than ``HANG_SECONDS``)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HANG_SECONDS = 10
ENDNIM = [sys.executable, "-m", "endnim.cli"]


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Hang


def _in_process(call: Any) -> str:
    """``answered``, ``refused`` (a one-line EndNimError), ``internal`` or ``hang``."""
    from endnim.errors import EndNimError

    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(HANG_SECONDS)
    try:
        call()
        return "answered"
    except _Hang:
        return "hang"
    except EndNimError as error:
        return "refused" if "\n" not in str(error) else "internal"
    except Exception:
        return "internal"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _command(args: list[str], typed: str | None = None) -> str:
    """``answered``, ``refused`` (exit 1 or 2 with at most one line of error), ``internal``
    or ``hang`` for ``endnim ARGS``."""
    try:
        done = subprocess.run(
            [*ENDNIM, *args],
            input=typed,
            capture_output=True,
            text=True,
            timeout=HANG_SECONDS * 6,
            env={**os.environ, "ENDNIM_HOOK_TIMEOUT": "2"},
        )
    except subprocess.TimeoutExpired:
        return "hang"
    if "internal error" in done.stderr or "Traceback" in done.stderr:
        return "internal"
    if done.returncode == 0:
        return "answered"
    return "refused" if len(done.stderr.strip().splitlines()) <= 1 else "internal"


def _count(outcomes: list[str], seconds: float) -> dict[str, object]:
    return {
        "inputs": len(outcomes),
        **{kind: outcomes.count(kind) for kind in ("answered", "refused", "internal", "hang")},
        "seconds": round(seconds, 1),
    }


HOSTILE_NUMBERS = [
    "1e400",
    "-1e400",
    "Infinity",
    "-Infinity",
    "NaN",
    "1.5",
    "0.0",
    "-1",
    "0",
    "1" * 4000,
    str(10**18),
    str(10**17),
    "100000",
    "[]",
    "{}",
    '"x"',
    "null",
    "true",
]


def _integer_places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [path]
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _integer_places(v, (*path, k))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _integer_places(v, (*path, i))]
    return []


def hostile_certificates(count: int, rng: random.Random, folder: Path) -> dict[str, object]:
    """Certificates (row, octal, Muller) with one integer replaced by a hostile number and
    resealed, checked in this process; then a FIFO, a symlink to /dev/zero and a 1 GiB file
    in a certificate's place, and a FIFO as the input table beside one, on the command line."""
    from endnim.analysis.proofs.certificate import read_certificate
    from endnim.analysis.proofs.checker import check_certificate
    from endnim.analysis.proofs.muller import certify_muller
    from endnim.analysis.proofs.octal import certify_octal
    from endnim.analysis.proofs.rows import prove_and_certify
    from endnim.sealed import seal

    started = time.monotonic()
    made = folder / "certificates-41"
    sources = [
        prove_and_certify("endnim", (2,), 6, made)[0],
        certify_octal("0.07", "octal-0_07", made)[0],
        certify_muller((), 5, made)[0],
    ]
    outcomes = []
    for trial in range(count):
        source = rng.choice(sources)
        data = read_certificate(source)
        places = _integer_places(data)
        place = rng.choice(places)
        target: Any = data
        for key in place[:-1]:
            target = target[key]
        target[place[-1]] = 987654321987
        text = json.dumps(data).replace("987654321987", rng.choice(HOSTILE_NUMBERS))
        work = folder / f"edited-41-{trial % 4}"
        work.mkdir(exist_ok=True)
        if source.name == "awb-2.json":
            (work / "awb.json").write_bytes((source.parent / "awb.json").read_bytes())
        edited = work / source.name
        edited.write_text(f'{{"sha256": "{seal(json.loads(text))}", "data": {text}}}')
        outcomes.append(_in_process(lambda path=edited: check_certificate(path)))
    special = folder / "special-41"
    special.mkdir(exist_ok=True)
    os.mkfifo(special / "fifo.json")
    (special / "zero.json").symlink_to("/dev/zero")
    with (special / "huge.json").open("wb") as handle:
        handle.truncate(2**30)
    beside = folder / "beside-41"
    beside.mkdir(exist_ok=True)
    (beside / "awb-2.json").write_bytes(sources[0].read_bytes())
    os.mkfifo(beside / "awb.json")
    for path in (
        *(special / n for n in ("fifo.json", "zero.json", "huge.json")),
        beside / "awb-2.json",
    ):
        outcomes.append(_command(["periodicity", "--check", str(path)]))
    return _count(outcomes, time.monotonic() - started)


def _nested(rng: random.Random, depth: int) -> str:
    text = rng.choice(["0", "1", "*", "^", "1/2"])
    shape = rng.choice(["{%s|}", "{0|%s}", "(%s)", "-%s", "+-%s", "Tiny(%s)", "{%s|%s}"])
    for _ in range(depth):
        text = shape.replace("%s", text, 1).replace("%s", "0")
    return text


def hostile_games(count: int, rng: random.Random) -> dict[str, object]:
    """Typed games nested up to 10,000 deep, runs of up to 200,000 ups, sums of up to 20,000
    number-up-star summands, evaluated (value and its JSON fields) in this process."""
    from endnim.analysis.values import evaluate

    started = time.monotonic()
    outcomes = []
    for _ in range(count):
        kind = rng.random()
        if kind < 0.4:
            text = _nested(rng, rng.choice([rng.randint(1, 120), rng.randint(100, 10_000)]))
        elif kind < 0.6:
            text = rng.choice("^v↑↓⇑⇓") * rng.randint(1, 200_000)
        else:
            atoms = ["^", "v", "*", "*3", "1", "-1", "1/2", "^*", "2^3"]
            text = " + ".join(rng.choice(atoms) for _ in range(rng.randint(1, 20_000)))

        def run(text: str = text) -> None:
            evaluate(text, None).fields(1000)

        outcomes.append(_in_process(run))
    return _count(outcomes, time.monotonic() - started)


def long_lines(count: int, rng: random.Random) -> dict[str, object]:
    """Lines of 64 KiB to 12 MiB into ``play`` and ``analyze --batch`` (each followed by an
    ordinary line)."""
    started = time.monotonic()
    outcomes = []
    for _ in range(count):
        size = rng.choice([2**16 + 1, 2**20, 8 * 2**20 + 1, 10 * 2**20, 12 * 2**20])
        line = rng.choice(["x", "1 ", "L", "{"]) * (size // 2)
        if rng.random() < 0.5:
            outcomes.append(_command(["play", "3", "1", "4"], typed=f"{line}\nq\n"))
        else:
            outcomes.append(
                _command(["analyze", "--json", "--batch", "-"], typed=f"{line}\n3 1 4\n")
            )
    return _count(outcomes, time.monotonic() - started)


def hostile_moves() -> dict[str, object]:
    """Each rule set of tests/rules_gallery/hostile_moves.py through ``check-rules`` (text and
    ``--json``) and ``play``, and the API's moves, computer move, game move and hint (the
    test file, run by pytest)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from rules_gallery.hostile_moves import HOSTILE_MOVES

    started = time.monotonic()
    gallery = ROOT / "tests" / "rules_gallery" / "hostile_moves.py"
    outcomes = []
    for name in HOSTILE_MOVES:
        spec = f"{gallery}:{name}"
        small = ["--max-piles", "2", "--max-pile", "3"]
        outcomes.append(_command(["check-rules", spec, *small]))
        outcomes.append(_command(["check-rules", "--json", spec, *small]))
        outcomes.append(
            _command(["play", "--rules", spec, "3", "1", "4"], typed="L2\nhint\nm\nq\n")
        )
    api = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            str(ROOT / "tests" / "web" / "test_hostile_moves_api.py"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    result = _count(outcomes, time.monotonic() - started)
    result["api_tests_passed"] = api.returncode == 0
    return result


def hostile_quotient_state(folder: Path) -> dict[str, object]:
    """A saved quotient state resealed with a product table of order 1,500 (its check would
    take 3.4·10⁹ products), and a FIFO in the state's place."""
    import hashlib

    started = time.monotonic()
    states = folder / "q-states-41"
    args = ["quotient", "-v", "misere", "-L", "2", "-H", "4", "--state", str(states)]
    outcomes = [_command([*args, "--max-order", "8"])]
    (state,) = states.glob("quotient-*.json")
    saved = json.loads(state.read_text())
    payload = saved["payload"]
    order = 1500
    payload["quotient"] = {
        "product": [[(x + y) % order for y in range(order)] for x in range(order)],
        "p_portion": [1],
        "images": [1] * len(payload["quotient"]["images"]),
    }
    saved["sha256"] = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
    state.write_text(json.dumps(saved))
    outcomes.append(_command(args))
    state.unlink()
    os.mkfifo(state)
    outcomes.append(_command(args))
    return _count(outcomes, time.monotonic() - started)
