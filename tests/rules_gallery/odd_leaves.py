"""A user's graph rule set: End-Nim on trees where only a leaf of odd label may be reduced.

A subclass of the built-in ``tree`` that changes its moves (``movable``), so neither the tree's
compiled search nor any theorem about End-Nim on trees may answer for it. On a path it is the
row game "reduce an end pile of odd size" (tests/conformance checks it so).
"""

from __future__ import annotations

from endnim.graphs.position import Graph
from endnim.graphs.tree import Tree
from endnim.ruleset import Player


class OddLeaves(Tree):
    """End-Nim on trees, a leaf playable only while its label is odd."""

    name = "odd-leaves"
    title = "End-Nim on trees, odd leaves only"
    aliases = ()
    summary = "reduce a leaf whose label is odd; a vertex at 0 is deleted; normal play"
    source = "endnim tests (a user's graph relative)"

    def movable(self, position: Graph, player: Player | None = None) -> list[int]:
        return [v for v in super().movable(position, player) if position.labels[v] % 2 == 1]
