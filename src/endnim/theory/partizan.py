"""Partizan End-Nim: Albert & Nowakowski, *The game of End-Nim* (2001), §3.

Left plays the first pile, Right the last; a lone pile ``(a)`` is the nimber *a (class N) and
the empty row is P. Thresholds follow docs/errata.md (written left first):

* ``L(w)``  = least x >= 1 with ``x w`` in L;     ``R(w)``  = least y >= 1 with ``w y`` in R;
* ``L*(w)`` = least s >= 1 with ``s w`` in {L, N}; ``R*(w)`` = least s >= 1 with ``w s`` in {R, N}.

Left wins moving first in ``a w b`` iff ``a >= L*(wb)`` and Right iff ``b >= R*(aw)`` (the
"obvious rules" before Prop 8; an option set only grows with the end pile). Proposition 8
gives ``R*(aw)`` from ``a`` and the class, ``L*`` and ``R*`` of ``w`` (dually ``L*(wb)``), so one
interval dynamic programme by length, keeping only the previous two lengths, decides a k-pile
row in O(k²) time and O(k) memory, with loops only and exact integer arithmetic (any pile size).
Inverting the piecewise-linear, non-decreasing maps ``x -> R*(x v)`` and ``y -> L*(v y)`` in
closed form gives the thresholds ``L``, ``R`` and every winning move as at most two ranges per
player. The empty row is treated as a P-position with ``L* = R* = 1`` (a lone pile ``(s)`` is N
for every s >= 1), which makes Prop 8 give ``L*(a) = R*(a) = a + 1``.

>>> outcome((2, 4, 1)), thresholds((2, 4, 1)), triple_point((2, 4, 1))
('N', (6, 7), (6, 7))
>>> outcome((5, 2, 4, 1)), outcome((2, 4, 1, 6))
('P', 'P')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from endnim.errors import BudgetError, pile_error
from endnim.moves import End
from endnim.outcome import CODE_TO_OUTCOME
from endnim.theory.base import MoveRange, Piles, Reason, Theory
from endnim.theory.claims import claims_data, relations

__all__ = [
    "PartizanTheory",
    "base_case",
    "l_star_append",
    "outcome",
    "outcome_rule",
    "phase_type",
    "r_star_prepend",
    "star_thresholds",
    "thresholds",
    "triple_point",
]

SOURCE = "Albert–Nowakowski (2001) §3"

# Outcome classes are coded as two bits: 1 = Left wins moving first, 2 = Right wins moving first.
_P, _L, _R, _N = 0, 1, 2, 3
_NAMES = CODE_TO_OUTCOME
_CODES = {"P": _P, "L": _L, "R": _R, "N": _N}

_Data = tuple[int, int, int]
"""(class code, L*, R*) of a row."""

_EMPTY: _Data = (_P, 1, 1)

try:
    from endnim.theory._prop8 import prop8 as _prop8
except ImportError:  # pragma: no cover - only a build without a C compiler lacks it
    _prop8 = None  # type: ignore[assignment]
_COMPILED_FROM = 3
"""Rows of at least this many piles use the compiled kernel (shorter ones: Python is as fast)."""


def _code(kind: str) -> int:
    try:
        return _CODES[kind]
    except KeyError:
        raise ValueError(f"outcome class must be one of L, R, N, P, not {kind!r}") from None


def _check(piles: Sequence[int]) -> Piles:
    row = tuple(piles)
    for index, pile in enumerate(row, 1):
        if isinstance(pile, bool) or not isinstance(pile, int) or pile < 1:
            raise pile_error(index, repr(pile))
    return row


# --------------------------------------------------------------------------- Prop 8 and the rule
def _r_star(a: int, w: _Data) -> int:
    kind, ls, rs = w
    if not kind & _R:  # w in {L, P}
        return a + rs
    if kind == _N:
        return 1 if a < ls else a - ls + rs + 1
    return a + 2 - ls if a >= ls else 1  # w in R: 1 + max(a + 1 - L*(w), 0)


def _l_star(w: _Data, b: int) -> int:
    kind, ls, rs = w
    if not kind & _L:  # w in {R, P}
        return b + ls
    if kind == _N:
        return 1 if b < rs else b - rs + ls + 1
    return b + 2 - rs if b >= rs else 1  # w in L: 1 + max(b + 1 - R*(w), 0)


def _left_entry(v: _Data, b: int) -> int:
    """Least x >= 1 with R*(x v) > b, i.e. Right moving first loses ``x v b`` (b >= 1)."""
    kind, ls, rs = v
    if not kind & _R:
        return max(1, b - rs + 1)
    if kind == _N:
        return max(ls, b + ls - rs)
    return max(1, b + ls - 1)


def _right_entry(v: _Data, a: int) -> int:
    """Least y >= 1 with L*(v y) > a, i.e. Left moving first loses ``a v y`` (a >= 1)."""
    kind, ls, rs = v
    if not kind & _L:
        return max(1, a - ls + 1)
    if kind == _N:
        return max(rs, a + rs - ls)
    return max(1, a + rs - 1)


def r_star_prepend(a: int, w_class: str, w_l_star: int, w_r_star: int) -> int:
    """R*(a w) from a and the class, L*(w), R*(w) of a non-empty row w (A–N Proposition 8).

    ``w`` in {L, P}: a + R*(w); ``w`` in N: 1 if a < L*(w) else a − L*(w) + R*(w) + 1;
    ``w`` in R: 1 + max(a + 1 − L*(w), 0). With the empty row as (P, 1, 1) it also gives
    R*(a) = a + 1.

    >>> r_star_prepend(2, "N", 5, 5), r_star_prepend(7, "N", 5, 5)  # R*(2 4), R*(7 4)
    (1, 8)
    """
    return _r_star(a, (_code(w_class), w_l_star, w_r_star))


def l_star_append(w_class: str, w_l_star: int, w_r_star: int, b: int) -> int:
    """L*(w b) from the class, L*(w), R*(w) of a non-empty row w and b (dual of A–N Prop 8).

    ``w`` in {R, P}: b + L*(w); ``w`` in N: 1 if b < R*(w) else b − R*(w) + L*(w) + 1;
    ``w`` in L: 1 + max(b + 1 − R*(w), 0).

    >>> l_star_append("N", 3, 3, 1), l_star_append("P", 1, 1, 4)  # L*(2 1), L*(4)
    (1, 5)
    """
    return _l_star((_code(w_class), w_l_star, w_r_star), b)


def outcome_rule(a: int, b: int, l_star_wb: int, r_star_aw: int) -> str:
    """Class of ``a w b`` from a vs L*(wb) and b vs R*(aw) (A–N §3, the rules before Prop 8).

    Left wins moving first iff a >= L*(wb), Right iff b >= R*(aw): L, R, N or P.

    >>> outcome_rule(2, 1, 2, 3), outcome_rule(3, 3, 4, 4)  # 2 1 and 3 3
    ('L', 'P')
    """
    return _NAMES[(a >= l_star_wb) | ((b >= r_star_aw) << 1)]


# --------------------------------------------------------------------------- interval DP
class _Analysis:
    """Data (class, L*, R*) of the row, its prefix p[:-1], suffix p[1:] and middle p[1:-1]."""

    __slots__ = ("full", "middle", "piles", "prefix", "suffix")

    def __init__(self, piles: Piles, *, compiled: bool = True) -> None:
        self.piles = piles
        k = len(piles)
        if k == 0:
            self.full = self.prefix = self.suffix = self.middle = _EMPTY
        elif compiled and _prop8 is not None and k >= _COMPILED_FROM:
            self.full, self.prefix, self.suffix, self.middle = _compiled_levels(piles)
        else:
            self.full, self.prefix, self.suffix, self.middle = _python_levels(piles)

    @property
    def kind(self) -> str:
        return _NAMES[self.full[0]]

    def thresholds(self) -> tuple[int, int]:
        """(L(w), R(w)) of the (non-empty) row."""
        piles = self.piles
        left = max(self.full[1], _left_entry(self.prefix, piles[-1]))
        right = max(self.full[2], _right_entry(self.suffix, piles[0]))
        return left, right


def _python_levels(piles: Piles) -> tuple[_Data, _Data, _Data, _Data]:
    """Data of the row, its prefix, suffix and middle: Prop 8 by length, O(k^2) in Python."""
    k = len(piles)
    # Level n holds, for i = 0..k-n, the data of piles[i : i + n] as three parallel lists.
    kinds0, ls0, rs0 = [_P] * (k + 1), [1] * (k + 1), [1] * (k + 1)
    kinds1 = [_N] * k
    ls1 = [p + 1 for p in piles]
    rs1 = list(ls1)
    oldest, older, prev = (kinds0, ls0, rs0), (kinds0, ls0, rs0), (kinds1, ls1, rs1)
    for n in range(2, k + 1):
        pk, pl, pr = prev
        kinds: list[int] = []
        lss: list[int] = []
        rss: list[int] = []
        for i in range(k - n + 1):
            a = piles[i]
            b = piles[i + n - 1]
            lk, ll, lr = pk[i], pl[i], pr[i]  # a w = piles[i : i+n-1]
            rk, rl, rr = pk[i + 1], pl[i + 1], pr[i + 1]  # w b = piles[i+1 : i+n]
            kinds.append((a >= rl) | ((b >= lr) << 1))
            rss.append(_r_star(a, (rk, rl, rr)))  # R*(a (w b)) by Prop 8 from w b
            lss.append(_l_star((lk, ll, lr), b))  # L*((a w) b) by its dual from a w
        oldest, older, prev = older, prev, (kinds, lss, rss)
    # Levels k, k-1 and k-2 (level 0 is the empty row at every index).
    full = (prev[0][0], prev[1][0], prev[2][0])
    prefix = (older[0][0], older[1][0], older[2][0])
    suffix = (older[0][1], older[1][1], older[2][1])
    middle = (oldest[0][1], oldest[1][1], oldest[2][1]) if k >= 2 else _EMPTY
    return full, prefix, suffix, middle


def _compiled_levels(piles: Piles) -> tuple[_Data, _Data, _Data, _Data]:
    """The same as :func:`_python_levels`, by the compiled kernel ``_prop8.c``.

    Every L* and R* of a sub-row is at most its pile sum plus its length plus 2 (Prop 8 adds
    at most one pile and 2 per step), so fixed-width integers of that many bits are exact.
    """
    assert _prop8 is not None
    k = len(piles)
    width = max(1, -(-(sum(piles) + k + 3).bit_length() // 64))
    size = 8 * width
    data = b"".join(pile.to_bytes(size, "little") for pile in piles)
    full, prefix, suffix, middle = (
        (kind, int.from_bytes(ls, "little"), int.from_bytes(rs, "little"))
        for kind, ls, rs in _prop8(data, k, width)
    )
    return full, prefix, suffix, middle


MAX_PILES = 50_000
"""Longest row Prop 8's quadratic pass takes on (about 6 to 10 s at this length, compiled)."""


