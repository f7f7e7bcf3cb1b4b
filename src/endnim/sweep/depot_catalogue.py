"""What a warehouse sweep (``endnim sweep -v depot`` or ``-v depot-partizan``) enumerates, and
how it is cut into chunks.

Two families of positions, each one per isomorphism class of labelled (and coloured) graph:

* ``graphs``: every connected graph of at most 8 vertices, each vertex labelled 0..H (0 is an
  empty vertex): up to 7 vertices in the order of networkx's graph atlas (1, 1, 2, 6, 21, 112,
  853 connected ones), 8 vertices (11,117) from nauty's ``geng -c 8`` (the field's standard
  generator; :func:`geng_shapes`), sorted by edges, then edge list. Without ``geng`` the
  family stops at 7 vertices, one line says so, and the atlas still gives the rest; with it,
  ``geng``'s graphs of up to 7 vertices are the atlas's up to isomorphism (a test). In
  ``depot-partizan`` every edge is coloured ``L``, ``R`` or ``G`` in every way and every empty
  vertex is a home (the rule set's default for a graph).
* ``trees``: the tree sweep's catalogue (every unlabelled tree of at most 10 vertices, labels
  1..H) with a depot hung on each leaf, as :func:`endnim.graphs.families.from_tree` builds
  it; in ``depot-partizan`` each depot's edge is ``L``, ``R`` or ``G`` in every way (the
  tree's own edges ``G``, the depots the homes). Its positions are written in the tree
  sweep's notation (``depot``) so the two stores compare row by row.

A *shape* is one unlabelled graph (its number in the family's order for its vertex count). A
shape's labellings are cut into *parts* by how many vertices carry each label (isomorphic
labellings have the same counts, so each part is deduplicated on its own, keeping the first
labelling met in the part's order): consecutive count vectors are packed into one part until
it holds :data:`CHUNK_LABELLINGS` labellings (times the colourings). The cut depends only on
the variant, the family, the shape and H, never on the workers.

>>> [len(family_shapes("graphs", n)) for n in range(1, 8)]
[1, 1, 2, 6, 21, 112, 853]
>>> [task.part for task in plan_chunks("depot", "graphs", 2, 2)]
[0, 0]
>>> sum(1 for _ in chunk_positions(plan_chunks("depot", "graphs", 3, 1)[-1]))
4
"""

from __future__ import annotations

import functools
import itertools
import json
import math
from collections.abc import Hashable, Iterator
from dataclasses import dataclass

from endnim.errors import EndNimError
from endnim.graphs.canonical import graph_key
from endnim.graphs.position import Graph

VARIANTS = ("depot", "depot-partizan")
FAMILIES = ("graphs", "trees")
MAX_VERTICES = {"graphs": 8, "trees": 10}
"""The exact range of each family: graphs to 8 vertices with nauty's ``geng`` (the atlas
alone ends at 7: :data:`ATLAS_VERTICES`); trees of 10 vertices with their depots stay well
inside the compiled search's 64 vertices."""
ATLAS_VERTICES = 7
"""networkx's graph atlas holds every graph of up to this many vertices."""
CONNECTED_GRAPHS = (1, 1, 2, 6, 21, 112, 853, 11117)
"""The connected graphs of 1..8 vertices up to isomorphism (OEIS A001349): every catalogue
is checked against these counts."""
GENG_NAMES = ("geng", "nauty-geng")
"""What nauty's generator is called (Debian's package ``nauty`` installs ``nauty-geng``)."""
CHUNK_LABELLINGS = 20_000
"""A part holds about this many labellings (times colourings) unless one count vector alone
holds more."""
COLOURS = ("L", "R", "G")

Edges = tuple[tuple[int, int], ...]
CountVector = tuple[int, ...]


