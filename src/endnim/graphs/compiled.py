"""End-Nim on trees by the compiled solver (the C extension ``endnim.graphs._trees``).

A forest is split into its trees in Python; each tree goes to C whole: its positions, their
canonical AHU keys (bytes, rooted at the centre, the same isomorphism classes as
:func:`endnim.graphs.canonical.forest_key`) and a hash-table memo keyed by them, with the
Grundy value and the remoteness of every tree met. A single tree never splits (deleting a leaf
leaves a tree), so the memo holds trees and a forest's Grundy value is the xor of its trees'.
The Python search (:class:`endnim.parts.PartsSolver`, :class:`endnim.search.Solver`) stays the
reference: the tests compare the two on every tree with at most 7 vertices and on random ones.

Budgets are those of the search by parts, the other way round: the search starts with live
limits (``budget`` new trees, ``WORK_PER_BUDGET × budget`` bytes of keys; isomorphism may
collapse it far below the estimate) and only when it reaches them is the estimate
(``Tree.part_estimate``) read: within the budget the search goes on, over it it stops with the
estimate's one-line :class:`BudgetError`. Ctrl-C interrupts it (the
C code checks for signals as it goes). A tree whose search would recurse deeper than
``MAX_DEPTH`` moves, or with a label of 2³² or more, is left to the Python search.

>>> engine = TreeEngine()
>>> tree = Tree()
>>> engine.grundy(tree.parse_position("2(1 1 1)")), engine.grundy(tree.parse_position("3 1 3"))
(1, 0)
>>> engine.value(tree.parse_position("3 1 3"))
ImpartialValue(grundy=0, remoteness=6)
"""

from __future__ import annotations

from collections.abc import Sequence

from endnim.errors import BudgetError
from endnim.graphs.base import ESTIMATE_CAP
from endnim.graphs.position import Graph
from endnim.graphs.tree import Tree
from endnim.search import (
    DEFAULT_BUDGET,
    ImpartialValue,
    format_count,
    parts_budget_error,
)

try:
    from endnim.graphs._trees import MAX_DEPTH, OverLimit, TooDeep, TreeMemo
except ImportError:  # pragma: no cover - the extension is built by scripts/setup.sh
    TreeMemo = None  # type: ignore[assignment,misc]
    OverLimit = TooDeep = None  # type: ignore[assignment,misc]
    MAX_DEPTH = 0

WORK_PER_BUDGET = 4096
"""Past its estimate, a search stops after ``WORK_PER_BUDGET × budget`` bytes of keys written
(about a nanosecond a byte: seconds at the default budget, about one on the page)."""

LIVE_VERTICES = 2_000
"""A tree of more vertices is not searched on the chance that isomorphism collapses it: the
estimate decides first (a star of 10,000 vertices took 257 s before its refusal, a path of
100,000 filled 4.9 GB with its keys: issue 34 §9)."""

STACK_BYTES = 256 * 2**20
"""Memory the compiled recursion's copies of a tree may take (depth × vertices × bytes)."""
BYTES_PER_VERTEX = 32
"""What a vertex costs in one level's copy of a tree (labels, adjacency and key: a bound)."""

LARGEST_LABEL = 2**32 - 1
"""Trees with a larger label are left to the Python search."""

MAX_MEMO = 20_000_000
"""Trees a shared engine remembers before starting afresh (about 1.5 GB for trees of
about 20 vertices)."""

TreeParts = list[tuple[list[int], list[tuple[int, int]]]]
"""The trees of a forest: each its labels and its edges, renumbered 0..n-1."""


def available() -> bool:
    """Whether the compiled solver is built (``bash scripts/setup.sh`` builds it).

    >>> available()
    True
    """
    return TreeMemo is not None


