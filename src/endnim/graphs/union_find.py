"""Disjoint sets of the vertices 0..n-1: which vertices a set of edges joins (the pieces of a
position, a cycle among live vertices).

>>> sets = UnionFind(4)
>>> sets.union(0, 1), sets.union(2, 3), sets.union(1, 0)
(True, True, False)
>>> sets.find(0) == sets.find(1), sets.find(1) == sets.find(2)
(True, False)
"""

from __future__ import annotations


class UnionFind:
    """Disjoint sets of ``0..n-1``, merged by :meth:`union` (with path halving)."""

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, x: int) -> int:
        """The representative of ``x``'s set."""
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, u: int, v: int) -> bool:
        """Join the sets of ``u`` and ``v``; ``False`` when they were one set already."""
        a, b = self.find(u), self.find(v)
        if a == b:
            return False
        self.parent[a] = b
        return True


__all__ = ["UnionFind"]
