"""Rule sets that fight back (tests/rules_gallery/hostile.py), on the command line: each cell
is the correct answer or one line naming the rule set, and no process is left behind; a batch
loses no line whatever happens to its workers (issues 29 and 34)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from tests.rules_gallery.batch_faults import ATTACKS
from tests.rules_gallery.hostile import HOSTILE
from tests.rules_gallery.hostile_routes import LEFT_BEHIND, ROUTES

GALLERY = Path(__file__).parents[1] / "rules_gallery"
HOSTILE_FILE = GALLERY / "hostile.py"
HANG_GUARD = 300  # seconds: a run this long is a hang, never a slow machine's normal time
HARMS = 12  # kills, stops and starvings of the random batch's workers


def _endnim(
    *args: str, stdin: str | None = None, **env: str
) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run endnim with a fresh marker in its environment (its workers inherit it)."""
    marker = uuid.uuid4().hex
    done = subprocess.run(
        [sys.executable, "-m", "endnim.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        env={**os.environ, "ENDNIM_HOOK_TIMEOUT": "2", "ENDNIM_TEST_MARK": marker, **env},
    )
    return done, marker


def _left_behind(marker: str) -> list[int]:
    """Processes still alive whose environment carries ``marker``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as environ:
                if f"ENDNIM_TEST_MARK={marker}".encode() in environ.read():
                    found.append(int(entry))
        except OSError:
            continue
    return found


def _no_process_left(marker: str) -> None:
    for _ in range(50):  # a killed worker may take a moment to be reaped
        if not _left_behind(marker):
            return
        time.sleep(0.1)
    assert not _left_behind(marker), "processes left behind"


def _end_nim(position: str) -> dict[str, object]:
    from endnim import analyze

    return json.loads(analyze(position).to_json())


CELLS = {
    "analyze": (["analyze", "--json", "3 1 4"], None),
    "batch": (["analyze", "--json", "--batch", "-"], "3 1 4\n2 2\n"),
    "table": (["table", "-f", "json", "-a", "1..2", "-b", "1..2"], None),
}


EVERY_CELL = ("Chatty", "ForgingAnswers", "LoopingMoveText", "SignallingParent")
"""Classes run through every cell here; the others through analyze (the whole matrix, every
class through every command, is benchmarks/fuzz_rules.py's, in bash scripts/fuzz.sh)."""
MATRIX = [
    (name, cell)
    for name in sorted(n for n in HOSTILE if n != "BadHashPosition")
    for cell in sorted(CELLS)
    if cell == "analyze" or name in EVERY_CELL
]


@pytest.mark.parametrize(("name", "cell"), MATRIX)
def test_a_hostile_rule_set_is_answered_or_one_line(name: str, cell: str) -> None:
    args, stdin = CELLS[cell]
    done, marker = _endnim(*args, "--rules", f"{HOSTILE_FILE}:{name}", stdin=stdin)
    _no_process_left(marker)
    assert not Path("/tmp/endnim-forged-answer-ran").exists()
    errors = [line for line in done.stderr.splitlines() if line.strip()]
    if done.returncode == 0:  # notes (the path a table took) may stand on stderr, no error
        assert not any("error" in line for line in errors), done.stderr
        if cell == "analyze":
            answer = json.loads(done.stdout)
            assert answer["grundy"] == _end_nim("3 1 4")["grundy"]
        elif cell == "batch":
            lines = [json.loads(line) for line in done.stdout.splitlines()]
            assert [a["grundy"] for a in lines] == [_end_nim(p)["grundy"] for p in ("3 1 4", "2 2")]
        return
    assert HOSTILE[name] is not None, f"{name} must be answered: {done.stderr}"
    assert done.returncode == 2, done.stderr
    if cell == "batch":  # one error per line, and a JSON line for each
        lines = [json.loads(line) for line in done.stdout.splitlines()]
        assert len(lines) == 2 and all("error" in a or "grundy" in a for a in lines)
    else:
        assert len(errors) == 1, done.stderr
    assert "internal error" not in done.stderr and f"(hostile.py:{name})" in errors[0]
    assert HOSTILE[name] in errors[0], errors[0]


def test_positions_that_are_no_plain_data_are_refused() -> None:
    done, marker = _endnim("analyze", "--rules", f"{HOSTILE_FILE}:BadHashPosition", "5")
    _no_process_left(marker)
    assert done.returncode == 2 and "parse_position()" in done.stderr
    assert "plain data" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_file_whose_import_never_ends_is_one_line() -> None:
    done, marker = _endnim(
        "analyze", "--rules", f"{GALLERY / 'looping_import.py'}:Never", "3", ENDNIM_HOOK_TIMEOUT="1"
    )
    _no_process_left(marker)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "endnim: error: rule set file 'looping_import.py': import() did not return within 1 s "
        "and was stopped (a loop or a sleep? set ENDNIM_HOOK_TIMEOUT to allow longer)"
    ]


def test_check_rules_survives_a_looping_import_and_hostile_hooks() -> None:
    done, _ = _endnim(
        "check-rules", f"{GALLERY / 'looping_import.py'}:Never", ENDNIM_HOOK_TIMEOUT="1"
    )
    assert done.returncode == 2 and "import() did not return" in done.stderr
    for name in ("LoopingMoveText", "HugeNotation", "UnprintableError", "AllocatingThreads"):
        done, marker = _endnim(
            "check-rules", "--json", "--max-piles", "2", "--max-pile", "3", f"{HOSTILE_FILE}:{name}"
        )
        _no_process_left(marker)
        assert done.returncode in (0, 1), (name, done.stderr)
        report = json.loads(done.stdout)
        if HOSTILE[name] is not None:
            assert not report["ok"] and HOSTILE[name].split("(")[0] in json.dumps(report), name


def _batch_input(count: int, seed: int) -> tuple[list[str], dict[int, int]]:
    """``count`` rows: End-Nim rows of 1-5 piles, and six-pile rows that attack (line number
    -> first pile)."""
    rng = random.Random(seed)
    lines, attacks = [], {}
    for number in range(1, count + 1):
        if rng.random() < 0.12:
            first = rng.choice(sorted(ATTACKS))
            lines.append(" ".join(map(str, [first, *(rng.randint(1, 3) for _ in range(5))])))
            attacks[number] = first
        else:
            lines.append(" ".join(str(rng.randint(1, 7)) for _ in range(rng.randint(1, 5))))
    return lines, attacks


def test_every_batch_line_gives_one_complete_line_whatever_its_worker_does() -> None:
    lines, attacks = _batch_input(60, seed=29)
    done, marker = _endnim(
        "analyze", "--json", "--rules", f"{GALLERY / 'batch_faults.py'}:SixPileFaults",
        "--batch", "-", stdin="\n".join(lines) + "\n", ENDNIM_HOOK_TIMEOUT="1",
    )  # fmt: skip
    _no_process_left(marker)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert done.returncode == (2 if attacks else 0)
    for number, (text, answer) in enumerate(zip(lines, answers, strict=True), start=1):
        if number in attacks:
            assert answer["line"] == number and answer["input"] == text
            assert (
                "six-pile-faults" in answer["error"] and ATTACKS[attacks[number]] in answer["error"]
            )
        else:
            assert answer["grundy"] == _end_nim(text)["grundy"], text
            assert answer["winning_moves"] == _end_nim(text)["winning_moves"], text


def _worker_pids(marker: str, parent: int) -> list[int]:
    return [pid for pid in _left_behind(marker) if pid != parent]


def test_a_batch_whose_workers_are_killed_stopped_and_starved_at_random_loses_no_line() -> None:
    """Another process kills, stops and starves the batch's workers at random while it runs:
    every input line still gives exactly one complete JSON line, in order, and every answer
    equals a fresh computation."""
    rng = random.Random(34)
    lines = [" ".join(str(rng.randint(1, 9)) for _ in range(rng.randint(3, 6))) for _ in range(400)]
    marker = uuid.uuid4().hex
    process = subprocess.Popen(
        [sys.executable, "-m", "endnim.cli", "analyze", "--json", "--rules",
         f"{GALLERY / 'hostile.py'}:Chatty", "--batch", "-"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "ENDNIM_HOOK_TIMEOUT": "1", "ENDNIM_TEST_MARK": marker},
    )  # fmt: skip
    done = threading.Event()
    harmed: list[str] = []

    def harm() -> None:
        while len(harmed) < HARMS and not done.wait(rng.uniform(0.2, 0.6)):
            pids = _worker_pids(marker, process.pid)
            if not pids:
                continue
            how = rng.choice(["kill", "stop", "starve"])
            try:
                if how == "kill":
                    os.kill(pids[0], signal.SIGKILL)
                elif how == "stop":
                    os.kill(pids[0], signal.SIGSTOP)
                else:  # starve: stop it for a moment, then let it go on
                    os.kill(pids[0], signal.SIGSTOP)
                    time.sleep(0.2)
                    os.kill(pids[0], signal.SIGCONT)
            except ProcessLookupError:
                continue
            harmed.append(how)

    harmer = threading.Thread(target=harm)
    harmer.start()
    try:
        out, err = process.communicate("\n".join(lines).encode() + b"\n", timeout=HANG_GUARD)
    finally:
        done.set()
        harmer.join()
    _no_process_left(marker)
    answers = [json.loads(line) for line in out.decode().splitlines()]
    assert len(answers) == len(lines), err.decode()[-2000:]
    assert harmed, "the workers were never harmed: the test proved nothing"
    for number, (text, answer) in enumerate(zip(lines, answers, strict=True), start=1):
        if "error" in answer:
            assert answer["line"] == number and answer["input"] == text
            assert "chatty" in answer["error"] and "internal error" not in answer["error"]
        else:
            assert answer["position"] == [int(p) for p in text.split()]
            assert answer["grundy"] == _end_nim(text)["grundy"], text


# ---------------------------------------------------------------------- issue 38: the routes
ROUTES_FILE = GALLERY / "hostile_routes.py"


@pytest.mark.parametrize("cell", ["analyze", pytest.param("batch", marks=pytest.mark.long)])
@pytest.mark.parametrize("name", [*ROUTES, "LeavesFiles"])
def test_every_route_around_the_sandbox_is_closed(name: str, cell: str) -> None:
    """Each route of issue 38 (signals by F_SETOWN, pidfd, other processes' /proc, writes into
    the installed package, site-packages or the page, host files, execve, the network) is
    closed: the rule set's answer is End-Nim's (an open route answers another game), and
    nothing is left behind, no process, no file in /dev/shm or /tmp."""
    for path in LEFT_BEHIND:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    argv, stdin = CELLS[cell]
    done, marker = _endnim(*argv[:1], "--rules", f"{ROUTES_FILE}:{name}", *argv[1:], stdin=stdin)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    expected = _end_nim("3 1 4")
    assert answers[0]["grundy"] == expected["grundy"], done.stdout
    assert answers[0]["winning_moves"] == expected["winning_moves"]
    _no_process_left(marker)
    assert not [path for path in LEFT_BEHIND if os.path.exists(path)], "files left behind"


@pytest.mark.parametrize("command", [["analyze", "--json", "3 1 4"], ["analyze", "3 1 4"]])
def test_what_user_threads_print_never_reaches_endnim(command: list[str]) -> None:
    """Issue 41: threads of a user's code that print to both streams and raise: endnim's output
    is its own, nothing of theirs, and the command ends without waiting for them."""
    started = time.monotonic()
    done, marker = _endnim(command[0], "--rules", f"{ROUTES_FILE}:PrintingThreads", *command[1:])
    assert done.returncode == 0, done.stderr
    assert "THREAD-OUTPUT" not in done.stdout + done.stderr
    assert "Traceback" not in done.stderr and done.stderr == ""
    if "--json" in command:
        assert json.loads(done.stdout)["grundy"] == _end_nim("3 1 4")["grundy"]
    assert time.monotonic() - started < 60  # the lingering thread sleeps an hour
    _no_process_left(marker)


@pytest.mark.parametrize(
    "names",
    [
        ("SignalOwner", "Execer"),
        pytest.param(
            ("PidfdThief", "ProcSnooper", "FileWriter", "Networker"), marks=pytest.mark.long
        ),
    ],
)
def test_check_rules_runs_every_route_confined(names: tuple[str, ...]) -> None:
    """check-rules exercises each route's hooks in its worker: no route ends the worker (the
    batch cells and four of these run in fuzz.sh, ``pytest -m long``)."""
    for name in names:
        done, marker = _endnim(
            "check-rules", "--json", "--max-piles", "2", "--max-pile", "3", f"{ROUTES_FILE}:{name}"
        )
        assert "internal error" not in done.stderr, done.stderr
        report = json.loads(done.stdout)
        kinds = {finding.get("kind") for finding in report.get("findings", [])}
        assert "process ended" not in kinds, (name, report)
        _no_process_left(marker)


def test_a_forged_hook_record_cannot_hold_off_the_deadline() -> None:
    """Route 6: a hook that clears its own hook record and loops is still stopped, by the
    job's wall clock held outside the worker (ENDNIM_JOB_TIMEOUT), in one line."""
    started = time.monotonic()
    done, marker = _endnim(
        "analyze", "--rules", f"{ROUTES_FILE}:ForgedRecord", "--json", "3 1 4",
        ENDNIM_JOB_TIMEOUT="4",
    )  # fmt: skip
    assert time.monotonic() - started < 60
    assert done.returncode == 2 and "did not answer within 4 s" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    _no_process_left(marker)


def test_a_killed_command_leaves_no_worker_behind() -> None:
    """Route 7: the command killed (SIGKILL) while its worker loops: the worker and its
    sandbox end with it (checked by PID, from outside)."""
    marker = uuid.uuid4().hex
    process = subprocess.Popen(
        [sys.executable, "-m", "endnim.cli", "analyze", "--rules",
         f"{ROUTES_FILE}:ForgedRecord", "3 1 4"],
        env={**os.environ, "ENDNIM_TEST_MARK": marker},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    for _ in range(200):
        if len(_left_behind(marker)) > 1:  # the command and its worker
            break
        time.sleep(0.1)
    time.sleep(1)
    process.kill()
    process.wait()
    _no_process_left(marker)


@pytest.mark.long
@pytest.mark.parametrize("name", ["ThreadStorm", "ProfilerLoop", "FinalizerLoop"])
def test_code_outside_every_hook_is_stopped_by_the_deadline(name: str) -> None:
    """Routes 6 and 41: threads that spin and print, a profile function or a finalizer that
    loops in endnim's own code: the command answers or stops in one line within the job's
    deadline held outside, nothing a thread prints reaches endnim's output, no process stays."""
    started = time.monotonic()
    done, marker = _endnim(
        "analyze", "--rules", f"{ROUTES_FILE}:{name}", "--json", "3 1 4",
        ENDNIM_JOB_TIMEOUT="15",
    )  # fmt: skip
    assert time.monotonic() - started < 90
    assert "STORM-OUTPUT" not in done.stdout + done.stderr
    if done.returncode == 0:
        assert json.loads(done.stdout)["grundy"] == _end_nim("3 1 4")["grundy"]
    else:
        assert "did not answer within 15 s" in done.stderr or "did not return" in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    _no_process_left(marker)
