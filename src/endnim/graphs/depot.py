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
from dataclasses import dataclass
from typing import Any

from endnim.graphs.base import KEY_CACHE_LIMIT, GraphRuleSet
from endnim.graphs.canonical import forest_key, graph_key
from endnim.graphs.position import Graph
from endnim.graphs.tree import _groups_adjacency
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
        return self._group_key(position.labels, position.adjacency(), group)

    def _group_key(
        self, labels: Sequence[int], adjacency: Sequence[Sequence[int]], group: Sequence[int]
    ) -> tuple[str, Any]:
        index = {v: i for i, v in enumerate(group)}
        colours = tuple(2 * labels[v] + any(labels[w] == 0 for w in adjacency[v]) for v in group)
        edges = tuple(
            (i, index[w]) for i, v in enumerate(group) for w in adjacency[v] if w > v and w in index
        )
        # The group as labelled here -> its key: groups recur in a search (a move changes one
        # group and leaves the others as they were), and bliss costs far more than this lookup.
        cache = self._key_cache()
        found = cache.get((colours, edges))
        if found is None:
            if len(edges) == len(group) - 1:
                found = ("t", forest_key(colours, edges))
            else:
                found = ("g", graph_key(colours, edges))
            if len(cache) >= KEY_CACHE_LIMIT:
                cache.clear()
            cache[(colours, edges)] = found
        return found

    def _key_cache(self) -> dict[Hashable, tuple[str, Any]]:
        cache: dict[Hashable, tuple[str, Any]] | None = self.__dict__.get("_group_keys")
        if cache is None:
            cache = self.__dict__["_group_keys"] = {}
        return cache

    def isomorphism_key(self, position: Graph) -> Hashable:
        labels = position.labels
        adjacency = position.adjacency()
        keys = [
            self._group_key(labels, adjacency, layout.group) for layout in self._layout(position)
        ]
        if len(keys) > 1:
            keys.sort()  # a multiset of groups: tree codes and bliss forms compare as tuples
        return tuple(keys)

    def split(self, position: Graph) -> list[tuple[list[int | None], Graph]]:
        """Each connected group of positive vertices with the empty vertices it touches."""
        layouts = self._layout(position)
        if len(layouts) <= 1:
            return [(list(range(position.order)), position)]
        labels = position.labels
        return [
            (
                list[int | None](layout.vertices),
                # the same part as ``self.sub_graph(position, layout.vertices)``, built from
                # the layout (its edges and neighbour lists shared by every such part)
                Graph(
                    tuple([labels[v] for v in layout.vertices]),
                    layout.edges,
                    None,
                    None,
                    layout.adjacency,
                ),
            )
            for layout in layouts
        ]

    def _layout(self, position: Graph) -> list[GroupLayout]:
        """The groups of ``position`` and how each is written as a part of its own; they
        depend only on which vertices are empty, and a move that leaves a vertex positive
        keeps them, so they are remembered per graph and set of empty vertices."""
        labels = position.labels
        adjacency = position.adjacency()
        cache: dict[tuple[int, bytes], tuple[object, list[GroupLayout]]] | None
        cache = self.__dict__.get("_layouts")
        if cache is None:
            cache = self.__dict__["_layouts"] = {}
        slot = (id(adjacency), bytes(map(bool, labels)))
        found = cache.get(slot)
        if found is not None:
            return found[1]
        layouts = []
        hubs: dict[int, set[int]] = {}  # neighbours of empty vertices of high degree
        for group in _groups_adjacency(labels, adjacency):
            empties = sorted({w for v in group for w in adjacency[v] if labels[w] == 0})
            vertices = sorted([*group, *empties])
            index = {v: i for i, v in enumerate(vertices)}
            lists: list[list[int]] = [[] for _ in vertices]
            edges = []
            # Only the group's own neighbour lists and the edges between its empty vertices
            # are read: an empty vertex shared by many groups (a star's empty centre) is not
            # walked once per group, which would be quadratic.
            for v in group:
                i = index[v]
                for w in adjacency[v]:
                    j = index[w]
                    lists[i].append(j)
                    if labels[w] == 0:
                        lists[j].append(i)
                    if j > i or labels[w] == 0:
                        edges.append((i, j) if i < j else (j, i))
            for e in empties if len(empties) > 1 else ():
                i = index[e]
                if len(adjacency[e]) <= len(empties):
                    near: Sequence[int] = [w for w in adjacency[e] if labels[w] == 0 and w in index]
                else:
                    around = hubs.get(e)
                    if around is None:
                        around = hubs[e] = set(adjacency[e])
                    near = [w for w in empties if w in around]
                for w in near:
                    j = index[w]
                    lists[i].append(j)
                    if j > i:
                        edges.append((i, j))
            for found in lists:
                found.sort()
            edges.sort()
            layouts.append(
                GroupLayout(group, tuple(vertices), tuple(edges), tuple(map(tuple, lists)))
            )
        if len(cache) >= KEY_CACHE_LIMIT:
            cache.clear()
        # the neighbour lists are kept with the entry, so their id is not reused meanwhile
        cache[slot] = (adjacency, layouts)
        return layouts


@dataclass(frozen=True, slots=True)
class GroupLayout:
    """One group of positive vertices and its part: the group's vertices and the empty ones
    they touch (original numbers, increasing), the part's edges and neighbour lists."""

    group: list[int]
    vertices: tuple[int, ...]
    edges: tuple[tuple[int, int], ...]
    adjacency: tuple[tuple[int, ...], ...]
