"""Canonical keys of labelled graphs: equal keys exactly when the graphs are isomorphic.

* Trees and forests: an AHU encoding (Aho, Hopcroft & Ullman 1974), rooted at the centre (or
  the central edge) of each tree, a child list sorted at every vertex, written as a flat
  string; pure Python, and the fastest choice for the small trees a search meets.
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

TreeCode = str
"""A tree's AHU code (:func:`_tree_code`)."""


def forest_key(
    colours: Sequence[int],
    edges: Sequence[tuple[int, int]],
    vertices: Sequence[int] | None = None,
) -> tuple[TreeCode, ...]:
    """The sorted AHU codes of the trees of a forest (``vertices``: those that count; edges
    with an end outside them are ignored). The forest must have no cycle."""
    keep = range(len(colours)) if vertices is None else vertices
    adjacency: dict[int, list[int]] = {v: [] for v in keep}
    for u, v in edges:
        if u in adjacency and v in adjacency:
            adjacency[u].append(v)
            adjacency[v].append(u)
    return _forest(colours, adjacency)


def forest_key_adjacency(
    colours: Sequence[int],
    adjacency: Sequence[Sequence[int]],
    vertices: Sequence[int],
) -> tuple[TreeCode, ...]:
    """:func:`forest_key` of the forest induced on ``vertices``, from every vertex's
    neighbours (no pass over all the edges).

    >>> forest_key_adjacency([3, 1, 2], [(1,), (0, 2), (1,)], [0, 1, 2]) == forest_key(
    ...     [3, 1, 2], [(0, 1), (1, 2)])
    True
    """
    alive = set(vertices)
    return _forest(colours, {v: [w for w in adjacency[v] if w in alive] for v in vertices})


def _forest(colours: Sequence[int], adjacency: dict[int, list[int]]) -> tuple[TreeCode, ...]:
    codes = []
    seen: set[int] = set()
    for start in adjacency:
        if start in seen:
            continue
        component = _component(start, adjacency)
        seen.update(component)
        codes.append(_tree_code(component, adjacency, colours))
    if len(codes) > 1:
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
    """AHU code of one tree, rooted at its centre, as a flat string: a vertex is
    ``"(" + its colour + its children's codes, sorted + ")"``; a bicentral tree is
    ``"[" + the two centres' codes, sorted + "]"``. The text reads back into the tree (a code
    starts with "(" or "[", a colour is an integer), so equal codes mean isomorphic trees.

    One pass peels the leaves layer by layer towards the centre (no recursion): a vertex is
    encoded when it is peeled, from the codes of its neighbours peeled before it (its children
    when the tree hangs from its centre), and handed to its one neighbour not yet peeled.
    Strings, not nested tuples: comparing or hashing a tuple nested as deep as a long path
    recursed in C and failed (RecursionError) on paths of about 1,000 vertices.

    >>> _tree_code([0, 1, 2], {0: [1], 1: [0, 2], 2: [1]}, [3, 1, 2])
    '(1(2)(3))'
    """
    size = len(component)
    if size == 1:
        return f"({colours[component[0]]})"
    degree = {v: len(adjacency[v]) for v in component}
    below: dict[int, list[str]] = {v: [] for v in component}
    layer = [v for v in component if degree[v] <= 1]
    left = size
    while left > 2:
        left -= len(layer)
        for leaf in layer:
            degree[leaf] = 0  # peeled (no two leaves of a layer are adjacent: left > 2)
        following = []
        for leaf in layer:
            kids = below.pop(leaf)
            if len(kids) > 1:
                kids.sort()
            code = f"({colours[leaf]}{''.join(kids)})"
            for other in adjacency[leaf]:
                if degree[other]:
                    below[other].append(code)
                    degree[other] -= 1
                    if degree[other] == 1:
                        following.append(other)
        layer = following
    codes = []
    for centre in layer:
        kids = below[centre]
        kids.sort()
        codes.append(f"({colours[centre]}{''.join(kids)})")
    if len(codes) == 1:
        return codes[0]
    codes.sort()
    return f"[{codes[0]}{codes[1]}]"


