"""Users' graph relatives for which the built-in split into independent parts is wrong.

Each subclasses a built-in graph rule set and changes a move or terminal hook, so the sum
theorem its parent's ``split`` rests on (a position is the disjunctive sum of its parts) does
not hold of it. endnim must solve their positions whole (tests/conformance checks the answers
against brute forces; on a forest or a split warehouse the inherited split answered wrongly).
"""

from __future__ import annotations

from endnim.graphs.depot import Depot
from endnim.graphs.position import Graph
from endnim.graphs.tree import Tree
from endnim.ruleset import Player


class LastMoverLosesTree(Tree):
    """End-Nim on trees, misère: the player who makes the last move loses.

    A forest of two lone 1s is a first-player win (the second player must take the last
    vertex), though each lone 1 is a first-player loss: the xor of the parts' values is wrong.
    """

    name = "last-mover-loses-tree"
    title = "misère End-Nim on trees"
    aliases = ()
    summary = "reduce a leaf by at least one; a vertex at 0 is deleted; the last mover loses"
    source = "endnim tests (a user's graph relative: misère)"

    def terminal_value(self, position: Graph) -> int:
        return 1  # no move left: the player to move wins (the last mover lost)


class TallestStackDepot(Depot):
    """A warehouse whose fork-lift reaches any vertex but must take from a tallest stack: a
    move reduces a vertex whose label is a largest of all the labels, wherever it is.

    Whether a vertex may be reduced depends on the labels of the other groups, so a warehouse
    of several groups is not the sum of its groups.
    """

    name = "tallest-stack-depot"
    title = "warehouse, tallest stack first"
    aliases = ()
    summary = "reduce a vertex holding a largest label (anywhere) by at least one; normal play"
    source = "endnim tests (a user's graph relative: moves across groups)"

    def movable(self, position: Graph, player: Player | None = None) -> list[int]:
        labels = position.labels
        top = max(labels, default=0)
        return [v for v, label in enumerate(labels) if label and label == top]
