"""Families of graph positions: stars, spiders, caterpillars, complete binary trees, cycles and
warehouse grids, each built for a chosen rule set with a documented vertex numbering.

Trees are built for ``tree`` as they are. For ``depot`` and ``depot-partizan`` a tree family
gets a private empty vertex (a *depot*) hung on each of its leaves (a lone vertex gets one), so
that the tree's leaves are where the game starts, as in ``tree``; the depots are numbered after
the tree's vertices, in the order of their leaves. On a path this is End-Nim in both games (a
path with an empty vertex at each end). In ``depot-partizan`` the depots are the homes, every
tree edge is ``G`` and each depot's edge has the colour given in ``depot_colours`` (one letter
per depot, default ``G``). The games differ: in ``tree`` an inner vertex becomes reducible only
when all but one of its neighbours are gone, in ``depot`` as soon as one of them is emptied.

A cycle (``depot``: vertex 0 empty, vertices 1..n the labels round the cycle; ``depot-partizan``:
partizan End-Nim's cycle, home 0, an ``L`` edge to vertex 1, an ``R`` edge from vertex n, ``G``
between) and a warehouse grid (the interior's cells row by row, then the empty border, as
:func:`endnim.graphs.notation.grid_shape` numbers them; in ``depot-partizan`` the border cells are
the homes and the edges ``G``, or with ``colours="LR"`` horizontal edges ``L`` and vertical ones
``R``) are not trees: asking for them in ``tree`` is a one-line error.

>>> star(2, [1, 3]).to_json()
{'labels': [2, 1, 3], 'edges': [[0, 1], [0, 2]]}
>>> star(2, [1, 3], rules="depot").to_json()
{'labels': [2, 1, 3, 0, 0], 'edges': [[0, 1], [0, 2], [1, 3], [2, 4]]}
>>> spider(1, [[2, 3], [4]]).to_json()
{'labels': [1, 2, 3, 4], 'edges': [[0, 1], [0, 3], [1, 2]]}
"""

from __future__ import annotations

from collections.abc import Sequence

from endnim.errors import PositionError
from endnim.graphs.base import GraphRuleSet
from endnim.graphs.notation import grid_shape
from endnim.graphs.position import Graph

RULE_SETS = ("tree", "depot", "depot-partizan")
"""The rule sets the families are built for."""

MAX_FAMILY_VERTICES = 10_000
"""Larger family members are refused at once."""


def _rules(rules: str | GraphRuleSet) -> GraphRuleSet:
    if isinstance(rules, GraphRuleSet):
        return rules
    from endnim.variants import get_variant

    found = get_variant(rules)
    if not isinstance(found, GraphRuleSet):
        raise PositionError(f"the graph families are for {', '.join(RULE_SETS)}, not {found.name}")
    return found


def _positive(labels: Sequence[int], what: str) -> list[int]:
    out = []
    for value in labels:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise PositionError(f"{what} {value!r:.20}: labels of a family are positive integers")
        out.append(value)
    return out


def from_tree(
    labels: Sequence[int],
    edges: Sequence[tuple[int, int]],
    rules: str | GraphRuleSet = "tree",
    depot_colours: Sequence[str] | None = None,
) -> Graph:
    """A labelled tree as a position of ``rules``: itself in ``tree``; with a depot hung on each
    leaf (numbered after the tree, in leaf order) in ``depot`` and ``depot-partizan``.

    >>> from_tree([1, 2], [(0, 1)], "depot-partizan", "LR").to_json()
    {'labels': [1, 2, 0, 0], 'edges': [[0, 1], [0, 2], [1, 3]], 'colours': ['G', 'L', 'R'], \
'homes': [2, 3]}
    """
    game = _rules(rules)
    labels = _positive(labels, "label")
    if len(labels) > MAX_FAMILY_VERTICES:
        raise PositionError(f"{len(labels):,} vertices: at most {MAX_FAMILY_VERTICES:,}")
    if game.name == "tree":
        if depot_colours:
            raise PositionError("depot colours are for depot-partizan")
        return game.coerce_position(Graph.build(labels, edges))
    degree = [0] * len(labels)
    for u, v in edges:
        degree[u] += 1
        degree[v] += 1
    leaves = [v for v, d in enumerate(degree) if d <= 1]
    n = len(labels)
    full = [*labels, *([0] * len(leaves))]
    all_edges = [*edges, *((leaf, n + i) for i, leaf in enumerate(leaves))]
    if game.name == "depot":
        if depot_colours:
            raise PositionError("depot colours are for depot-partizan")
        return game.coerce_position(Graph.build(full, all_edges))
    colours = list(depot_colours or "G" * len(leaves))
    if len(colours) != len(leaves):
        raise PositionError(
            f"{len(colours)} depot colours for {len(leaves)} leaves: give one per leaf"
        )
    tree_colours = ["G"] * len(edges)
    homes = list(range(n, n + len(leaves)))
    return game.coerce_position(Graph.build(full, all_edges, tree_colours + colours, homes))


