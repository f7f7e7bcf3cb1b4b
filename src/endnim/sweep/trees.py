"""The tree sweep: the Grundy value of every labelled tree with at most N vertices and labels
at most H, one tree per isomorphism class, in a small SQLite store that ``endnim sweep-query``
and ``endnim conjecture --sweep`` read.

The unlabelled trees come from networkx (``nonisomorphic_trees``, WROM order); each *shape* is
labelled in every way with 1..H and the labellings are deduplicated by ``Tree().canonical_key``
(AHU), keeping the first in lexicographic order of the labels. Every stored tree is written in
its canonical parenthesised notation (:func:`canonical_notation`: rooted at its centre, children
sorted), so equal notations mean isomorphic labelled trees. Values come from
:class:`endnim.parts.PartsSolver` (one memo for the whole sweep).

::

    DIR/trees.sqlite    meta (kind, variant, max_label), shapes done, the trees and values
    DIR/sweep.json      the description (kind "tree"), for people and for a rebuild

Each shape is stored in one SQLite transaction together with the record that it is done, so an
interrupted run (Ctrl-C, even kill -9) keeps every finished shape and a rerun computes only the
rest; a rerun with a larger N adds the new sizes. The label bound H of a store is fixed.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     report = run_tree_sweep(folder, 4, 2)
...     with open_tree_sweep(folder) as store:
...         report.trees, store.value("1(1 1 1)"), store.count(vertices=3)
(29, 0, 6)
"""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from endnim.errors import EndNimError
from endnim.graphs.position import Graph
from endnim.graphs.tree import Tree
from endnim.sweep.plan import SweepError

TREE_STORE = "trees.sqlite"
DESCRIPTION = "sweep.json"
TREE_FORMAT = "tree-1"
MAX_LABELLINGS = 50_000_000
"""A sweep would label more shapes than this: refused at once, with the count."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shapes (
    vertices INTEGER NOT NULL,
    shape INTEGER NOT NULL,
    trees INTEGER NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (vertices, shape)
);
CREATE TABLE IF NOT EXISTS trees (
    notation TEXT PRIMARY KEY,
    vertices INTEGER NOT NULL,
    shape INTEGER NOT NULL,
    labels TEXT NOT NULL,
    edges TEXT NOT NULL,
    beans INTEGER NOT NULL,
    grundy INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS trees_by_size ON trees (vertices, grundy);
"""

Progress = Callable[[int, int], None]


# --------------------------------------------------------------------------- notation
def canonical_notation(labels: Sequence[int], edges: Sequence[tuple[int, int]]) -> str:
    """The tree in nested parentheses, rooted at its centre (of two centres, the one giving
    the smaller text) with every child list sorted: isomorphic labelled trees give equal text.

    >>> canonical_notation([3, 1, 2], [(0, 1), (1, 2)])
    '1(2 3)'
    >>> canonical_notation([2, 1, 3], [(1, 2), (0, 1)])
    '1(2 3)'
    """
    n = len(labels)
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)

    def text(vertex: int, parent: int) -> str:
        children = sorted(text(w, vertex) for w in adjacency[vertex] if w != parent)
        label = str(labels[vertex])
        return f"{label}({' '.join(children)})" if children else label

    return min(text(c, -1) for c in _centres(adjacency))


def _centres(adjacency: list[list[int]]) -> list[int]:
    """The one or two centres of a tree (peeling leaves)."""
    n = len(adjacency)
    if n <= 2:
        return list(range(n))
    degree = [len(a) for a in adjacency]
    layer = [v for v in range(n) if degree[v] <= 1]
    left = n
    while left > 2:
        left -= len(layer)
        following = []
        for v in layer:
            for w in adjacency[v]:
                degree[w] -= 1
                if degree[w] == 1:
                    following.append(w)
        layer = following
    return layer


# --------------------------------------------------------------------------- enumeration
def tree_shapes(n: int) -> list[list[tuple[int, int]]]:
    """The unlabelled trees on vertices 0..n-1 (networkx's ``nonisomorphic_trees``), as edges.

    >>> [len(tree_shapes(n)) for n in range(1, 9)]
    [1, 1, 1, 2, 3, 6, 11, 23]
    """
    import networkx as nx  # type: ignore[import-untyped]

    if n < 1:
        return []
    if n == 1:
        return [[]]
    return [sorted((min(u, v), max(u, v)) for u, v in t.edges) for t in nx.nonisomorphic_trees(n)]