def _analyse(piles: Sequence[int]) -> _Analysis:
    row = _check(piles)
    k = len(row)
    if k > MAX_PILES:
        steps = k * (k - 1) // 2
        raise BudgetError(
            f"partizan End-Nim needs the data of every sub-row (Prop 8): {steps:,} interval "
            f"steps for {k:,} piles, over the limit of {MAX_PILES:,} piles (about 10 s)",
            states=steps,
            bytes_needed=48 * k,
            budget=MAX_PILES * (MAX_PILES - 1) // 2,
        )
    return _analysis_of(row)


@lru_cache(maxsize=32)
def _analysis_of(piles: Piles) -> _Analysis:
    """One O(k^2) pass serves outcome, thresholds and winning moves of the same row."""
    return _Analysis(piles)


# --------------------------------------------------------------------------- public functions
def outcome(piles: Sequence[int]) -> str:
    """Outcome class L, R, N or P of a row (A–N §3: rule before Prop 8, with Prop 8).

    >>> outcome((3, 5, 5, 5, 1)), outcome((3, 5, 4, 5, 1)), outcome((7,)), outcome(())
    ('N', 'L', 'N', 'P')
    """
    return _analyse(piles).kind


def star_thresholds(piles: Sequence[int]) -> tuple[int, int]:
    """(L*(w), R*(w)) of a row (A–N §3, Prop 8); the empty row gives (1, 1).

    >>> star_thresholds((4,)), star_thresholds((2, 4, 1))
    ((5, 5), (6, 7))
    """
    full = _analyse(piles).full
    return full[1], full[2]


