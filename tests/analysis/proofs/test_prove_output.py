"""``periodicity --prove`` writes its certificates where ``--certificates`` says, and nothing
of such a run is tracked at the repository's root (a stray certificates/muller/awb.json was)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def test_prove_writes_only_where_told(tmp_path: Path) -> None:
    work, out = tmp_path / "work", tmp_path / "out"
    work.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "endnim.cli", "periodicity", "-v", "muller", "--middle", ""]
        + ["--a", "1..2", "--prove", "--certificates", str(out), "--json"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert str(out / "muller" / "awb.json") in done.stdout
    assert (out / "muller" / "awb.json").is_file()
    assert list(work.iterdir()) == []  # nothing beside the working directory


@pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout"
)
def test_no_proof_output_is_tracked_at_the_root() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "certificates"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert tracked.stdout == ""  # shipped certificates live in data/atlas/certificates/
