"""Text notations of graph positions, and how each numbers the vertices.

* **JSON**: ``{"labels": [3, 0, 2], "edges": [[0, 1], [1, 2]]}`` (plus ``"colours"`` and
  ``"homes"`` for ``depot-partizan``); vertex ``i`` carries ``labels[i]``.
* **row**: ``3 1 4``. The rule set decides the graph: the path 0–1–2 in ``tree``; in ``depot``
  the path between two empty vertices, pile ``i`` being vertex ``i`` (vertices 0 and n+1 are the
  empty ends); in ``depot-partizan`` the cycle of partizan End-Nim (home 0, an ``L`` edge to
  pile 1, an ``R`` edge from pile n, ``G`` edges between).
* **nested parentheses** (trees): ``3(1 2(4 1))`` is a vertex labelled 3 with children 1 and
  2, and 2 has children 4 and 1. Vertices are numbered in the order their labels are written
  (pre-order): here 0:3, 1:1, 2:2, 3:4, 4:1. Several trees side by side make a forest.
* **cycle**: ``cycle: 0 3 1 4``: vertices 0..n-1 in that order round a cycle (n >= 3).
* **grid**: ``grid 3x4: 1 2 2 1 ...``: the r×c interior of a warehouse grid, row by row, as
  vertices 0..rc-1 (one label alone fills every cell); its empty border (without corners) is
  numbered after it: the c cells above row 1, the c below row r, the r left of column 1, the r
  right of column c.

>>> parse_parentheses("3(1 2(4 1))")
([3, 1, 2, 4, 1], [(0, 1), (0, 2), (2, 3), (2, 4)])
>>> labels, edges = parse_grid("grid 1x2: 5 6")
>>> labels, edges
([5, 6, 0, 0, 0, 0, 0, 0], [(0, 1), (0, 2), (1, 3), (0, 4), (1, 5), (0, 6), (1, 7)])
"""

from __future__ import annotations

import re

from endnim.errors import PositionError

Shape = tuple[list[int], list[tuple[int, int]]]
"""Labels and edges read from a notation (the rule set adds colours and homes)."""

MAX_GRID_CELLS = 10_000
"""Grids with more interior cells are refused at once."""

_GRID = re.compile(r"^\s*grid\s+(\d+)\s*[x×X*]\s*(\d+)\s*:?(.*)$", re.DOTALL | re.IGNORECASE)
_CYCLE = re.compile(r"^\s*cycle\s*:?(.*)$", re.DOTALL | re.IGNORECASE)
_TOKEN = re.compile(r"\s*(\(|\)|[^\s(),]+|,)")


