"""The prover: ultimate arithmetic periodicity of the rows of a·w·b, by a repeated state.

For a rule set of End-Nim's recurrence (moves on the first and the last pile only, any
reduction, no reversal: End-Nim, both misères, Loop) and a row of two or more piles,
G(a·w·b) = mex({G(a·w·b′) : 0 ≤ b′ < b} ∪ {G(a′·w·b) : 0 ≤ a′ < a}), where a′ = 0 is the
shorter row w·b and b′ = 0 the row a·w (docs/atlas.md, "Proofs"; the engine's END kernel and
the memoised search agree with it, tests/analysis/proofs). The row's values are distinct, so
its state at b is its mex L(b) and the set of its earlier values above L(b). Dress, Flammenkamp
and Pink (1999) and Landman (2002) prove additive periodicity of such tables from a repeated
state; here: if the inputs a′ < a are proved periodic with saltus = period (or saltus 0), and
the state at b₁ + Δ is the state at b₁ shifted by Δ, where Δ is a multiple of the periods of
the inputs that can meet the row, then v(b + Δ) = v(b) + Δ for every b ≥ b₁ (the mex at
b + Δ is the mex at b shifted, by induction). An input "meets" the row unless it stays
above the row's value or below its mex over a whole period (checked on the finite window).

>>> from endnim.analysis.proofs.certificate import Law
>>> proofs = prove_table("endnim", (), 3, Law(0, 1, 1))   # the rows a ⊕ b of a·b
>>> [(p.a, p.law.preperiod, p.law.period, p.law.saltus) for p in proofs if p.law]
[(1, 1, 2, 2), (2, 1, 4, 4), (3, 1, 4, 4)]
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from endnim.analysis.periodicity import row_periodicity
from endnim.analysis.proofs import residues
from endnim.analysis.proofs.certificate import (
    CHECK_BUDGET,
    ROW_KIND,
    CertificateError,
    Law,
    RowProof,
    check_cost,
    read_certificate,
    table_file,
    values_digest,
    write_certificate,
)
from endnim.analysis.proofs.columns import FIRST_COLUMNS, lone_pile_law, stream_table
from endnim.errors import EndNimError

Array = npt.NDArray[np.int64]

DEFAULT_BUDGET = 10**6
"""The last column the prover computes (``--budget``)."""


def supports_proofs(variant: str) -> bool:
    """Whether the rows of ``variant`` follow the recurrence the prover knows: the engine's
    END family (first and last pile, no reversal) with every reduction allowed.

    >>> supports_proofs("loop"), supports_proofs("muller")
    (True, False)
    """
    from endnim.engine.families import END, family_of
    from endnim.engine.takes import restricts_takes
    from endnim.variants import get_row_variant

    try:
        rules = get_row_variant(variant, "the prover")
        return family_of(rules).code == END and not restricts_takes(rules)
    except EndNimError:
        return False


def mex_prefix(values: Array) -> Array:
    """L(b) = mex of values[0..b-1] for b = 0..len(values) (the values must be distinct).

    >>> mex_prefix(np.array([1, 0, 3, 2])).tolist()
    [0, 0, 2, 2, 4]
    """
    size = int(values.max()) + 2 if len(values) else 1
    where = np.full(size, len(values) + 1, np.int64)
    where[values] = np.arange(len(values))
    last = np.maximum.accumulate(where)  # last[u] < b: the values 0..u all occur before b
    found: Array = np.searchsorted(last, np.arange(len(values) + 1), side="right").astype(np.int64)
    # searchsorted(side="right") counts u with last[u] <= b - 1 < b when asked for b - 1
    shifted: Array = np.concatenate(([0], found[:-1]))
    return shifted


def _same_state(values: Array, mex: Array, b: int, delta: int) -> bool:
    """Whether the state at b + delta is the state at b shifted by delta."""
    if mex[b + delta] != mex[b] + delta:
        return False
    early = values[:b]
    later = values[: b + delta]
    first = np.sort(early[early > mex[b]]) + delta
    second = np.sort(later[later > mex[b + delta]])
    return bool(np.array_equal(first, second))


class _Pending(Exception):
    """The window is too short for this row: try again on more columns (the text says why)."""


def _input_values(row: Array, law: Law, b: Array) -> Array:
    """An input row's values at the columns ``b`` (each >= its preperiod), by its law."""
    steps, rest = np.divmod(b - law.preperiod, law.period)
    found: Array = row[law.preperiod + rest] + steps * law.saltus
    return found


