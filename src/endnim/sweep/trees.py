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
rest; a rerun with a larger N adds the new sizes. The label bound H of a store is fixed. Every
read checks each shape's trees against its digest; the digests, the one-line errors of a
damaged or full store and the repair are :mod:`endnim.sweep.tree_integrity`.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     report = run_tree_sweep(folder, 4, 2)
...     with open_tree_sweep(folder) as store:
...         report.trees, store.value("1(1 1 1)"), store.count(vertices=3)
(29, 0, 6)
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import json
import math
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from endnim.errors import EndNimError
from endnim.graphs.position import Graph
from endnim.graphs.tree import Tree
from endnim.sweep.graph_pipeline import (
    Cost,
    GraphQuery,
    QuerySource,
    Row,
    SweepRun,
    Workers,
    check_workers,
    open_workers,
    refuse_over_budget,
    refuse_over_memory,
    run_chunks,
)
from endnim.sweep.graph_store import GraphStore
from endnim.sweep.graph_store import connect as _connect
from endnim.sweep.plan import SweepError, check_free_disk
from endnim.sweep.store import write_json_atomically
from endnim.sweep.tree_integrity import (
    DESCRIPTION,
    SHAPES,
    TREE_FORMAT,
    TREE_STORE,
    StoredRow,
    TreeRepair,
    TreeStoreDamaged,
    damaged,
    digest_shapes,
    held_max_label,
    open_for_writing,
    read_description,
    repair_hint,
    shape_digest,
    shape_file,
    shape_problem,
    shape_rows,
    storage_error,
    storage_errors,
)
from endnim.sweep.tree_parts import (
    PART_LABELLINGS,
    Beans,
    covers,
    label_parts,
    missing_ranges,
    part_digest,
    part_file,
    part_files,
    part_problem,
    sum_counts,
)

"""The directory of the shape digests (``shapes/07/0010.json``)."""
MAX_VERTICES = 14
MAX_LABELLINGS = 50_000_000
"""A sweep would label more shapes than this: refused at once, with the count."""