def tree_parts(position: Graph) -> TreeParts:
    """The trees of a forest position (its live vertices), each renumbered in increasing
    order of the original numbers.

    >>> tree_parts(Graph.build([1, 0, 2, 3], [(0, 1), (1, 2), (2, 3)]))
    [([1], []), ([2, 3], [(0, 1)])]
    """
    labels = position.labels
    adjacency = position.adjacency()
    seen = [False] * len(labels)
    parts: TreeParts = []
    for start, label in enumerate(labels):
        if not label or seen[start]:
            continue
        group = [start]
        seen[start] = True
        for vertex in group:
            for other in adjacency[vertex]:
                if labels[other] and not seen[other]:
                    seen[other] = True
                    group.append(other)
        group.sort()
        index = {v: i for i, v in enumerate(group)}
        edges = [(index[v], index[w]) for v in group for w in adjacency[v] if w > v and w in index]
        parts.append(([labels[v] for v in group], edges))
    return parts


class TreeEngine:
    """Grundy values (and remoteness of single trees) of ``tree`` positions, compiled; one memo
    for every call (``budget``: as :class:`endnim.parts.PartsSolver`'s)."""

    def __init__(self, budget: int | None = None) -> None:
        if TreeMemo is None:  # pragma: no cover
            raise RuntimeError("the compiled tree solver is not built: run scripts/setup.sh")
        self.rules = Tree()
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.memo = TreeMemo()
        self.max_depth = MAX_DEPTH
        """The recursion's depth limit (deeper: the Python search)."""

    def depth_for(self, vertices: int) -> int:
        """The recursion's depth limit for a tree of ``vertices``: each level holds a copy of
        the tree, so at most :data:`STACK_BYTES` of them (a path of 100,000 vertices recursed
        10,000 levels deep: 4.9 GB, issue 34 §9); deeper, the Python search, which reads the
        estimate first.

        >>> TreeEngine().depth_for(10), TreeEngine().depth_for(100_000)
        (10000, 83)
        """
        return max(1, min(self.max_depth, STACK_BYTES // (BYTES_PER_VERTEX * max(1, vertices))))

    def compiled(self, labels: Sequence[int]) -> bool:
        """Whether a tree with these labels is searched in C (else by the Python search)."""
        return max(labels, default=0) <= LARGEST_LABEL

    def estimate(self, position: Graph) -> int:
        """Trees a search of ``position`` may solve (``Tree.part_estimate``)."""
        return self.rules.part_estimate(position)

    def _refusal(self, position: Graph) -> BudgetError | None:
        """The estimate's refusal of ``position`` (``None``: the estimate is within budget)."""
        states = self.estimate(position)
        if states <= self.budget:
            return None
        return parts_budget_error(states, position, self.budget)

    def _solve(self, parts: TreeParts, position: Graph) -> list[tuple[int, int]]:
        """(Grundy value, remoteness) of each tree of ``parts``.

        The search starts with live limits (``budget`` new trees, ``WORK_PER_BUDGET × budget``
        bytes of keys), so that known and small trees cost no estimate; when it reaches them,
        the estimate decides: within the budget the search goes on without limits (it cannot
        meet more trees than the estimate counts), over it the estimate's refusal is raised
        with what the search reached."""
        if len(self.memo) > MAX_MEMO:
            self.memo.clear()
        limit, work = self.budget, WORK_PER_BUDGET * self.budget
        refused: BudgetError | None = None
        found = []
        added = spent = 0
        for labels, edges in parts:
            if len(labels) > LIVE_VERTICES and refused is None:
                refused = self._refusal(position)  # a big tree: the estimate decides first
                if refused is not None:
                    raise refused
                limit = work = ESTIMATE_CAP  # within the estimate: no live limits
            if not self.compiled(labels):
                found.append(self._python(labels, edges))
                continue
            while True:
                try:
                    grundy, remoteness, new, used = self.memo.solve(
                        labels,
                        edges,
                        max(0, min(limit - added, 2**64 - 1)),
                        max(0, min(work - spent, 2**64 - 1)),
                        self.depth_for(len(labels)),
                    )
                except TooDeep:
                    found.append(self._python(labels, edges))
                    break
                except OverLimit as stopped:
                    new, used = stopped.args
                    added += new
                    spent += used
                    if refused is None and limit != ESTIMATE_CAP:
                        refused = self._refusal(position)
                        if refused is None:  # within the estimate: no limit
                            limit = work = ESTIMATE_CAP
                            continue
                    assert refused is not None
                    raise refused.retold(
                        f"{refused}; isomorphic parts are solved once, so the search was tried "
                        f"anyway and stopped at {format_count(added)} part"
                        f"{'' if added == 1 else 's'} and {format_count(spent)} bytes of keys"
                    ) from None
                added += new
                spent += used
                found.append((grundy, remoteness))
                break
        return found

    def _python(self, labels: list[int], edges: list[tuple[int, int]]) -> tuple[int, int]:
        """A tree too deep for the C recursion (or with huge labels): the Python search (its
        own budget check refuses what it cannot afford)."""
        from endnim.search import Solver

        tree = Graph.build(labels, edges)
        refused = self._refusal(tree)  # the estimate first: its canonical key alone is
        if refused is not None:  # quadratic in a long path's length (43 s for 100,000)
            raise refused
        value = Solver(self.rules, self.budget).value(tree)
        assert isinstance(value, ImpartialValue)
        return value.grundy, value.remoteness

    def grundy(self, position: Graph) -> int:
        """The Grundy value of a ``tree`` position (a forest: the xor of its trees')."""
        total = 0
        for grundy, _ in self._solve(tree_parts(position), position):
            total ^= grundy
        return total

    def value(self, position: Graph) -> ImpartialValue | None:
        """Grundy value and remoteness of a single tree (or of nothing); ``None`` for a forest
        of several trees (remoteness does not add up over a sum)."""
        parts = tree_parts(position)
        if len(parts) > 1:
            return None
        if not parts:
            return ImpartialValue(0, 0)
        grundy, remoteness = self._solve(parts, position)[0]
        return ImpartialValue(grundy, remoteness)

    def key(self, position: Graph) -> tuple[bytes, ...]:
        """The canonical key of a forest: its trees' AHU keys, sorted.

        >>> tree = Tree()
        >>> engine = TreeEngine()
        >>> engine.key(tree.parse_position("1 2 3")) == engine.key(tree.parse_position("3 2 1"))
        True
        """
        return tuple(sorted(self.memo.key(labels, edges) for labels, edges in tree_parts(position)))


_DEFAULT: list[TreeEngine] = []


def default_tree_engine(budget: int | None = None) -> TreeEngine:
    """The shared engine (its memo serves later calls); ``budget`` updates it."""
    if not _DEFAULT:
        _DEFAULT.append(TreeEngine())
    engine = _DEFAULT[0]
    engine.budget = DEFAULT_BUDGET if budget is None else budget
    return engine


def sweep_shape(
    memo: TreeMemo,
    edges: Sequence[tuple[int, int]],
    n: int,
    max_label: int,
    beans: tuple[int, int] | None = None,
) -> list[tuple[str, tuple[int, ...], int]]:
    """One labelling with labels 1..``max_label`` of a tree shape per isomorphism class (the
    first in lexicographic order of the labels) as (canonical notation, labels, Grundy value),
    as the tree sweep stores them (:func:`endnim.sweep.trees.labelled_trees`), compiled;
    ``beans`` (lo, hi): only the classes whose labels add up to lo..hi.

    >>> sweep_shape(TreeMemo(), [(0, 1), (1, 2)], 3, 2)[:3]
    [('1(1 1)', (1, 1, 1), 1), ('1(1 2)', (1, 1, 2), 2), ('2(1 1)', (1, 2, 1), 0)]
    >>> sweep_shape(TreeMemo(), [(0, 1), (1, 2)], 3, 2, (4, 4))
    [('1(1 2)', (1, 1, 2), 2), ('2(1 1)', (1, 2, 1), 0)]
    """
    if beans is None:
        return memo.sweep_shape(list(edges), n, max_label)
    return memo.sweep_shape(list(edges), n, max_label, beans[0], beans[1])


__all__ = [
    "OverLimit",
    "TooDeep",
    "TreeEngine",
    "TreeMemo",
    "available",
    "default_tree_engine",
    "sweep_shape",
    "tree_parts",
]
