"""Canonical keys of labelled graphs: equal keys exactly when the graphs are isomorphic.

* Trees and forests: an AHU encoding (Aho, Hopcroft & Ullman 1974), rooted at the centre (or
  the central edge) of each tree, a child list sorted at every vertex; pure Python, linear
  up to the sorting, and the fastest choice for the small trees a search meets.
* Other graphs: a canonical labelling from bliss (Junttila & Kaski) through python-igraph's
  ``Graph.canonical_permutation`` with vertex colours; an edge colour is a vertex of its own
  colour subdividing the edge. The key is the relabelled graph itself, never a hash, so two
  keys are equal only for isomorphic graphs.

Vertex colours are any integers (labels, or labels combined with flags).

>>> forest_key([3, 1, 2], [(0, 1), (1, 2)]) == forest_key([2, 1, 3], [(1, 2), (0, 1)])
True
>>> graph_key([1, 1, 2], [(0, 1), (1, 2), (0, 2)]) == graph_key([2, 1, 1], [(0, 1), (1, 2), (0, 2)])
True
>>> graph_key([1, 1, 2], [(0, 1)]) == graph_key([1, 2, 1], [(0, 1)])
False
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

TreeCode = tuple[Any, ...]


def forest_key(
    colours: Sequence[int],
    edges: Sequence[tuple[int, int]],
    vertices: Sequence[int] | None = None,
) -> tuple[TreeCode, ...]:
    """The sorted AHU codes of the trees of a forest (``vertices``: those that count; edges
    with an end outside them are ignored). The forest must have no cycle."""
    keep = range(len(colours)) if vertices is None else vertices
    alive = set(keep)
    adjacency: dict[int, list[int]] = {v: [] for v in keep}
    for u, v in edges:
        if u in alive and v in alive:
            adjacency[u].append(v)
            adjacency[v].append(u)
    codes = []
    seen: set[int] = set()
    for start in keep:
        if start in seen:
            continue
        component = _component(start, adjacency)
        seen.update(component)
        codes.append(_tree_code(component, adjacency, colours))
    codes.sort()
    return tuple(codes)


def _component(start: int, adjacency: dict[int, list[int]]) -> list[int]:
    found = [start]
    marked = {start}
    for vertex in found:
        for other in adjacency[vertex]:
            if other not in marked:
                marked.add(other)
                found.append(other)
    return found


def _tree_code(
    component: list[int], adjacency: dict[int, list[int]], colours: Sequence[int]
) -> TreeCode:
    """AHU code of one tree: rooted at its centre; a bicentral tree as (-1, (a, b)) sorted."""
    if len(component) == 1:
        return (colours[component[0]], ())
    degree = {v: len(adjacency[v]) for v in component}
    layer = [v for v in component if degree[v] <= 1]
    left = len(component)
    while left > 2:
        left -= len(layer)
        following = []
        for leaf in layer:
            for other in adjacency[leaf]:
                degree[other] -= 1
                if degree[other] == 1:
                    following.append(other)
        layer = following
    if len(layer) == 1:
        return _rooted(layer[0], None, adjacency, colours)
    a, b = layer
    codes = sorted((_rooted(a, b, adjacency, colours), _rooted(b, a, adjacency, colours)))
    return (-1, tuple(codes))


def _rooted(
    root: int, banned: int | None, adjacency: dict[int, list[int]], colours: Sequence[int]
) -> TreeCode:
    """AHU code of the tree hanging from ``root`` (without the ``banned`` neighbour's side)."""
    order = [(root, banned)]
    for vertex, parent in order:  # breadth first: parents before children
        order.extend((child, vertex) for child in adjacency[vertex] if child != parent)
    children: dict[int, list[TreeCode]] = {}
    code: TreeCode = ()
    for vertex, parent in reversed(order):
        below = children.pop(vertex, [])
        below.sort()
        code = (colours[vertex], tuple(below))
        if parent is not None and vertex != root:
            children.setdefault(parent, []).append(code)
    return code


def graph_key(
    colours: Sequence[int],
    edges: Sequence[tuple[int, int]],
    edge_colours: Sequence[int] | None = None,
) -> Hashable:
    """A canonical form of a vertex- (and edge-) coloured graph by bliss (python-igraph).

    The key is ``(colours in canonical order, sorted relabelled edges)`` of the graph in which
    every coloured edge is subdivided by a vertex carrying the edge's colour.
    """
    import igraph  # type: ignore[import-untyped]

    n = len(colours)
    vertex_colours = list(colours)
    edge_list = list(edges)
    if edge_colours is not None:
        offset = max(vertex_colours, default=0) + 1
        subdivided = []
        for (u, v), colour in zip(edges, edge_colours, strict=True):
            middle = len(vertex_colours)
            vertex_colours.append(offset + colour)
            subdivided += [(u, middle), (middle, v)]
        edge_list = subdivided
    distinct = sorted(set(vertex_colours))
    rank = {c: i for i, c in enumerate(distinct)}
    graph = igraph.Graph(n=len(vertex_colours), edges=edge_list)
    graph.vs["c"] = vertex_colours
    # permute_vertices applies the permutation with igraph's own convention (which changed
    # between igraph versions), so the colours travel with their vertices as an attribute.
    canonical = graph.permute_vertices(
        graph.canonical_permutation(color=[rank[c] for c in vertex_colours])
    )
    mapped = sorted((min(u, v), max(u, v)) for u, v in canonical.get_edgelist())
    return (n, tuple(canonical.vs["c"]), tuple(mapped))
