"""Where to draw each vertex of a graph position: the web page's layout, for pictures in Python.

Deterministic, per connected component, components side by side (the rules of the page's
``layoutGraph`` in ``web/static/graph.js``): a path in a row, a cycle on a circle, a tree in
layers from its lowest-numbered vertex (leaves in consecutive columns, a parent above the middle
of its children), anything else on a circle. Coordinates are in units of one edge; y grows
downwards.

It takes the vertex count and the edges, not a :class:`~endnim.graphs.position.Graph`, so that
``Graph._repr_svg_`` can use it without an import circle.

>>> layout(3, [(0, 1), (1, 2)])  # a path: one row
((0.0, 0.0), (1.0, 0.0), (2.0, 0.0))
>>> layout(4, [(0, 1), (0, 2), (0, 3)])  # a star: a root over 3 leaves
((1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (2.0, 1.0))
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["COMPONENT_GAP", "layout"]

COMPONENT_GAP = 1.2
"""Space between two components, in edge lengths."""

Point = tuple[float, float]


def layout(order: int, edges: Sequence[tuple[int, int]]) -> tuple[Point, ...]:
    """One (x, y) per vertex ``0..order-1``, x >= 0 and y >= 0, in edge lengths (see the
    module's rules); ``edges`` are pairs of distinct vertices, each given once."""
    n = order
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        adjacent[u].append(v)
        adjacent[v].append(u)
    points: list[Point] = [(0.0, 0.0)] * n
    seen = [False] * n
    left = 0.0
    for start in range(n):
        if seen[start]:
            continue
        part = [start]
        seen[start] = True
        for v in part:  # grows while it is walked: a breadth-first search
            for w in adjacent[v]:
                if not seen[w]:
                    seen[w] = True
                    part.append(w)
        part.sort()
        size = sum(len(adjacent[v]) for v in part) // 2  # the component's edges
        m = len(part)
        if m >= 3 and size == m and all(len(adjacent[v]) == 2 for v in part):
            width = _circle(_walk(part[0], adjacent, cycle=True), points, left)
        elif size == m - 1 and all(len(adjacent[v]) <= 2 for v in part):
            end = next(v for v in part if len(adjacent[v]) <= 1)
            for i, v in enumerate(_walk(end, adjacent, cycle=False)):
                points[v] = (left + i, 0.0)
            width = float(m - 1)
        elif size == m - 1:
            width = _tree(part[0], adjacent, points, left)
        else:
            width = _circle(part, points, left)
        left += width + COMPONENT_GAP
    return tuple(points)


def _walk(start: int, adjacent: Sequence[Sequence[int]], *, cycle: bool) -> list[int]:
    """The vertices of a path from its end, or of a cycle from ``start`` towards its lower
    neighbour."""
    order = [start]
    previous = -1
    current = min(adjacent[start]) if cycle else start
    if cycle:
        previous = start
        while current != start:
            order.append(current)
            ahead = [w for w in adjacent[current] if w != previous]
            previous, current = current, ahead[0]
        return order
    while True:
        ahead = [w for w in adjacent[current] if w != previous]
        if not ahead:
            return order
        previous, current = current, ahead[0]
        order.append(current)


def _circle(order: Sequence[int], points: list[Point], left: float) -> float:
    m = len(order)
    radius = 0.0 if m <= 1 else max(0.9, m / (2 * math.pi) * 1.25)
    for i, v in enumerate(order):
        angle = -math.pi / 2 + 2 * math.pi * i / m
        x = left + radius + radius * math.cos(angle)
        points[v] = (round(x, 6), round(radius + radius * math.sin(angle), 6))
    return 2 * radius


def _tree(root: int, adjacent: Sequence[Sequence[int]], points: list[Point], left: float) -> float:
    """Leaves in consecutive columns, each parent above the middle of its children (no
    recursion: a tree may be thousands of vertices deep)."""
    column = 0
    stack: list[tuple[int, int, int, bool]] = [(root, -1, 0, False)]
    children: dict[int, list[int]] = {}
    while stack:
        v, parent, depth, done = stack.pop()
        if not done:
            below = sorted(w for w in adjacent[v] if w != parent)
            children[v] = below
            stack.append((v, parent, depth, True))
            stack.extend((w, v, depth + 1, False) for w in reversed(below))
        elif not children[v]:
            points[v] = (left + column, float(depth))
            column += 1
        else:
            first, last = points[children[v][0]][0], points[children[v][-1]][0]
            points[v] = ((first + last) / 2, float(depth))
    return float(max(0, column - 1))
