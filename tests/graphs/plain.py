"""Reference rule sets for the tests: the graph games with no symmetry and no splitting.

Each is its rule set with ``canonical_key`` the position itself and no ``components``, so a
search of it knows nothing of isomorphism or independent parts: it is the plain memoised search
the issue asks the shortcuts to be checked against.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cache

from endnim.cgt.game import Game
from endnim.graphs import Depot, DepotPartizan, Graph, Tree
from endnim.search import Solver


class PlainTree(Tree):
    name = "test-plain-tree"

    def canonical_key(self, position: Graph) -> Hashable:
        return position

    def components(self, position: Graph) -> Sequence[Graph]:
        return (position,)


class PlainDepot(Depot):
    name = "test-plain-depot"

    def canonical_key(self, position: Graph) -> Hashable:
        return position

    def components(self, position: Graph) -> Sequence[Graph]:
        return (position,)


class PlainDepotPartizan(DepotPartizan):
    name = "test-plain-depot-partizan"

    def canonical_key(self, position: Graph) -> Hashable:
        return position

    def components(self, position: Graph) -> Sequence[Graph]:
        return (position,)


@cache
def plain_solver(name: str) -> Solver:
    rules = {"tree": PlainTree, "depot": PlainDepot, "depot-partizan": PlainDepotPartizan}[name]
    return Solver(rules(), budget=10**8, max_cache=10**8)


def plain_value(position: Graph) -> Game:
    """The canonical form of a depot-partizan position by the plain search (no parts)."""
    from endnim.cgt import position_value

    return position_value(position, rules=PlainDepotPartizan(), budget=10**7)
