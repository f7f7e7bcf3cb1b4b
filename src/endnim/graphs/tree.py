"""``tree``: End-Nim on a tree (Albert & Nowakowski 2001, "Remarks, conclusions, and assorted
ramblings").

A position is a tree whose vertices carry positive integers. A move reduces the label of a leaf
(a vertex with at most one neighbour; a lone vertex is a leaf) by at least one; a label reduced
to 0 deletes its vertex, and the rest stays a tree. On a path this is End-Nim.

Vertices keep their numbers all game: a deleted vertex stays in the position with label 0 and
its edges no longer count. A position given with several trees (a forest) is their disjunctive
sum: a move is in one tree and a deleted leaf never splits a tree, so the trees never interact
and the Grundy value is the xor of theirs. A single tree never splits: deleting a leaf leaves
a tree (see docs/graphs.md, "When does a position split?").

>>> from endnim.search import Solver
>>> tree = Tree()
>>> star = tree.parse_position("2(1 1 1)")
>>> tree.movable(star), Solver(tree).value(star).grundy
([1, 2, 3], 1)
>>> Solver(tree).value(tree.parse_position("3 1 3")).grundy  # End-Nim: 3 1 3 is a P-position
0
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from endnim.errors import PositionError
from endnim.graphs.base import ESTIMATE_CAP, GraphRuleSet
from endnim.graphs.canonical import forest_key_adjacency
from endnim.graphs.position import Graph
from endnim.graphs.union_find import UnionFind
from endnim.ruleset import Player, split_unproved


class Tree(GraphRuleSet):
    """End-Nim on a tree: reduce a leaf; a leaf at 0 is deleted."""

    name = "tree"
    title = "End-Nim on trees"
    aliases = ("tree-endnim", "trees")
    summary = (
        "reduce the label of a leaf (a vertex with at most one neighbour) by at least one; "
        "a vertex at 0 is deleted; normal play"
    )
    source = "Albert & Nowakowski (2001), Remarks, conclusions, and assorted ramblings"
    family = "tree"
    position_notation = (
        'a row "3 1 4" (the path 0-1-2), nested parentheses "3(1 2(4 1))" (vertices in '
        'writing order), or JSON {"labels": [...], "edges": [[u, v], ...]}'
    )
    allow_zero = False

    def from_row(self, labels: list[int]) -> Graph:
        return Graph.build(labels, [(i, i + 1) for i in range(len(labels) - 1)])

    def validate(self, graph: Graph) -> Graph:
        """Refuse a cycle among the live vertices (a deleted vertex's edges do not count)."""
        if graph.colours is not None or graph.homes is not None:
            raise PositionError("a tree position has no edge colours or homes (depot-partizan has)")
        labels = graph.labels
        sets = UnionFind(len(labels))
        for u, v in graph.edges:
            if labels[u] and labels[v] and not sets.union(u, v):
                raise PositionError(
                    f"the edge ({u}, {v}) closes a cycle: a tree has none (use depot for "
                    "graphs with cycles)"
                )
        return graph

    def live(self, position: Graph) -> list[int]:
        """The vertices not deleted."""
        return [v for v, label in enumerate(position.labels) if label]

    def movable(self, position: Graph, player: Player | None = None) -> list[int]:
        labels = position.labels
        adjacency = position.adjacency()
        result = []
        for v, label in enumerate(labels):
            if label:
                count = 0
                for w in adjacency[v]:
                    if labels[w]:
                        count += 1
                        if count > 1:
                            break
                if count <= 1:
                    result.append(v)
        return result

    def why_not(self, position: Graph, vertex: int, player: Player | None) -> str:
        if not position.labels[vertex]:
            return f"vertex {vertex} was deleted"
        return f"vertex {vertex} is not a leaf"

    def isomorphism_key(self, position: Graph) -> Hashable:
        return forest_key_adjacency(position.labels, position.adjacency(), self.live(position))

    def estimate_states(self, position: Graph) -> int:
        """The positions reachable from ``position``, counted exactly by a tree DP (at most
        this many: a bound, as the search needs).

        A vertex that has been reduced was a leaf then and stays one (vertices only lose
        neighbours), so a reachable position is a connected subtree S of each tree (or nothing)
        whose non-leaves keep their labels and whose leaves carry 1..their label: Σ_S Π over
        the leaves of S of their labels, per tree; a forest multiplies its trees' counts.

        >>> tree = Tree()
        >>> tree.estimate_states(tree.parse_position("5 5 5"))  # 3·5 + 2·25 + 25, and nothing
        91
        """
        total = 1
        for group in _groups(position.labels, position.edges):
            total *= 1 + _subtree_states(position, group)
            if total > ESTIMATE_CAP:
                return ESTIMATE_CAP
        return total

    def part_estimate(self, position: Graph) -> int:
        """Parts a search by parts may meet: Σ over the trees of their reachable positions
        (a relative whose forest is not split, :func:`endnim.ruleset.split_unproved`: the
        whole forest's, as :class:`GraphRuleSet` counts it)."""
        if split_unproved(self):
            return super().part_estimate(position)
        total = sum(
            1 + _subtree_states(position, group)
            for group in _groups(position.labels, position.edges)
        )
        return min(total, ESTIMATE_CAP)

    def split(self, position: Graph) -> list[tuple[list[int | None], Graph]]:
        """The trees of a forest (a single tree, or nothing left, is itself)."""
        groups = _groups_adjacency(position.labels, position.adjacency())
        if len(groups) <= 1:
            return [(list(range(position.order)), position)]
        parts = self.sub_graphs(position, groups)
        return [(list(group), part) for group, part in zip(groups, parts, strict=True)]


def _subtree_states(position: Graph, group: list[int]) -> int:
    """Σ over the connected subtrees S of one tree of Π over the leaves of S of their labels.

    Rooted at ``group[0]``; for each vertex v, ``a0, a1, a2`` sum the weights below v over the
    subtrees through v with 0, 1, or 2+ of v's children included, and ``b`` is v's weight as
    an included child (a leaf then iff no child of its own is included).
    """
    labels = position.labels
    adjacency = position.adjacency()
    root = group[0]
    order = [(root, -1)]
    for vertex, parent in order:
        order.extend((w, vertex) for w in adjacency[vertex] if w != parent and labels[w])
    as_child: dict[int, int] = {}
    total = 0
    for vertex, _parent in reversed(order):
        children = [as_child.pop(w) for w in adjacency[vertex] if w in as_child]
        one = sum(children)
        product = 1
        for b in children:
            product *= 1 + b
            if product > ESTIMATE_CAP:
                product = ESTIMATE_CAP
        many = product - 1 - one
        label = labels[vertex]
        total += label * (1 + one) + many  # v at the top of S: a leaf iff at most one child
        as_child[vertex] = label + one + many  # v below its parent: a leaf iff no child
        if total > ESTIMATE_CAP:
            return ESTIMATE_CAP
    return total


def _groups(labels: Sequence[int], edges: Sequence[tuple[int, int]]) -> list[list[int]]:
    """Connected groups of the positive vertices (edges between positive ones), each sorted."""
    lists: list[list[int]] = [[] for _ in labels]
    for u, v in edges:
        lists[u].append(v)
        lists[v].append(u)
    return _groups_adjacency(labels, lists)


def _groups_adjacency(labels: Sequence[int], adjacency: Sequence[Sequence[int]]) -> list[list[int]]:
    """:func:`_groups` from every vertex's neighbours (:meth:`Graph.adjacency`)."""
    seen: set[int] = set()
    groups = []
    for start, label in enumerate(labels):
        if not label or start in seen:
            continue
        group = [start]
        seen.add(start)
        for vertex in group:
            for other in adjacency[vertex]:
                if labels[other] and other not in seen:
                    seen.add(other)
                    group.append(other)
        if len(group) > 1:
            group.sort()
        groups.append(group)
    return groups
