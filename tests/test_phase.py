"""Phase diagrams (Albert–Nowakowski 2001, §3) against the exact solver, and their pictures."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import positions, solver
from rich.console import Console

from endnim.errors import EndNimError
from endnim.phase import (
    MAX_DEFAULT_SIZE,
    PhaseDiagram,
    phase_diagram,
    print_phase,
    save_phase_figure,
)


def solver_grid(w: tuple[int, ...], size: int) -> list[str]:
    reference = solver("partizan")
    return [
        "".join(reference.value((a, *w, b)).outcome for b in range(1, size + 1))
        for a in range(1, size + 1)
    ]


def check_paper_structure(w: tuple[int, ...], rows: list[str], point: tuple[int, int]) -> None:
    """A–N §3: the P's are the diagonal from the triple point, N the rectangle below-left of
    it, L above the diagonal, R below it; no N at all for even length (Corollary 6)."""
    x, y = point
    for a, row in enumerate(rows, start=1):
        for b, kind in enumerate(row, start=1):
            if a < x and b < y:
                expected = "N"
            elif b - a == y - x:
                expected = "P"
            elif b - a < y - x:
                expected = "L"
            else:
                expected = "R"
            assert kind == expected, (w, a, b)
    if len(w) % 2 == 0:
        assert not any("N" in row for row in rows)


def test_grid_and_triple_point_equal_exhaustive_search() -> None:
    count = 0
    for w in [*positions(3, 4), *positions(4, 3, min_length=4)]:
        diagram = phase_diagram(w, size=9)
        rows = solver_grid(w, 9)
        assert list(diagram.rows) == rows, w
        # the leftmost-bottommost P found by search is the triple point, when it is in range
        found = sorted(
            (a, b) for a, row in enumerate(rows, 1) for b, kind in enumerate(row, 1) if kind == "P"
        )
        if diagram.triple_point_shown:
            assert found and min(found, key=lambda p: (p[0] + p[1], p)) == diagram.triple_point
            check_paper_structure(w, rows, diagram.triple_point)
        assert diagram.middle_class == solver("partizan").value(w).outcome
        count += 1
    assert count == 84 + 81


def test_paper_example_241() -> None:
    """A–N §3: 241 ∈ N, 5241 ∈ P and 2416 ∈ P, so L(w) = 6, R(w) = 7, triple point 6w7."""
    d = phase_diagram("2 4 1")
    assert d.middle_class == "N" and d.triple_point == (6, 7)
    assert d.thresholds == {"L": 6, "R": 7, "L_star": 6, "R_star": 7}
    assert d.at(1, 1) == "N"  # the 1w1 entry has the type of w
    assert d.at(6, 7) == d.at(7, 8) == d.at(9, 10) == "P"
    assert d.at(5, 6) == "N" and d.at(6, 6) == "L" and d.at(5, 7) == "R"
    assert d.size == 12 and d.triple_point_shown


@pytest.mark.parametrize(
    ("w", "kind", "point"),
    [((4,), "N", (5, 5)), ((3, 3), "P", (1, 1)), ((5, 2), "L", (1, 6)), ((2, 5), "R", (6, 1))],
)
def test_recursion_bases(w: tuple[int, ...], kind: str, point: tuple[int, int]) -> None:
    """A–N §3's table: a: N, (a+1)a(a+1); aa: P, 1aa1; ab (a>b): L, 1ab(a+1); b>a: R."""
    d = phase_diagram(w)
    assert (d.middle_class, d.triple_point) == (kind, point)
    assert d.at(*point) == "P"


def test_default_size_and_limits() -> None:
    assert phase_diagram("1").size == 12
    assert phase_diagram("3 5 5 5 1").size == 21  # triple point (14, 18) and 3 more
    huge = phase_diagram([10**100, 1])
    assert huge.size == MAX_DEFAULT_SIZE and huge.middle_class == "L"
    assert not huge.triple_point_shown and huge.triple_point == (1, 10**100 + 1)  # 1ab(a+1)
    for bad in (0, 401):
        with pytest.raises(EndNimError, match="size"):
            phase_diagram("2 4 1", size=bad)
    for text in ("", "0 1", "x"):
        with pytest.raises(EndNimError):
            phase_diagram(text)


def test_to_dict() -> None:
    data = phase_diagram("2 4 1", size=8).to_dict()
    assert data["middle"] == [2, 4, 1] and data["triple_point"] == [6, 7]
    assert data["grid"][5] == "LLLLLLPR" and len(data["grid"]) == 8
    assert data["thresholds"]["R"] == 7 and data["triple_point_shown"] is True


def test_terminal_rendering() -> None:
    buffer = io.StringIO()
    print_phase(phase_diagram("2 4 1", size=9), Console(file=buffer, width=100))
    text = buffer.getvalue()
    lines = text.splitlines()
    assert lines[1].startswith("9 │ L L L L L L L L L")  # the top row is a = 9
    assert lines[2].startswith("8 │ L L L L L L L L P")  # 8·w·9 is on the diagonal
    assert lines[9].startswith("1 │ N N N N N N R R R")
    assert "triple point: (6, 7)" in text and "L* = 6" in text


def test_figures(tmp_path: Path) -> None:
    diagram: PhaseDiagram = phase_diagram("2 4 1")
    png = save_phase_figure(diagram, tmp_path / "p.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    small = phase_diagram("2 4 1", size=8)
    svg1 = save_phase_figure(small, tmp_path / "a.svg").read_text()
    svg2 = save_phase_figure(small, tmp_path / "b.svg").read_text()
    assert "<svg" in svg1 and svg1 == svg2  # reproducible (no date, fixed ids)
    big = save_phase_figure(phase_diagram("3 5 5 5 1", size=40), tmp_path / "big.png")
    assert big.stat().st_size > 1000
    with pytest.raises(EndNimError, match="svg"):
        save_phase_figure(diagram, tmp_path / "p.gif")
    with pytest.raises(EndNimError, match="cannot write"):
        save_phase_figure(diagram, tmp_path / "missing" / "p.png")