def kind_of(text: str) -> str:
    """Which notation ``text`` is written in: ``json``, ``grid``, ``cycle``, ``tree`` or
    ``row``.

    >>> [kind_of(t) for t in ('{"labels": [1]}', "grid 2x2: 1", "cycle: 1 2 3", "1(2)", "1 2")]
    ['json', 'grid', 'cycle', 'tree', 'row']
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        return "json"
    if _GRID.match(stripped):
        return "grid"
    if _CYCLE.match(stripped):
        return "cycle"
    if "(" in stripped or ")" in stripped:
        return "tree"
    return "row"


def parse_labels(text: str, *, allow_zero: bool, what: str = "label") -> list[int]:
    """Integers separated by spaces or commas (``0`` only when ``allow_zero``).

    >>> parse_labels("3, 0 2", allow_zero=True)
    [3, 0, 2]
    """
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    labels = []
    for number, token in enumerate(tokens, start=1):
        labels.append(_integer(token, number, allow_zero, what))
    return labels


def _integer(token: str, number: int, allow_zero: bool, what: str) -> int:
    if not re.fullmatch(r"[+-]?\d+", token):
        raise PositionError(f"{what} {number} is {token!r:.30}: write whole numbers")
    if len(token) > 10_000:
        raise PositionError(f"{what} {number} has more than 10,000 digits")
    value = int(token)
    lowest = 0 if allow_zero else 1
    if value < lowest:
        kind = "integers >= 0" if allow_zero else "positive integers"
        raise PositionError(f"{what} {number} is {value}: {what}s are {kind}")
    return value


def parse_parentheses(text: str, *, allow_zero: bool = False) -> Shape:
    """A forest written with nested parentheses; vertices numbered in pre-order."""
    tokens = [t for t in _TOKEN.findall(text) if t.strip() and t != ","]
    rest = _TOKEN.sub("", text)
    if rest.strip():
        raise PositionError(f"cannot read {rest.strip()[:20]!r} in the tree {text.strip()[:40]!r}")
    labels: list[int] = []
    edges: list[tuple[int, int]] = []
    parents: list[int | None] = [None]  # the vertex whose children are being read
    last: int | None = None
    for token in tokens:
        if token == "(":
            if last is None:
                raise PositionError("'(' must follow a vertex's label: write 3(1 2)")
            parents.append(last)
            last = None
        elif token == ")":
            if len(parents) == 1:
                raise PositionError(f"unbalanced ')' in the tree {text.strip()[:40]!r}")
            parents.pop()
            last = None
        else:
            vertex = len(labels)
            labels.append(_integer(token, vertex + 1, allow_zero, "label"))
            parent = parents[-1]
            if parent is not None:
                edges.append((parent, vertex))
            last = vertex
    if len(parents) != 1:
        raise PositionError(f"unbalanced '(' in the tree {text.strip()[:40]!r}: close it with ')'")
    if not labels:
        raise PositionError("the tree has no vertices")
    return labels, edges


def parse_cycle(text: str, *, allow_zero: bool = True) -> Shape:
    """``cycle: a b c ...``: the labels round a cycle, vertices 0..n-1 in order."""
    match = _CYCLE.match(text)
    assert match is not None
    labels = parse_labels(match.group(1), allow_zero=allow_zero)
    if len(labels) < 3:
        raise PositionError(f"a cycle needs at least 3 vertices, not {len(labels)}")
    n = len(labels)
    return labels, [(i, (i + 1) % n) for i in range(n)]


def parse_grid(text: str) -> Shape:
    """``grid RxC: labels``: an r×c interior (row by row) with an empty border."""
    match = _GRID.match(text)
    assert match is not None
    rows, cols = int(match.group(1)), int(match.group(2))
    if rows < 1 or cols < 1:
        raise PositionError(f"a grid needs at least one row and one column, not {rows}x{cols}")
    if rows * cols > MAX_GRID_CELLS:
        raise PositionError(f"a {rows}x{cols} grid: at most {MAX_GRID_CELLS:,} cells are accepted")
    cells = parse_labels(match.group(3), allow_zero=True)
    if len(cells) == 1:
        cells = cells * (rows * cols)
    if len(cells) != rows * cols:
        raise PositionError(
            f"a {rows}x{cols} grid has {rows * cols} cells but {len(cells)} labels were given"
        )
    return grid_shape(rows, cols, cells)


def grid_shape(rows: int, cols: int, cells: list[int]) -> Shape:
    """The warehouse graph: interior cells 0..rc-1 row by row, then the empty border."""

    def cell(r: int, c: int) -> int:
        return r * cols + c

    labels = list(cells)
    edges: list[tuple[int, int]] = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                edges.append((cell(r, c), cell(r, c + 1)))
            if r + 1 < rows:
                edges.append((cell(r, c), cell(r + 1, c)))
    border: list[tuple[int, int]] = []  # (border vertex, interior neighbour), in order
    border += [(0, cell(0, c)) for c in range(cols)]
    border += [(0, cell(rows - 1, c)) for c in range(cols)]
    border += [(0, cell(r, 0)) for r in range(rows)]
    border += [(0, cell(r, cols - 1)) for r in range(rows)]
    for _, inner in border:
        vertex = len(labels)
        labels.append(0)
        edges.append((vertex, inner) if vertex < inner else (inner, vertex))
    return labels, edges
