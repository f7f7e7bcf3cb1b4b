"""EndNimTheory, MisereTheory (both conventions) and LoopTheory against the reference search."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pytest
from conftest import positions, solver
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.theory.base import MoveRange, Theory
from endnim.theory.end_family import EndNimTheory, LoopTheory, MisereTheory
from endnim.variants import get_variant

BIG = 10**100
THEORIES: dict[str, Theory] = {
    "endnim": EndNimTheory(),
    "misere": MisereTheory(),
    "misere-conway": MisereTheory("conway"),
    "loop": LoopTheory(),
}
NAMES = sorted(THEORIES)


def grundy(variant: str, piles: tuple[int, ...]) -> int:
    return solver(variant).value(piles).grundy  # type: ignore[union-attr]


def move_strings(ranges: Iterable[MoveRange]) -> set[str]:
    return {str(m) for r in ranges for m in r.moves()}


def solver_winning(variant: str, piles: tuple[int, ...]) -> set[str]:
    rules = get_variant(variant)
    return {
        f"{end}{size}"
        for end, size, _, child in rules.raw_options(piles)
        if grundy(variant, child) == 0
    }


def check_against_solver(variant: str, p: tuple[int, ...]) -> bool:
    """Outcome, winning moves and (when given) Grundy value; True if a Grundy value was given."""
    theory = THEORIES[variant]
    truth = grundy(variant, p)
    verdict, reason = theory.outcome(p)
    assert verdict == ("P" if truth == 0 else "N"), (variant, p, reason)
    ranges = theory.winning_moves(p)
    assert move_strings(ranges) == solver_winning(variant, p), (variant, p)
    assert len(move_strings(ranges)) == sum(r.count for r in ranges)  # no overlapping ranges
    found = theory.grundy(p)
    if found is not None:
        assert found[0] == truth, (variant, p, found[1])
        return True
    return False


# ----------------------------------------------------------------- exhaustive checks
@pytest.mark.parametrize("variant", NAMES)
def test_matches_solver_small_rows(variant: str) -> None:
    count = given_grundy = 0
    for p in itertools.chain([()], positions(6, 6)):
        given_grundy += check_against_solver(variant, p)
        count += 1
    assert count == 1 + 55986
    assert given_grundy > 3000  # every P-position at least


@pytest.mark.parametrize("variant", NAMES)
def test_matches_solver_two_and_three_piles(variant: str) -> None:
    for p in itertools.chain(positions(2, 60, min_length=2), positions(3, 25, min_length=3)):
        check_against_solver(variant, p)


@pytest.mark.parametrize("variant", NAMES)
def test_matches_solver_longer_rows(variant: str) -> None:
    for p in positions(8, 3, min_length=7):
        check_against_solver(variant, p)


def test_grundy_coverage() -> None:
    """Which values the theories fix, checked against the solver where they claim one."""
    e, m, c, o = (THEORIES[n] for n in ("endnim", "misere", "misere-conway", "loop"))
    for a in range(1, 30):
        assert e.grundy((a,)) == (a, e.grundy((a,))[1])  # type: ignore[index]
        assert m.grundy((a,))[0] == a - 1 == grundy("misere", (a,))  # type: ignore[index]
        assert c.grundy((a,))[0] == (0 if a == 1 else a) == grundy("misere-conway", (a,))  # type: ignore[index]
        assert o.grundy((a,))[0] == 0  # type: ignore[index]
    for a, b in positions(2, 40, min_length=2):
        assert e.grundy((a, b))[0] == a ^ b  # type: ignore[index]
        assert o.grundy((a, b)) is not None
        assert (m.grundy((a, b)) is not None) == (grundy("misere", (a, b)) in (0, 1))
        # Conway misère: End-Nim's a ⊕ b (the lemma), and 1 on (1, 1)
        assert c.grundy((a, b))[0] == grundy("misere-conway", (a, b))  # type: ignore[index]
    for p in positions(3, 12, min_length=3):
        g = grundy("endnim", p)
        assert (e.grundy(p) is not None) == (g in (0, 1, 2)), p
        assert (m.grundy(p) is not None) == (grundy("misere", p) in (0, 1)), p
        assert (o.grundy(p) is not None) == (grundy("loop", p) in (0, 1)), p
        ones = p == (1, 1, 1)
        assert (c.grundy(p) is not None) == (ones or g in (0, 1, 2)), p
    for k in range(1, 12):  # rows of ones: 1 − k mod 2, against the search
        assert c.grundy((1,) * k)[0] == 1 - k % 2 == grundy("misere-conway", (1,) * k)  # type: ignore[index]
    assert e.grundy((1, 2, 3, 4)) is None
    assert c.grundy((1, 2, 3, 4)) is None and c.grundy((2, 3))[0] == 1  # type: ignore[index]


# ----------------------------------------------------------------- worked examples
def test_worked_examples() -> None:
    e = THEORIES["endnim"]
    verdict, reason = e.outcome((3, 3, 3, 2, 3, 4, 3, 3))
    assert verdict == "P" and reason.data["clause"] == "a"
    assert (reason.data["l"], reason.data["r"]) == (3, 3)
    assert reason.data["hieroglyph"]["cells"] == ["1↓", "2↑"]
    verdict, reason = e.outcome((3, 1, 4))
    assert verdict == "N" and e.grundy((3, 1, 4)) is None and grundy("endnim", (3, 1, 4)) == 7
    assert move_strings(e.winning_moves((3, 1, 4))) == solver_winning("endnim", (3, 1, 4))
    assert [str(r) for r in e.winning_moves((3, 1, 5))] == ["R3"]  # ERRATA: not R4
    h = e.outcome((2, 2, 2, 4, 4, 4, 4, 4))[1].data["hieroglyph"]
    assert (h["x"], h["y"], h["n"], h["m"], h["a"], h["b"]) == (2, 4, 3, 5, 4, 2)
    assert THEORIES["misere"].grundy((2, 3)) is None and grundy("misere", (2, 3)) == 4
    assert grundy("misere-conway", (2, 3)) == 1
    assert THEORIES["loop"].grundy((2, 3)) == (4, THEORIES["loop"].grundy((2, 3))[1])  # type: ignore[index]


def test_reasons() -> None:
    verdict, reason = THEORIES["endnim"].outcome((3, 3, 1, 2))
    assert verdict == "P"
    assert reason.theorem.startswith("Cairns–Ho Thm 2.1")
    data = reason.to_dict()["data"]
    assert data["orientation"].startswith("reversed") and data["clause"] == "b"
    assert data["hieroglyph"]["left_cell"]["row"] == "top"
    assert data["hieroglyph"]["right_cell"]["row"] == "bottom"
    verdict, reason = THEORIES["endnim"].outcome((3, 1, 5))
    assert reason.data["clause"] is None and "neither" in reason.data["why"]
    verdict, reason = THEORIES["endnim"].outcome((4, 1, 5))
    assert reason.data["orientation"].startswith("as given") and "(b) needs" in reason.statement
    assert THEORIES["misere"].outcome((1, 1))[1].data["r_m"] == 1
    assert THEORIES["loop"].outcome((2, 2, 2))[1].data["r_o"] == 1
    assert THEORIES["misere"].outcome((2, 3))[1].theorem == "Cairns–Ho Thm 2.2"
    assert THEORIES["loop"].outcome((5,))[1].data == {"k": 1}


def test_terminal_and_special_positions() -> None:
    e, m, c, o = (THEORIES[n] for n in ("endnim", "misere", "misere-conway", "loop"))
    assert e.outcome(())[0] == "P" and e.winning_moves(()) == [] and e.grundy(())[0] == 0  # type: ignore[index]
    assert m.outcome(())[0] == "P" and m.outcome((1,))[0] == "P" and m.winning_moves((1,)) == []
    assert c.outcome(())[0] == "N" and c.grundy(())[0] == 1 and c.winning_moves(()) == []  # type: ignore[index]
    assert c.outcome((1,))[0] == "P" and c.winning_moves((1,)) == []
    assert o.outcome((7,))[0] == "P" and o.winning_moves((7,)) == [] and o.outcome(())[0] == "P"
    # misère (Cairns–Ho) may not empty the row; Conway's may, but it loses
    assert [str(r) for r in m.winning_moves((5,))] == ["L1"]
    assert [str(r) for r in c.winning_moves((5,))] == ["L1"]
    assert [str(r) for r in e.winning_moves((5,))] == ["L0"]
    assert [str(r) for r in e.winning_moves((BIG,))] == ["L0"]
    assert [str(r) for r in o.winning_moves((4, 9))] == ["L0", "R0"]
    # constant rows: R0 duplicates L0 and is not listed
    assert [str(r) for r in e.winning_moves((4, 4, 4))] == ["L0"]
    assert solver_winning("endnim", (4, 4, 4)) == {"L0"}
    assert [str(r) for r in m.winning_moves((1, 1))] == ["L0"]
    assert MisereTheory("conway").variant_name == "misere-conway"
    assert MisereTheory().variant_name == "misere" and LoopTheory().variant_name == "loop"
    with pytest.raises(ValueError):
        MisereTheory("other")


# ----------------------------------------------------------------- properties at any size
def rows(max_len: int = 50) -> st.SearchStrategy[tuple[int, ...]]:
    """Rows of piles offset + (1..4), the offset 0, small, or 10**100-sized."""
    offsets = st.sampled_from([0, 0, 5, BIG, 2 * BIG + 1])
    return st.tuples(offsets, st.lists(st.integers(1, 4), min_size=1, max_size=max_len)).map(
        lambda t: tuple(t[0] + x for x in t[1])
    )


def mirror(ranges: list[MoveRange]) -> set[str]:
    swap = {"L": "R", "R": "L"}
    return {f"{swap[m.end]}{m.size}" for r in ranges for m in r.moves()}


@settings(max_examples=200, deadline=None)
@given(rows(), st.sampled_from(NAMES))
def test_reversal_symmetry(p: tuple[int, ...], variant: str) -> None:
    theory = THEORIES[variant]
    rev = p[::-1]
    assert theory.outcome(p)[0] == theory.outcome(rev)[0]
    g, h = theory.grundy(p), theory.grundy(rev)
    assert (g is None) == (h is None)
    if g is not None and h is not None:
        assert g[0] == h[0]
    if len(set(p)) > 1:
        assert move_strings(theory.winning_moves(rev)) == mirror(theory.winning_moves(p))


@settings(max_examples=200, deadline=None)
@given(rows(), st.sampled_from(NAMES), st.data())
def test_winning_moves_are_consistent(
    p: tuple[int, ...], variant: str, data: st.DataObject
) -> None:
    """Non-terminal N iff some winning move; each leads to P; from P any legal move gives N."""
    theory = THEORIES[variant]
    rules = get_variant(variant)
    verdict = theory.outcome(p)[0]
    moves = [m for r in theory.winning_moves(p) for m in r.moves()]
    if rules.is_terminal(p):
        assert moves == []
        return
    assert bool(moves) == (verdict == "N")
    for move in moves:
        assert theory.outcome(tuple(rules.play(p, move)))[0] == "P"
    if verdict == "P":
        end = data.draw(st.sampled_from(rules.ends(p) if len(p) > 1 else ("L",)))
        pile = p[0] if end == "L" else p[-1]
        size = data.draw(st.integers(0, pile - 1))
        child = p[1:] if end == "L" else p[:-1]
        if size:
            child = (size, *child) if end == "L" else (*child, size)
        if rules.allows(child):
            assert theory.outcome(child)[0] == "N"


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=6), st.sampled_from([1, 9, BIG]))
def test_shifted_rows_follow_the_solver(small: list[int], shift: int) -> None:
    """Outcomes read only the ends' order pattern: shift a solved small row by up to 10**100
    (not all-ones rows in misère, not lone piles in misère/Conway)."""
    p = tuple(small)
    big = tuple(x + shift for x in p)
    for variant in ("endnim", "loop"):
        assert THEORIES[variant].outcome(big)[0] == ("P" if grundy(variant, p) == 0 else "N")
    if any(x != 1 for x in p) and len(p) > 1:
        for variant in ("misere", "misere-conway"):
            want = "P" if grundy(variant, p) == 0 else "N"
            assert THEORIES[variant].outcome(big)[0] == want


def test_ten_thousand_piles_of_a_hundred_digits() -> None:
    """Outcome and winning moves of 10,000-pile rows of 100-digit piles complete (linear)."""
    base = tuple(BIG + (i * 7919) % 4 for i in range(10_000))
    rows_ = [
        base,
        (BIG + 1,) * 3 + base[1:-1] + (BIG,) * 2,  # near-P ends
        (BIG,) + base[1:-1] + (BIG + 1,),
        (BIG,) * 10_000,
        (BIG,) * 9_999,
        (1,) * 10_001,
    ]
    for theory in THEORIES.values():
        for p in rows_:
            verdict, _ = theory.outcome(p)
            moves = theory.winning_moves(p)
            assert bool(moves) == (verdict == "N")
            assert theory.grundy(p) is None or verdict == "P"
    e = THEORIES["endnim"]
    assert [str(r) for r in e.winning_moves((BIG,) * 9_999)] == ["L0"]