_SCHEMA = """
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
CREATE TABLE IF NOT EXISTS parts (
    vertices INTEGER NOT NULL,
    shape INTEGER NOT NULL,
    lo INTEGER NOT NULL,
    hi INTEGER NOT NULL,
    trees INTEGER NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (vertices, shape, lo)
);
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


def labels_json(labels: Sequence[int]) -> str:
    """The labels as stored: ``json.dumps(list(labels))``, written directly.

    >>> labels_json((3, 1, 2)) == json.dumps([3, 1, 2])
    True
    """
    return "[" + ", ".join(map(str, labels)) + "]"


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
        return dataclasses.asdict(self)


@dataclass
class TreeSweepReport(SweepRun):
    """What a tree sweep holds (and what one run did)."""

    KIND = "tree"
    UNIT = "shapes"

    sizes: list[TreeSizeSummary] = field(default_factory=list, kw_only=True)
    computed_parts: int = 0
    """Parts of big shapes computed (:mod:`endnim.sweep.tree_parts`)."""
    kept_parts: int = 0
    """Parts of unfinished big shapes kept from an earlier run."""

    @property
    def trees(self) -> int:
        return self.total("trees")

    def names_dict(self) -> dict[str, Any]:
        return {"variant": "tree"}

    def parts_dict(self) -> dict[str, Any]:
        return {"computed_parts": self.computed_parts, "kept_parts": self.kept_parts}

    def totals_dict(self) -> dict[str, Any]:
        return {
            "trees": self.trees,
            "p_positions": self.p_positions,
            "max_value": max((s.max_value for s in self.sizes), default=0),
            "sizes": [s.to_dict() for s in self.sizes],
        }


def is_tree_sweep(path: str | Path) -> bool:
    """Whether ``path`` holds a tree sweep: its database, or what a repair rebuilds it from
    (the shape digests, a description of kind "tree")."""
    root = Path(path)
    if (root / TREE_STORE).is_file() or (root / SHAPES).is_dir():
        return True
    return read_description(root).get("kind") == "tree"


EdgeList = tuple[tuple[int, int], ...]
TreeRow = tuple[str, int, tuple[int, ...], int]
"""A tree as read: notation, vertices, labels, Grundy value."""


class TreeStore(GraphStore):
    """A tree sweep's SQLite file and shape digests, open for reading and writing (one
    thread). Every read is checked against the digests before it is used."""

    FILE = TREE_STORE
    FORMAT = TREE_FORMAT
    KIND = "tree"
    NOUN = "tree sweep"
    SCHEMA = _SCHEMA

    def __init__(self, root: Path, connection: sqlite3.Connection) -> None:
        super().__init__(root, connection)
        self._max_label: int | None = None
        self._lookups: dict[tuple[int, int], dict[str, int]] = {}
        """Notation -> value of the shapes verified for :meth:`value`."""

    @staticmethod
    def connect_file(path: Path) -> sqlite3.Connection:
        return _connect(path)

    storage_error = staticmethod(storage_error)
    holds_sweep = staticmethod(is_tree_sweep)

    @staticmethod
    def write_json(path: Path, data: Mapping[str, object]) -> None:
        write_json_atomically(path, data)

    # ------------------------------------------------------------------ opening
    @classmethod
    def create(cls, root: Path, max_label: int) -> TreeStore:
        """Open (creating when new) the store in ``root`` for labels up to ``max_label``; a
        file SQLite cannot read is a :class:`TreeStoreDamaged`."""
        cls.claim(root)
        held = read_description(root).get("max_label")
        if held is not None and held != max_label:
            raise SweepError(
                f"{root} holds a tree sweep with labels <= {held}, not {max_label}: use another "
                "--out for another label bound"
            )

        def check(store: TreeStore) -> None:
            if store.max_label != max_label:
                raise SweepError(
                    f"{root} holds a tree sweep with labels <= {store.max_label}, not "
                    f"{max_label}: use another --out for another label bound"
                )

        meta = {"variant": "tree", "max_label": str(max_label)}
        return cls.create_in(root, meta, {"variant": "tree", "max_label": max_label}, check)

    @classmethod
    def open(cls, root: Path) -> TreeStore:
        """Open an existing store for reading, after checking its file and its shape records
        against the digests (a one-line :class:`TreeStoreDamaged` naming the file when they
        do not match)."""
        if not is_tree_sweep(root):
            raise SweepError(f"{root} holds no tree sweep (no {TREE_STORE})")
        if not (root / TREE_STORE).is_file():
            raise TreeStoreDamaged(
                f"the tree sweep {root / TREE_STORE} is missing: {repair_hint(root)}"
            )
        store = cls(root, cls.connect_or_refuse(root))
        try:
            store.check_file()
            if not store.meta:
                raise store.damaged("no meta table")
            store.check_digests()
        except BaseException:
            store.close()
            raise
        return store

    def check_meta(self, meta: Mapping[str, str]) -> None:
        """The label bound of the meta table against ``sweep.json``'s."""
        held = read_description(self.root).get("max_label")
        if held is not None and held != self.max_label:
            raise sqlite3.DatabaseError(
                f"labels <= {self.max_label} here, <= {held} in {DESCRIPTION}"
            )

    def check_digests(self) -> None:
        """One digest for every finished shape, and no digest without one."""
        recorded = self.done_shapes()
        for n, shape in sorted(recorded ^ self.digest_shapes()):
            problem = "has no digest" if (n, shape) in recorded else "has a digest but no record"
            raise self.damaged(f"shape {shape} of {n} vertices {problem}")

    def damaged(self, problem: str) -> TreeStoreDamaged:
        """The one-line error of a store that does not match its digests."""
        return damaged(self.root, problem)

    # --------------------------------------------------------------------- records
    @property
    def max_label(self) -> int:
        if self._max_label is None:
            self._max_label = int(self.meta["max_label"])
        return self._max_label

    def shape_records(self) -> dict[tuple[int, int], int]:
        """(vertices, shape) -> trees of every finished shape."""
        rows = self.connection.execute("SELECT vertices, shape, trees FROM shapes").fetchall()
        return {(int(n), int(s)): int(t) for n, s, t in rows}

    @property
    def max_vertices(self) -> int:
        """Every size up to this one is complete."""
        with self.reading():
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
        with self.reading():
            return set(self.shape_records())

    def digest_shapes(self) -> set[tuple[int, int]]:
        """The shapes that have a digest file."""
        return digest_shapes(self.root)

    def shape_problem(
        self, n: int, shape: int, rows: Sequence[StoredRow], recorded: int | None
    ) -> str | None:
        """What is wrong with a shape's stored trees (None: they match the digest)."""
        return shape_problem(self.root, self.max_label, n, shape, rows, recorded)

    # ------------------------------------------------------------------ writing
    def store_shape(
        self, n: int, shape: int, rows: list[tuple[str, Graph, int]], seconds: float
    ) -> None:
        """Record a shape's trees and values and that it is done, in one transaction, then
        its digest; a digest that cannot be written undoes the shape (computed again)."""
        edge_texts: dict[tuple[tuple[int, int], ...], str] = {}  # a shape's trees share edges
        stored = []
        for notation, g, value in rows:
            edges = edge_texts.get(g.edges)
            if edges is None:
                edges = edge_texts[g.edges] = json.dumps([list(e) for e in g.edges])
            stored.append((notation, labels_json(g.labels), edges, sum(g.labels), value))
        self.store_rows(n, shape, stored, seconds)

    def store_rows(
        self,
        n: int,
        shape: int,
        stored: list[StoredRow],
        seconds: float,
        sha256: str | None = None,
    ) -> None:
        """:meth:`store_shape` of rows already written as stored (notation, labels and edges
        as JSON, beans, value); ``sha256``: their digest, when the worker computed it."""
        stored.sort()
        with self.connection:
            self.connection.executemany(
                "INSERT OR REPLACE INTO trees VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(t, n, shape, labels, edges, b, g) for t, labels, edges, b, g in stored],
            )
            self.connection.execute(
                "INSERT OR REPLACE INTO shapes VALUES (?, ?, ?, ?)",
                (n, shape, len(stored), seconds),
            )
        self._write_shape_digest(n, shape, stored, seconds, sha256)

    def _write_shape_digest(
        self, n: int, shape: int, stored: list[StoredRow], seconds: float, sha256: str | None
    ) -> None:
        """Write a finished shape's digest; one that cannot be written undoes the shape."""
        self._write_digest(
            shape_file(n, shape),
            {
                "vertices": n,
                "shape": shape,
                "trees": len(stored),
                "sha256": sha256 or shape_digest(self.max_label, n, shape, stored),
                "seconds": seconds,
            },
            lambda: self.forget_shape(n, shape),
        )

    def _write_digest(self, file: str, record: dict[str, Any], undo: Callable[[], None]) -> None:
        """Write a digest file (a shape's or a part's) atomically; if it cannot be written,
        ``undo`` what it vouches for (it is computed again) and raise."""
        target = self.root / file
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_json_atomically(
                target, {"format": TREE_FORMAT, "max_label": self.max_label, **record}
            )
        except OSError:
            with contextlib.suppress(sqlite3.Error):
                undo()
            raise

    def store_part(
        self,
        n: int,
        shape: int,
        beans: Beans,
        stored: list[StoredRow],
        seconds: float,
        sha256: str | None = None,
    ) -> None:
        """Record one part of a big shape (its trees and a ``parts`` record, one transaction),
        then its digest; then complete the shape if its parts now cover it
        (:mod:`endnim.sweep.tree_parts`)."""
        stored.sort()
        with self.connection:
            self.connection.execute("BEGIN IMMEDIATE")
            self.connection.executemany(
                "INSERT OR REPLACE INTO trees VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(t, n, shape, labels, edges, b, g) for t, labels, edges, b, g in stored],
            )
            self.connection.execute(
                "INSERT OR REPLACE INTO parts VALUES (?, ?, ?, ?, ?, ?)",
                (n, shape, beans[0], beans[1], len(stored), seconds),
            )
        self._write_digest(
            part_file(n, shape, beans[0]),
            {
                "vertices": n,
                "shape": shape,
                "beans": list(beans),
                "trees": len(stored),
                "sha256": sha256 or part_digest(self.max_label, n, shape, beans, stored),
                "seconds": seconds,
            },
            lambda: self.forget_part(n, shape, beans),
        )
        self.complete_shape(n, shape)

    def complete_shape(self, n: int, shape: int) -> bool:
        """If the parts of a shape cover it and each has its digest, check every part against
        its digest and record the shape as if computed whole (its record and digest; the
        parts' records and digests go). Whether the shape is complete now. Whoever stores a
        shape's last digest completes it: the check runs under SQLite's write lock, after the
        part's own digest is written."""
        with self.connection:
            self.connection.execute("BEGIN IMMEDIATE")
            if self.connection.execute(
                "SELECT 1 FROM shapes WHERE vertices = ? AND shape = ?", (n, shape)
            ).fetchone():
                return True
            parts = [
                (int(lo), int(hi), int(trees), float(sec))
                for lo, hi, trees, sec in self.connection.execute(
                    "SELECT lo, hi, trees, seconds FROM parts WHERE vertices = ? AND shape = ? "
                    "ORDER BY lo",
                    (n, shape),
                )
            ]
            ranges = [(lo, hi) for lo, hi, _t, _s in parts]
            if not covers(n, self.max_label, ranges):
                return False
            if not all((self.root / part_file(n, shape, lo)).is_file() for lo, *_ in parts):
                return False  # a part's digest is being written: its writer completes
            rows: list[StoredRow] = [
                (t, labels, edges, int(b), int(g))
                for t, labels, edges, b, g in self.connection.execute(
                    "SELECT notation, labels, edges, beans, grundy FROM trees "
                    "WHERE vertices = ? AND shape = ? ORDER BY notation",
                    (n, shape),
                )
            ]
            for lo, hi, trees, _s in parts:
                problem = part_problem(
                    self.root,
                    self.max_label,
                    n,
                    shape,
                    (lo, hi),
                    [row for row in rows if lo <= row[3] <= hi],
                    trees,
                )
                if problem is not None:
                    raise self.damaged(problem)
            seconds = sum(sec for *_r, sec in parts)
            self.connection.execute(
                "INSERT OR REPLACE INTO shapes VALUES (?, ?, ?, ?)", (n, shape, len(rows), seconds)
            )
            self.connection.execute(
                "DELETE FROM parts WHERE vertices = ? AND shape = ?", (n, shape)
            )
        self._write_shape_digest(n, shape, rows, seconds, None)
        for lo, *_rest in parts:
            (self.root / part_file(n, shape, lo)).unlink(missing_ok=True)
        return True

    def part_records(self) -> dict[tuple[int, int], list[tuple[int, int, int]]]:
        """(vertices, shape) -> the stored parts (lo, hi, trees) of unfinished big shapes."""
        found: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        for n, shape, lo, hi, trees in self.connection.execute(
            "SELECT vertices, shape, lo, hi, trees FROM parts ORDER BY vertices, shape, lo"
        ):
            found.setdefault((int(n), int(shape)), []).append((int(lo), int(hi), int(trees)))
        return found

    def part_problems(self, n: int, shape: int, rows: Sequence[StoredRow]) -> list[Beans]:
        """The bean ranges of an unfinished shape's stored trees to forget: parts that do
        not match their digests, and trees of no recorded part."""
        records = self.part_records().get((n, shape), [])
        bad: list[Beans] = []
        for lo, hi, trees in records:
            part = [row for row in rows if lo <= row[3] <= hi]
            if part_problem(self.root, self.max_label, n, shape, (lo, hi), part, trees):
                bad.append((lo, hi))
        held = [(lo, hi) for lo, hi, _t in records]
        for lo, hi in missing_ranges(n, self.max_label, held):
            if any(lo <= row[3] <= hi for row in rows):
                bad.append((lo, hi))
        return bad

    def forget_part(self, n: int, shape: int, beans: Beans) -> None:
        """Drop the trees of a shape with ``beans`` beans, and that part's record and digest."""
        lo, hi = beans
        with self.connection:
            self.connection.execute(
                "DELETE FROM trees WHERE vertices = ? AND shape = ? AND beans BETWEEN ? AND ?",
                (n, shape, lo, hi),
            )
            self.connection.execute(
                "DELETE FROM parts WHERE vertices = ? AND shape = ? AND lo = ?", (n, shape, lo)
            )
        (self.root / part_file(n, shape, lo)).unlink(missing_ok=True)

    def tidy_parts(self) -> None:
        """Forget part records of finished shapes and part digests of no recorded part (what
        an interruption between a shape's completion and the removal of its parts leaves)."""
        with self.connection:
            self.connection.execute(
                "DELETE FROM parts WHERE EXISTS (SELECT 1 FROM shapes WHERE "
                "shapes.vertices = parts.vertices AND shapes.shape = parts.shape)"
            )
        held = {
            (n, shape, lo)
            for (n, shape), parts in self.part_records().items()
            for lo, _h, _t in parts
        }
        for n, shape, lo in part_files(self.root) - held:
            (self.root / part_file(n, shape, lo)).unlink(missing_ok=True)

    def forget_shape(self, n: int, shape: int) -> None:
        """Drop a shape's trees, record and digest (it will be computed again)."""
        with self.connection:
            self.connection.execute(
                "DELETE FROM trees WHERE vertices = ? AND shape = ?", (n, shape)
            )
            self.connection.execute(
                "DELETE FROM shapes WHERE vertices = ? AND shape = ?", (n, shape)
            )
            self.connection.execute(
                "DELETE FROM parts WHERE vertices = ? AND shape = ?", (n, shape)
            )
        (self.root / shape_file(n, shape)).unlink(missing_ok=True)
        for m, s, lo in part_files(self.root):
            if (m, s) == (n, shape):
                (self.root / part_file(n, shape, lo)).unlink(missing_ok=True)

    def knows_shape(self, n: int, shape: int) -> bool:
        """Whether (``n``, ``shape``) is a shape a sweep computes."""
        return 1 <= n <= MAX_VERTICES and shape < shape_count(n)

    # ------------------------------------------------------------------ reading
    def _verified(self, n: int) -> Iterator[tuple[int, list[StoredRow]]]:
        """The shapes of ``n`` vertices (a complete size) with their trees, each checked
        against its digest before it is handed on."""
        with self.reading():
            records = self.shape_records()
            wanted = sorted(s for m, s in records if m == n)
            found = []
            for shape, rows in shape_rows(self.connection, n):
                found.append(shape)
                if (n, shape) not in records:
                    raise self.damaged(f"trees of {n} vertices of an unfinished shape {shape}")
                problem = self.shape_problem(n, shape, rows, records[(n, shape)])
                if problem is not None:
                    raise self.damaged(problem)
                yield shape, rows
            if found != wanted:
                missing = min(set(wanted) - set(found))
                raise self.damaged(f"the trees of shape {missing} of {n} vertices are missing")

    def rows(self, vertices: Iterable[int] | int | None = None) -> Iterator[TreeRow]:
        """(notation, vertices, labels, Grundy value) of the stored trees of the given sizes
        (default: every complete size), by size, shape and notation; each shape is verified
        against its digest before its trees are handed on."""
        top = self.max_vertices
        if vertices is None:
            sizes = list(range(1, top + 1))
        else:
            sizes = [vertices] if isinstance(vertices, int) else sorted(set(vertices))
        for n in sizes:
            if not 1 <= n <= top:
                raise SweepError(f"the tree sweep in {self.root} holds 1..{top} vertices, not {n}")
            for _shape, stored in self._verified(n):
                for notation, labels, _edges, _beans, grundy in stored:
                    yield notation, n, tuple(json.loads(labels)), int(grundy)

    def with_edges(self, n: int) -> Iterator[tuple[str, tuple[int, ...], EdgeList, int]]:
        """(notation, labels, edges, Grundy value) of the stored trees of ``n`` vertices (a
        complete size), the labels numbered as the edges; each shape verified against its
        digest before its trees are handed on.

        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     _ = run_tree_sweep(folder, 2, 2)
        ...     with open_tree_sweep(folder) as store:
        ...         list(store.with_edges(2))[0]
        ('1(1)', (1, 1), ((0, 1),), 0)
        """
        if not 1 <= n <= self.max_vertices:
            raise SweepError(f"the tree sweep in {self.root} holds 1..{self.max_vertices} vertices")
        for _shape, stored in self._verified(n):
            text = ""
            edges: EdgeList = ()
            for notation, labels, edge_text, _beans, grundy in stored:
                if edge_text != text:
                    text = edge_text
                    edges = tuple((int(u), int(v)) for u, v in json.loads(edge_text))
                yield notation, tuple(json.loads(labels)), edges, int(grundy)

    def count(self, vertices: Iterable[int] | int | None = None) -> int:
        """How many trees of the given sizes (default: every complete size) are stored."""
        return sum(1 for _ in self.rows(vertices))

    def value(self, position: str | Graph) -> int:
        """The stored Grundy value of a tree (notation or :class:`Graph`), verified."""
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
        notation, n = canonical_notation(labels, edges), len(labels)
        with self.reading():
            row = self.connection.execute(
                "SELECT vertices, shape FROM trees WHERE notation = ?", (notation,)
            ).fetchone()
        key = (int(row[0]), int(row[1])) if row is not None else None
        if key is not None and key[0] == n and key not in self._lookups:
            self._lookups[key] = self._verified_shape(*key)
        if key is not None and notation in self._lookups.get(key, {}):
            return self._lookups[key][notation]
        for _shape, stored in self._verified(n):  # filed wrongly? the whole size, verified
            for text, _labels, _edges, _beans, grundy in stored:
                if text == notation:
                    return int(grundy)
        raise SweepError(f"the tree sweep in {self.root} lacks this tree: run it again")

    def _verified_shape(self, n: int, shape: int) -> dict[str, int]:
        """Notation -> value of one finished shape's trees, checked against its digest."""
        with self.reading():
            records = self.shape_records()
            rows = [
                (t, labels, edges, b, g)
                for t, labels, edges, b, g, m in self.connection.execute(
                    "SELECT notation, labels, edges, beans, grundy, vertices FROM trees "
                    "WHERE vertices = ? AND shape = ? ORDER BY notation",
                    (n, shape),
                )
                if m == n
            ]
        if (n, shape) not in records:
            raise self.damaged(f"trees of {n} vertices of an unfinished shape {shape}")
        problem = self.shape_problem(n, shape, rows, records[(n, shape)])
        if problem is not None:
            raise self.damaged(problem)
        return {t: int(g) for t, _labels, _edges, _b, g in rows}

    def totals(self, top: int) -> list[TreeSizeSummary]:
        """Totals per number of vertices up to ``top`` (complete sizes only), counted by SQLite
        without a second check against the digests: for the end of a run, whose kept shapes
        were verified when it opened the store and whose new ones it has just written."""
        top = min(top, self.max_vertices)
        with self.reading():
            found = {
                int(n): (int(trees), int(zeros), int(largest))
                for n, trees, zeros, largest in self.connection.execute(
                    "SELECT vertices, COUNT(*), SUM(grundy = 0), MAX(grundy) FROM trees "
                    "WHERE vertices <= ? GROUP BY vertices",
                    (top,),
                )
            }
        return [TreeSizeSummary(n, *found.get(n, (0, 0, 0))) for n in range(1, top + 1)]

    def summary(self) -> TreeSweepReport:
        """Totals per number of vertices (complete sizes only), from the verified trees."""
        top = self.max_vertices
        report = TreeSweepReport(str(self.root), top, self.max_label)
        for n in range(1, top + 1):
            size = TreeSizeSummary(n, 0, 0, 0)
            for _shape, stored in self._verified(n):  # each shape checked against its digest
                values = [int(row[4]) for row in stored]
                size.trees += len(values)
                size.p_positions += values.count(0)
                size.max_value = max(size.max_value, *values)
            report.sizes.append(size)
        return report