def star(
    centre: int,
    leaves: Sequence[int],
    rules: str | GraphRuleSet = "tree",
    depot_colours: Sequence[str] | None = None,
) -> Graph:
    """The star: centre (vertex 0) labelled ``centre``, leaf i (vertex i + 1) labelled
    ``leaves[i]``; see :func:`from_tree` for ``depot``.

    >>> star(3, [1, 1, 1]).edges
    ((0, 1), (0, 2), (0, 3))
    """
    return spider(centre, [[x] for x in leaves], rules, depot_colours)


def spider(
    centre: int,
    legs: Sequence[Sequence[int]],
    rules: str | GraphRuleSet = "tree",
    depot_colours: Sequence[str] | None = None,
) -> Graph:
    """The spider: the centre (vertex 0) and its legs, each a path written from the centre
    outwards; the legs' vertices are numbered 1, 2, ... leg after leg.

    >>> spider(5, [[1, 2], [3, 4]]).edges
    ((0, 1), (0, 3), (1, 2), (3, 4))
    """
    labels = [centre]
    edges: list[tuple[int, int]] = []
    for leg in legs:
        if not leg:
            raise PositionError("a spider's leg has at least one vertex")
        previous = 0
        for label in leg:
            labels.append(label)
            edges.append((previous, len(labels) - 1))
            previous = len(labels) - 1
    return from_tree(labels, edges, rules, depot_colours)


def caterpillar(
    spine: Sequence[int],
    legs: Sequence[Sequence[int]],
    rules: str | GraphRuleSet = "tree",
    depot_colours: Sequence[str] | None = None,
) -> Graph:
    """The caterpillar: a spine path (vertices 0..s-1) and, for spine vertex i, the leaves
    ``legs[i]`` hung on it (missing entries: none), numbered after the spine in spine order.

    >>> caterpillar([1, 2], [[3], [4, 5]]).to_json()
    {'labels': [1, 2, 3, 4, 5], 'edges': [[0, 1], [0, 2], [1, 3], [1, 4]]}
    """
    if not spine:
        raise PositionError("a caterpillar's spine has at least one vertex")
    if len(legs) > len(spine):
        raise PositionError(f"{len(legs)} lists of legs for a spine of {len(spine)} vertices")
    labels = list(spine)
    edges = [(i, i + 1) for i in range(len(spine) - 1)]
    for i, hanging in enumerate(legs):
        for label in hanging:
            labels.append(label)
            edges.append((i, len(labels) - 1))
    return from_tree(labels, edges, rules, depot_colours)


