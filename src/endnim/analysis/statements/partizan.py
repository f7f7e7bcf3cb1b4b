"""The statements of Albert–Nowakowski, The game of End-Nim (2001), §3 (partizan End-Nim), as data
(mirrors ``endnim.theory.partizan``)."""

from __future__ import annotations

import re
from typing import Any

from endnim.analysis.statements.base import (
    PARTIZAN_ROWS,
    PARTIZAN_SMALL,
    Box,
    Lookup,
    Piles,
    Statement,
    _implies,
)
from endnim.variants import get_variant


def _winning_for(player: str, option_class: str) -> bool:
    """After ``player`` moves to an option, the opponent moves first: the mover wins iff the
    option is the mover's class or P."""
    return option_class in (player, "P")


def _lemma_3(p: Piles, v: Any, G: Lookup) -> bool:
    last, first = p[-1], p[0]
    right = [G((*p[:-1], s) if s else p[:-1]) for s in range(last)]
    left = [G((s, *p[1:]) if s else p[1:]) for s in range(first)]
    right_ok = not any(_winning_for("R", c) for c in right) or any(
        _winning_for("R", right[s]) for s in (0, last - 1)
    )
    left_ok = not any(_winning_for("L", c) for c in left) or any(
        _winning_for("L", left[s]) for s in (0, first - 1)
    )
    return right_ok and left_ok


def _phase_line(G: Lookup, w: Piles, size: int, side: str) -> str:
    """Classes of w·y (side R) or x·w (side L) for 1..size, as a string of letters."""
    table = G.oracle.phase(w, size)
    if side == "R":
        return "".join(table[0][y] for y in range(1, size + 1))
    return "".join(table[x][0] for x in range(1, size + 1))


def _threshold_bound(p: Piles, v: Any, G: Lookup) -> bool:
    size = sum(p) + 3
    for side in ("R", "L"):
        line = _phase_line(G, p, size, side)
        first = line.find(side) + 1
        if first == 0 or first > sum(p) + 1 or set(line[first - 1 :]) != {side}:
            return False
    return True


_PROP_4 = re.compile(r"^(N*R+|L*PR+)$")


def _prop_4(p: Piles, v: Any, G: Lookup) -> bool:
    size = sum(p) + 3
    right = _phase_line(G, p, size, "R")
    left = _phase_line(G, p, size, "L").translate(str.maketrans("LR", "RL"))
    return bool(_PROP_4.match(right) and _PROP_4.match(left))


def _lemma_5(p: Piles, v: Any, G: Lookup) -> bool | None:
    if len(p) < 2 or v != "P":
        return None
    return bool(G((p[0] + 1, *p[1:-1], p[-1] + 1)) == "P")


def _p_entries(G: Lookup, w: Piles, size: int) -> list[tuple[int, int]]:
    table = G.oracle.phase(w, size)
    return [(x, y) for x in range(1, size + 1) for y in range(1, size + 1) if table[x][y] == "P"]


def _triple_point(G: Lookup, w: Piles) -> tuple[tuple[int, int], list[tuple[int, int]], int]:
    """The leftmost-bottommost P of the phase diagram of w (least a, then least b), every P
    entry, and the size of the diagram examined (Σw + 3 each way)."""
    size = sum(w) + 3
    entries = _p_entries(G, w, size)
    if not entries:
        return (0, 0), entries, size
    return min(entries), entries, size


def _diagonal(entries: list[tuple[int, int]], start: tuple[int, int], size: int) -> bool:
    x, y = start
    return sorted(entries) == [
        (x + t, y + t) for t in range(size) if x + t <= size and y + t <= size
    ]


def _cor_7(p: Piles, v: Any, G: Lookup) -> bool | None:
    if len(p) % 2 == 0:
        return None
    left, right = G.oracle.thresholds(p)
    point, entries, size = _triple_point(G, p)
    table = G.oracle.phase(p, size)
    n_region = all(table[x][y] == "N" for x in range(1, left) for y in range(1, right))
    return point == (left, right) and _diagonal(entries, point, size) and n_region


def _even_triple_point(p: Piles, v: Any, G: Lookup) -> bool | None:
    if len(p) % 2:
        return None
    left, right = G.oracle.thresholds(p)
    expected = {"L": (1, right), "R": (left, 1), "P": (1, 1)}.get(v)
    point, entries, size = _triple_point(G, p)
    return expected is not None and point == expected and _diagonal(entries, point, size)


