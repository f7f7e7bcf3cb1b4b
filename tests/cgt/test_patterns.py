"""The patterns docs/partizan.md reports, each checked over the range it states."""

from __future__ import annotations

import collections
import statistics

from conftest import positions

from endnim.cgt import (
    ZERO,
    Game,
    atomic_weight,
    game,
    negate,
    nimber,
    nus,
    outcome,
    position_value,
    printed_length,
)


def test_two_piles() -> None:
    """(a a) = 0; (a 1) = ↑*(a⊕1) for a >= 2; (a b) = {0 | *a, (a b-1)} for 2 <= b < a;
    (b a) = -(a b). Checked for a, b <= 25."""
    for a in range(1, 26):
        assert position_value((a, a)) is ZERO
        for b in range(1, a):
            expected = (
                nus(0, 1, a ^ 1)
                if b == 1
                else game([ZERO], [nimber(a), position_value((a, b - 1))])
            )
            assert position_value((a, b)) is expected, (a, b)
            assert position_value((b, a)) is negate(expected)
            assert str(atomic_weight(expected)) == "1"


def test_a_one_b() -> None:
    """(1 1 1) = *, (a 1 1) = ⇑*a for a >= 2 (so 1 1 a = ⇓*a) and
    (a 1 b) = {0 | ↑*(a⊕1), (a 1 b-1)} for 2 <= b < a; aw = 2. Checked for a <= 25."""
    assert position_value((1, 1, 1)) is nimber(1)
    for a in range(2, 26):
        assert position_value((a, 1, 1)) is nus(0, 2, a)
        assert position_value((1, 1, a)) is nus(0, -2, a)
        for b in range(2, a):
            expected = game([ZERO], [nus(0, 1, a ^ 1), position_value((a, 1, b - 1))])
            assert position_value((a, 1, b)) is expected, (a, b)
            assert str(atomic_weight(expected)) == "2"


# outcome class x atomic weight over every row of length <= 6 with piles <= 5 (19,530 rows)
CLASS_BY_WEIGHT = {
    ("L", 0): 408, ("L", 1): 3317, ("L", 2): 1462, ("L", 3): 1917, ("L", 4): 838, ("L", 5): 795,
    ("N", -1): 148, ("N", 0): 732, ("N", 1): 148,
    ("P", 0): 1028,
    ("R", 0): 408, ("R", -1): 3317, ("R", -2): 1462, ("R", -3): 1917, ("R", -4): 838,
    ("R", -5): 795,
}  # fmt: skip


# length: (rows, distinct forms, number-up-star forms, zeros = P-positions, median and
# largest printed length), piles <= 5
GROWTH = {
    1: (5, 5, 5, 0, 2, 2),
    2: (25, 21, 13, 5, 3, 24),
    3: (125, 94, 41, 10, 18, 128),
    4: (625, 445, 89, 45, 45, 664),
    5: (3125, 2148, 309, 155, 107, 2462),
    6: (15625, 10021, 1029, 813, 222, 11419),
}


def test_class_by_atomic_weight_table_and_growth() -> None:
    table: collections.Counter[tuple[str, int]] = collections.Counter()
    by_length: dict[int, list[Game]] = collections.defaultdict(list)
    for piles in positions(6, 5):
        g = position_value(piles)
        by_length[len(piles)].append(g)
        weight = atomic_weight(g).number_value
        assert weight is not None and weight.denominator == 1  # always an integer here
        assert abs(weight) <= len(piles) - 1  # |aw| <= length - 1
        table[(outcome(g), int(weight))] += 1
    assert dict(table) == CLASS_BY_WEIGHT
    for length, values in by_length.items():
        sizes = sorted(printed_length(g) for g in values)
        assert GROWTH[length] == (
            len(values),
            len({g.id for g in values}),
            sum(1 for g in values if g.nus is not None),
            sum(1 for g in values if g is ZERO),
            statistics.median(sizes),
            sizes[-1],
        ), length