def _harmless(
    values: Array, where: Array, start: int, delta: int, law: Law, row: Array, others: Array
) -> bool:
    """Whether an input row never changes the mex from ``start`` on, given that the row repeats
    its state (shifted by ``delta``) every ``delta`` columns from ``start`` and so do the input
    rows ``others`` (their values there, one line each): at each b its value is below the mex,
    among the row's earlier values, one of the other inputs' values or above the row's value.
    The pair (b mod delta, b mod its period) repeats after their lcm, so that many columns
    decide it."""
    end = start + math.lcm(delta, law.period)
    for first in range(start, end, CHUNK):  # in chunks: the lcm can be 10⁸ columns
        b = np.arange(first, min(first + CHUNK, end), dtype=np.int64)
        steps, phase = np.divmod(b - start, delta)
        same = start + phase  # the column of the first repetition with the same state
        moved = _input_values(row, law, b) - steps * delta
        inside = (moved >= 0) & (moved < len(where))
        earlier = np.zeros(len(b), dtype=bool)
        earlier[inside] = where[moved[inside]] < same[inside]
        for other in others:
            earlier |= moved == other[same - start]
        if not np.all((moved < 0) | earlier | (moved > values[same])):
            return False
    return True


CROSSING_SPAN = 25_000_000
"""Input rows that cross the row are checked together over the lcm of their periods, column
by column, up to this many columns; beyond it per residue class
(:func:`~endnim.analysis.proofs.residues.covered_by_residues`)."""
CHUNK = 1 << 16
"""Columns checked at once by :func:`_covered`."""


def _covered(
    values: Array,
    where: Array,
    mex: Array,
    start: int,
    delta: int,
    group: list[Array],
    laws: list[Law],
    span: int,
) -> bool:
    """:func:`_covered_numpy`, in the compiled kernel (``_columns.covered``: one pass over the
    columns, 30-60× faster; the two are tested equal)."""
    from endnim.analysis.proofs._columns import covered

    gaps = np.array(
        [
            int(np.count_nonzero(where[mex[b] : values[b]] >= b))
            for b in range(start, start + delta)
        ],
        np.int64,
    )
    blocks = [
        row[law.preperiod : law.preperiod + law.period]
        for row, law in zip(group, laws, strict=True)
    ]
    offsets = np.cumsum([0, *(len(block) for block in blocks[:-1])]).astype(np.int64)
    return covered(
        np.ascontiguousarray(values, np.int64),
        np.ascontiguousarray(where, np.int64),
        np.ascontiguousarray(mex, np.int64),
        start,
        delta,
        np.ascontiguousarray(np.concatenate(blocks) if blocks else np.zeros(0, np.int64), np.int64),
        offsets,
        np.array([law.preperiod for law in laws], np.int64),
        np.array([law.period for law in laws], np.int64),
        np.array([law.saltus for law in laws], np.int64),
        gaps,
        span,
    )


def _covered_numpy(
    values: Array,
    where: Array,
    mex: Array,
    start: int,
    delta: int,
    group: list[Array],
    laws: list[Law],
    span: int,
) -> bool:
    """Whether, from ``start`` on, the input rows of ``group`` (their other input rows never
    matter) give the row the value its repeated state predicts: at every b the predicted value
    v(b′) + kΔ (b = b′ + kΔ, start ≤ b′ < start + Δ) is not an input value, and every value
    between the mex and it that the row has not taken is. The row's phase and every input's
    repeat together after ``span`` columns, so that many decide it."""
    phases = np.arange(start, start + delta)
    gaps = np.array(
        [int(np.count_nonzero(where[mex[b] : values[b]] >= b)) for b in phases], np.int64
    )
    for first in range(start, start + span, CHUNK):
        b = np.arange(first, min(first + CHUNK, start + span), dtype=np.int64)
        steps, phase = np.divmod(b - start, delta)
        same = start + phase
        shifted = np.stack(
            [
                _input_values(row, law, b) - steps * delta
                for row, law in zip(group, laws, strict=True)
            ],
            axis=1,
        )
        value = values[same][:, None]
        if np.any(shifted == value):
            return False
        inside = (shifted >= mex[same][:, None]) & (shifted < value)
        taken = np.zeros(shifted.shape, dtype=bool)
        taken[inside] = (
            where[shifted[inside]] < np.broadcast_to(same[:, None], shifted.shape)[inside]
        )
        marks = np.where(inside & ~taken, shifted, -1)
        marks.sort(axis=1)
        distinct = (marks >= 0) & np.concatenate(
            (np.ones((len(b), 1), dtype=bool), marks[:, 1:] != marks[:, :-1]), axis=1
        )
        if np.any(distinct.sum(axis=1) != gaps[phase]):
            return False
    return True