@functools.cache
def family_shapes(family: str, n: int) -> tuple[Edges, ...]:
    """The unlabelled graphs of ``n`` vertices of a family, as sorted edge lists (``graphs``
    of 8 vertices: ``()`` without ``geng``)."""
    if family == "trees":
        from endnim.sweep.trees import tree_shapes

        return tuple(tuple(edges) for edges in tree_shapes(n))
    if family != "graphs":
        raise EndNimError(f"unknown family {family!r}: choose {' or '.join(FAMILIES)}")
    if not 1 <= n <= MAX_VERTICES["graphs"]:
        return ()
    if n <= ATLAS_VERTICES:
        shapes = atlas_shapes(n)
    else:
        if geng_binary() is None:
            return ()
        shapes = tuple(sorted(geng_shapes(n), key=lambda edges: (len(edges), edges)))
    _check_count(n, len(shapes))
    return shapes


def _check_count(n: int, found: int) -> None:
    if n <= len(CONNECTED_GRAPHS) and found != CONNECTED_GRAPHS[n - 1]:
        raise EndNimError(
            f"the catalogue has {found:,} connected graphs of {n} vertices, not "
            f"{CONNECTED_GRAPHS[n - 1]:,}: the enumerator is broken"
        )


def atlas_shapes(n: int) -> tuple[Edges, ...]:
    """The connected graphs of ``n`` <= 7 vertices in networkx's atlas order.

    >>> atlas_shapes(3)
    (((0, 1), (0, 2)), ((0, 1), (0, 2), (1, 2)))
    """
    import networkx as nx  # type: ignore[import-untyped]

    if not 1 <= n <= ATLAS_VERTICES:
        return ()
    return tuple(
        tuple(sorted((min(u, v), max(u, v)) for u, v in g.edges))
        for g in nx.graph_atlas_g()
        if g.number_of_nodes() == n and (n == 1 or nx.is_connected(g))
    )


def geng_binary() -> str | None:
    """Where nauty's ``geng`` is (``None``: not installed; ``scripts/setup.sh`` installs it).

    >>> geng_binary() is not None
    True
    """
    import shutil

    for name in GENG_NAMES:
        found = shutil.which(name)
        if found is not None:
            return found
    return None


def geng_shapes(n: int) -> tuple[Edges, ...]:
    """Every connected graph of ``n`` vertices from ``geng -c n``, in ``geng``'s order, each as
    the sorted edge list of ``geng``'s labelling.

    >>> geng_shapes(3)
    (((0, 2), (1, 2)), ((0, 1), (0, 2), (1, 2)))
    """
    import subprocess

    binary = geng_binary()
    if binary is None:
        raise EndNimError(
            "nauty's geng is not installed (Debian: apt-get install nauty; or run "
            "scripts/setup.sh as root): the graphs family stops at 7 vertices without it"
        )
    if not 1 <= n <= 10:
        raise EndNimError(f"geng: {n} vertices is outside 1..10")
    done = subprocess.run(
        [binary, "-c", "-q", str(n)], capture_output=True, check=False, timeout=600
    )
    if done.returncode != 0:
        problem = done.stderr.decode(errors="replace").strip().splitlines()
        raise EndNimError(f"{binary} -c {n} failed: {problem[-1] if problem else done.returncode}")
    return tuple(graph6_edges(line) for line in done.stdout.split())


def graph6_edges(line: bytes) -> Edges:
    """The sorted edge list of a graph in graph6 (at most 62 vertices).

    >>> graph6_edges(b"Bw")
    ((0, 1), (0, 2), (1, 2))
    """
    codes = [c - 63 for c in line.strip()]
    if not codes or not 0 <= codes[0] <= 62 or any(not 0 <= c < 64 for c in codes):
        raise EndNimError(f"not a graph6 line of at most 62 vertices: {line[:40]!r}")
    n = codes[0]
    bits = [(c >> shift) & 1 for c in codes[1:] for shift in range(5, -1, -1)]
    edges = []
    k = 0
    for v in range(1, n):
        for u in range(v):
            if k < len(bits) and bits[k]:
                edges.append((u, v))
            k += 1
    return tuple(sorted(edges))


