"""The prover's joint check per residue class (beyond the column walk's cap), the reuse of
proved certificates under another budget, and what an open row's ``why_not`` says."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from endnim.analysis.proofs import residues, rows
from endnim.analysis.proofs.certificate import Law, read_certificate
from endnim.analysis.proofs.checker import check_certificate
from endnim.analysis.proofs.residues import ResiduesTooWide, covered_by_residues


def test_the_residue_check_is_the_column_walk(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Every joint check the prover makes on a·4·b, a·2·3·b and Loop's a·3·b, and copies with
    one input value moved (which mostly break it), get the same answer per residue class as
    by the kernel's column walk."""
    rng = random.Random(11)
    answers: list[bool] = []
    compiled = rows._covered

    def both(*args: Any) -> bool:
        found = compiled(*args)
        values, where, mex, start, delta, group, laws, span = args
        assert covered_by_residues(values, where, mex, start, delta, group, laws) == found
        answers.append(found)
        for _ in range(3):
            moved = [row.copy() for row in group]
            j = rng.randrange(len(moved))
            law = laws[j]
            b = law.preperiod + rng.randrange(law.period)
            moved[j][b] += rng.choice((-2, -1, 1, 2))
            walked = compiled(values, where, mex, start, delta, moved, laws, span)
            assert covered_by_residues(values, where, mex, start, delta, moved, laws) == walked
            answers.append(walked)
        return found

    monkeypatch.setattr(rows, "_covered", both)
    rows.prove_and_certify("endnim", (4,), 26, tmp_path)
    rows.prove_and_certify("endnim", (2, 3), 8, tmp_path)
    rows.prove_and_certify("loop", (3,), 20, tmp_path)
    assert answers.count(True) >= 20 and answers.count(False) >= 20


@pytest.mark.parametrize(("variant", "middle"), [("endnim", (4,)), ("loop", (3,))])
def test_rows_beyond_the_walk_are_proved_by_residues(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, variant: str, middle: tuple[int, ...]
) -> None:
    """With the column walk's cap at 0 every crossing row goes to the residue check: the
    same rows are proved with the same laws, and the separate checker accepts them."""
    rows_wanted = 26 if middle == (4,) else 20
    _, walked = rows.prove_and_certify(variant, middle, rows_wanted, tmp_path / "walk")
    assert any(proof.crossing for proof in walked)
    monkeypatch.setattr(rows, "CROSSING_SPAN", 0)
    path, by_residues = rows.prove_and_certify(variant, middle, rows_wanted, tmp_path / "res")
    assert [p.law for p in by_residues] == [p.law for p in walked]
    assert all(p.law is not None for p in by_residues)
    laws = check_certificate(path)
    assert laws == {p.a: p.law for p in by_residues}