def thresholds(piles: Sequence[int]) -> tuple[int, int]:
    """(L(w), R(w)) of a non-empty row: least x with ``x w`` in L, least y with ``w y`` in R.

    A–N §3 (Lemma 3, Prop 4); computed by inverting Prop 8 in closed form, so
    R(w) <= Σw + 1 (the docs/errata.md fix of "R(w) <= (w) + 1").

    >>> thresholds((2, 4, 1)), thresholds((3, 5, 5, 5, 1)), thresholds((3, 5, 4, 5, 1))
    ((6, 7), (14, 18), (1, 3))
    """
    analysis = _analyse(piles)
    if not analysis.piles:
        raise ValueError("the empty row has no thresholds (every lone pile is N)")
    return analysis.thresholds()


def phase_type(a: int, w: Sequence[int], b: int) -> str:
    """Class of ``a w b``: the (a, b) entry of the phase diagram of w (A–N §3, Prop 8).

    Uses only the class, L* and R* of w: L*(wb) and R*(aw) by Prop 8, then the outcome rule.

    >>> [phase_type(6 + t, (2, 4, 1), 7 + t) for t in range(3)], phase_type(5, (2, 4, 1), 6)
    (['P', 'P', 'P'], 'N')
    """
    if a < 1 or b < 1:
        raise ValueError("the end piles a and b must be positive")
    data = _analyse(w).full
    return _NAMES[(a >= _l_star(data, b)) | ((b >= _r_star(a, data)) << 1)]