def graphs_reach() -> int:
    """How many vertices the ``graphs`` family reaches here: 8 with ``geng``, else 7."""
    return MAX_VERTICES["graphs"] if geng_binary() is not None else ATLAS_VERTICES


def leaves(n: int, edges: Edges) -> list[int]:
    """The leaves of a tree in vertex order (a lone vertex is its own leaf), as
    :func:`~endnim.graphs.families.from_tree` hangs its depots."""
    degree = [0] * n
    for u, v in edges:
        degree[u] += 1
        degree[v] += 1
    return [v for v in range(n) if degree[v] <= 1]


def lowest_label(family: str) -> int:
    """``graphs`` take empty vertices (0); a tree's vertices are positive (its depots empty)."""
    return 0 if family == "graphs" else 1


def colourings(variant: str, family: str, n: int, edges: Edges) -> int:
    """How many colourings each labelling of a shape is tried with."""
    if variant != "depot-partizan":
        return 1
    coloured = len(edges) if family == "graphs" else len(leaves(n, edges))
    return int(3**coloured)


def count_vectors(n: int, lowest: int, highest: int) -> list[CountVector]:
    """How many of ``n`` vertices carry each label ``lowest..highest``, every way, in
    decreasing lexicographic order (so labellings come out in increasing order).

    >>> count_vectors(2, 0, 1)
    [(2, 0), (1, 1), (0, 2)]
    """
    kinds = highest - lowest + 1
    found = [c for c in itertools.product(range(n, -1, -1), repeat=kinds) if sum(c) == n]
    return found


def multinomial(counts: CountVector) -> int:
    """The labellings with these counts."""
    total, ways = 0, 1
    for c in counts:
        total += c
        ways *= math.comb(total, c)
    return ways


def labellings(counts: CountVector, lowest: int) -> Iterator[tuple[int, ...]]:
    """Every labelling with these counts (label ``lowest + i`` on ``counts[i]`` vertices), in
    increasing lexicographic order.

    >>> list(labellings((1, 2), 0))
    [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    """
    left = list(counts)
    n = sum(counts)
    chosen: list[int] = []

    def walk() -> Iterator[tuple[int, ...]]:
        if len(chosen) == n:
            yield tuple(chosen)
            return
        for i, c in enumerate(left):
            if c:
                left[i] -= 1
                chosen.append(lowest + i)
                yield from walk()
                chosen.pop()
                left[i] += 1

    return walk()


@dataclass(frozen=True)
class ChunkTask:
    """One chunk: some count vectors of one shape (picklable: it travels to a worker)."""

    variant: str
    family: str
    vertices: int
    shape: int
    part: int
    edges: Edges
    max_label: int
    counts: tuple[CountVector, ...]
    compiled: bool | None = None
    """``False``: the Python search (the reference); else the compiled search when built."""

    @property
    def labellings(self) -> int:
        """Labellings (times colourings) the chunk tries."""
        per = colourings(self.variant, self.family, self.vertices, self.edges)
        return per * sum(multinomial(c) for c in self.counts)

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.vertices, self.shape, self.part)


def shape_parts(
    variant: str, family: str, n: int, edges: Edges, max_label: int
) -> list[tuple[CountVector, ...]]:
    """A shape's count vectors packed into parts of about :data:`CHUNK_LABELLINGS`."""
    per = colourings(variant, family, n, edges)
    parts: list[tuple[CountVector, ...]] = []
    current: list[CountVector] = []
    size = 0
    for counts in count_vectors(n, lowest_label(family), max_label):
        ways = multinomial(counts) * per
        if current and size + ways > CHUNK_LABELLINGS:
            parts.append(tuple(current))
            current, size = [], 0
        current.append(counts)
        size += ways
    if current:
        parts.append(tuple(current))
    return parts