def tree_query_source(store: TreeStore) -> QuerySource:
    """What ``sweep-query`` reads of a tree sweep: every tree counted comes from a shape
    verified against its digest.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = run_tree_sweep(folder, 3, 2)
    ...     with open_tree_sweep(folder) as store:
    ...         found = run_tree_query(store, ["p"], limit=3)
    >>> found["count"], found["positions"]
    (4, ['1(1)', '2(2)', '2(1 1)'])
    """

    def rows(n: int) -> Iterator[Row]:
        for notation, _n, labels, value in store.rows([n]):
            yield sum(labels), notation, labels, value

    names = {"variant": "tree", "kind": "tree"}
    return QuerySource(store.root, names, store.max_vertices, store.max_label, True, rows)


run_tree_query = GraphQuery("tree sweep", "trees", tree_query_source)
"""Count the stored trees (of the given numbers of vertices) satisfying a predicate of
``sweep-query`` (``p``, ``value N``, ``value-at-least N``, ``outcome P|N``) and list the first
``limit`` (fewest vertices, then fewest beans, then by notation)."""


def open_tree_sweep(path: str | Path) -> TreeStore:
    """Open the tree sweep stored in ``path`` for reading (checked: see :class:`TreeStore`)."""
    return TreeStore.open(Path(path))


