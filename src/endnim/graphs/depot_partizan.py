"""``depot-partizan``: the warehouse with two drivers (Albert & Nowakowski 2001, "Remarks,
conclusions, and assorted ramblings").

As ``depot``, but every edge is coloured ``L``, ``R`` or ``G`` and some empty vertices are
*homes* (the drivers' depots). A positive vertex v is accessible to Left when an ``L`` or ``G``
edge joins v to an empty vertex that Left can reach from a home along ``L``/``G`` edges through
empty vertices only; likewise Right with ``R``/``G``. A vertex emptied in play is empty but not
a home. Without ``homes`` in the JSON, every vertex labelled 0 is a home. Outcome classes L, R,
N, P. Partizan End-Nim is the cycle whose home is joined to the first pile by an ``L`` edge
and to the last by an ``R`` edge, all other edges ``G`` (the row notation ``3 1 2``).

When a position splits (docs/graphs.md, "When does a position split?"): reachability only
grows, so an empty vertex that a player already reaches, or could not reach even with every
vertex emptied, is *settled* for that player. Positive vertices joined by an edge, or through
empty vertices not settled for both players, form one part; the parts are independent games
and the position is their sum. Each part is written as a position of its own: its vertices,
its unsettled empty vertices, and the settled empty vertices next to it, a settled vertex both
players reach becoming a home, one only Left (Right) reaches hanging from a new home by an
``L`` (``R``) edge.

>>> game = DepotPartizan()
>>> row = game.parse_position("2 1")          # partizan End-Nim 2 1 (an L-position)
>>> row.labels, row.colours, row.homes
((0, 2, 1), ('L', 'R', 'G'), (0,))
>>> game.movable(row, "L"), game.movable(row, "R")
([1], [2])
"""

from __future__ import annotations

from collections.abc import Hashable

from endnim.errors import PositionError
from endnim.graphs.base import GraphRuleSet
from endnim.graphs.canonical import graph_key
from endnim.graphs.notation import Shape
from endnim.graphs.position import Graph
from endnim.graphs.union_find import UnionFind
from endnim.ruleset import Player

EDGE_CODE = {"L": 0, "R": 1, "G": 2}


