"""A graph position: labelled vertices, undirected edges, optional edge colours and homes.

The one position type of the graph rule sets (``tree``, ``depot``, ``depot-partizan``). It is
immutable and hashable, so it serves as a memo key; vertex ``i`` carries ``labels[i]``. Edges are
stored as ``(u, v)`` with ``u < v``, sorted, each with its colour (``L``, ``R`` or ``G``) when
the rule set is partizan. ``homes`` lists the drivers' depots (``depot-partizan``); a vertex
emptied in play is empty but never becomes a home.

Vertex numbers are stable in play: a move changes one label and nothing else (in ``tree`` a
vertex at 0 is deleted, so its edges no longer count), which keeps move names like ``3=0``
meaning the same vertex all game.

>>> g = Graph.from_json({"labels": [3, 0, 2], "edges": [[0, 1], [2, 1]]})
>>> g.labels, g.edges, g.to_json()
((3, 0, 2), ((0, 1), (1, 2)), {'labels': [3, 0, 2], 'edges': [[0, 1], [1, 2]]})
>>> g.with_label(2, 1).labels
(3, 0, 1)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from endnim.errors import PositionError

COLOURS = ("L", "R", "G")
"""Edge colours of ``depot-partizan``: Left's, Right's, both players' (green)."""

MAX_VERTICES = 100_000
"""Graphs with more vertices are refused at once (no exact search could touch them)."""
MAX_LABEL_DIGITS = 10_000
"""Labels longer than this many digits are refused."""