def test_a_hole_too_wide_says_what_would_settle_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A hole whose covering classes repeat after more steps than the limit leaves the row
    open, and its why_not says what would settle it; so does every row waiting for it."""
    monkeypatch.setattr(rows, "CROSSING_SPAN", 0)
    monkeypatch.setattr(residues, "RESIDUE_SPAN", 1)
    _, proofs = rows.prove_and_certify("endnim", (4,), 26, tmp_path)
    open_rows = [p for p in proofs if p.law is None]
    assert open_rows, "no row needed more than one class"
    first = open_rows[0]
    assert first.why_not is not None and "covering check" in first.why_not
    assert all(p.why_not is not None and "to settle it" in p.why_not for p in open_rows)
    assert f"prove row {first.a} first" in (open_rows[1].why_not or "")


def test_residue_classes_too_wide_are_refused_not_walked() -> None:
    """A hole covered by two inputs together (periods 3 and 5, Δ = 1: their classes of k repeat
    after 15 steps) is refused under a limit of 14 and decided under 15: k = 5 is missed."""
    values = np.arange(1, 17, dtype=np.int64)  # v(b) = b + 1 from b = 1 on, v(0) = 0
    values[0] = 0
    where = np.full(20, 99, np.int64)
    where[values] = np.arange(len(values))
    mex = rows.mex_prefix(values)  # 1 from b = 2 on: the hole h = 1 at β = 3 (offset -2)
    b = np.arange(40, dtype=np.int64)
    first = b + np.array([-2, -2, 0])[b % 3]  # offset -2 at k ≡ 0, 1 (mod 3)
    second = b + np.array([-2, -2, 0, 0, 0])[b % 5]  # at k ≡ 2, 3 (mod 5)
    laws = [Law(0, 3, 3), Law(0, 5, 5)]
    with pytest.raises(ResiduesTooWide) as wide:
        covered_by_residues(values, where, mex, 3, 1, [first, second], laws, limit=14)
    assert wide.value.span == 15
    assert not covered_by_residues(values, where, mex, 3, 1, [first, second], laws, limit=15)
    third = b + np.array([-2, 0, 0, 0, -2])[b % 5]  # at k ≡ 1, 2 (mod 5) with k ≡ 2 (mod 3)
    assert not covered_by_residues(values, where, mex, 3, 1, [first, third], laws, limit=15)


def test_a_proved_certificate_is_reused_under_another_budget(tmp_path: Path) -> None:
    """A table whose rows are all proved is kept when the atlas is proved again with a larger
    budget (a proof holds whatever window found it); one with an open row is proved again."""
    path, proofs = rows.prove_and_certify("endnim", (), 4, tmp_path, budget=4096)
    assert all(p.law for p in proofs)
    before = path.stat().st_mtime_ns
    rows.prove_and_certify("endnim", (), 4, tmp_path, budget=16384)
    assert path.stat().st_mtime_ns == before
    assert read_certificate(path)["budget"] == 4096
    # misère a·7·b row 2 stays open on few columns: that table is proved again
    path, proofs = rows.prove_and_certify("misere", (7,), 3, tmp_path, budget=4096)
    assert any(p.law is None for p in proofs)
    rows.prove_and_certify("misere", (7,), 3, tmp_path, budget=16384)
    assert read_certificate(path)["budget"] == 16384
    # a table with a row open on more columns (misère a·b row 9: period 151,200) is kept
    # under a smaller budget, not proved again on fewer
    path, proofs = rows.prove_and_certify("misere", (), 10, tmp_path, budget=16384)
    assert any(p.law is None for p in proofs)
    before = path.stat().st_mtime_ns
    rows.prove_and_certify("misere", (), 10, tmp_path, budget=4096)
    assert path.stat().st_mtime_ns == before
    assert read_certificate(path)["budget"] == 16384


def test_an_open_row_says_what_would_settle_it(tmp_path: Path) -> None:
    """Every open row's why_not ends with what would settle it: more columns, or the input
    row to prove first (named)."""
    _, proofs = rows.prove_and_certify("misere", (), 12, tmp_path, budget=4096)
    open_rows = [p for p in proofs if p.law is None]
    assert open_rows and open_rows[0].why_not is not None
    assert "to settle it, more columns than 4096 (--budget)" in open_rows[0].why_not
    for proof in open_rows[1:]:
        assert proof.why_not == (
            f"input row {proof.a - 1} is not proved: to settle it, prove row {proof.a - 1} first"
        )
    waiting = rows.prove_table("misere", (3, 7), 2, None)
    assert waiting[0].why_not == (
        "the input row w·b is not proved (row 3 of the table of [7]): to settle it, "
        "prove that row first"
    )


def test_a_state_repeated_before_the_last_break_is_passed_over(tmp_path: Path) -> None:
    """Misère a·7·b row 2 repeats its state (Δ = 2) from b = 9, but its inputs break the
    values at b = 45..48; from b = 49 on it has period 2. The prover looks for b₁ after the
    last break in its window, so the row and the rows after it are proved (on main: 'the
    input rows break it' on every window up to 10⁶ columns, and 31 rows and 14 tables waited
    on it), and the checker accepts them."""
    path, proofs = rows.prove_and_certify("misere", (7,), 3, tmp_path, budget=16384)
    assert [p.law for p in proofs] == [Law(8, 1, 1), Law(49, 2, 2), Law(49, 5040, 5040)]
    assert proofs[1].start == 49
    assert check_certificate(path) == {p.a: p.law for p in proofs}


def test_the_prover_counts_the_joint_check_as_the_checker_spends_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """On every crossing row of a·4·b the checker's joint check spends exactly the steps the
    prover's residue check counts: under a budget of those steps the prover decides it, one
    fewer and it refuses (so no proof it writes costs the checker more than its budget)."""
    from endnim.analysis.proofs.checker import _predicted
    from endnim.analysis.proofs.columns import stream_table

    path, proofs = rows.prove_and_certify("endnim", (4,), 26, tmp_path)
    assert all(p.law is not None for p in proofs)
    ends = [max(p.start + p.delta, p.law.preperiod + p.law.period) for p in proofs if p.law]
    table = stream_table("endnim", (4,), 26, max(ends) + 1)
    laws: dict[int, Law] = {0: Law(**read_certificate(path)["base"]["law"])}
    seen = 0
    for proof in proofs:
        assert proof.law is not None
        laws[proof.a] = proof.law
        if not proof.crossing:
            continue
        inputs = list(proof.relevant + proof.crossing)
        end = proof.start + proof.delta
        values = table[proof.a, : end + 1]
        mex = rows.mex_prefix(values)
        where = np.full(int(values.max()) + 1, len(values) + 1, np.int64)
        where[values] = np.arange(len(values))
        spent: list[int] = []
        group = [(table[i, : laws[i].preperiod + laws[i].period].tolist(), laws[i]) for i in inputs]
        position = {int(v): b for b, v in enumerate(values.tolist())}
        assert _predicted(
            group, values.tolist(), mex.tolist(), position, proof.start, proof.delta, spent.append
        )
        args = (values, where, mex, proof.start, proof.delta, [table[i] for i in inputs])
        group_laws = [laws[i] for i in inputs]
        assert covered_by_residues(*args, group_laws, budget=sum(spent))
        with pytest.raises(residues.ResiduesTooDear) as dear:
            covered_by_residues(*args, group_laws, budget=sum(spent) - 1)
        assert dear.value.cost == sum(spent)
        seen += 1
    assert seen >= 5


def test_a_proof_the_checker_could_not_afford_is_not_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A row whose joint check, or whose table's certificate, would cost the checker more than
    its default budget stays open, saying so and what would settle it; every certificate the
    prover writes then passes the checker at that budget."""
    monkeypatch.setattr(residues, "CHECK_BUDGET", 40)
    path, proofs = rows.prove_and_certify("endnim", (4,), 26, tmp_path / "joint")
    dear = next(p for p in proofs if p.law is None)
    assert dear.why_not is not None and "default budget of" in dear.why_not
    assert "to settle it" in dear.why_not
    assert [p.a for p in proofs if p.law is None] == list(range(dear.a, 27))
    check_certificate(path)
    monkeypatch.undo()
    monkeypatch.setattr(rows, "CHECK_BUDGET", 3000)
    path, proofs = rows.prove_and_certify("endnim", (4,), 26, tmp_path / "file")
    dear = next(p for p in proofs if p.law is None)
    assert dear.why_not is not None and "its certificate would cost the checker" in dear.why_not
    assert all(p.law is None for p in proofs[dear.a - 1 :])
    check_certificate(path, budget=3000)
