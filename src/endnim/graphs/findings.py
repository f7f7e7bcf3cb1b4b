"""Closed forms found for the graph families (docs/graphs.md, "What the data show", Findings
1-15); each says whether it is proved (the proof is in the docs) or observed on a stated range
(the tests recheck it against exhaustive search there). None of them is from a paper: Albert &
Nowakowski (2001) pose the games and leave them open.

>>> star_p(1, [1, 2, 3]), star_p(3, [3, 3, 3]), star_p(3, [3, 3])
(True, True, False)
>>> star_grundy_centre_one([1, 1, 5]), spider_p_centre_one([[2, 1], [1, 2], [3]])
(4, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, reduce
from operator import xor


def is_mersenne(c: int) -> bool:
    """Whether ``c`` is 2^m − 1 for some m >= 1 (1, 3, 7, 15, ...).

    >>> [c for c in range(1, 16) if is_mersenne(c)]
    [1, 3, 7, 15]
    """
    return c >= 1 and c & (c + 1) == 0


def nim_sum(values: Sequence[int]) -> int:
    """The xor of ``values``."""
    return reduce(xor, values, 0)


def path_p(a: int, c: int, b: int) -> bool:
    """**Proved** (docs/graphs.md, Finding 1): the star with two leaves a, b and centre c (the
    path a·c·b, End-Nim's three piles) is a P-position exactly when a = b ≠ c.

    >>> path_p(2, 1, 2), path_p(1, 1, 1)
    (True, False)
    """
    return a == b != c


def star_p(centre: int, leaves: Sequence[int]) -> bool:
    """**Proved** for a centre c = 2^m − 1 and k >= 2 leaves (docs/graphs.md, Finding 2): the
    star is a P-position exactly when the leaves' nim-sum is 0, except that c, c, ..., c flips
    (P for k odd, N for k even). Raises ValueError for other centres (no such rule holds).
    """
    if len(leaves) < 2:
        raise ValueError("the rule is for stars with at least two leaves")
    if len(leaves) == 2:
        return path_p(leaves[0], centre, leaves[1])
    if not is_mersenne(centre):
        raise ValueError(f"the rule is proved for centres 2^m - 1 only, not {centre}")
    return (nim_sum(leaves) == 0) != all(x == centre for x in leaves)


def star_grundy_centre_one(leaves: Sequence[int]) -> int:
    """**Proved** (docs/graphs.md, Finding 3): the Grundy value of the star with centre 1 and
    k >= 1 leaves is the leaves' nim-sum, xor 1 when all leaves but at most one are 1.
    """
    flip = sum(1 for x in leaves if x != 1) <= 1
    return nim_sum(leaves) ^ (1 if flip else 0)


def leg_value(leg: Sequence[int]) -> int:
    """The Grundy value of a leg (a path written from the vertex it hangs from outwards) played
    from its free end only (the vertex it hangs from never moves): x for one vertex, and for x
    (inner) then y (outer) y − 1 if y <= x, else y (**proved**: by induction on y, the options
    are the values of (x, 1..y−1) and x alone). Longer legs: the mex of the options (lower the
    outer label, or delete the outer vertex), computed.

    >>> [leg_value([3, y]) for y in range(1, 7)]
    [0, 1, 2, 4, 5, 6]
    >>> leg_value([1, 2, 1]), leg_value([2, 2, 2])
    (0, 2)
    """
    if not leg:
        return 0
    if len(leg) == 1:
        return leg[0]
    if len(leg) == 2:
        x, y = leg
        return y - 1 if y <= x else y
    branch: Branch = (leg[-1], ())
    for label in reversed(leg[:-1]):
        branch = (label, (branch,))
    return branch_value(branch)


def leg_level(leg: Sequence[int]) -> int:
    """The row of Lorraine's diagram (Albert–Nowakowski 2001, Theorem 2) of a leg's free end: 1
    (top: an odd run of the end label y below its neighbour, or an even run above it) or 0
    (bottom: odd and above, or even and below). The run is the leg's last labels equal to y;
    a constant leg counts as above (nothing beyond it moves first).

    >>> leg_level([3, 1]), leg_level([1, 3]), leg_level([2, 2]), leg_level([2])
    (1, 0, 1, 0)
    """
    if not leg:
        raise ValueError("an empty leg has no free end")
    y, run = leg[-1], 0
    while run < len(leg) and leg[-1 - run] == y:
        run += 1
    below = run < len(leg) and leg[-1 - run] > y
    return 1 if (run % 2 == 1) == below else 0


def leg_value_closed_form(leg: Sequence[int]) -> int:
    """**Proved** (docs/graphs.md, Finding 12, the leg lemma): the value of a leg played from
    its free end only (:func:`leg_value`) is y − 1 when its free end is on the top row of
    Lorraine's diagram (:func:`leg_level`) and y when on the bottom row, y the free end's
    label; 0 for no leg.

    >>> [leg_value_closed_form([3, y]) for y in range(1, 7)]
    [0, 1, 2, 4, 5, 6]
    >>> leg_value_closed_form([1, 2, 1]), leg_value_closed_form([2, 2, 2])
    (0, 2)
    """
    return leg[-1] - leg_level(leg) if leg else 0


Branch = tuple[int, tuple["Branch", ...]]
"""A rooted tree hanging from a vertex that never moves: (label, children), children sorted."""


@cache
def branch_value(branch: Branch) -> int:
    """The Grundy value of a rooted tree hanging from a vertex that never moves: a vertex may be
    played (lowered or deleted) when it has no children left, its root included. A leg is a
    branch that is a path (:func:`leg_value`).

    >>> branch_value((3, ((1, ()), (2, ())))), branch_value((3, ((2, ()), (2, ()))))
    (2, 0)
    """
    return mex({branch_value(option) if option else 0 for option in _branch_moves(branch)})


def _branch_moves(branch: Branch) -> list[Branch | None]:
    """The branches a move leaves (``None``: the root deleted), children kept sorted."""
    label, children = branch
    if not children:
        return [(t, ()) for t in range(1, label)] + [None]
    found: list[Branch | None] = []
    for i, child in enumerate(children):
        for new in _branch_moves(child):
            rest = children[:i] + ((new,) if new else ()) + children[i + 1 :]
            found.append((label, tuple(sorted(rest))))
    return found


def mex(values: set[int]) -> int:
    """The least non-negative integer not in ``values``.

    >>> mex({0, 1, 3})
    2
    """
    least = 0
    while least in values:
        least += 1
    return least


def spider_p_centre_one(legs: Sequence[Sequence[int]]) -> bool:
    """**Observed** (docs/graphs.md, Finding 4; ranges there): a spider with centre 1 and k >= 2
    legs of one or two vertices is a P-position exactly when the legs' values
    (:func:`leg_value`) have nim-sum 0, except when every label is 1 (then exactly when the
    number of vertices is even, which is proved: every move deletes one vertex).
    """
    if len(legs) < 2 or any(not 1 <= len(leg) <= 2 for leg in legs):
        raise ValueError("the rule is for spiders with two or more legs of one or two vertices")
    zero = nim_sum([leg_value(leg) for leg in legs]) == 0
    return zero != all(x == 1 for leg in legs for x in leg)


def spider_p_centre_one_long_legs(legs: Sequence[Sequence[int]]) -> bool:
    """**Observed** (docs/graphs.md, Finding 9; ranges there): a spider with centre 1 and k >= 2
    legs of any length, **at least two of which have a label other than 1**, is a P-position
    exactly when the legs' values (:func:`leg_value`) have nim-sum 0. Raises ValueError for
    spiders with fewer than two such legs (there the rule fails: see Finding 9).

    >>> spider_p_centre_one_long_legs([[2, 3, 1], [1, 2], [3]])
    False
    """
    if sum(1 for leg in legs if any(x != 1 for x in leg)) < 2:
        raise ValueError("the rule is for spiders with at least two legs with a label other than 1")
    return nim_sum([leg_value(leg) for leg in legs]) == 0


def branches(labels: Sequence[int], edges: Sequence[tuple[int, int]], vertex: int) -> list[Branch]:
    """The branches of the tree (labels, edges) at ``vertex``, each hanging from it.

    >>> branches([1, 2, 3], [(0, 1), (1, 2)], 1)
    [(1, ()), (3, ())]
    """
    adjacency: list[list[int]] = [[] for _ in labels]
    for u, v in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)

    def hanging(node: int, parent: int) -> Branch:
        children = (hanging(w, node) for w in adjacency[node] if w != parent)
        return (labels[node], tuple(sorted(children)))

    return sorted(hanging(w, vertex) for w in adjacency[vertex])


def _special(branch: Branch) -> bool:
    return branch[0] != 1 or any(_special(child) for child in branch[1])


def tree_p_at_a_one(labels: Sequence[int], edges: Sequence[tuple[int, int]]) -> bool | None:
    """**Observed** (docs/graphs.md, Finding 10; ranges there): if every vertex of degree >= 3
    is labelled 1 and some vertex labelled 1 has two or more branches with a label other than
    1, the tree is a P-position exactly when the values of the branches at that vertex
    (:func:`branch_value`) have nim-sum 0 (at every such vertex alike). ``None`` where the rule
    does not apply.

    >>> tree_p_at_a_one([1, 2, 2], [(0, 1), (0, 2)]), tree_p_at_a_one([2, 1, 1], [(0, 1), (0, 2)])
    (True, None)
    """
    degree = _branchings_labelled_one(labels, edges)
    if degree is None:
        return None
    for vertex, label in enumerate(labels):
        hanging = branches(labels, edges, vertex)
        if label == 1 and sum(map(_special, hanging)) >= 2:
            return nim_sum([branch_value(b) for b in hanging]) == 0
    return None


def _branchings_labelled_one(
    labels: Sequence[int], edges: Sequence[tuple[int, int]]
) -> list[int] | None:
    """The vertices' degrees when every vertex of degree >= 3 is labelled 1 (the condition of
    Findings 10 and 15), else ``None``."""
    degree = [0] * len(labels)
    for u, v in edges:
        degree[u] += 1
        degree[v] += 1
    if any(d >= 3 and label != 1 for d, label in zip(degree, labels, strict=True)):
        return None
    return degree


def low_leg(centre: int, leg: Sequence[int]) -> bool:
    """Whether ``leg`` is constant with a label at most ``centre`` (1, 1, 1 or 2, 2 at a
    centre 2): the legs Finding 12 leaves out (for centre 1, Finding 9's all-ones legs).

    >>> low_leg(2, [2, 2]), low_leg(2, [3, 3]), low_leg(2, [1, 2])
    (True, False, False)
    """
    return len(set(leg)) == 1 and leg[0] <= centre


def row_p_at_centre(centre: int, left: Sequence[int], right: Sequence[int]) -> bool:
    """**Proved** (docs/graphs.md, Finding 12, from Albert–Nowakowski's Theorem 2 and the leg
    lemma): the spider with two legs and any centre c (the End-Nim row left reversed · c ·
    right), neither leg constant with a label <= c, is a P-position exactly when the legs'
    values (:func:`leg_value_closed_form`, = :func:`leg_value`) are equal. Raises ValueError
    for a leg that is constant with a label <= c (there the rule fails).

    >>> row_p_at_centre(2, [3], [1, 2]), row_p_at_centre(3, [1, 2], [2, 1])
    (False, False)
    >>> row_p_at_centre(2, [3, 3], [1, 2])
    True
    """
    if low_leg(centre, left) or low_leg(centre, right):
        raise ValueError("the rule is for legs that are not constant with a label <= the centre")
    return leg_value_closed_form(left) == leg_value_closed_form(right)


def _labels(branch: Branch) -> list[int]:
    return [branch[0], *(x for child in branch[1] for x in _labels(child))]


def tree_p_at_degree_two(labels: Sequence[int], edges: Sequence[tuple[int, int]]) -> bool | None:
    """**Observed** (docs/graphs.md, Finding 15; ranges there): if every vertex of degree >= 3
    is labelled 1 and some vertex r of degree 2 (any label c) has two branches neither of which
    is constant with a label <= c, the tree is a P-position exactly when the two branches'
    values (:func:`branch_value`) are equal (at every such vertex alike). Finding 12 is the
    case of a path. ``None`` where the rule does not apply.

    >>> tree_p_at_degree_two([2, 3, 1, 3], [(0, 1), (0, 2), (2, 3)])
    True
    >>> tree_p_at_degree_two([2, 1, 2, 2], [(0, 1), (0, 2), (2, 3)]) is None
    True
    """
    degree = _branchings_labelled_one(labels, edges)
    if degree is None:
        return None
    for vertex, label in enumerate(labels):
        if degree[vertex] != 2:
            continue
        left, right = branches(labels, edges, vertex)
        low = [len(set(_labels(b))) == 1 and b[0] <= label for b in (left, right)]
        if not any(low):
            return branch_value(left) == branch_value(right)
    return None


def depot_star_grundy(centre: int, leaves: Sequence[int]) -> int:
    """**Proved** (docs/graphs.md, Finding 14): the Grundy value of the ``depot`` star with
    labels >= 0 and no other vertices (0: an empty vertex). With the centre empty it is nim on
    the leaves; with no empty vertex, 0 (no move); else the centre c >= 1 is the only move until
    it is emptied, which frees the leaves (nim, of value N): c − 1 if c − 1 < N, else c.

    >>> depot_star_grundy(0, [1, 2]), depot_star_grundy(3, [1, 2]), depot_star_grundy(1, [0, 2])
    (3, 0, 0)
    >>> depot_star_grundy(2, [0, 0]), depot_star_grundy(4, [0, 1, 3])
    (2, 4)
    """
    if centre == 0:
        return nim_sum(leaves)
    if 0 not in leaves:
        return 0
    freed = nim_sum(leaves)
    return centre - 1 if centre - 1 < freed else centre


def depot_zero_one_grundy(labels: Sequence[int], edges: Sequence[tuple[int, int]]) -> int:
    """**Proved** (docs/graphs.md, Finding 16): the Grundy value of a ``depot`` position whose
    labels are all 0 or 1 is the parity of the vertices labelled 1 in the groups (connected
    sets of positive vertices) that touch an empty vertex. Every move empties a vertex, and an
    emptied vertex keeps its neighbours playable, so every vertex of a group touching an empty
    vertex is emptied before the game ends and no other vertex ever moves: every play has the
    same length T, and a game all of whose plays have length T has value T mod 2.

    >>> depot_zero_one_grundy([0, 1, 1, 1], [(0, 1), (1, 2), (2, 3)])
    1
    >>> depot_zero_one_grundy([1, 1, 0, 1, 1], [(0, 1), (1, 2), (2, 3), (3, 4)])
    0
    """
    if any(label not in (0, 1) for label in labels):
        raise ValueError("the rule is for labels 0 and 1")
    adjacency: list[list[int]] = [[] for _ in labels]
    for u, v in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)
    seen = [False] * len(labels)
    moves = 0
    for start, label in enumerate(labels):
        if label == 0 or seen[start]:
            continue
        group, stack, touches = 0, [start], False
        seen[start] = True
        while stack:
            vertex = stack.pop()
            group += 1
            for other in adjacency[vertex]:
                if labels[other] == 0:
                    touches = True
                elif not seen[other]:
                    seen[other] = True
                    stack.append(other)
        moves += group if touches else 0
    return moves % 2


__all__ = [
    "branch_value",
    "branches",
    "depot_star_grundy",
    "depot_zero_one_grundy",
    "is_mersenne",
    "leg_value",
    "low_leg",
    "mex",
    "nim_sum",
    "path_p",
    "row_p_at_centre",
    "spider_p_centre_one",
    "spider_p_centre_one_long_legs",
    "star_grundy_centre_one",
    "star_p",
    "tree_p_at_a_one",
    "tree_p_at_degree_two",
]