def graph_key(
    colours: Sequence[int],
    edges: Sequence[tuple[int, int]],
    edge_colours: Sequence[int] | None = None,
    plain: int | None = None,
) -> Hashable:
    """A canonical form of a vertex- (and edge-) coloured graph by bliss (python-igraph).

    The key is ``(n, colours in canonical order, sorted relabelled edges)`` of the graph in
    which every coloured edge is subdivided by a vertex carrying the edge's colour (``n``:
    the vertices before subdividing). Edges of colour ``plain`` are left whole: only the
    original vertices are joined directly, so the coloured graph is still recovered exactly.

    >>> graph_key([1, 1, 1], [(0, 1), (1, 2)], [0, 2], plain=2) == graph_key(
    ...     [1, 1, 1], [(1, 2), (0, 1)], [0, 2], plain=2)
    True
    """
    n = len(colours)
    if edge_colours is None:
        vertex_colours = list(colours)
        edge_list = list(edges)
    else:
        vertex_colours = list(colours)
        offset = max(vertex_colours, default=0) + 1
        edge_list = []
        for (u, v), colour in zip(edges, edge_colours, strict=True):
            if colour == plain:
                edge_list.append((u, v))
                continue
            middle = len(vertex_colours)
            vertex_colours.append(offset + colour)
            edge_list.append((u, middle))
            edge_list.append((middle, v))
    if len(vertex_colours) > DIRECT_ORDER:
        return (n, _large_key(vertex_colours, edge_list))
    return _bliss_key(n, vertex_colours, edge_list)


DIRECT_ORDER = 64
"""Graphs (with their subdividing vertices) up to this order go to bliss whole. Larger ones
are keyed component by component, their twins merged first (:func:`_large_key`): bliss takes
quadratic time or worse on many interchangeable vertices (1,000 isolated vertices: 2 s,
4,000: a minute; a star of 50,000 leaves: minutes)."""


def _bliss_key(
    n: int, vertex_colours: Sequence[Any], edge_list: list[tuple[int, int]]
) -> tuple[int, tuple[Any, ...], tuple[tuple[int, int], ...]]:
    """bliss's canonical form of the whole graph: ``(n, colours in canonical order, sorted
    relabelled edges)`` (colours: any sortable values)."""
    distinct = sorted(set(vertex_colours))
    if len(distinct) == len(vertex_colours):  # every vertex its own colour: no symmetry
        rank = {c: i for i, c in enumerate(distinct)}
        where = [rank[c] for c in vertex_colours]
    else:
        rank = {c: i for i, c in enumerate(distinct)}
        where = _canonical_permutation(
            len(vertex_colours), edge_list, [rank[c] for c in vertex_colours]
        )
    # where[i]: vertex i's number in the canonical labelling
    relabelled = [0] * len(vertex_colours)
    for i, c in enumerate(vertex_colours):
        relabelled[where[i]] = c
    mapped = []
    for u, v in edge_list:
        a, b = where[u], where[v]
        mapped.append((a, b) if a < b else (b, a))
    mapped.sort()
    return (n, tuple(relabelled), tuple(mapped))


