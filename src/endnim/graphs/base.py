"""What the three graph rule sets share: the move ``v=k``, reading and writing positions, the
search estimates. Each rule set (``tree``, ``depot``, ``depot-partizan``) says which vertices a
player may reduce (:meth:`GraphRuleSet.movable`), how a plain row becomes a graph, its canonical
key and its decomposition.

>>> VertexMove.parse(" 3 = 0 "), str(VertexMove(2, 1))
(VertexMove(vertex=3, label=0), '2=1')
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from endnim.errors import MoveError, PositionError
from endnim.graphs.notation import (
    Shape,
    kind_of,
    parse_cycle,
    parse_grid,
    parse_labels,
    parse_parentheses,
)
from endnim.graphs.position import Graph
from endnim.ruleset import Player, RuleSet, key_proved, split_proved

_MOVE = re.compile(r"^\s*(\d+)\s*=\s*(\d+)\s*$")

KEY_CACHE_LIMIT = 200_000
"""Canonical keys (and depot group keys) remembered per rule set before starting afresh."""

ESTIMATE_CAP = 10**40
"""Estimates stop growing here (the budget refusal needs only to know they are huge)."""


@dataclass(frozen=True, slots=True, order=True)
class VertexMove:
    """Vertex ``vertex``'s label becomes ``label`` (0 empties or deletes it)."""

    vertex: int
    label: int

    def __str__(self) -> str:
        return f"{self.vertex}={self.label}"

    @classmethod
    def parse(cls, text: str) -> VertexMove:
        """Read ``v=k``."""
        match = _MOVE.match(text)
        if match is None:
            raise MoveError(f"cannot read the move {text.strip()[:30]!r}: write v=k, e.g. 3=0")
        return cls(int(match.group(1)), int(match.group(2)))