def check_range(variant: str, family: str, max_vertices: int, max_label: int) -> None:
    """Refuse, in one line, what the catalogue does not hold."""
    if variant not in VARIANTS:
        raise EndNimError(f"a warehouse sweep is for {' or '.join(VARIANTS)}, not {variant}")
    if family not in FAMILIES:
        raise EndNimError(f"--family {family!r}: choose {' or '.join(FAMILIES)}")
    if max_vertices < 1 or max_label < 1:
        raise EndNimError("a warehouse sweep needs --max-vertices >= 1 and --max-label >= 1")
    top = MAX_VERTICES[family]
    if max_vertices > top:
        reason = "nauty's geng, exact there" if family == "graphs" else "the catalogue's reach"
        raise EndNimError(
            f"--max-vertices {max_vertices}: the {family} family goes to {top} ({reason})"
        )
    if family == "graphs" and max_vertices > graphs_reach():
        raise EndNimError(
            f"--max-vertices {max_vertices}: without nauty's geng the graphs family goes to "
            f"{ATLAS_VERTICES} (networkx's atlas ends there; apt-get install nauty)"
        )
    if max_label > 255:
        raise EndNimError(f"--max-label {max_label}: at most 255")


def plan_chunks(
    variant: str, family: str, max_vertices: int, max_label: int, compiled: bool | None = None
) -> list[ChunkTask]:
    """Every chunk of a sweep, by vertices, shape and part."""
    check_range(variant, family, max_vertices, max_label)
    return [
        ChunkTask(variant, family, n, s, p, edges, max_label, counts, compiled)
        for n in range(1, max_vertices + 1)
        for s, edges in enumerate(family_shapes(family, n))
        for p, counts in enumerate(shape_parts(variant, family, n, edges, max_label))
    ]


def compact(data: object) -> str:
    """JSON without spaces: how positions are written in the store."""
    return json.dumps(data, separators=(",", ":"))


def chunk_positions(task: ChunkTask) -> Iterator[tuple[str, tuple[int, ...], Graph]]:
    """The chunk's positions, one per isomorphism class (the first met), each as (its text,
    the shape's labels, the position to solve). The text is the tree sweep's notation for a
    ``depot`` tree, else the position's JSON."""
    from endnim.graphs.depot_partizan import DepotPartizan
    from endnim.graphs.families import from_tree

    n, edges, family = task.vertices, task.edges, task.family
    partizan = task.variant == "depot-partizan"
    rules = DepotPartizan()
    seen: set[Hashable] = set()
    lowest = lowest_label(family)
    hung = len(leaves(n, edges)) if family == "trees" else 0
    colour_count = (len(edges) if family == "graphs" else hung) if partizan else 0
    for counts in task.counts:
        for labels in labellings(counts, lowest):
            for colours in itertools.product(COLOURS, repeat=colour_count):
                key: Hashable
                if family == "trees":
                    position = from_tree(
                        labels, edges, task.variant, list(colours) if partizan else None
                    )
                    if partizan:
                        key = rules.isomorphism_key(position)
                    else:
                        from endnim.sweep.trees import canonical_notation

                        key = canonical_notation(labels, edges)
                else:
                    if partizan:
                        position = Graph.unchecked(
                            labels, edges, colours, [v for v in range(n) if labels[v] == 0]
                        )
                        key = rules.isomorphism_key(position)
                    else:
                        position = Graph(labels, edges)
                        key = graph_key(labels, edges)
                if key in seen:
                    continue
                seen.add(key)
                text = key if isinstance(key, str) else compact(position.to_json())
                yield text, labels, position


__all__ = [
    "ATLAS_VERTICES",
    "CHUNK_LABELLINGS",
    "CONNECTED_GRAPHS",
    "FAMILIES",
    "MAX_VERTICES",
    "VARIANTS",
    "ChunkTask",
    "atlas_shapes",
    "check_range",
    "chunk_positions",
    "colourings",
    "compact",
    "count_vectors",
    "family_shapes",
    "geng_binary",
    "geng_shapes",
    "graph6_edges",
    "graphs_reach",
    "labellings",
    "leaves",
    "lowest_label",
    "multinomial",
    "plan_chunks",
    "shape_parts",
]