def labelled_trees(edges: Sequence[tuple[int, int]], n: int, max_label: int) -> Iterator[Graph]:
    """One labelling with labels 1..``max_label`` of the shape per isomorphism class (the first
    in lexicographic order)."""
    rules = Tree()
    seen: set[Any] = set()
    for labels in itertools.product(range(1, max_label + 1), repeat=n):
        graph = Graph(tuple(labels), tuple(edges))
        key = rules.canonical_key(graph)
        if key not in seen:
            seen.add(key)
            yield graph


def count_labellings(max_vertices: int, max_label: int) -> int:
    """Labellings a sweep tries (shapes × H^n): what its cost grows with."""
    return sum(len(tree_shapes(n)) * max_label**n for n in range(1, max_vertices + 1))


# --------------------------------------------------------------------------- the store
@dataclass
class TreeSizeSummary:
    """Totals of one number of vertices."""

    vertices: int
    trees: int
    p_positions: int
    max_value: int

    def to_dict(self) -> dict[str, int]:
        return {
            "vertices": self.vertices,
            "trees": self.trees,
            "p_positions": self.p_positions,
            "max_value": self.max_value,
        }


@dataclass
class TreeSweepReport:
    """What a tree sweep holds (and what one run did)."""

    out: str
    max_vertices: int
    max_label: int
    sizes: list[TreeSizeSummary] = field(default_factory=list)
    computed_shapes: int = 0
    kept_shapes: int = 0
    seconds: float = 0.0

    @property
    def trees(self) -> int:
        return sum(s.trees for s in self.sizes)

    @property
    def p_positions(self) -> int:
        return sum(s.p_positions for s in self.sizes)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``endnim sweep --variant tree --json`` and ``sweep-query`` totals."""
        return {
            "kind": "tree",
            "variant": "tree",
            "out": self.out,
            "max_vertices": self.max_vertices,
            "max_label": self.max_label,
            "trees": self.trees,
            "p_positions": self.p_positions,
            "max_value": max((s.max_value for s in self.sizes), default=0),
            "sizes": [s.to_dict() for s in self.sizes],
            "computed_shapes": self.computed_shapes,
            "kept_shapes": self.kept_shapes,
            "seconds": round(self.seconds, 3),
        }


def is_tree_sweep(path: str | Path) -> bool:
    """Whether ``path`` holds a tree sweep."""
    return (Path(path) / TREE_STORE).is_file()


class TreeStore:
    """A tree sweep's SQLite file, open for reading and writing (one thread)."""

    def __init__(self, root: Path, connection: sqlite3.Connection) -> None:
        self.root = root
        self.connection = connection

    @classmethod
    def create(cls, root: Path, max_label: int) -> TreeStore:
        """Open (creating when new) the store in ``root`` for labels up to ``max_label``."""
        if root.exists() and not root.is_dir():
            raise SweepError(f"{root} exists and is not a directory")
        if root.is_dir() and any(root.iterdir()) and not (root / TREE_STORE).exists():
            raise SweepError(f"{root} is not empty and holds no tree sweep: choose another --out")
        root.mkdir(parents=True, exist_ok=True)
        store = cls(root, _connect(root / TREE_STORE))
        with store.connection:
            store.connection.executescript(_SCHEMA)
            for key, value in (
                ("format", TREE_FORMAT),
                ("kind", "tree"),
                ("variant", "tree"),
                ("max_label", str(max_label)),
            ):
                store.connection.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, value))
        held = int(store.meta["max_label"])
        if held != max_label:
            store.close()
            raise SweepError(
                f"{root} holds a tree sweep with labels <= {held}, not {max_label}: use another "
                "--out for another label bound"
            )
        if not (root / DESCRIPTION).exists():
            description = {"format": TREE_FORMAT, "kind": "tree", "variant": "tree"}
            temporary = root / f".{DESCRIPTION}.tmp"
            temporary.write_text(json.dumps({**description, "max_label": max_label}))
            os.replace(temporary, root / DESCRIPTION)
        return store

    @classmethod
    def open(cls, root: Path) -> TreeStore:
        """Open an existing store for reading."""
        if not (root / TREE_STORE).is_file():
            raise SweepError(f"{root} holds no tree sweep (no {TREE_STORE})")
        try:
            store = cls(root, _connect(root / TREE_STORE))
            store.meta  # noqa: B018 - reads the catalogue once: a damaged file fails here
        except sqlite3.DatabaseError as error:
            raise SweepError(f"cannot read the tree sweep {root / TREE_STORE}: {error}") from None
        return store

    def __enter__(self) -> TreeStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the file."""
        self.connection.close()

    @property
    def path(self) -> Path:
        return self.root

    @property
    def meta(self) -> dict[str, str]:
        return dict(self.connection.execute("SELECT key, value FROM meta").fetchall())

    @property
    def max_label(self) -> int:
        return int(self.meta["max_label"])

    @property
    def max_vertices(self) -> int:
        """Every size up to this one is complete."""
        done: dict[int, int] = dict(
            self.connection.execute(
                "SELECT vertices, COUNT(*) FROM shapes GROUP BY vertices"
            ).fetchall()
        )
        top = 0
        while done.get(top + 1, -1) == len(tree_shapes(top + 1)):
            top += 1
        return top

    def done_shapes(self) -> set[tuple[int, int]]:
        rows = self.connection.execute("SELECT vertices, shape FROM shapes").fetchall()
        return {(int(n), int(s)) for n, s in rows}

    def store_shape(
        self, n: int, shape: int, rows: list[tuple[str, Graph, int]], seconds: float
    ) -> None:
        """Record a shape's trees and values and that it is done, in one transaction."""
        with self.connection:
            self.connection.executemany(
                "INSERT OR REPLACE INTO trees VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        notation,
                        n,
                        shape,
                        json.dumps(list(g.labels)),
                        json.dumps([list(e) for e in g.edges]),
                        sum(g.labels),
                        value,
                    )
                    for notation, g, value in rows
                ],
            )
            self.connection.execute(
                "INSERT OR REPLACE INTO shapes VALUES (?, ?, ?, ?)", (n, shape, len(rows), seconds)
            )

    # ------------------------------------------------------------------ reading
    def value(self, position: str | Graph) -> int:
        """The stored Grundy value of a tree (notation or :class:`Graph`)."""
        rules = Tree()
        graph = rules.coerce_position(position)
        live = rules.live(graph)
        index = {v: i for i, v in enumerate(live)}
        labels = [graph.labels[v] for v in live]
        edges = [(index[u], index[v]) for u, v in graph.edges if u in index and v in index]
        if len(edges) != len(labels) - 1:
            raise SweepError("a tree sweep holds single trees, not forests")
        if max(labels) > self.max_label or len(labels) > self.max_vertices:
            raise SweepError(
                f"the tree sweep in {self.root} holds trees of <= {self.max_vertices} vertices "
                f"with labels <= {self.max_label}"
            )
        row = self.connection.execute(
            "SELECT grundy FROM trees WHERE notation = ?", (canonical_notation(labels, edges),)
        ).fetchone()
        if row is None:
            raise SweepError(f"the tree sweep in {self.root} lacks this tree: run it again")
        return int(row[0])

    def count(
        self, vertices: int | None = None, where: str = "1", args: tuple[Any, ...] = ()
    ) -> int:
        """Stored trees (of one size) satisfying an SQL condition on ``grundy``."""
        sql = f"SELECT COUNT(*) FROM trees WHERE ({where})"
        if vertices is not None:
            sql += " AND vertices = ?"
            args = (*args, vertices)
        return int(self.connection.execute(sql, args).fetchone()[0])

    def rows(
        self,
        vertices: Sequence[int] | None = None,
        where: str = "1",
        args: tuple[Any, ...] = (),
        limit: int | None = None,
    ) -> Iterator[tuple[str, int, tuple[int, ...], int]]:
        """(notation, vertices, labels, Grundy value) of the stored trees, by size, beans and
        notation."""
        sql = f"SELECT notation, vertices, labels, grundy FROM trees WHERE ({where})"
        if vertices:
            sql += f" AND vertices IN ({', '.join('?' * len(vertices))})"
            args = (*args, *vertices)
        sql += " ORDER BY vertices, beans, notation"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        for notation, n, labels, grundy in self.connection.execute(sql, args):
            yield str(notation), int(n), tuple(json.loads(labels)), int(grundy)

    def summary(self) -> TreeSweepReport:
        """Totals per number of vertices (complete sizes only)."""
        top = self.max_vertices
        report = TreeSweepReport(str(self.root), top, self.max_label)
        rows = self.connection.execute(
            "SELECT vertices, COUNT(*), SUM(grundy = 0), MAX(grundy) FROM trees "
            "WHERE vertices <= ? GROUP BY vertices ORDER BY vertices",
            (top,),
        ).fetchall()
        report.sizes = [TreeSizeSummary(int(n), int(c), int(p), int(m)) for n, c, p, m in rows]
        return report