def _prove_row(table: Array, a: int, laws: Sequence[Law], budget: int) -> RowProof:
    """Prove row a of ``table`` (rows 0..a-1 proved with ``laws``), or raise _Pending."""
    values = table[a]
    cols = len(values) - 1
    seen = row_periodicity(values[1:], 1)
    if seen is None or seen.saltus != seen.period:
        raise _Pending("no period with saltus = period is seen in the columns computed")
    for law in laws:
        if law.preperiod + law.period > cols:
            raise _Pending("an input row's period does not fit in the columns computed")
    bounded = [i for i, law in enumerate(laws) if law.saltus == 0]
    sloped = [i for i, law in enumerate(laws) if law.saltus != 0]
    for i in sloped:
        if laws[i].saltus != laws[i].period:
            return RowProof(
                a,
                None,
                why_not=(
                    f"input row {i} has saltus ≠ period and ≠ 0: to settle it, a prover for "
                    "such inputs"
                ),
            )
    mex = mex_prefix(values)
    where = np.full(int(values.max()) + 1, len(values) + 1, np.int64)
    where[values] = np.arange(len(values))
    lowest = max([1, *(law.preperiod for law in laws)])
    if bounded:
        ceiling = max(
            int(table[i, laws[i].preperiod : laws[i].preperiod + laws[i].period].max())
            for i in bounded
        )
        above_all = np.flatnonzero(mex > ceiling)
        if not above_all.size:
            raise _Pending("the mex never passes the bounded input rows in the columns computed")
        lowest = max(lowest, int(above_all[0]))
    delta = seen.period
    highest = cols - delta
    lowest = max(lowest, last_break(values, delta, lowest) + 1)
    if lowest > highest or not _same_state(values, mex, highest, delta):
        raise _Pending(f"the state does not repeat after Δ = {delta} in the columns computed")
    low, high = lowest, highest  # the least b with a repeated state (it stays repeated)
    while low < high:
        middle = (low + high) // 2
        if _same_state(values, mex, middle, delta):
            high = middle
        else:
            low = middle + 1
    start = low
    relevant = [i for i in sloped if delta % laws[i].period == 0]
    others = table[relevant, start : start + delta]
    harmless = [
        i
        for i in sloped
        if delta % laws[i].period
        and _harmless(values, where, start, delta, laws[i], table[i], others)
    ]
    crossing = [i for i in sloped if i not in relevant and i not in harmless]
    if crossing:
        span = math.lcm(delta, *(laws[i].period for i in crossing))
        group = [table[i] for i in relevant + crossing]
        group_laws = [laws[i] for i in relevant + crossing]

        def walk() -> bool:
            return _covered(values, where, mex, start, delta, group, group_laws, span)

        # per residue class (docs/atlas.md), as the checker decides it and within its default
        # budget (so the checker can check every proof written); the column walk decides it
        # instead where the lcm is short
        try:
            holds = residues.covered_by_residues(
                values,
                where,
                mex,
                start,
                delta,
                group,
                group_laws,
                walk=walk if span <= CROSSING_SPAN else None,
            )
        except residues.ResiduesTooWide as wide:
            return RowProof(
                a,
                None,
                why_not=(
                    f"the input rows it meets repeat together only after {span} columns, "
                    f"and the classes that cover one of its holes after {wide.span} steps "
                    f"(more than {residues.RESIDUE_SPAN}): to settle it, a covering "
                    "check of those classes without one flag per step"
                ),
            )
        except residues.ResiduesTooDear as dear:
            return RowProof(
                a,
                None,
                why_not=(
                    f"its joint check with the input rows it meets (they repeat together after "
                    f"{span} columns) costs {dear.cost} steps per residue class, more than the "
                    f"checker's default budget of {CHECK_BUDGET}: to settle it, a cheaper "
                    "joint check in the checker, or its default budget raised"
                ),
            )
        if not holds:
            raise _Pending(f"the state repeats after Δ = {delta} but the input rows break it")
    period = least_period(values[start : start + delta], delta)
    preperiod = start
    while preperiod > 1 and values[preperiod - 1 + period] - values[preperiod - 1] == period:
        preperiod -= 1
    return RowProof(
        a=a,
        law=Law(preperiod, period, period),
        start=start,
        delta=delta,
        mex=int(mex[start]),
        relevant=tuple(relevant),
        harmless=tuple(harmless),
        crossing=tuple(crossing),
        bounded=tuple(bounded),
        values_sha256=values_digest(values[: start + delta + 1].tolist()),
    )