def _base_cases(p: Piles, v: Any, G: Lookup) -> bool:
    point, _, _ = _triple_point(G, p)
    if len(p) == 1:
        return v == "N" and point == (p[0] + 1, p[0] + 1)
    a, b = p
    if a == b:
        return v == "P" and point == (1, 1)
    if a > b:
        return v == "L" and point == (1, a + 1)
    return v == "R" and point == (b + 1, 1)


def _outcome_rule(p: Piles, v: Any, G: Lookup) -> bool | None:
    if len(p) < 2:
        return None
    a, w, b = p[0], p[1:-1], p[-1]
    left_wins = any(G((s, *w, b)) in ("L", "N") for s in range(1, a + 1))  # a >= L*(wb)
    right_wins = any(G((a, *w, s)) in ("R", "N") for s in range(1, b + 1))  # b >= R*(aw)
    return bool(v == "PLRN"[left_wins + 2 * right_wins])


PROP_8_LEFT_PILES = 6
"""Proposition 8 is checked for a = 1..6 in front of each w."""


def _prop_8(p: Piles, v: Any, G: Lookup) -> bool:
    w = p
    size = PROP_8_LEFT_PILES + sum(w) + 3
    table = G.oracle.phase(w, size)
    kind = table[0][0]
    l_star, r_star = G.oracle.star_thresholds(w, size)
    if l_star is None or r_star is None:
        return False
    if len(w) == 1 and not (l_star == r_star == w[0] + 1):  # L*(a) = R*(a) = a + 1
        return False
    for a in range(1, PROP_8_LEFT_PILES + 1):
        # R*(a w): least y with a w y in {R, N}; dually L*(w a): least x with x w a in {L, N}
        r_star_aw = next((y for y in range(1, size + 1) if table[a][y] in ("R", "N")), None)
        l_star_wa = next((x for x in range(1, size + 1) if table[x][a] in ("L", "N")), None)
        if kind in ("L", "P"):
            expected_r = a + r_star
        elif kind == "N":
            expected_r = 1 if a < l_star else a - l_star + r_star + 1
        else:
            expected_r = 1 + max(a + 1 - l_star, 0)
        if kind in ("R", "P"):
            expected_l = a + l_star
        elif kind == "N":
            expected_l = 1 if a < r_star else a - r_star + l_star + 1
        else:
            expected_l = 1 + max(a + 1 - r_star, 0)
        if r_star_aw != expected_r or l_star_wa != expected_l:
            return False
    return True


def _example_241(p: Piles, v: Any, G: Lookup) -> bool:
    point, _, _ = _triple_point(G, p)
    return (
        v == "N"
        and G((1, *p, 1)) == "N"
        and G((5, *p)) == "P"
        and G((*p, 6)) == "P"
        and G.oracle.thresholds(p) == (6, 7)
        and point == (6, 7)
    )


THRESHOLD_EXAMPLES: dict[Piles, tuple[str, int | None, int]] = {
    (3, 5, 5, 5, 1): ("N", 14, 18),
    (3, 5, 4, 5, 1): ("L", 1, 3),
    (1, 5, 3, 3, 2): ("L", None, 11),
    (1, 5, 2, 3, 2): ("L", None, 2),
}


def _threshold_example(p: Piles, v: Any, G: Lookup) -> bool:
    kind, left, right = THRESHOLD_EXAMPLES[p]
    found_left, found_right = G.oracle.thresholds(p)
    return v == kind and found_right == right and left in (None, found_left)


def _options_231(p: Piles, v: Any, G: Lookup) -> bool:
    rules = get_variant("partizan")
    left = {tuple(child) for _, child in rules.options(p, "L")}
    right = {tuple(child) for _, child in rules.options(p, "R")}
    return left == {(1, 3, 1), (3, 1)} and right == {(2, 3)}