def binary_tree(
    depth: int,
    labels: int | Sequence[int],
    rules: str | GraphRuleSet = "tree",
    depot_colours: Sequence[str] | None = None,
) -> Graph:
    """The complete binary tree of ``depth`` (depth 0: one vertex; 2^(d+1) - 1 vertices), in
    heap order: the root is vertex 0 and vertex v's children are 2v + 1 and 2v + 2. ``labels``
    is one label for every vertex or one per level (root first).

    >>> binary_tree(1, [5, 1]).to_json()
    {'labels': [5, 1, 1], 'edges': [[0, 1], [0, 2]]}
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise PositionError(f"depth {depth!r:.20}: a binary tree's depth is an integer >= 0")
    if depth > 12:
        raise PositionError(f"depth {depth}: at most 12 (8,191 vertices)")
    levels = [labels] * (depth + 1) if isinstance(labels, int) else list(labels)
    if len(levels) != depth + 1:
        raise PositionError(f"{len(levels)} level labels for depth {depth}: give {depth + 1}")
    values = [levels[(v + 1).bit_length() - 1] for v in range(2 ** (depth + 1) - 1)]
    edges = [((v - 1) // 2, v) for v in range(1, len(values))]
    return from_tree(values, edges, rules, depot_colours)


def path(labels: Sequence[int], rules: str | GraphRuleSet = "tree") -> Graph:
    """The path of ``labels`` (vertices 0..n-1 in order): End-Nim's row in every rule set
    (``depot``: between two empty vertices; ``depot-partizan``: partizan End-Nim's cycle).

    >>> path([3, 1, 4], "depot").labels
    (0, 3, 1, 4, 0)
    """
    game = _rules(rules)
    return game.coerce_position(_positive(labels, "label"))


def cycle(labels: Sequence[int], rules: str | GraphRuleSet = "depot") -> Graph:
    """The cycle with one empty vertex (vertex 0) and ``labels`` on vertices 1..n round it:
    End-Nim in ``depot``; in ``depot-partizan`` partizan End-Nim's cycle (home 0, ``L`` edge to
    vertex 1, ``R`` edge from vertex n). ``tree`` has no cycles.

    >>> cycle([2, 2]).to_json()
    {'labels': [0, 2, 2], 'edges': [[0, 1], [0, 2], [1, 2]]}
    """
    game = _rules(rules)
    values = _positive(labels, "label")
    if game.name == "tree":
        raise PositionError("a cycle is not a tree: use --variant depot or depot-partizan")
    if game.name == "depot-partizan":
        return game.from_row(values)
    if len(values) < 2:
        raise PositionError("a cycle with one empty vertex needs at least 2 labels")
    n = len(values)
    edges = [(i, i + 1) for i in range(n)] + [(0, n)]
    return game.coerce_position(Graph.build([0, *values], edges))


def grid(
    rows: int,
    cols: int,
    cells: int | Sequence[int],
    rules: str | GraphRuleSet = "depot",
    colours: str = "G",
) -> Graph:
    """The r×c warehouse: interior cells 0..rc-1 row by row (``cells``: one label for all or one
    per cell), then the empty border (:func:`~endnim.graphs.notation.grid_shape`). In
    ``depot-partizan`` the border cells are homes; ``colours`` ``G`` makes every edge green,
    ``LR`` horizontal edges Left's and vertical ones Right's.

    >>> grid(1, 2, 3).labels
    (3, 3, 0, 0, 0, 0, 0, 0)
    >>> grid(1, 1, 1, "depot-partizan", "LR").colours
    ('R', 'R', 'L', 'L')
    """
    game = _rules(rules)
    if game.name == "tree":
        raise PositionError("a grid is not a tree: use --variant depot or depot-partizan")
    for value, what in ((rows, "rows"), (cols, "columns")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise PositionError(f"{what} {value!r:.20}: a grid has at least one row and column")
    if rows * cols > MAX_FAMILY_VERTICES:
        raise PositionError(f"a {rows}x{cols} grid: at most {MAX_FAMILY_VERTICES:,} cells")
    values = [cells] * (rows * cols) if isinstance(cells, int) else list(cells)
    if len(values) != rows * cols:
        raise PositionError(f"a {rows}x{cols} grid has {rows * cols} cells, not {len(values)}")
    labels, edges = grid_shape(rows, cols, _positive(values, "cell label"))
    if game.name == "depot":
        return game.coerce_position(Graph.build(labels, edges))
    scheme = colours.strip().upper()
    if scheme not in ("G", "LR"):
        raise PositionError(f"grid colours {colours!r:.10}: choose G or LR")
    edge_colours = []
    for u, v in edges:
        if scheme == "G":
            edge_colours.append("G")
        else:
            edge_colours.append(_direction(u, v, rows, cols))
    homes = [v for v, x in enumerate(labels) if x == 0]
    return game.coerce_position(Graph.build(labels, edges, edge_colours, homes))


def _direction(u: int, v: int, rows: int, cols: int) -> str:
    """``L`` for a horizontal edge of the warehouse, ``R`` for a vertical one."""
    inner = rows * cols
    if v < inner:  # both interior: same row means horizontal
        return "L" if u // cols == v // cols else "R"
    border = v - inner  # the border in grid_shape's order: top c, bottom c, left r, right r
    return "R" if border < 2 * cols else "L"


__all__ = [
    "RULE_SETS",
    "binary_tree",
    "caterpillar",
    "cycle",
    "from_tree",
    "grid",
    "path",
    "spider",
    "star",
]