def last_break(values: Array, delta: int, lowest: int) -> int:
    """The last b ≥ ``lowest`` with v(b + Δ) ≠ v(b) + Δ in the window (``lowest`` − 1: none).

    A repeated state alone does not stay repeated: crossing input rows can break the row's
    values after it (misère a·7·b row 2 repeats its state from b = 9 but v(b + 2) ≠ v(b) + 2
    at b = 45..48). From the last break on the values repeat, and there a repeated state does
    stay repeated (the state at b + 1 is the state at b with v(b) added), so the least b₁ is
    looked for from there.

    >>> last_break(np.array([0, 5, 2, 3, 4, 5, 6]), 1, 1)   # v(2) = 2 ≠ v(1) + 1
    1
    """
    tail = values[lowest + delta :] - values[lowest : len(values) - delta]
    broken = np.flatnonzero(tail != delta)
    return lowest + int(broken[-1]) if broken.size else lowest - 1


def least_period(block: Array, delta: int) -> int:
    """The least d dividing ``delta`` with v(b + d) = v(b) + d on a sequence that repeats
    ``block`` shifted by ``delta`` every ``delta`` steps.

    >>> least_period(np.array([5, 2, 7, 4]), 4)   # 5 2 7 4 9 6 ...: period 2, saltus 2
    2
    """
    twice = np.concatenate((block, block + delta))
    for d in range(1, delta + 1):
        if delta % d == 0 and np.all(twice[d : d + delta] - block == d):
            return d
    return delta


TableProgress = Callable[[int, int], None]
"""Called as the window grows: (columns computed, rows proved so far)."""


def prove_table(
    variant: str,
    middle: Sequence[int],
    rows: int,
    base: Law | None,
    *,
    budget: int = DEFAULT_BUDGET,
    threads: int | None = None,
    progress: TableProgress | None = None,
) -> list[RowProof]:
    """Prove rows a = 1..rows of the table of a·middle·b of ``variant``, given the law of its
    input row middle·b (``base``; ``None``: not proved, so no row is).

    Rows are proved in order (row a needs rows a′ < a); the table is computed on 4096 columns,
    then 4× more for the rows still open, up to ``budget`` columns, column by column
    (:func:`~endnim.analysis.proofs.columns.stream_table`: the engine's values, without its
    memory; ``threads`` is kept for the callers and unused).
    """
    from endnim.engine import EngineError

    if not supports_proofs(variant):
        raise EndNimError(
            f"the prover knows End-Nim's recurrence only (first and last pile, any reduction): "
            f"{variant} does not follow it"
        )
    proofs: list[RowProof] = []
    if base is None:
        waiting = (
            f"the input row w·b is not proved (row {middle[0]} of the table of "
            f"{list(middle[1:])}): to settle it, prove that row first"
            if middle
            else "the input row w·b is not proved: to settle it, prove the lone piles' law first"
        )
        return [RowProof(a, None, why_not=waiting) for a in range(1, rows + 1)]
    laws: list[Law] = [base]
    cols = min(FIRST_COLUMNS, budget)
    pending: str | None = None
    while True:
        try:
            table = stream_table(variant, middle, rows, cols)
        except (EngineError, MemoryError):
            if pending is None:  # the first window: the refusal is the answer
                raise
            pending = (
                f"{pending} (b ≤ {cols // 4}; no memory for b ≤ {cols}): to settle it, more "
                f"columns than {cols // 4} (--budget, on a machine with more memory)"
            )
            break
        pending = None
        while len(proofs) < rows:
            a = len(proofs) + 1
            try:
                proof = _prove_row(table, a, laws, budget)
            except _Pending as reason:
                pending = str(reason)
                break
            cost, dearest = check_cost([*proofs, proof], base, tuple(middle), rows)
            if proof.law is not None and cost > CHECK_BUDGET:  # the checker would refuse it
                proof = RowProof(
                    a,
                    None,
                    why_not=(
                        f"its proof goes through, but its certificate would cost the checker "
                        f"{cost} cells ({dearest}), more than its default budget of "
                        f"{CHECK_BUDGET}: to settle it, a cheaper check of long rows, or the "
                        "checker's default budget raised"
                    ),
                )
            proofs.append(proof)
            if proof.law is None:
                pending = None
                break
            laws.append(proof.law)
        if pending is None or cols >= budget:
            if pending is not None:
                pending = (
                    f"{pending} (b ≤ {cols}): to settle it, more columns than {cols} (--budget)"
                )
            break
        if progress is not None:
            progress(cols, sum(p.law is not None for p in proofs))
        cols = min(budget, cols * 4)
    if len(proofs) < rows and pending is not None:
        proofs.append(RowProof(len(proofs) + 1, None, why_not=pending))
    while len(proofs) < rows:
        below = len(proofs)
        proofs.append(
            RowProof(
                below + 1,
                None,
                why_not=f"input row {below} is not proved: to settle it, prove row {below} first",
            )
        )
    return proofs