ALBERT_NOWAKOWSKI_PARTIZAN: tuple[Statement, ...] = (
    Statement(
        "albert-nowakowski/options-231",
        "albert-nowakowski",
        "§3 example 231",
        "Left's legal options from (2)(3)(1) are (1)(3)(1) and (3)(1); Right has only (2)(3).",
        "partizan",
        _options_231,
        positions=((2, 3, 1),),
    ),
    Statement(
        "albert-nowakowski/lemma-3",
        "albert-nowakowski",
        "Lemma 3",
        "If Right has a winning move from wx, then removing a single box or removing the entire "
        "stack is a winning move (and dually for Left).",
        "partizan",
        _lemma_3,
        PARTIZAN_SMALL,
    ),
    Statement(
        "albert-nowakowski/threshold-bound",
        "albert-nowakowski",
        "§3 threshold bound",
        "R(w), the least y with wy ∈ R, satisfies R(w) <= (Σw) + 1, and wy ∈ R for every "
        "y >= R(w) (dually for L).",
        "partizan",
        _threshold_bound,
        (Box(1, 4, 4),),
        note="Printed 'R(w) <= (w) + 1' lost a Σ (docs/errata.md); checked for y up to Σw + 3.",
    ),
    Statement(
        "albert-nowakowski/prop-4",
        "albert-nowakowski",
        "Proposition 4",
        "The right phase diagram of w (the classes of wi, i >= 1) is a string of N's followed "
        "by R's, or a string of L's followed by a single P and then R's (dually on the left).",
        "partizan",
        _prop_4,
        (Box(1, 4, 4),),
        note="Checked for i up to Σw + 3.",
    ),
    Statement(
        "albert-nowakowski/lemma-5",
        "albert-nowakowski",
        "Lemma 5",
        "If awb ∈ P then (a + 1)w(b + 1) ∈ P.",
        "partizan",
        _lemma_5,
        PARTIZAN_ROWS,
        reach=1,
    ),
    Statement(
        "albert-nowakowski/example-241",
        "albert-nowakowski",
        "§3 example w = 241",
        "w = 241 is in N, so is 1w1; 5241 ∈ P and 2416 ∈ P, so L(w) = 6 and R(w) = 7, and the "
        "triple point is 6w7.",
        "partizan",
        _example_241,
        positions=((2, 4, 1),),
    ),
    Statement(
        "albert-nowakowski/cor-6",
        "albert-nowakowski",
        "Corollary 6",
        "There are no N positions of even length.",
        "partizan",
        lambda p, v, G: _implies(len(p) % 2 == 0, v != "N"),
        PARTIZAN_ROWS,
    ),
    Statement(
        "albert-nowakowski/cor-7",
        "albert-nowakowski",
        "Corollary 7",
        "If w has odd length then its triple point is L(w)wR(w) (the P entries of its phase "
        "diagram are L(w)+t, R(w)+t, and the entries below and left of it are N).",
        "partizan",
        _cor_7,
        (Box(1, 1, 12), Box(3, 3, 5)),
        note="Phase diagrams examined up to Σw + 3 in each direction.",
    ),
    Statement(
        "albert-nowakowski/even-triple-point",
        "albert-nowakowski",
        "§3 (after Corollary 7)",
        "For w of even length the leftmost-bottommost P of the phase diagram is 1wR(w) if "
        "w ∈ L, L(w)w1 if w ∈ R, 1w1 if w ∈ P.",
        "partizan",
        _even_triple_point,
        (Box(2, 2, 10), Box(4, 4, 4)),
    ),
    Statement(
        "albert-nowakowski/base-cases",
        "albert-nowakowski",
        "§3 table of recursion bases",
        "a: N, triple point (a+1)a(a+1); aa: P, 1aa1; ab with a > b: L, 1ab(a+1); ab with "
        "b > a: R, (b+1)ab1.",
        "partizan",
        _base_cases,
        (Box(1, 2, 10),),
    ),
    Statement(
        "albert-nowakowski/outcome-rule",
        "albert-nowakowski",
        "§3 rule before Proposition 8",
        "awb is L if a >= L*(wb) and b < R*(aw), R if a < L*(wb) and b >= R*(aw), N if both "
        "hold, P if neither.",
        "partizan",
        _outcome_rule,
        (Box(2, 5, 6),),
    ),
    Statement(
        "albert-nowakowski/prop-8",
        "albert-nowakowski",
        "Proposition 8",
        "R*(aw) = a + R*(w) if w ∈ {L, P}; if w ∈ N, 1 if a < L*(w) and a − L*(w) + R*(w) + 1 "
        "otherwise; 1 + max(a + 1 − L*(w), 0) if w ∈ R; dually for L*; L*(a) = R*(a) = a + 1.",
        "partizan",
        _prop_8,
        (Box(1, 3, 4),),
        note=f"Checked for a = 1..{PROP_8_LEFT_PILES} on each side of each w.",
    ),
    Statement(
        "albert-nowakowski/example-thresholds",
        "albert-nowakowski",
        "§3 examples 35551, 35451, 15332, 15232",
        "The left and right thresholds of 35551 are 14 and 18 (it is in N), those of 35451 are "
        "1 and 3 (in L); the L positions 15332 and 15232 have right thresholds 11 and 2.",
        "partizan",
        _threshold_example,
        positions=tuple(THRESHOLD_EXAMPLES),
    ),
)