def triple_point(w: Sequence[int]) -> tuple[int, int]:
    """(x, y) of the leftmost-bottommost P entry ``x w y`` of the phase diagram of w.

    A–N §3: Corollary 7 for odd length, (L(w), R(w)); for even length (1, R(w)) if w in L,
    (L(w), 1) if w in R, (1, 1) if w in P (Corollary 6: no even row is N). The P entries of
    the diagram are then exactly ``(x+t) w (y+t)``, t >= 0 (Lemma 5).

    >>> triple_point((2, 4, 1)), triple_point((3, 3)), triple_point((5, 2)), triple_point((2, 5))
    ((6, 7), (1, 1), (1, 6), (6, 1))
    """
    analysis = _analyse(w)
    if not analysis.piles:
        raise ValueError("the empty row has no phase diagram of this kind")
    kind = analysis.full[0]
    if len(analysis.piles) % 2:
        return analysis.thresholds()
    if kind == _P:
        return 1, 1
    if kind == _L:
        return 1, analysis.thresholds()[1]
    if kind == _R:
        return analysis.thresholds()[0], 1
    raise AssertionError("Corollary 6: an even-length row is never N")  # pragma: no cover


def base_case(w: Sequence[int]) -> tuple[str, tuple[int, int]]:
    """Class and triple point of a row of length 1 or 2: A–N §3's table of recursion bases.

    ``a``: N, (a+1, a+1); ``aa``: P, (1, 1); ``ab`` (a > b): L, (1, a+1);
    ``ab`` (b > a): R, (b+1, 1).

    >>> base_case((4,)), base_case((2, 2)), base_case((5, 2)), base_case((2, 5))
    (('N', (5, 5)), ('P', (1, 1)), ('L', (1, 6)), ('R', (6, 1)))
    """
    row = _check(w)
    if len(row) == 1:
        return "N", (row[0] + 1, row[0] + 1)
    if len(row) != 2:
        raise ValueError("the base table covers rows of length 1 or 2 only")
    a, b = row
    if a == b:
        return "P", (1, 1)
    if a > b:
        return "L", (1, a + 1)
    return "R", (b + 1, 1)


# --------------------------------------------------------------------------- the Theory
def _moves(end: End, removal: bool, low: int, pile: int) -> list[MoveRange]:
    """Winning new sizes {0 if removal} ∪ [low, pile-1] as at most two ranges."""
    ranges: list[MoveRange] = []
    has_range = low <= pile - 1
    if removal and has_range and low == 1:
        return [MoveRange(end, 0, pile - 1)]
    if removal:
        ranges.append(MoveRange(end, 0, 0))
    if has_range:
        ranges.append(MoveRange(end, low, pile - 1))
    return ranges