class GraphRuleSet(RuleSet[Graph, VertexMove]):
    """A game on a labelled graph whose moves reduce one vertex's label."""

    family: ClassVar[str] = "graph"
    move_notation = "v=k: vertex v's label becomes k (0 empties or deletes it)"
    allow_zero: ClassVar[bool] = True
    """Whether the text notations accept labels 0."""

    # ------------------------------------------------------------------ notation
    def parse_position(self, text: str) -> Graph:
        if not isinstance(text, str) or not text.strip():
            raise PositionError(f"no position given: write one as {self.position_notation}")
        kind = kind_of(text)
        if kind == "json":
            return self.validate(self.from_graph(Graph.from_json(text), explicit=True))
        if kind == "grid":
            return self.validate(self.from_shape(parse_grid(text)))
        if kind == "cycle":
            return self.validate(self.from_shape(parse_cycle(text, allow_zero=self.allow_zero)))
        if kind == "tree":
            return self.validate(
                self.from_shape(parse_parentheses(text, allow_zero=self.allow_zero))
            )
        body = text.strip()
        if body.startswith("[") and body.endswith("]"):  # [3, 1, 4], as rows are written too
            body = body[1:-1]
        labels = parse_labels(body, allow_zero=self.allow_zero, what="pile")
        if not labels:
            raise PositionError(f"no position given: write one as {self.position_notation}")
        return self.validate(self.from_row(labels))

    def coerce_position(self, value: object) -> Graph:
        if isinstance(value, Graph):
            return self.validate(self.from_graph(value, explicit=value.homes is not None))
        if isinstance(value, str):
            return self.parse_position(value)
        if isinstance(value, dict):
            return self.validate(self.from_graph(Graph.from_json(value), explicit=True))
        if isinstance(value, list | tuple) and all(
            isinstance(x, int) and not isinstance(x, bool) for x in value
        ):
            return self.validate(self.from_row([_non_negative(x) for x in value]))
        raise PositionError(f"cannot read a {self.title} position from {value!r:.60}")

    def format_position(self, position: Graph) -> str:
        return position.to_text()

    def position_to_json(self, position: Graph) -> dict[str, Any]:
        return position.to_json()

    def parse_move(self, text: str) -> VertexMove:
        return VertexMove.parse(text)

    def format_move(self, move: VertexMove) -> str:
        return str(move)

    # ------------------------------------------------------------------ per rule set
    def from_shape(self, shape: Shape) -> Graph:
        """The position of labels and edges read from a notation (default: as they are)."""
        labels, edges = shape
        return Graph.build(labels, edges)

    def from_graph(self, graph: Graph, *, explicit: bool) -> Graph:
        """Complete a graph read from JSON (e.g. default colours and homes)."""
        return graph

    @abstractmethod
    def from_row(self, labels: list[int]) -> Graph:
        """The graph a plain row of labels stands for."""

    def validate(self, graph: Graph) -> Graph:
        """Refuse (one line) a graph this rule set does not play on."""
        return graph

    @abstractmethod
    def movable(self, position: Graph, player: Player | None = None) -> list[int]:
        """The vertices ``player`` may reduce, in increasing order."""

    # ------------------------------------------------------------------ rules
    def move_count(self, position: Graph, player: Player | None = None) -> int:
        """How many moves :meth:`options` lists, counted without listing them (a label of
        10^20 has 10^20 moves: issue 34 §7)."""
        labels = position.labels
        return sum(labels[v] for v in self.movable(position, player))

    def options(
        self, position: Graph, player: Player | None = None
    ) -> list[tuple[VertexMove, Graph]]:
        labels = position.labels
        return [
            (VertexMove(v, k), position.with_label(v, k))
            for v in self.movable(position, player)
            for k in range(labels[v])
        ]

    def children(self, position: Graph, player: Player | None = None) -> list[Graph]:
        labels = position.labels
        return [
            position.with_label(v, k)
            for v in self.movable(position, player)
            for k in range(labels[v])
        ]

    def is_terminal(self, position: Graph) -> bool:
        return not any(self.movable(position, player) for player in self.players())

    def play(self, position: Graph, move: VertexMove | str, player: Player | None = None) -> Graph:
        if isinstance(move, str):
            move = self.parse_move(move)
        v, k = move.vertex, move.label
        labels = position.labels
        who = "" if player is None else f" for {'Left' if player == 'L' else 'Right'}"
        if not 0 <= v < len(labels):
            raise MoveError(
                f"move {move}: there is no vertex {v} (vertices are 0..{len(labels) - 1})"
            )
        if k >= labels[v]:
            raise MoveError(f"move {move}: vertex {v} has label {labels[v]}; a move lowers it")
        if v not in self.movable(position, player):
            raise MoveError(f"move {move} is not legal{who}: {self.why_not(position, v, player)}")
        return position.with_label(v, k)

    def why_not(self, position: Graph, vertex: int, player: Player | None) -> str:
        """Why ``vertex`` may not be reduced (one clause)."""
        return f"vertex {vertex} may not be reduced now"

    # ------------------------------------------------------------------ for the solvers
    def estimate_states(self, position: Graph) -> int:
        """Π (label + 1) over the positive vertices (every label vector below the position)."""
        total = 1
        for label in position.labels:
            if label:
                total *= label + 1
                if total > ESTIMATE_CAP:
                    return ESTIMATE_CAP
        return total

    def estimate_work(self, position: Graph) -> int:
        """States × the total of the labels (a state has at most that many options)."""
        return min(ESTIMATE_CAP, self.estimate_states(position) * max(1, sum(position.labels)))

    def part_estimate(self, position: Graph) -> int:
        """Distinct parts a search by parts may meet: Σ over parts of size × their states."""
        total = 0
        for part in self.components(position):
            total += max(1, sum(1 for x in part.labels if x)) * self.estimate_states(part)
        return min(total, ESTIMATE_CAP)

    def part_size(self, position: Graph) -> int:
        """What keying ``position`` costs, in vertices (:class:`endnim.parts.PartsSolver` counts
        its work in these when it searches past an estimate that ignores isomorphism): its
        vertices or its edges, whichever are more, as keying and splitting read both (a tree
        costs its order, a complete graph of 300 vertices 44,850)."""
        return max(position.order, len(position.edges))

    def expansion_work(self, position: Graph) -> int:
        """An upper bound on the vertices keyed when the options of ``position`` are built:
        at most Σ labels options, each of :meth:`part_size` (a label of 10⁵⁰ has 10⁵⁰
        options)."""
        return self.part_size(position) * max(1, sum(position.labels))

    def canonical_key(self, position: Graph) -> Hashable:
        """:meth:`isomorphism_key`, remembered per position: a search meets the same labelled
        position once from each of its parents, and a canonical key costs far more than a
        lookup (the cache starts afresh when it holds :data:`KEY_CACHE_LIMIT` positions).
        A class that changes a move or terminal hook below the one that wrote its key is
        keyed by the position itself (:func:`endnim.ruleset.key_unproved`)."""
        if not key_proved(self):  # the key was written for another game's moves
            return position
        cache: dict[Graph, Hashable] | None = self.__dict__.get("_position_keys")
        if cache is None:
            cache = self.__dict__["_position_keys"] = {}
        found = cache.get(position)
        if found is None:
            found = self.isomorphism_key(position)
            if len(cache) >= KEY_CACHE_LIMIT:
                cache.clear()
            cache[position] = found
        return found

    def isomorphism_key(self, position: Graph) -> Hashable:
        """Equal for positions equal up to the rule set's symmetries (default: the position)."""
        return position

    def split(self, position: Graph) -> list[tuple[list[int | None], Graph]]:
        """The independent parts of ``position``, each with the original number of each of its
        vertices (``None`` for a vertex added to write the part on its own)."""
        return [(list(range(position.order)), position)]

    def lift_move(self, move: VertexMove, vertices: Sequence[int | None]) -> VertexMove:
        """The move of the whole position that ``move`` is in a part of it whose vertex i is
        the whole's vertex ``vertices[i]`` (as :meth:`split` numbers them).

        >>> from endnim.graphs import Tree
        >>> Tree().lift_move(VertexMove(1, 0), [4, 7])
        VertexMove(vertex=7, label=0)
        """
        vertex = vertices[move.vertex]
        if vertex is None:
            raise ValueError(f"move {move} is on a vertex added to write the part on its own")
        return VertexMove(vertex, move.label)

    def components(self, position: Graph) -> Sequence[Graph]:
        """The parts of :meth:`split`; the whole position when the class changes a move or
        terminal hook below the class that wrote ``split`` (:func:`endnim.ruleset.
        split_unproved`: the split is a theorem about that class's game, not this one's)."""
        if not split_proved(self):
            return (position,)
        parts = self.split(position)
        return (position,) if len(parts) == 1 else [graph for _, graph in parts]

    def describe_vertices(self, position: Graph) -> str:
        """A short count for messages: ``5 vertices, 4 edges``."""
        vertices, edges = position.order, len(position.edges)
        noun = "vertex" if vertices == 1 else "vertices"
        return f"{vertices} {noun}, {edges} edge{'' if edges == 1 else 's'}"

    def sub_graphs(self, position: Graph, groups: Sequence[Sequence[int]]) -> list[Graph]:
        """The induced subgraphs on disjoint ``groups`` of vertices (each renumbered in its
        order), in one pass over the edges: :meth:`sub_graph` of each group, in linear time
        however many groups there are."""
        where: dict[int, tuple[int, int]] = {}
        for number, group in enumerate(groups):
            for i, v in enumerate(group):
                where[v] = (number, i)
        edges: list[list[tuple[int, int]]] = [[] for _ in groups]
        coloured = position.colours is not None
        colours: list[list[str]] = [[] for _ in groups]
        for at, (u, v) in enumerate(position.edges):
            a, b = where.get(u), where.get(v)
            if a is not None and b is not None and a[0] == b[0]:
                edges[a[0]].append((a[1], b[1]))
                if coloured:
                    assert position.colours is not None
                    colours[a[0]].append(position.colours[at])
        homes: list[list[int]] | None = None
        if position.homes is not None:
            homes = [[] for _ in groups]
            for h in position.homes:
                found = where.get(h)
                if found is not None:
                    homes[found[0]].append(found[1])
        labels = position.labels
        # A sub-position of a valid position is valid: no need to check it again.
        return [
            Graph.unchecked(
                [labels[v] for v in group],
                edges[number],
                colours[number] if coloured else None,
                None if homes is None else homes[number],
            )
            for number, group in enumerate(groups)
        ]

    def sub_graph(self, position: Graph, vertices: Sequence[int]) -> Graph:
        """The induced subgraph on ``vertices`` (renumbered in that order)."""
        index = {v: i for i, v in enumerate(vertices)}
        labels = position.labels
        if position.colours is None:
            edges = [(index[u], index[v]) for u, v in position.edges if u in index and v in index]
            colours = None
        else:
            kept = [
                ((index[u], index[v]), colour)
                for (u, v), colour in zip(position.edges, position.colours, strict=True)
                if u in index and v in index
            ]
            edges = [e for e, _ in kept]
            colours = [c for _, c in kept]
        homes = None
        if position.homes is not None:
            homes = [index[h] for h in position.homes if h in index]
        # A sub-position of a valid position is valid: no need to check it again.
        return Graph.unchecked([labels[v] for v in vertices], edges, colours, homes)


def _non_negative(value: int) -> int:
    if value < 0:
        raise PositionError(f"label {value}: labels are integers >= 0")
    return value
