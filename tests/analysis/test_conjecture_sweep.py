"""endnim conjecture reads a stored sweep when one covers its range (issue 7)."""

from __future__ import annotations

from pathlib import Path

from endnim.analysis.conjecture import builtin_conjecture, check_conjecture
from endnim.sweep import run_sweep


def test_a_covering_sweep_gives_the_same_report(tmp_path: Path) -> None:
    run_sweep(tmp_path / "m", "muller", 5, 5)
    for name in ("horrocks-1", "horrocks-2", "horrocks-3"):
        computed = check_conjecture(builtin_conjecture(name), max_length=5, max_pile=4)
        stored = check_conjecture(
            builtin_conjecture(name), max_length=5, max_pile=4, sweep_dir=tmp_path / "m"
        )
        assert stored.source.startswith("stored sweep")
        assert computed.source == "engine"
        expected, got = computed.to_dict(), stored.to_dict()
        expected.pop("source"), got.pop("source")
        assert got == expected


def test_a_sweep_that_does_not_cover_the_range_is_not_used(tmp_path: Path) -> None:
    run_sweep(tmp_path / "small", "muller", 3, 3)
    report = check_conjecture(
        builtin_conjecture("horrocks-1"), max_length=4, max_pile=3, sweep_dir=tmp_path / "small"
    )
    assert report.source == "engine" and report.positions == 3 + 9 + 27 + 81