# --------------------------------------------------------------------------- sizes
@functools.cache
def shape_count(n: int) -> int:
    """How many unlabelled trees have ``n`` vertices.

    >>> shape_count(14)
    3159
    """
    return len(tree_shapes(n))


def count_labelled(edges: Sequence[tuple[int, int]], n: int, max_label: int) -> int:
    """How many labellings of a shape with 1..``max_label`` differ up to isomorphism (the
    trees a sweep stores for it), counted exactly without enumerating them: rooted at the
    centre, a vertex's labelled subtrees are a label times a multiset of each kind of child.

    >>> count_labelled([(0, 1), (1, 2)], 3, 2)  # paths 1-1-1 ... 2-2-2: 8 labellings, 6 trees
    6
    """
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        adjacency[u].append(v)
        adjacency[v].append(u)

    def rooted(vertex: int, parent: int) -> tuple[str, int]:
        """(the unlabelled subtree's canonical text, its labellings up to isomorphism)"""
        kinds: dict[str, tuple[int, int]] = {}
        for child in adjacency[vertex]:
            if child != parent:
                text, ways = rooted(child, vertex)
                kinds[text] = (ways, kinds.get(text, (ways, 0))[1] + 1)
        total = max_label
        for ways, repeats in kinds.values():
            total *= math.comb(ways + repeats - 1, repeats)
        return "(" + "".join(sorted(k * r for k, (_w, r) in kinds.items())) + ")", total

    centres = _centres(adjacency)
    if len(centres) == 1:
        return rooted(centres[0], -1)[1]
    a, b = centres
    (text_a, ways_a), (text_b, ways_b) = rooted(a, b), rooted(b, a)
    return math.comb(ways_a + 1, 2) if text_a == text_b else ways_a * ways_b