def run_tree_query(
    store: TreeStore,
    words: Sequence[str],
    vertices: Sequence[int] | None = None,
    limit: int = 20,
) -> dict[str, Any]:
    """Count the stored trees (of the given numbers of vertices) satisfying a predicate of
    ``sweep-query`` (``p``, ``value N``, ``value-at-least N``, ``outcome P|N``) and list the
    first ``limit`` (fewest vertices, then fewest beans, then by notation).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = run_tree_sweep(folder, 3, 2)
    ...     with open_tree_sweep(folder) as store:
    ...         found = run_tree_query(store, ["p"], limit=3)
    >>> found["count"], found["positions"]
    (4, ['1(1)', '2(2)', '2(1 1)'])
    """
    from endnim.sweep.query import Conjecture, ValueIn, parse_predicate

    predicate = parse_predicate(words, True)
    if isinstance(predicate, Conjecture) or not isinstance(predicate, ValueIn):
        raise SweepError("Horrocks' conjectures are about Muller End-Nim rows, not trees")
    args: tuple[int, ...]
    if predicate.at_least is not None:
        where, args = "grundy >= ?", (predicate.at_least,)
    else:
        codes = sorted(predicate.codes)
        where, args = f"grundy IN ({', '.join('?' * len(codes))})", tuple(codes)
    top = store.max_vertices
    if top == 0:
        raise SweepError(f"the tree sweep in {store.root} has no complete size yet: run it again")
    chosen = list(range(1, top + 1)) if not vertices else sorted(set(vertices))
    for n in chosen:
        if not 1 <= n <= top:
            raise SweepError(f"the tree sweep in {store.root} holds 1..{top} vertices, not {n}")
    by_size = {n: store.count(n, where, args) for n in chosen}
    listed = list(store.rows(chosen, where, args, limit=limit))
    count = sum(by_size.values())
    return {
        "sweep": str(store.root),
        "variant": "tree",
        "kind": "tree",
        "max_vertices": top,
        "max_label": store.max_label,
        "predicate": predicate.describe(),
        "vertices": chosen,
        "count": count,
        "checked": sum(store.count(n) for n in chosen),
        "by_vertices": {str(n): c for n, c in by_size.items()},
        "positions": [row[0] for row in listed],
        "values": [row[3] for row in listed],
        "limit": limit,
        "truncated": count > len(listed),
    }