def _large_key(colours: list[int], edges: list[tuple[int, int]]) -> Hashable:
    """A canonical key of a large graph: its twins merged, then the sorted bliss forms of the
    connected components of what is left.

    Twins (vertices of one colour with the same neighbours besides each other) are
    interchangeable by an automorphism. A graph is recovered up to isomorphism from its classes
    of twins, each one vertex coloured (colour, adjacent or not, how many), and the edges
    between classes (a class is joined to all of another or to none of it); so two graphs get
    equal keys exactly when they are isomorphic.

    >>> star = _large_key([1] * 100, [(0, v) for v in range(1, 100)])
    >>> star == _large_key([1] * 100, [(99, v) for v in range(99)])
    True
    >>> _large_key([1] * 100, [])
    ((((1, False, 100),), ()),)
    """
    order = len(colours)
    neighbours: list[list[int]] = [[] for _ in range(order)]
    for u, v in edges:
        neighbours[u].append(v)
        neighbours[v].append(u)
    # a vertex has at most one nontrivial class of twins (false: the same open neighbourhood,
    # true: the same closed one); the other class is just itself
    classes: dict[tuple[Any, ...], list[int]] = {}
    for vertex in range(order):
        around = sorted(neighbours[vertex])
        classes.setdefault((colours[vertex], False, *around), []).append(vertex)
        around.append(vertex)
        around.sort()
        classes.setdefault((colours[vertex], True, *around), []).append(vertex)
    of = [-1] * order  # vertex -> its class
    class_colours: list[tuple[int, bool, int]] = []
    for (colour, adjacent, *_), members in classes.items():
        if len(members) > 1:
            for vertex in members:
                of[vertex] = len(class_colours)
            class_colours.append((colour, adjacent, len(members)))
    for vertex in range(order):
        if of[vertex] < 0:
            of[vertex] = len(class_colours)
            class_colours.append((colours[vertex], False, 1))
    links: list[set[int]] = [set() for _ in class_colours]
    for u, v in edges:
        a, b = of[u], of[v]
        if a != b:
            links[a].add(b)
            links[b].add(a)
    seen = [False] * len(class_colours)
    Form = tuple[tuple[Any, ...], tuple[tuple[int, int], ...]]
    known: dict[Form, Form] = {}  # a component as numbered here -> its bliss form
    keys: list[Form] = []
    for start in range(len(class_colours)):
        if seen[start]:
            continue
        seen[start] = True
        component = [start]
        for node in component:
            for other in links[node]:
                if not seen[other]:
                    seen[other] = True
                    component.append(other)
        index = {node: i for i, node in enumerate(component)}
        local_colours = [class_colours[node] for node in component]
        local_edges = sorted(
            (index[a], index[b]) for a in component for b in links[a] if index[a] < index[b]
        )
        form = (tuple(local_colours), tuple(local_edges))
        found = known.get(form)
        if found is None:
            _, relabelled, mapped = _bliss_key(len(component), local_colours, local_edges)
            found = known[form] = (relabelled, mapped)
        keys.append(found)
    keys.sort()
    return tuple(keys)


_GRAPH: Any = None


def _canonical_permutation(
    order: int, edges: list[tuple[int, int]], colours: list[int]
) -> list[int]:
    """bliss's canonical labelling (through python-igraph): entry i is vertex i's new
    number."""
    global _GRAPH
    if _GRAPH is None:
        import igraph  # type: ignore[import-untyped]

        _GRAPH = igraph.GraphBase  # the C type: no Python-level constructor overhead
    # python-igraph returns, position by position of the canonical graph, the original vertex
    # placed there (what ``permute_vertices`` expects); invert it.
    placed: list[int] = _GRAPH(order, edges).canonical_permutation(color=colours)
    where = [0] * order
    for new, old in enumerate(placed):
        where[old] = new
    return where


def graph_key_reference(
    colours: Sequence[int],
    edges: Sequence[tuple[int, int]],
    edge_colours: Sequence[int] | None = None,
) -> Hashable:
    """The straightforward :func:`graph_key` (igraph's ``permute_vertices``, which carries the
    colours with their vertices whatever igraph's permutation convention): the tests check
    the fast one against it."""
    import igraph

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
    canonical = graph.permute_vertices(
        graph.canonical_permutation(color=[rank[c] for c in vertex_colours])
    )
    mapped = sorted((min(u, v), max(u, v)) for u, v in canonical.get_edgelist())
    return (n, tuple(canonical.vs["c"]), tuple(mapped))