def count_trees(max_vertices: int, max_label: int) -> int:
    """The labelled trees with at most ``max_vertices`` vertices and labels at most
    ``max_label``, up to isomorphism: the rows of a complete tree sweep.

    >>> count_trees(8, 3)
    70707
    """
    return sum(
        count_labelled(edges, n, max_label)
        for n in range(1, max_vertices + 1)
        for edges in tree_shapes(n)
    )


def row_bytes(n: int, max_label: int) -> int:
    """About what one stored tree of ``n`` vertices takes on disk: its notation, labels and
    edges, the notation's index and the size index, with B-tree slack (measured: 142 bytes
    a tree for 7 vertices, labels <= 3)."""
    digits = len(str(max_label))
    notation = n * (digits + 2)
    labels = n * (digits + 2)
    edges = max(0, n - 1) * (2 * len(str(n)) + 6) + 2
    return int(1.2 * (2 * notation + labels + edges + 40))


WAL_BYTES = 4 * 2**20
"""SQLite's write-ahead log before a checkpoint (1,000 pages of 4 KiB; at most about what the
sweep writes)."""
DIGEST_BYTES = 4096
"""A shape's digest file (one block)."""


def disk_need(plan: Sequence[tuple[int, int, Sequence[tuple[int, int]]]], max_label: int) -> int:
    """About how many bytes storing the shapes of ``plan`` ((vertices, shape, edges)) adds."""
    sizes = [count_labelled(edges, n, max_label) * row_bytes(n, max_label) for n, _s, edges in plan]
    if not sizes:
        return 0
    return sum(sizes) + len(sizes) * DIGEST_BYTES + min(WAL_BYTES, sum(sizes)) + max(sizes)