def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, timeout=30)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    return connection


def open_tree_sweep(path: str | Path) -> TreeStore:
    """Open the tree sweep stored in ``path`` for reading."""
    return TreeStore.open(Path(path))


def run_tree_sweep(
    out: str | Path,
    max_vertices: int,
    max_label: int,
    *,
    progress: Progress | None = None,
    budget: int = MAX_LABELLINGS,
) -> TreeSweepReport:
    """Compute and store every labelled tree with <= ``max_vertices`` vertices and labels <=
    ``max_label`` (one per isomorphism class) with its Grundy value; finished shapes of an
    earlier run are kept. ``progress(done, total)`` counts shapes."""
    from endnim.parts import PartsSolver
    from endnim.search import format_count

    if max_vertices < 1 or max_label < 1:
        raise EndNimError("a tree sweep needs --max-vertices >= 1 and --max-label >= 1")
    if max_vertices > 14:
        raise EndNimError(f"--max-vertices {max_vertices}: at most 14 (3,159 shapes of 14)")
    labellings = count_labellings(max_vertices, max_label)
    if labellings > budget:
        raise EndNimError(
            f"a tree sweep to {max_vertices} vertices with labels <= {max_label} tries "
            f"{format_count(labellings)} labellings; at most {format_count(budget)}: lower "
            "--max-vertices or --max-label"
        )
    started = time.monotonic()
    rules = Tree()
    solver = PartsSolver(rules, budget=10**12)
    with TreeStore.create(Path(out), max_label) as store:
        done = store.done_shapes()
        plan = [(n, i, e) for n in range(1, max_vertices + 1) for i, e in enumerate(tree_shapes(n))]
        report = TreeSweepReport(str(out), max_vertices, max_label)
        for count, (n, shape, edges) in enumerate(plan, start=1):
            if (n, shape) in done:
                report.kept_shapes += 1
            else:
                begun = time.monotonic()
                rows = []
                for graph in labelled_trees(edges, n, max_label):
                    notation = canonical_notation(graph.labels, graph.edges)
                    rows.append((notation, graph, solver.grundy(graph)))
                store.store_shape(n, shape, rows, time.monotonic() - begun)
                report.computed_shapes += 1
            if progress is not None:
                progress(count, len(plan))
        summary = store.summary()
    report.sizes = [s for s in summary.sizes if s.vertices <= max_vertices]
    report.seconds = time.monotonic() - started
    return report


__all__ = [
    "TREE_STORE",
    "TreeStore",
    "TreeSweepReport",
    "canonical_notation",
    "count_labellings",
    "is_tree_sweep",
    "labelled_trees",
    "open_tree_sweep",
    "run_tree_query",
    "run_tree_sweep",
    "tree_shapes",
]