@dataclass(frozen=True, slots=True)
class Graph:
    """Labelled vertices and undirected edges (optionally coloured), with optional homes."""

    labels: tuple[int, ...]
    edges: tuple[tuple[int, int], ...] = ()
    colours: tuple[str, ...] | None = None
    """One per edge (``L``, ``R`` or ``G``), aligned with :attr:`edges`; ``None``: uncoloured."""
    homes: tuple[int, ...] | None = None
    """The homes (sorted); ``None``: no homes recorded (not a partizan depot position)."""
    _adjacency: tuple[tuple[int, ...], ...] | None = field(
        default=None, compare=False, hash=False, repr=False
    )
    _hash: int | None = field(default=None, compare=False, hash=False, repr=False)

    def __hash__(self) -> int:
        """Computed once: positions are memo keys, hashed at every lookup."""
        found = self._hash
        if found is None:
            found = hash((self.labels, self.edges, self.colours, self.homes))
            object.__setattr__(self, "_hash", found)
        return found

    # ------------------------------------------------------------------ building
    @classmethod
    def build(
        cls,
        labels: Sequence[int],
        edges: Iterable[Sequence[int]] = (),
        colours: Sequence[str] | None = None,
        homes: Iterable[int] | None = None,
    ) -> Graph:
        """A validated graph: edges normalised (``u < v``) and sorted with their colours.

        Raises :class:`PositionError` (one line) for a negative or non-integer label, an edge
        to a missing vertex, a self-loop, a duplicate edge, a colour other than L/R/G, or a
        home that is missing or not empty.

        >>> Graph.build([1, 2], [(1, 0)], ["L"]).edges
        ((0, 1),)
        >>> Graph.build([1, 2], [(0, 0)])
        Traceback (most recent call last):
        endnim.errors.PositionError: edge 1 (0, 0) is a self-loop: a vertex is not its own neighbour
        """
        labels = tuple(_label(i, value) for i, value in enumerate(labels))
        if len(labels) > MAX_VERTICES:
            raise PositionError(f"{len(labels):,} vertices: at most {MAX_VERTICES:,} are accepted")
        edge_list = list(edges)
        if colours is not None and len(colours) != len(edge_list):
            raise PositionError(
                f"{len(colours)} colours for {len(edge_list)} edges: give one colour per edge"
            )
        n = len(labels)
        seen: dict[tuple[int, int], int] = {}
        pairs: list[tuple[tuple[int, int], str | None]] = []
        for number, edge in enumerate(edge_list, start=1):
            if isinstance(edge, str | bytes) or not isinstance(edge, Sequence) or len(edge) != 2:
                raise PositionError(f"edge {number} is {edge!r:.40}: an edge is a pair [u, v]")
            u, v = (_vertex(number, x, n) for x in edge)
            if u == v:
                raise PositionError(
                    f"edge {number} ({u}, {v}) is a self-loop: a vertex is not its own neighbour"
                )
            key = (min(u, v), max(u, v))
            if key in seen:
                raise PositionError(
                    f"edge {number} ({u}, {v}) repeats edge {seen[key]}: give each edge once"
                )
            seen[key] = number
            colour = None
            if colours is not None:
                colour = colours[number - 1]
                if not isinstance(colour, str) or colour.strip().upper() not in COLOURS:
                    raise PositionError(
                        f"edge {number} has colour {colour!r:.20}: colours are L, R or G"
                    )
                colour = colour.strip().upper()
            pairs.append((key, colour))
        pairs.sort()
        home_tuple = None
        if homes is not None:
            home_set = set()
            for h in homes:
                vertex = _vertex(0, h, n, what="home")
                if labels[vertex] != 0:
                    raise PositionError(
                        f"home {vertex} has label {labels[vertex]}: a home is an empty vertex (0)"
                    )
                home_set.add(vertex)
            home_tuple = tuple(sorted(home_set))
        return cls(
            labels,
            tuple(p for p, _ in pairs),
            None if colours is None else tuple(str(c) for _, c in pairs),
            home_tuple,
        )

    @classmethod
    def unchecked(
        cls,
        labels: Sequence[int],
        edges: Iterable[tuple[int, int]],
        colours: Iterable[str] | None = None,
        homes: Iterable[int] | None = None,
    ) -> Graph:
        """A graph from trusted parts (a rule set's own sub-positions): edges are normalised
        and sorted with their colours, as by :meth:`build`, but nothing is validated.

        >>> Graph.unchecked([1, 2, 0], [(2, 1), (1, 0)], ["L", "R"], [2]) == Graph.build(
        ...     [1, 2, 0], [(2, 1), (1, 0)], ["L", "R"], [2])
        True
        """
        if colours is None:
            pairs = sorted((u, v) if u < v else (v, u) for u, v in edges)
            return cls(
                tuple(labels),
                tuple(pairs),
                None,
                None if homes is None else tuple(sorted(set(homes))),
            )
        coloured = sorted(
            ((u, v) if u < v else (v, u), c) for (u, v), c in zip(edges, colours, strict=True)
        )
        return cls(
            tuple(labels),
            tuple(e for e, _ in coloured),
            tuple(c for _, c in coloured),
            None if homes is None else tuple(sorted(set(homes))),
        )

    @classmethod
    def from_json(cls, value: Any) -> Graph:
        """A graph from its JSON object (or its text): ``labels``, ``edges``, and optionally
        ``colours`` and ``homes``."""
        if isinstance(value, str | bytes):
            try:
                value = json.loads(value)
            except (ValueError, RecursionError) as error:
                raise PositionError(f"not a JSON graph: {str(error).splitlines()[0]}") from None
        if not isinstance(value, dict):
            raise PositionError(
                'a graph is a JSON object {"labels": [...], "edges": [[u, v], ...]}'
            )
        unknown = set(value) - {"labels", "edges", "colours", "colors", "homes"}
        if unknown:
            raise PositionError(
                f"unknown graph field {sorted(unknown)[0]!r}: use labels, edges, colours, homes"
            )
        labels = value.get("labels")
        if not isinstance(labels, list):
            raise PositionError('the graph has no "labels" list (one integer per vertex)')
        edges = value.get("edges", [])
        if not isinstance(edges, list):
            raise PositionError('"edges" must be a list of pairs [u, v]')
        colours = value.get("colours", value.get("colors"))
        if colours is not None and not isinstance(colours, list):
            raise PositionError('"colours" must be a list with one of "L", "R", "G" per edge')
        homes = value.get("homes")
        if homes is not None and not isinstance(homes, list):
            raise PositionError('"homes" must be a list of vertex numbers')
        return cls.build(labels, edges, colours, homes)

    # ------------------------------------------------------------------ reading
    @property
    def order(self) -> int:
        """The number of vertices (deleted or empty ones included)."""
        return len(self.labels)

    def adjacency(self) -> tuple[tuple[int, ...], ...]:
        """Each vertex's neighbours (every edge, whatever the labels), computed once."""
        found = self._adjacency
        if found is None:
            lists: list[list[int]] = [[] for _ in self.labels]
            for u, v in self.edges:
                lists[u].append(v)
                lists[v].append(u)
            found = tuple(tuple(x) for x in lists)
            object.__setattr__(self, "_adjacency", found)
        return found

    def edge_colour(self) -> dict[tuple[int, int], str]:
        """Colour of each edge ``(u, v)``, ``u < v`` (``G`` when uncoloured)."""
        if self.colours is None:
            return dict.fromkeys(self.edges, "G")
        return dict(zip(self.edges, self.colours, strict=True))

    def with_label(self, vertex: int, label: int) -> Graph:
        """The same graph with one label changed (adjacency shared, not recomputed)."""
        labels = list(self.labels)
        labels[vertex] = label
        return Graph(tuple(labels), self.edges, self.colours, self.homes, self._adjacency)

    def to_json(self) -> dict[str, Any]:
        """The JSON object (``colours`` and ``homes`` only when recorded)."""
        result: dict[str, Any] = {
            "labels": list(self.labels),
            "edges": [list(e) for e in self.edges],
        }
        if self.colours is not None:
            result["colours"] = list(self.colours)
        if self.homes is not None:
            result["homes"] = list(self.homes)
        return result

    def _repr_svg_(self) -> str:
        """Notebook display: the graph drawn as the web page lays it out
        (:func:`endnim.graphs.picture.graph_svg`)."""
        from endnim.graphs.picture import graph_svg

        return graph_svg(self.labels, self.edges, self.colours, self.homes)

    def to_text(self) -> str:
        """One line of JSON (what ``parse`` reads back)."""
        return json.dumps(self.to_json(), separators=(", ", ": "))


def _label(index: int, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        elif isinstance(value, str) and value.strip().lstrip("+-").isdigit():
            if len(value.strip()) > MAX_LABEL_DIGITS:
                raise PositionError(f"label of vertex {index} has more than 10,000 digits")
            value = int(value)
        else:
            raise PositionError(
                f"label of vertex {index} is {value!r:.30}: labels are integers >= 0"
            )
    assert isinstance(value, int)
    if value < 0:
        raise PositionError(f"label of vertex {index} is {value}: labels are integers >= 0")
    return value


def _vertex(number: int, value: object, n: int, what: str = "edge") -> int:
    where = f"edge {number}" if what == "edge" else "home"
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{where} names vertex {value!r:.20}: vertices are numbered 0..{n - 1}")
    if not 0 <= value < n:
        raise PositionError(
            f"{where} names vertex {value}, which does not exist (vertices are 0..{n - 1})"
        )
    return value
