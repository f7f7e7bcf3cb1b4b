"""End-Nim on trees and graphs: the games Albert & Nowakowski could not play.

Three rule sets on the generic game model (:class:`endnim.RuleSet`), one position type
(:class:`Graph`) and the move ``v=k`` (:class:`VertexMove`):

* :class:`Tree` (``tree``): reduce a leaf; a leaf at 0 is deleted;
* :class:`Depot` (``depot``): reduce a vertex next to an empty one (the warehouse);
* :class:`DepotPartizan` (``depot-partizan``): coloured edges and homes, Left and Right drivers.

>>> from endnim import analyze
>>> analyze("2(1 1)", variant="tree").grundy   # each move leaves End-Nim's 2 1, an N-position
0
"""

from endnim.graphs.base import GraphRuleSet, VertexMove
from endnim.graphs.depot import Depot
from endnim.graphs.depot_partizan import DepotPartizan
from endnim.graphs.position import Graph
from endnim.graphs.tree import Tree

__all__ = ["Depot", "DepotPartizan", "Graph", "GraphRuleSet", "Tree", "VertexMove"]

GRAPH_RULE_SETS: tuple[type[GraphRuleSet], ...] = (Tree, Depot, DepotPartizan)
"""The graph rule sets, registered with the row games when :mod:`endnim.variants` loads."""
