"""``depot``: End-Nim in a warehouse (Albert & Nowakowski 2001, "Remarks, conclusions, and
assorted ramblings": the fork-lift game).

A position is any graph whose vertices carry integers >= 0; a 0 is an empty vertex (a depot).
A vertex with a positive label is accessible when it is adjacent to an empty vertex. A move
reduces an accessible label by at least one; a vertex reduced to 0 becomes empty. On a path
with an empty vertex at each end, or a cycle with one empty vertex, this is End-Nim; the paper's
warehouse is an r×c grid whose border vertices are empty (``grid 3x4: ...``).

Each connected group of positive vertices is a game of its own (proved in docs/graphs.md: a
vertex's accessibility depends only on its own neighbours, and emptying a vertex changes only
its group), so Grundy values xor over the groups, and a group's value depends only on its
labels, its edges and which of its vertices touch an empty vertex.

>>> from endnim.search import Solver
>>> depot = Depot()
>>> position = depot.parse_position("3 1 3")       # 0 - 3 - 1 - 3 - 0: End-Nim's 3 1 3
>>> position.labels, Solver(depot).value(position).grundy
((0, 3, 1, 3, 0), 0)
>>> [g.labels for g in depot.components(depot.parse_position("2 0 1 1"))]
[(0, 2, 0), (0, 1, 1, 0)]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from endnim.graphs.base import GraphRuleSet
from endnim.graphs.canonical import forest_key, graph_key
from endnim.graphs.position import Graph
from endnim.graphs.tree import _groups
from endnim.ruleset import Player


class Depot(GraphRuleSet):
    """End-Nim in a warehouse: reduce a vertex next to an empty one."""

    name = "depot"
    title = "End-Nim in a warehouse (depot)"
    aliases = ("warehouse", "fork-lift")
    summary = (
        "reduce a positive vertex that is adjacent to an empty vertex (label 0) by at least one; "
        "a vertex at 0 is empty; normal play"
    )
    source = "Albert & Nowakowski (2001), Remarks, conclusions, and assorted ramblings"
    position_notation = (
        'a row "3 1 4" (vertices 1..n between empty vertices 0 and n+1), "cycle: 0 3 1 4", '
        '"grid 3x4: ..." (interior row by row, empty border), or JSON {"labels": [...], '
        '"edges": [[u, v], ...]}'
    )

    def from_row(self, labels: list[int]) -> Graph:
        full = [0, *labels, 0]
        return Graph.build(full, [(i, i + 1) for i in range(len(full) - 1)])

    def validate(self, graph: Graph) -> Graph:
        if graph.colours is not None or graph.homes is not None:
            from endnim.errors import PositionError

            raise PositionError(
                "a depot position has no edge colours or homes (depot-partizan has)"
            )
        return graph

    def movable(self, position: Graph, player: Player | None = None) -> list[int]:
        labels = position.labels
        adjacency = position.adjacency()
        return [
            v
            for v, label in enumerate(labels)
            if label and any(labels[w] == 0 for w in adjacency[v])
        ]

    def why_not(self, position: Graph, vertex: int, player: Player | None) -> str:
        if not position.labels[vertex]:
            return f"vertex {vertex} is empty"
        return f"vertex {vertex} is not adjacent to an empty vertex"

    def group_key(self, position: Graph, group: Sequence[int]) -> tuple[str, Any]:
        """The key of one group: labels and 'touches an empty vertex' flags, up to isomorphism."""
        labels = position.labels
        adjacency = position.adjacency()
        index = {v: i for i, v in enumerate(group)}
        colours = [2 * labels[v] + any(labels[w] == 0 for w in adjacency[v]) for v in group]
        edges = [(index[u], index[v]) for u, v in position.edges if u in index and v in index]
        if len(edges) == len(group) - 1:
            return ("t", forest_key(colours, edges))
        return ("g", graph_key(colours, edges))

    def canonical_key(self, position: Graph) -> Hashable:
        groups = _groups(position.labels, position.edges)
        if len(groups) == 1:
            return (self.group_key(position, groups[0]),)
        keys = [self.group_key(position, group) for group in groups]
        keys.sort()  # a multiset of groups: tree codes and bliss forms compare as tuples
        return tuple(keys)

    def split(self, position: Graph) -> list[tuple[list[int | None], Graph]]:
        """Each connected group of positive vertices with the empty vertices it touches."""
        groups = _groups(position.labels, position.edges)
        if len(groups) <= 1:
            return [(list(range(position.order)), position)]
        labels = position.labels
        adjacency = position.adjacency()
        parts = []
        for group in groups:
            empties = sorted({w for v in group for w in adjacency[v] if labels[w] == 0})
            vertices = sorted([*group, *empties])
            parts.append((list[int | None](vertices), self.sub_graph(position, vertices)))
        return parts