# --------------------------------------------------------------------------- chunks
@dataclass(frozen=True)
class ShapeTask:
    """One chunk of a tree sweep: every labelling of one shape (picklable: it travels to a
    worker process or a Dask worker)."""

    vertices: int
    shape: int
    edges: tuple[tuple[int, int], ...]
    max_label: int
    compiled: bool | None = None
    """``False``: the Python search (the reference); else the compiled solver when built."""
    beans: Beans | None = None
    """A part of a big shape: only the labellings whose labels add up to lo..hi
    (:mod:`endnim.sweep.tree_parts`); ``None``: the whole shape."""


@dataclass(frozen=True)
class ShapeResult:
    """A computed shape, ready to store: its rows in notation order, their digest and totals."""

    task: ShapeTask
    rows: list[StoredRow]
    sha256: str
    seconds: float


_WORKER: dict[str, Any] = {}
"""This process's memo (compiled) or search (Python) for :func:`compute_shape`: the trees of
one shape's labellings recur in the next shapes, so a worker keeps it between chunks."""


def compute_shape(task: ShapeTask) -> ShapeResult:
    """Every labelling of a shape (or of the part of it ``task.beans`` names), one per
    isomorphism class, with its Grundy value, as stored (notation, labels and edges as JSON,
    beans, value; in notation order) with the shape's (or part's) digest: the work of one
    chunk, the same on any worker.

    >>> result = compute_shape(ShapeTask(3, 0, ((0, 1), (1, 2)), 2))
    >>> len(result.rows), result.rows[0]
    (6, ('1(1 1)', '[1, 1, 1]', '[[0, 1], [1, 2]]', 3, 1))
    """
    from endnim.graphs import compiled as engine

    begun = time.monotonic()
    n, edges, max_label = task.vertices, task.edges, task.max_label
    edge_text = json.dumps([list(e) for e in edges])
    if task.compiled is not False and engine.available():
        memo = _WORKER.get("memo")
        if memo is None or len(memo) > engine.MAX_MEMO:
            memo = _WORKER["memo"] = engine.TreeMemo()
        found = [
            (notation, labels, value)
            for notation, labels, value in engine.sweep_shape(memo, edges, n, max_label, task.beans)
        ]
    else:
        from endnim.parts import PartsSolver

        solver = _WORKER.get("search")
        if solver is None:
            solver = _WORKER["search"] = PartsSolver(Tree(), budget=10**12)
        lo, hi = task.beans or (n, n * max_label)
        found = [
            (canonical_notation(g.labels, g.edges), g.labels, solver.grundy(g))
            for g in labelled_trees(edges, n, max_label)
            if lo <= sum(g.labels) <= hi  # the sum is the same on a whole class
        ]
    rows: list[StoredRow] = sorted(
        (notation, labels_json(labels), edge_text, sum(labels), int(value))
        for notation, labels, value in found
    )
    if task.beans is None:
        digest = shape_digest(max_label, n, task.shape, rows)
    else:
        digest = part_digest(max_label, n, task.shape, task.beans, rows)
    return ShapeResult(task, rows, digest, time.monotonic() - begun)


def store_result(store: TreeStore, result: ShapeResult) -> None:
    """Store a computed chunk: a whole shape, or a part (which completes its shape when it
    is the last)."""
    task = result.task
    if task.beans is None:
        store.store_rows(task.vertices, task.shape, result.rows, result.seconds, result.sha256)
    else:
        store.store_part(
            task.vertices, task.shape, task.beans, result.rows, result.seconds, result.sha256
        )


# --------------------------------------------------------------------------- writing
Chunk = tuple[int, int, Sequence[tuple[int, int]], Beans | None]
"""A chunk of a tree sweep: (vertices, shape, edges, beans): a whole shape (beans ``None``)
or the part of a big one whose labels add up to lo..hi."""