def prove_and_certify(
    variant: str,
    middle: Sequence[int],
    rows: int,
    folder: str | os.PathLike[str],
    *,
    budget: int = DEFAULT_BUDGET,
    threads: int | None = None,
    progress: TableProgress | None = None,
    reuse: bool = True,
) -> tuple[Path, list[RowProof]]:
    """Prove rows 1..rows of a·middle·b and write the table's certificate under ``folder``
    (:func:`~endnim.analysis.proofs.certificate.table_file`); the input row middle·b comes
    from the certificate of the table of middle[1:] (proved first, by induction, unless a
    certificate with enough rows is there and ``reuse``: made with the same budget, or with
    every row proved, which a larger budget would not change). Returns the file and the proofs.
    """
    middle = tuple(int(pile) for pile in middle)
    path = table_file(folder, variant, middle)
    if reuse:
        known = _readable(path)
        if known is not None and int(known["rows"]) >= rows and _settled(known, rows, budget):
            proofs = [RowProof.from_dict(p) for p in known["proofs"]][:rows]
            return path, proofs
    base: Law | None
    if not middle:
        base, source = lone_pile_law(variant), {"kind": "lone-piles"}
    else:
        _, inner = prove_and_certify(
            variant,
            middle[1:],
            max(middle[0], rows),
            folder,
            budget=budget,
            threads=threads,
            reuse=reuse,
        )
        base = inner[middle[0] - 1].law
        source = {"kind": "row"} if base is not None else {"kind": "none"}
    proofs = prove_table(
        variant, middle, rows, base, budget=budget, threads=threads, progress=progress
    )
    data: dict[str, Any] = {
        "kind": ROW_KIND,
        "variant": variant,
        "middle": list(middle),
        "rows": rows,
        "budget": budget,
        "recurrence": "G(a·w·b) = mex({G(a·w·b′) : 0 ≤ b′ < b} ∪ {G(a′·w·b) : 0 ≤ a′ < a})",
        "base": {**source, "law": asdict(base) if base is not None else None},
        "proofs": [proof.to_dict() for proof in proofs],
        "checker_columns": checker_columns(base, proofs),
    }
    write_certificate(path, data)
    return path, proofs


def checker_columns(base: Law | None, proofs: Sequence[RowProof]) -> int:
    """The columns the checker walks for a table (not for its input certificates): each proved
    row recomputed to b₁ + Δ, each harmless input over lcm(Δ, its period), the crossing ones
    together over the lcm of Δ and their periods. Written in the certificate (not part of the
    proof) so that tests and scripts can choose the certificates they check.

    >>> checker_columns(Law(0, 1, 1), [RowProof(1, Law(1, 2, 2), 1, 2, 0, (0,))])
    3
    """
    periods = {0: base.period if base is not None else 1}
    total = 0
    for proof in proofs:
        if proof.law is None:
            break
        periods[proof.a] = proof.law.period
        total += proof.start + proof.delta
        for i in proof.harmless:
            total += math.lcm(proof.delta, periods[i])
        if proof.crossing:
            total += math.lcm(proof.delta, *(periods[i] for i in proof.crossing))
    return total


def _settled(known: dict[str, Any], rows: int, budget: int) -> bool:
    """Whether a certificate answers for ``budget``: made with it or a larger one (a row open
    on more columns is not proved again on fewer: the summary at the default budget keeps the
    tables proved again further), or its first ``rows`` rows all proved (a proof holds
    whatever the window it was found in)."""
    if known["budget"] >= budget:
        return True
    return all(proof.get("law") is not None for proof in known["proofs"][:rows])


def _readable(path: Path) -> dict[str, Any] | None:
    """A certificate already written (its seal checked), or ``None`` (absent or damaged: it
    is proved again)."""
    if not path.exists():
        return None
    try:
        data = read_certificate(path)
    except CertificateError:
        return None
    return data if data.get("kind") == ROW_KIND else None
