"""Interrupted sweeps resume: killed with SIGKILL mid-way, damaged files, leftovers, and a
store that does not match the sweep asked for."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import hang_guard
import numpy as np
import pytest

from endnim.engine import solve_layer
from endnim.sweep import SweepError, open_sweep, run_sweep
from endnim.sweep.store import CATALOGUE
from endnim.variants import get_variant

# Muller, lengths <= 7, piles <= 9, 81 inner strings per chunk: 822 chunks, about 2 s
SWEEP = ("muller", 7, 9)
CHUNK_TABLES = 81
TOTAL_CHUNKS = 1 + 1 + 1 + 9 + 81 + 729
CHILD = (
    "import sys\n"
    "from endnim.sweep.runner import run_sweep\n"
    "run_sweep(sys.argv[1], 'muller', 7, 9, workers=2, chunk_tables=81)\n"
)


def recorded(out: Path) -> dict[tuple[int, int], tuple[str, int, str]]:
    """(level, chunk) -> (sha256, run, file) of every recorded chunk, read as another process
    would."""
    connection = sqlite3.connect(f"file:{out / CATALOGUE}?mode=ro", uri=True, timeout=10)
    try:
        rows = connection.execute("SELECT level, chunk, sha256, run, file FROM chunks").fetchall()
    except sqlite3.OperationalError:  # the catalogue is being created
        rows = []
    finally:
        connection.close()
    return {(lv, ch): (sha, run, file) for lv, ch, sha, run, file in rows}


def kill_after(out: Path, chunks: int) -> None:
    """Start the sweep in a child process and SIGKILL it once ``chunks`` chunks are recorded."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(out)])
    deadline = time.monotonic() + hang_guard.HANG_GUARD  # polled: only a hang waits it out
    try:
        while time.monotonic() < deadline and child.poll() is None:
            if (out / CATALOGUE).exists() and len(recorded(out)) >= chunks:
                break
            time.sleep(0.002)
        assert child.poll() is None, "the sweep ended before it could be killed"
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait()
    assert child.returncode == -signal.SIGKILL


def test_sigkill_midway_resumes_without_recomputing(tmp_path: Path) -> None:
    out = tmp_path / "killed"
    kill_after(out, 150)
    first = recorded(out)
    kill_after(out, len(first) + 250)  # the second run resumes, and is killed too
    before = recorded(out)
    assert len(first) < len(before) < TOTAL_CHUNKS
    assert all(before[key] == value for key, value in first.items())  # kept, not redone
    mtimes = {key: (out / file).stat().st_mtime_ns for key, (_, _, file) in before.items()}

    report = run_sweep(out, *SWEEP, workers=2, chunk_tables=CHUNK_TABLES)

    after = recorded(out)
    assert report.reused_chunks == len(before)
    assert report.computed_chunks == TOTAL_CHUNKS - len(before)
    assert len(after) == TOTAL_CHUNKS
    for key, value in before.items():
        assert after[key] == value  # same checksum, same run: not computed again
        assert (out / value[2]).stat().st_mtime_ns == mtimes[key]
    assert not list(out.glob("level-*/.*.tmp"))

    clean = run_sweep(tmp_path / "clean", *SWEEP, workers=1, chunk_tables=CHUNK_TABLES)
    assert {k: v[0] for k, v in after.items()} == {
        k: v[0] for k, v in recorded(tmp_path / "clean").items()
    }
    assert report.to_dict()["lengths"] == clean.to_dict()["lengths"]
    with open_sweep(out) as sweep:
        assert np.array_equal(sweep.layer(7), solve_layer(get_variant("muller"), 7, 9))


def test_a_damaged_or_missing_chunk_is_found_and_only_it_recomputed(tmp_path: Path) -> None:
    run_sweep(tmp_path, "endnim", 6, 5, workers=2, chunk_tables=5)
    chunks = recorded(tmp_path)
    damaged = sorted(chunks)[len(chunks) // 2]
    missing = sorted(chunks)[-1]
    path = tmp_path / chunks[damaged][2]
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF  # one flipped byte, same size
    path.write_bytes(bytes(data))
    (tmp_path / chunks[missing][2]).unlink()
    (tmp_path / "level-03" / ".p1-1.npy.999-1.tmp").write_bytes(b"half a chunk")

    report = run_sweep(tmp_path, "endnim", 6, 5, workers=2, chunk_tables=5)

    assert report.repaired_chunks == 2
    assert report.computed_chunks == 2
    assert recorded(tmp_path)[damaged][0] == chunks[damaged][0]
    assert not list(tmp_path.glob("level-*/.*.tmp"))
    with open_sweep(tmp_path) as sweep:
        for length in range(1, 7):
            assert np.array_equal(
                sweep.layer(length), solve_layer(get_variant("endnim"), length, 5)
            )


def test_an_interrupted_run_keeps_its_chunks_and_a_longer_run_adds_only_new_levels(
    tmp_path: Path,
) -> None:
    calls = 0

    def interrupt(done: int, total: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 12:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(tmp_path, "partizan", 5, 6, workers=2, chunk_tables=6, progress=interrupt)
    # progress is called once at the start, then once per chunk: the interruption comes at the
    # third of level 3's 36 chunks (levels 0, 1 and 2 have 1, 1 and 6 chunks); the chunks
    # still in flight then (at most 2 per worker) are finished and recorded too
    kept = recorded(tmp_path)
    assert 11 <= len(kept) <= 11 + 3
    done = run_sweep(tmp_path, "partizan", 5, 6, workers=1, chunk_tables=999)
    assert done.reused_chunks == len(kept)
    assert done.computed_chunks == 1 + 1 + 6 + 36 - len(kept)  # the recorded chunking is kept
    longer = run_sweep(tmp_path, "partizan", 6, 6, workers=2)
    assert longer.computed_chunks == 1  # level 4 only (6^4 tables fit one chunk)
    assert longer.positions == sum(6**n for n in range(1, 7))
    with open_sweep(tmp_path) as sweep:
        assert sweep.max_length == 6
        assert np.array_equal(sweep.layer(6), solve_layer(get_variant("partizan"), 6, 6))


def test_a_store_of_another_sweep_is_refused(tmp_path: Path) -> None:
    run_sweep(tmp_path / "s", "endnim", 3, 4, workers=1)
    with pytest.raises(SweepError, match="holds a sweep of endnim with piles <= 4"):
        run_sweep(tmp_path / "s", "muller", 3, 4, workers=1)
    with pytest.raises(SweepError, match="piles <= 4"):
        run_sweep(tmp_path / "s", "endnim", 3, 5, workers=1)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(SweepError, match="not empty"):
        run_sweep(tmp_path / "other", "endnim", 3, 4, workers=1)
    (tmp_path / "file").write_text("")
    with pytest.raises(SweepError, match="not a directory"):
        run_sweep(tmp_path / "file", "endnim", 3, 4, workers=1)


def test_a_shorter_run_on_a_longer_store_computes_nothing(tmp_path: Path) -> None:
    run_sweep(tmp_path, "loop", 5, 4, workers=1)
    report = run_sweep(tmp_path, "loop", 3, 4, workers=1)
    assert report.computed_chunks == 0
    assert report.positions == 4 + 16 + 64
    assert os.path.exists(tmp_path / CATALOGUE)