def plan_chunks(
    store: TreeStore,
    steps: Sequence[tuple[int, int, Sequence[tuple[int, int]]]],
    part_labellings: int = PART_LABELLINGS,
) -> tuple[list[Chunk], int]:
    """The chunks that compute the unfinished shapes ``steps`` ((vertices, shape, edges)):
    a small shape whole, a big one (or one begun in parts) in the parts it still lacks.
    Returns the chunks and how many parts are already stored."""
    held = store.part_records()
    chunks: list[Chunk] = []
    kept = 0
    for n, shape, edges in steps:
        stored = [(lo, hi) for lo, hi, _t in held.get((n, shape), [])]
        kept += len(stored)
        parts = [
            beans
            for gap in missing_ranges(n, store.max_label, stored)
            for beans in label_parts(n, store.max_label, gap, part_labellings)
        ]
        if not stored and len(parts) == 1:
            chunks.append((n, shape, edges, None))
        else:
            chunks.extend((n, shape, edges, beans) for beans in parts)
    return chunks, kept


def compute_shapes(
    store: TreeStore,
    plan: Sequence[Chunk],
    workers: Workers | None = None,
    compiled: bool | None = None,
) -> None:
    """Compute and store the chunks of ``plan`` (see :func:`plan_chunks`): by the compiled
    solver (:mod:`endnim.graphs.compiled`, one memo per process) when it is built and
    ``compiled`` is not ``False``, else by the Python search (the reference); in this process,
    or by ``workers`` (worker processes, a Dask cluster). Each chunk is stored, with its
    digest, as soon as it comes back (or by the local worker process that computed it)."""
    tasks = [
        ShapeTask(
            n, shape, tuple((int(u), int(v)) for u, v in edges), store.max_label, compiled, beans
        )
        for n, shape, edges, beans in plan
    ]
    run_chunks(
        store,
        tasks,
        compute_shape,
        store_result,
        workers,
        forget=_WORKER.clear,  # this process's memo (worker processes keep theirs)
    )


@dataclass(frozen=True)
class TreeSweepEstimate(Cost):
    """What a tree sweep will do and cost, known before it starts."""

    shapes: int
    chunks: int
    """Shapes, with the big ones counted by their parts (:mod:`endnim.sweep.tree_parts`)."""
    labellings: int
    trees: int

    def counts(self) -> dict[str, int]:
        found = {"shapes": self.shapes, "chunks": self.chunks}
        return {**found, "labellings": self.labellings, "trees": self.trees}

    def summary(self) -> str:
        from endnim.search import format_count

        return (
            f"{format_count(self.shapes)} shapes in {format_count(self.chunks)} chunks, "
            f"{format_count(self.labellings)} labellings, {format_count(self.trees)} trees"
        )


SECONDS_PER_LABELLING = 6e-6
"""CPU time of one labelling tried, compiled and stored (measured: 46 CPU-seconds for the
7,364,559 labellings of <= 10 vertices, labels <= 3, on the reference machine)."""
MEMO_BYTES_PER_TREE = 80
"""A worker's memo per labelled tree it meets (key, slot and value; measured at 10 vertices)."""
BASE_MEMORY = 200 * 2**20
"""The interpreter and the program, per process."""


def estimate_tree_sweep(
    max_vertices: int,
    max_label: int,
    workers: int = 1,
    todo: int | None = None,
    chunks: int | None = None,
) -> TreeSweepEstimate:
    """The cost of a tree sweep on ``workers`` workers (``todo``: only this many
    labellings, in ``chunks`` chunks, e.g. what a resumed run has left; default: all).

    >>> e = estimate_tree_sweep(8, 3, workers=2)
    >>> e.shapes, e.chunks, e.labellings, e.trees
    (48, 48, 180264, 70707)
    >>> estimate_tree_sweep(5, 25).chunks  # 5 small shapes; the 3 of 5 vertices in 9 parts
    32
    """
    plan = [(n, i, e) for n in range(1, max_vertices + 1) for i, e in enumerate(tree_shapes(n))]
    if chunks is None:
        chunks = sum(len(label_parts(n, max_label)) for n, _s, _e in plan)
    labellings = count_labellings(max_vertices, max_label)
    trees = count_trees(max_vertices, max_label)
    memory = BASE_MEMORY * (workers + 1) + workers * trees * MEMO_BYTES_PER_TREE
    return TreeSweepEstimate(
        shapes=len(plan),
        chunks=chunks,
        labellings=labellings,
        trees=trees,
        disk_bytes=disk_need(plan, max_label),
        memory_bytes=memory,
        cpu_seconds=(labellings if todo is None else todo) * SECONDS_PER_LABELLING,
        workers=workers,
    )