class DepotPartizan(GraphRuleSet):
    """The warehouse with Left's and Right's drivers, coloured edges and homes."""

    name = "depot-partizan"
    title = "partizan End-Nim in a warehouse (depot-partizan)"
    aliases = ("partizan-depot", "warehouse-partizan")
    summary = (
        "Left (Right) reduces a positive vertex joined by an L or G (R or G) edge to an empty "
        "vertex it reaches from a home along its edges through empty vertices; normal play"
    )
    source = "Albert & Nowakowski (2001), Remarks, conclusions, and assorted ramblings"
    impartial = False
    position_notation = (
        'a row "3 1 4" (partizan End-Nim: home 0, piles 1..n round a cycle, L edge 0-1, R edge '
        'n-0), "cycle: ...", "grid RxC: ..." (all edges G, every 0 a home), or JSON '
        '{"labels": [...], "edges": [...], "colours": ["L", "G", ...], "homes": [...]}'
    )

    def from_row(self, labels: list[int]) -> Graph:
        if any(x == 0 for x in labels):
            raise PositionError("a row of partizan End-Nim has positive piles (use JSON for 0s)")
        n = len(labels)
        full = [0, *labels]
        if n == 1:
            return Graph.build(full, [(0, 1)], ["G"], [0])
        edges = [(0, 1), *((i, i + 1) for i in range(1, n)), (n, 0)]
        colours = ["L", *(["G"] * (n - 1)), "R"]
        return Graph.build(full, edges, colours, [0])

    def from_shape(self, shape: Shape) -> Graph:
        labels, edges = shape
        return Graph.build(
            labels, edges, ["G"] * len(edges), [v for v, x in enumerate(labels) if x == 0]
        )

    def from_graph(self, graph: Graph, *, explicit: bool) -> Graph:
        colours = graph.colours if graph.colours is not None else ("G",) * len(graph.edges)
        homes = graph.homes
        if homes is None:
            homes = tuple(v for v, x in enumerate(graph.labels) if x == 0)
        return Graph(graph.labels, graph.edges, tuple(colours), tuple(homes))

    def validate(self, graph: Graph) -> Graph:
        for h in graph.homes or ():
            if graph.labels[h]:
                raise PositionError(f"home {h} has label {graph.labels[h]}: a home is empty (0)")
        return graph

    # ------------------------------------------------------------------ rules
    def reach(self, position: Graph, player: Player, *, all_empty: bool = False) -> set[int]:
        """The empty vertices ``player`` reaches from a home along its edges (``all_empty``: as
        if every vertex were empty)."""
        labels = position.labels
        allowed = ("G", player)
        neighbours: dict[int, list[int]] = {}
        for (u, v), colour in zip(position.edges, position.colours or (), strict=True):
            if colour in allowed:
                neighbours.setdefault(u, []).append(v)
                neighbours.setdefault(v, []).append(u)
        found = list(position.homes or ())
        seen = set(found)
        for vertex in found:
            for other in neighbours.get(vertex, ()):
                if other not in seen and (all_empty or labels[other] == 0):
                    seen.add(other)
                    found.append(other)
        return seen

    def movable(self, position: Graph, player: Player | None = None) -> list[int]:
        if player is None:
            raise PositionError("depot-partizan is partizan: say whose move it is (L or R)")
        reached = self.reach(position, player)
        labels = position.labels
        allowed = ("G", player)
        found = set()
        for (u, v), colour in zip(position.edges, position.colours or (), strict=True):
            if colour in allowed:
                if labels[u] and v in reached:
                    found.add(u)
                elif labels[v] and u in reached:
                    found.add(v)
        return sorted(found)

    def why_not(self, position: Graph, vertex: int, player: Player | None) -> str:
        if not position.labels[vertex]:
            return f"vertex {vertex} is empty"
        who = "Left" if player == "L" else "Right"
        return f"{who} cannot reach vertex {vertex} from a home along its own or green edges"

    # ------------------------------------------------------------------ for the solvers
    def isomorphism_key(self, position: Graph) -> Hashable:
        homes = set(position.homes or ())
        colours = [2 * x + (v in homes) for v, x in enumerate(position.labels)]
        return graph_key(
            colours,
            position.edges,
            [EDGE_CODE[c] for c in position.colours or ()],
            plain=EDGE_CODE["G"],
        )

    def split(self, position: Graph) -> list[tuple[list[int | None], Graph]]:
        """The independent parts (see the module text), each with the original number of
        each of its vertices (``None`` for a new home); a position that does not split is
        returned whole."""
        labels = position.labels
        n = len(labels)
        now = {p: self.reach(position, p) for p in ("L", "R")}
        ever = {p: self.reach(position, p, all_empty=True) for p in ("L", "R")}

        def settled(v: int) -> bool:
            return all(v in now[p] or v not in ever[p] for p in ("L", "R"))

        loose = [labels[v] > 0 or not settled(v) for v in range(n)]
        sets = UnionFind(n)
        for u, v in position.edges:
            if loose[u] and loose[v]:
                sets.union(u, v)
        groups: dict[int, list[int]] = {}
        for v in range(n):
            if loose[v]:
                groups.setdefault(sets.find(v), []).append(v)
        parts = [g for g in groups.values() if any(labels[v] for v in g)]
        if len(parts) <= 1:
            return [(list(range(n)), position)]
        adjacency = position.adjacency()
        incident: list[list[int]] = [[] for _ in range(n)]  # each vertex's edges, by number
        for number, (u, v) in enumerate(position.edges):
            incident[u].append(number)
            incident[v].append(number)
        return [self._part(position, part, adjacency, incident, now, loose) for part in parts]

    def _part(
        self,
        position: Graph,
        part: list[int],
        adjacency: tuple[tuple[int, ...], ...],
        incident: list[list[int]],
        now: dict[str, set[int]],
        loose: list[bool],
    ) -> tuple[list[int | None], Graph]:
        fixed = sorted({w for v in part for w in adjacency[v] if not loose[w]})
        vertices = sorted(part) + fixed
        index = {v: i for i, v in enumerate(vertices)}
        labels = [position.labels[v] for v in vertices]
        edges: list[tuple[int, int]] = []
        colours: list[str] = []
        # the edges with an end in the part (not every edge of the position, once per part)
        all_colours = position.colours or ()
        for number in sorted({number for v in part for number in incident[v]}):
            u, v = position.edges[number]
            if u in index and v in index:
                edges.append((index[u], index[v]))
                colours.append(all_colours[number])
        homes = []
        original: list[int | None] = list(vertices)
        for s in fixed:
            left, right = s in now["L"], s in now["R"]
            if left and right:
                homes.append(index[s])
            elif left or right:
                home = len(labels)
                labels.append(0)
                edges.append((index[s], home))
                colours.append("L" if left else "R")
                homes.append(home)
                original.append(None)
        return original, Graph.unchecked(labels, edges, colours, homes)
