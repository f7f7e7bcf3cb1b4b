"""The closed forms at array speed: the outcome of every row of a 2-D integer array.

:func:`outcomes` decides many rows of one length at once, with the same theorems as each
variant's :class:`~endnim.theory.base.Theory` (and the same answers as
``analyze(row, variant, method="theory").outcome``):

* End-Nim, misère End-Nim (both conventions), Loop-End-Nim: Cairns–Ho (2011) Theorems 2.1, 2.2,
  2.3, read from the runs of equal piles at both ends (``l(A)``, ``r(A)``, ``r_m``, ``r_o``),
  vectorised with numpy;
* Muller End-Nim: Horrocks (2017) Theorem 1, from the runs of ones at both ends;
* partizan End-Nim: Albert–Nowakowski (2001) §3, Prop 8 and the outcome rule, by the compiled
  kernel ``_prop8.classes`` (128-bit thresholds: exact for any pile up to 2⁶³ − 1).

Piles are int64 (at most 2⁶³ − 1). A rule set with some other theory is answered row by row
through that theory, so every variant with a theory works.

>>> import numpy as np
>>> rows = np.array([[3, 1, 3], [3, 1, 5], [2, 1, 3]])
>>> outcomes(rows, "endnim").tolist(), outcomes(rows, "partizan").tolist()
(['P', 'N', 'N'], ['P', 'R', 'R'])
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from endnim.errors import PILE_RULE, PositionError, VariantError

__all__ = ["outcomes"]

Rows = npt.NDArray[np.int64]
Outcomes = npt.NDArray[np.str_]

_LETTERS = np.array(["P", "L", "R", "N"])
"""Partizan class codes (bit 1: Left wins moving first; bit 2: Right) to letters."""
_PN = np.array(["N", "P"])


def _as_rows(rows: object) -> Rows:
    """Check and convert the input: a 2-D array of positive integers (int64)."""
    if isinstance(rows, np.ndarray):
        array = rows
    else:
        try:
            array = np.asarray(rows)
        except ValueError:
            raise PositionError(
                "rows must be a 2-D integer array, one position per row, all of one length"
            ) from None
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise PositionError(
            f"rows must be a 2-D integer array (int64), not of dtype {array.dtype}"
            + (": rows of different lengths?" if array.dtype == object else "")
        )
    if array.ndim != 2:
        raise PositionError(
            f"rows must be a 2-D integer array (one position per row), not {array.ndim}-D"
        )
    if array.size and array.min() < 1:
        row, column = np.argwhere(array < 1)[0]
        raise PositionError(
            f"row {row + 1}, pile {column + 1} is {array[row, column]}: {PILE_RULE}"
        )
    if array.dtype == np.uint64 and array.size and array.max() > np.iinfo(np.int64).max:
        raise PositionError("piles must be at most 2^63 - 1 (int64)")
    return np.ascontiguousarray(array, dtype=np.int64)


def _head_tail(rows: Rows) -> tuple[Any, Any, Any, Any]:
    """Per row: the run length of piles equal to the first (head) and to the last (tail), the
    pile just after the head run and the pile just before the tail run (0 if none)."""
    n, k = rows.shape
    first, last = rows[:, :1], rows[:, -1:]
    head = 1 + np.cumprod(rows[:, 1:] == first, axis=1, dtype=np.int64).sum(axis=1)
    tail = 1 + np.cumprod(rows[:, -2::-1] == last, axis=1, dtype=np.int64).sum(axis=1)
    index = np.arange(n)
    padded = np.concatenate([np.zeros((n, 1), np.int64), rows, np.zeros((n, 1), np.int64)], 1)
    after_head = padded[index, head + 1]
    before_tail = padded[index, k - tail]
    return head, tail, after_head, before_tail


def _cairns_ho_is_p(rows: Rows, game: str) -> Any:
    """Cairns–Ho Thms 2.1 (``endnim``), 2.2 (``misere``), 2.3 (``loop``) on non-empty rows,
    vectorised: orient so that a_1 <= a_k, then clause (a) or (b) with l and r (r_m, r_o)."""
    k = rows.shape[1]
    first, last = rows[:, 0], rows[:, -1]
    head, tail, after_head, before_tail = _head_tail(rows)
    constant = head == k
    # l and r of the row as given (Cairns–Ho §2), and of the reversed row
    l_given = np.where(constant, k, np.where(first < after_head, head + 1, head))
    r_given = np.where(constant, 0, np.where(before_tail > last, tail + 1, tail))
    l_reversed = np.where(constant, k, np.where(last < before_tail, tail + 1, tail))
    r_reversed = np.where(constant, 0, np.where(after_head > first, head + 1, head))
    flip = first > last
    low = np.where(flip, last, first)
    high = np.where(flip, first, last)
    left = np.where(flip, l_reversed, l_given)
    right = np.where(flip, r_reversed, r_given)
    if game == "misere":  # r_m = 1 on a row of ones only
        right = np.where(constant & (first == 1), 1, right)
    elif game == "loop":  # r_o = 1 on a constant row
        right = np.where(constant, 1, right)
    clause_a = (low == high) & ((left + right) % 2 == 0)
    clause_b = (high - low == 1) & (left % 2 == 1) & (right % 2 == 0)
    return clause_a | clause_b


def _muller_is_p(rows: Rows) -> Any:
    """Horrocks (2017) Thm 1: ``1^(2n)``, or ``1^n ω 1^m`` with n >= 1 and n + m odd."""
    k = rows.shape[1]
    ones = rows == 1
    n = np.cumprod(ones, axis=1, dtype=np.int64).sum(axis=1)
    m = np.cumprod(ones[:, ::-1], axis=1, dtype=np.int64).sum(axis=1)
    all_ones = n == k
    return np.where(all_ones, k % 2 == 0, (n >= 1) & ((n + m) % 2 == 1))


def _partizan_classes(rows: Rows) -> Outcomes:
    """Albert–Nowakowski §3 (Prop 8 and the outcome rule) on every row, compiled."""
    n, k = rows.shape
    try:
        from endnim.theory._prop8 import classes
    except ImportError:  # pragma: no cover - only a build without a C compiler lacks it
        from endnim.theory import partizan

        return np.array([partizan.outcome(tuple(int(p) for p in row)) for row in rows], dtype="<U1")
    codes = np.frombuffer(classes(rows, n, k), dtype=np.uint8)
    return _LETTERS[codes]


def _by_theory(rows: Rows, theory: Any) -> Outcomes:
    """Any other theory: its own ``outcome``, row by row."""
    return np.array(
        [theory.outcome(tuple(int(p) for p in row))[0] for row in rows], dtype="<U1"
    ).reshape(rows.shape[0])


def outcomes(rows: object, variant: object = "endnim") -> Outcomes:
    """The outcome of every row of ``rows`` (a 2-D integer array, one position per row) in
    ``variant``: an array of ``"P"``/``"N"`` (partizan: ``"L"``/``"R"``/``"N"``/``"P"``).

    The same theorems as ``analyze(row, variant, method="theory")``: Cairns–Ho Thms 2.1–2.3
    (End-Nim, misère in either convention, Loop), Horrocks Thm 1 (Muller), Albert–Nowakowski
    §3 with Prop 8 (partizan). Piles are positive and at most 2⁶³ − 1 (int64); a float, ragged
    or non-positive input is a one-line :class:`~endnim.errors.PositionError`.

    >>> import numpy as np
    >>> big = 2**63 - 1
    >>> outcomes(np.array([[big, 5, big], [1, 7, 7]]), "muller").tolist()
    ['N', 'P']
    >>> outcomes([[1, 1], [2, 2]], "misere").tolist(), outcomes([[4, 2]], "partizan").tolist()
    (['N', 'P'], ['L'])
    """
    from endnim.theory.end_family import EndNimTheory, LoopTheory, MisereTheory
    from endnim.theory.horrocks import MullerTheory
    from endnim.theory.lookup import theory_for
    from endnim.theory.partizan import PartizanTheory

    theory = theory_for(variant)
    array = _as_rows(rows)
    n, k = array.shape
    if isinstance(theory, PartizanTheory):
        return _partizan_classes(array)
    if type(theory) not in (EndNimTheory, MisereTheory, LoopTheory, MullerTheory):
        return _by_theory(array, theory)
    if k == 0:  # the empty row: P, except in Conway's misère convention (value 1, so N)
        verdict = theory.outcome(())[0]
        return np.full(n, verdict, dtype="<U1")
    if isinstance(theory, MullerTheory):
        is_p = _muller_is_p(array)
    elif isinstance(theory, LoopTheory):
        is_p = np.ones(n, bool) if k == 1 else _cairns_ho_is_p(array, "loop")
    elif isinstance(theory, MisereTheory):
        is_p = _cairns_ho_is_p(array, "misere")
    elif isinstance(theory, EndNimTheory):
        is_p = _cairns_ho_is_p(array, "endnim")
    else:  # pragma: no cover - excluded above
        raise VariantError(f"no array form for {theory.variant_name}")
    result: Outcomes = _PN[is_p.astype(np.intp)]
    return result