def run_tree_sweep(
    out: str | Path,
    max_vertices: int,
    max_label: int,
    *,
    progress: Progress | None = None,
    budget: int = MAX_LABELLINGS,
    compiled: bool | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    memory: int | None = None,
    on_estimate: Callable[[TreeSweepEstimate], None] | None = None,
    part_labellings: int = PART_LABELLINGS,
) -> TreeSweepReport:
    """Compute and store every labelled tree with <= ``max_vertices`` vertices and labels <=
    ``max_label`` (one per isomorphism class) with its Grundy value; finished shapes of an
    earlier run are kept after checking them against their digests (damaged ones are computed
    again). A shape of more than ``part_labellings`` labellings is computed in parts
    (:mod:`endnim.sweep.tree_parts`), each stored as it finishes. ``progress(done, total)``
    counts chunks (shapes, and the parts of big ones). The disk's free space and the memory
    budget (``memory`` bytes, default half the machine) are checked first, and
    ``on_estimate`` is told the estimate before any work starts.
    ``compiled=False`` computes with the Python search (the reference) instead of the compiled
    solver. ``workers`` processes (default 1: this one) or, with ``scheduler`` (a Dask
    scheduler address), the cluster's workers compute the shapes; this process writes them,
    so the store holds the same trees and digests whatever computed them."""
    from endnim.search import format_count
    from endnim.sweep.plan import default_memory
    from endnim.sweep.runner import writer_lock

    if max_vertices < 1 or max_label < 1:
        raise EndNimError("a tree sweep needs --max-vertices >= 1 and --max-label >= 1")
    if max_vertices > MAX_VERTICES:
        raise EndNimError(f"--max-vertices {max_vertices}: at most 14 (3,159 shapes of 14)")
    check_workers(workers, scheduler)
    labellings = count_labellings(max_vertices, max_label)
    refuse_over_budget("a tree sweep", max_vertices, max_label, labellings, budget)
    started = time.monotonic()
    root = Path(out)
    plan = [(n, i, e) for n in range(1, max_vertices + 1) for i, e in enumerate(tree_shapes(n))]
    report = TreeSweepReport(str(out), max_vertices, max_label)
    if scheduler is None:
        estimate = estimate_tree_sweep(max_vertices, max_label, workers or 1)
        refuse_over_memory(
            f"a tree sweep to {max_vertices} vertices with labels <= {max_label}",
            estimate,
            default_memory() if memory is None else memory,
            f" (each worker remembers up to {format_count(estimate.trees)} trees)",
            "--workers, --max-vertices or --max-label",
        )
    if not is_tree_sweep(root):
        check_free_disk(root, disk_need(plan, max_label))
    with writer_lock(root), storage_errors(root):
        store, dropped, rebuilt = open_for_writing(root, max_label, TreeStore.create)
        with store:
            done = finish_parted_shapes(store)
            todo = [step for step in plan if step[:2] not in done]
            check_free_disk(root, disk_need(todo, max_label))
            chunks, kept_parts = plan_chunks(store, todo, part_labellings)
            report.kept = len(plan) - len(todo)
            report.kept_parts = kept_parts
            report.repaired = len([key for key in dropped if key[0] <= max_vertices])
            report.rebuilt = rebuilt
            left = sum(
                max_label**n
                if beans is None
                else sum(sum_counts(n, max_label)[beans[0] : beans[1] + 1])
                for n, _s, _e, beans in chunks
            )
            first = report.kept + kept_parts
            with open_workers(
                report,
                workers,
                scheduler,
                lambda w: estimate_tree_sweep(max_vertices, max_label, w, left, len(chunks)),
                on_estimate,
                progress,
                first,
                first + len(chunks),
            ) as running:
                compute_shapes(store, chunks, running, compiled)
            report.computed = len(todo)
            report.computed_parts = len([c for c in chunks if c[3] is not None])
            report.sizes = store.totals(max_vertices)
    report.seconds = time.monotonic() - started
    return report


def finish_parted_shapes(store: TreeStore) -> set[tuple[int, int]]:
    """Complete the shapes whose stored parts already cover them (an interruption between a
    shape's last part and its completion), tidy what completions left, and return the
    finished shapes."""
    for n, shape in sorted(store.part_records()):
        store.complete_shape(n, shape)
    store.tidy_parts()
    return store.done_shapes()


def repair_tree_store(path: str | Path, progress: Progress | None = None) -> TreeRepair:
    """Check every finished shape of the tree sweep in ``path`` against its digest, rebuild an
    unreadable ``trees.sqlite`` from the intact shapes, and compute the damaged or lost shapes
    again (with the missing shapes of every smaller size), so the store is whole again."""
    from endnim.sweep.runner import writer_lock

    root = Path(path)
    max_label = held_max_label(root)
    with writer_lock(root), storage_errors(root):
        store, dropped, rebuilt = open_for_writing(root, max_label, TreeStore.create)
        with store:
            done = finish_parted_shapes(store)
            top = max((n for n, _ in set(dropped) | done | set(store.part_records())), default=0)
            todo = [
                (n, s, tree_shapes(n)[s])
                for n in range(1, top + 1)
                for s in range(shape_count(n))
                if (n, s) not in done and (n < top or (n, s) in dropped)
            ]
            check_free_disk(root, disk_need(todo, max_label))
            compute_shapes(store, plan_chunks(store, todo)[0], Workers(progress=progress))
            store.summary()  # everything verifies now
            return TreeRepair(str(root), len(done), len(todo), rebuilt)


__all__ = [
    "SHAPES",
    "TREE_STORE",
    "ShapeResult",
    "ShapeTask",
    "TreeRepair",
    "TreeStore",
    "TreeStoreDamaged",
    "TreeSweepEstimate",
    "TreeSweepReport",
    "canonical_notation",
    "compute_shape",
    "count_labelled",
    "count_labellings",
    "count_trees",
    "estimate_tree_sweep",
    "is_tree_sweep",
    "labelled_trees",
    "open_tree_sweep",
    "repair_tree_store",
    "run_tree_query",
    "run_tree_sweep",
    "shape_digest",
    "tree_shapes",
]