class PartizanTheory(Theory):
    """Albert–Nowakowski §3 for partizan End-Nim: outcome class, thresholds, winning moves.

    >>> theory = PartizanTheory()
    >>> theory.outcome((2, 3, 1))[0], [str(m) for m in theory.winning_moves((2, 3, 1))]
    ('N', ['L0', 'R0'])
    """

    variant_name = "partizan"

    def outcome(self, piles: Piles) -> tuple[str, Reason]:
        """Class L/R/N/P and the rule: a vs L*(wb), b vs R*(aw) (A–N §3 with Prop 8).

        >>> kind, reason = PartizanTheory().outcome((3, 5, 4, 5, 1))
        >>> kind, reason.data["L_star"], reason.data["R_star"]
        ('L', 2, 4)
        """
        analysis = _analyse(piles)
        row = analysis.piles
        kind = analysis.kind
        if not row:
            return kind, Reason(SOURCE, "the empty row: the player to move has no move", {})
        if len(row) == 1:
            return kind, Reason(
                SOURCE,
                f"a lone pile ({row[0]}) is the nimber *{row[0]}: both may play it, so N",
                {"a": row[0]} | claims_data({"a": 1}, (), {"a": row[0]}),
            )
        a, b = row[0], row[-1]
        ls, rs = analysis.suffix[1], analysis.prefix[2]
        left, right = a >= ls, b >= rs
        statement = (
            f"a = {a} {'>=' if left else '<'} L*(wb) = {ls}, so Left "
            f"{'wins' if left else 'loses'} moving first; b = {b} {'>=' if right else '<'} "
            f"R*(aw) = {rs}, so Right {'wins' if right else 'loses'} moving first: {kind}"
        )
        return kind, Reason(
            f"{SOURCE}, outcome rule with Prop 8",
            statement,
            {
                "a": a,
                "b": b,
                "L_star": ls,
                "R_star": rs,
                "L_star_of": "wb",
                "R_star_of": "aw",
                "left_wins_first": left,
                "right_wins_first": right,
            }
            | claims_data(
                {"a": 1, "b": len(row)},
                relations(
                    f"a {'>=' if left else '<'} L_star", f"b {'>=' if right else '<'} R_star"
                ),
                {"a": a, "b": b, "L_star": ls, "R_star": rs},
            ),
        )

    def grundy(self, piles: Piles) -> tuple[int, Reason] | None:
        """Always ``None``: partizan End-Nim has no Grundy value.

        >>> PartizanTheory().grundy((1, 2)) is None
        True
        """
        return None

    def thresholds_of(self, piles: Piles) -> dict[str, int]:
        """L*, R*, L and R of a non-empty row (A–N §3, Prop 8; docs/errata.md conventions).

        >>> PartizanTheory().thresholds_of((2, 4, 1))
        {'L_star': 6, 'R_star': 7, 'L_threshold': 6, 'R_threshold': 7}
        """
        analysis = _analyse(piles)
        if not analysis.piles:
            raise ValueError("the empty row has no thresholds (every lone pile is N)")
        left, right = analysis.thresholds()
        return {
            "L_star": analysis.full[1],
            "R_star": analysis.full[2],
            "L_threshold": left,
            "R_threshold": right,
        }

    def winning_moves(self, piles: Piles) -> list[MoveRange]:
        """Left's winning moves (end L, to a position Right loses moving first: L or P), then
        Right's (end R, to R or P), as ranges (A–N §3, Lemma 3 and Prop 8 inverted).

        >>> [str(m) for m in PartizanTheory().winning_moves((5, 2))]
        ['L2..4']
        >>> [str(m) for m in PartizanTheory().winning_moves((3, 1, 1))]
        ['L0', 'L2']
        """
        analysis = _analyse(piles)
        row = analysis.piles
        if not row:
            return []
        if len(row) == 1:
            return [MoveRange("L", 0, 0), MoveRange("R", 0, 0)]
        a, b = row[0], row[-1]
        middle = analysis.middle
        left = _moves(
            "L", not analysis.suffix[0] & _R, _left_entry(middle, b), a
        )  # s w b with R*(s w) > b
        right = _moves("R", not analysis.prefix[0] & _L, _right_entry(middle, a), b)
        return left + right
