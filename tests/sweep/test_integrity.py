"""A stored sweep never gives a wrong answer from damaged files: every read verifies, a damaged
or lost catalogue is rebuilt from the chunk files, and two writers cannot share a store."""

from __future__ import annotations

import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import hang_guard
import pytest

from endnim.sweep import open_sweep
from endnim.sweep.plan import SweepError, SweepPlan
from endnim.sweep.runner import run_sweep, writer_lock
from endnim.sweep.store import CATALOGUE, Store

LENGTH, PILE = 5, 4


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pristine") / "sweep"
    run_sweep(root, "muller", LENGTH, PILE, workers=1, chunk_tables=8)
    return root


def copy(pristine: Path, tmp_path: Path) -> Path:
    target = tmp_path / "sweep"
    shutil.copytree(pristine, target)
    return target


def chunk_bytes(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.glob("level-*/*.npy"))}


def read_everything(root: Path) -> list[int]:
    with open_sweep(root) as sweep:
        return [value for n in range(1, LENGTH + 1) for _, value in sweep.positions(n)]


def endnim(*args: str) -> subprocess.CompletedProcess[str]:
    return hang_guard.run(
        [sys.executable, "-m", "endnim.cli", *args], capture_output=True, text=True
    )


def test_every_single_byte_flip_is_detected_by_every_read(pristine: Path, tmp_path: Path) -> None:
    root = copy(pristine, tmp_path)
    truth = read_everything(root)
    files = sorted(root.glob("level-*/*.npy"))
    rng = random.Random(2026)
    for trial in range(30):
        path = rng.choice(files)
        data = bytearray(path.read_bytes())
        offset = rng.randrange(len(data)) if trial % 3 else rng.randrange(128)  # header too
        data[offset] ^= 1 << rng.randrange(8)
        original = path.read_bytes()
        path.write_bytes(bytes(data))
        with pytest.raises(SweepError, match=r"damaged.*endnim sweep --repair"):
            read_everything(root)
        path.write_bytes(original)
    assert read_everything(root) == truth


def test_cli_read_paths_refuse_a_damaged_chunk(pristine: Path, tmp_path: Path) -> None:
    root = copy(pristine, tmp_path)
    path = sorted(root.glob("level-02/*.npy"))[0]
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    for args in (
        ("sweep-query", str(root), "value-at-least", "0", "--limit", "100000"),
        ("conjecture", "horrocks-1", "-L", "5", "-H", "4", "--sweep", str(root)),
    ):
        done = endnim(*args)
        assert done.returncode == 2, done.stdout[-300:]
        assert "--repair" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    before = chunk_bytes(pristine)
    done = endnim("sweep", "--repair", str(root))
    assert done.returncode == 0 and "1 damaged chunks dropped" in done.stdout
    run_sweep(root, "muller", LENGTH, PILE, workers=1, chunk_tables=8)
    assert chunk_bytes(root) == before


def test_damaged_catalogue_is_refused_then_rebuilt(pristine: Path, tmp_path: Path) -> None:
    root = copy(pristine, tmp_path)
    truth = read_everything(root)
    catalogue = root / CATALOGUE
    data = bytearray(catalogue.read_bytes())
    data[100:400] = bytes(random.Random(1).randrange(256) for _ in range(300))
    catalogue.write_bytes(bytes(data))
    with pytest.raises(SweepError, match=r"catalogue .* is damaged.*--repair"):
        Store.open(root)
    done = endnim("sweep-query", str(root), "p")
    assert done.returncode == 2 and "internal error" not in done.stderr
    report = run_sweep(root, "muller", LENGTH, PILE, workers=1, chunk_tables=8)
    assert report.computed_chunks == 0  # every verified chunk was kept
    assert read_everything(root) == truth


def test_lost_catalogue_is_rebuilt_without_recomputing(pristine: Path, tmp_path: Path) -> None:
    root = copy(pristine, tmp_path)
    truth = read_everything(root)
    (root / CATALOGUE).unlink()
    done = endnim("sweep", "--repair", str(root), "--json")
    assert done.returncode == 0, done.stderr
    assert '"catalogue_rebuilt": true' in done.stdout
    assert read_everything(root) == truth
    (root / CATALOGUE).unlink()
    report = run_sweep(root, "muller", LENGTH, PILE, workers=1, chunk_tables=8)
    assert report.computed_chunks == 0 and read_everything(root) == truth


