"""Two- and three-pile tables against the reference search, the statements of the atlas on
the search's values, and a finding that fails when a cell is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from conftest import positions, solver

from endnim.analysis.atlas import two_pile
from endnim.analysis.atlas.two_pile import (
    nim_sum_table,
    three_pile_study,
    three_pile_table,
    two_pile_findings,
    two_pile_table,
)

SHIPPED = Path(__file__).resolve().parents[3] / "data" / "atlas" / "two-pile"
VARIANTS = ("endnim", "misere", "misere-conway", "loop")


def search_table(variant: str, middle: tuple[int, ...], n: int) -> np.ndarray:
    reference = solver(variant)
    return np.array(
        [
            [reference.value((a, *middle, b)).grundy for b in range(1, n + 1)]  # type: ignore[union-attr]
            for a in range(1, n + 1)
        ]
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_pile_tables_against_the_search(variant: str) -> None:
    assert (two_pile_table(variant, 30) == search_table(variant, (), 30)).all()


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("w", [1, 2, 3, 4, 8])
def test_three_pile_tables_against_the_search(variant: str, w: int) -> None:
    assert (three_pile_table(variant, w, 16) == search_table(variant, (w,), 16)).all()


def test_conway_misere_is_normal_play_off_the_rows_of_ones() -> None:
    """The lemma of docs/atlas.md §3, on every row of length <= 6 with piles <= 4 and the
    rows of ones up to length 9: G_conway = G_normal except on 1^k, where they are swapped."""
    normal, conway = solver("endnim"), solver("misere-conway")
    for position in positions(6, 4):
        g = normal.value(position).grundy  # type: ignore[union-attr]
        h = conway.value(position).grundy  # type: ignore[union-attr]
        if set(position) == {1}:
            assert (g, h) == (len(position) % 2, 1 - len(position) % 2)
        else:
            assert g == h, position
    for k in range(7, 10):
        assert conway.value((1,) * k).grundy == 1 - k % 2  # type: ignore[union-attr]


def test_statements_on_search_tables() -> None:
    """The atlas's statements on tables from the search (a, b <= 30; x, y <= 16, w <= 8)."""
    nim = nim_sum_table(30)
    conway = search_table("misere-conway", (), 30)
    expected = nim.copy()
    expected[0, 0] = 1
    assert (conway == expected).all()
    a = np.arange(1, 31)[:, None]
    b = np.arange(1, 31)[None, :]
    assert (search_table("loop", (), 30) == ((a - 1) ^ (b - 1)) + 1).all()
    misere = search_table("misere", (), 30)
    assert ((abs(a - b) <= misere) & (misere <= a + b - 1)).all() and (misere == misere.T).all()
    small = np.minimum(np.arange(1, 17)[:, None], np.arange(1, 17)[None, :])
    for w in (1, 2, 3):
        endnim = search_table("endnim", (w,), 16)
        assert ((endnim == nim_sum_table(16)) | (small <= w)).all()
    for variant in ("misere", "loop"):
        assert (search_table(variant, (1,), 16) == nim_sum_table(16)).all()


def test_findings_hold_and_a_wrong_cell_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    assert all(f.holds for f in two_pile_findings(40))
    rows, findings = three_pile_study(24, range(1, 5))
    assert all(f.holds for f in findings) and len(rows) == 4 * 4
    real = two_pile.two_pile_table

    def broken(variant: str, n: int) -> np.ndarray:
        table = real(variant, n).copy()
        if variant == "loop":
            table[6, 2] += 1  # the cell (7, 3)
        return table

    monkeypatch.setattr(two_pile, "two_pile_table", broken)
    failed = [f for f in two_pile_findings(40) if not f.holds]
    assert [f.name for f in failed] == ["loop-prop-4.1"]
    assert failed[0].counterexamples == [[7, 3]]


def test_the_shipped_findings() -> None:
    report = json.loads((SHIPPED / "findings.json").read_text(encoding="utf-8"))
    assert report["size"] == 1024 and report["max_middle"] == 8
    assert all(f["holds"] for f in report["findings"])
    assert report["two_pile_agreement"]["misere-conway"]["different"] == 1