def test_a_second_writer_is_refused(pristine: Path, tmp_path: Path) -> None:
    root = copy(pristine, tmp_path)
    with writer_lock(root):
        with pytest.raises(SweepError, match="another endnim sweep"):
            run_sweep(root, "muller", LENGTH + 1, PILE, workers=1)
        with open_sweep(root) as sweep:  # readers still read
            assert sweep.max_length == LENGTH
    run_sweep(root, "muller", LENGTH, PILE, workers=1, chunk_tables=8)


def test_unusable_output_directories_are_one_line_errors(tmp_path: Path) -> None:
    for target in ("/proc/x", str(tmp_path / "file")):
        (tmp_path / "file").write_text("x")
        done = endnim("sweep", "-L", "3", "-H", "3", "-o", target)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "internal error" not in done.stderr


def test_conjecture_path_options_are_checked(tmp_path: Path) -> None:
    done = endnim("conjecture", "horrocks-1", "-L", "3", "-H", "3", "--state", "/a/b/c")
    assert done.returncode == 2 and "does not exist" in done.stderr
    assert not Path("/a").exists()
    done = endnim("conjecture", "horrocks-1", "-L", "3", "-H", "3", "--sweep", "/nonexistent")
    assert done.returncode == 2 and "no such directory" in done.stderr


# ---------------------------------------------------------------- issue 34 §11: a full disk
def test_a_catalogue_that_cannot_grow_is_a_one_line_refusal(
    pristine: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's 'database or disk is full' (here: the catalogue may grow to 8 pages, SQLite
    then answers exactly as on a full disk) was an internal OperationalError."""
    connect = Store._connect

    def limited(path: Path) -> sqlite3.Connection:
        connection = connect(path)
        connection.execute("PRAGMA max_page_count = 8")
        return connection

    root = tmp_path / "sweep"
    monkeypatch.setattr(Store, "_connect", staticmethod(limited))
    with pytest.raises(SweepError, match="is full") as refused:
        run_sweep(root, "muller", LENGTH + 1, PILE, workers=1, chunk_tables=1)
    assert str(root) in str(refused.value) and "resume" in str(refused.value)
    monkeypatch.undo()
    with open_sweep(root) as _:  # what was kept opens and verifies
        pass
    report = run_sweep(root, "muller", LENGTH + 1, PILE, workers=1, chunk_tables=1)
    assert report.reused_chunks > 0 and report.computed_chunks > 0
    whole = run_sweep(tmp_path / "whole", "muller", LENGTH + 1, PILE, workers=1, chunk_tables=1)
    assert chunk_bytes(root) == chunk_bytes(tmp_path / "whole") and whole.computed_chunks > 0


def test_a_chunk_file_that_cannot_be_written_is_a_one_line_refusal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import errno

    import endnim.sweep.runner as runner
    from endnim import cli

    write = runner.write_chunk
    calls = 0

    def filling(root: Path, result: object, chunks: int) -> object:
        nonlocal calls
        calls += 1
        if calls > 5:
            raise OSError(errno.ENOSPC, "No space left on device", str(root))
        return write(root, result, chunks)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "write_chunk", filling)
    out = tmp_path / "sweep"
    args = ["sweep", "-v", "muller", "-L", "5", "-H", "4", "-o", str(out), "--workers", "1"]
    with pytest.raises(SystemExit) as stop:
        cli.main([*args, "--chunk-tables", "8"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.startswith("endnim: error: the disk holding"), err
    assert len(err.strip().splitlines()) == 1
    monkeypatch.undo()
    assert run_sweep(out, "muller", LENGTH, PILE, workers=1, chunk_tables=8).reused_chunks == 5


def test_a_real_full_disk_under_a_row_sweep(
    pristine: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mount = tmp_path / "tmpfs"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        (mount / "filler").write_bytes(bytes(4_500_000))  # the sweep needs 2.2 MB of the 6
        monkeypatch.setattr(SweepPlan, "check_disk", lambda self, out, already=0: None)
        with pytest.raises(SweepError, match="is full"):
            run_sweep(mount / "sweep", "endnim", 6, 6, workers=1, chunk_tables=8)
        (mount / "filler").unlink()
        report = run_sweep(mount / "sweep", "endnim", 6, 6, workers=1, chunk_tables=8)
        assert report.reused_chunks > 0
        run_sweep(tmp_path / "whole", "endnim", 6, 6, workers=1, chunk_tables=8)
        assert chunk_bytes(mount / "sweep") == chunk_bytes(tmp_path / "whole")
    finally:
        subprocess.run(["umount", str(mount)], check=False)
