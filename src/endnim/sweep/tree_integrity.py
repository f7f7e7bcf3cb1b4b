"""The tree store's integrity and repair: each finished shape's digest, how a read checks a
shape's trees against it, the one-line errors of a damaged or full store, and how a run or
``endnim sweep --repair`` forgets damaged shapes and rebuilds an unreadable ``trees.sqlite``
from the shapes that still match their digests (:mod:`endnim.sweep.trees` is the store).

A shape's digest ``DIR/shapes/NN/SSSS.json`` holds the SHA-256 of its stored trees (notation,
labels, edges, beans, value, in notation order, with the label bound) and their count; it is
written (fsync, atomic rename) after the shape's SQLite transaction commits.

>>> shape_file(7, 10)
'shapes/07/0010.json'
>>> repair_hint(Path("tb"))
"repair it with 'endnim sweep --repair tb' (damaged shapes are computed again)"
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import shutil
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from endnim.sweep import graph_store
from endnim.sweep.graph_store import (
    DESCRIPTION,
    GraphRepair,
    first_line,
    is_full_disk,
    read_description,
    set_aside,
)
from endnim.sweep.plan import SweepError

TREE_STORE = "trees.sqlite"
TREE_FORMAT = "tree-1"
SHAPES = "shapes"
PARTS = "parts"
"""The directory of the part digests of unfinished big shapes (:mod:`endnim.sweep.tree_parts`)."""


def shape_file(vertices: int, shape: int) -> str:
    """The digest file (sidecar) of a shape, relative to the store.

    >>> shape_file(7, 10)
    'shapes/07/0010.json'
    """
    return f"{SHAPES}/{vertices:02d}/{shape:04d}.json"


StoredRow = tuple[str, str, str, int, int]
"""A tree as stored: notation, labels (JSON), edges (JSON), beans, Grundy value."""


def shape_digest(max_label: int, vertices: int, shape: int, rows: Iterable[StoredRow]) -> str:
    """The SHA-256 of a shape's stored trees (in notation order) and of what they are: the
    canonical serialisation a shape's sidecar records and every read checks.

    >>> shape_digest(2, 1, 0, [("1", "[1]", "[]", 1, 1)])[:12]
    'bfc08942db0e'
    """
    digest = hashlib.sha256(f"{TREE_FORMAT} labels<={max_label} n={vertices} s={shape}\n".encode())
    for row in rows:
        digest.update(("\t".join(map(str, row)) + "\n").encode())
    return digest.hexdigest()


def shape_rows(
    connection: sqlite3.Connection, vertices: int
) -> Iterator[tuple[int, list[StoredRow]]]:
    """The stored trees of ``vertices`` vertices, shape by shape, in notation order."""
    cursor = connection.execute(
        "SELECT shape, notation, labels, edges, beans, grundy, vertices FROM trees "
        "WHERE vertices = ? ORDER BY shape, notation",
        (vertices,),
    )
    for shape, group in itertools.groupby(cursor, key=lambda row: row[0]):
        rows: list[StoredRow] = []
        for _shape, notation, labels, edges, beans, grundy, n in group:
            if n != vertices:  # a damaged index: the row is not what it was filed under
                raise sqlite3.DatabaseError(f"a tree filed under {vertices} vertices has {n}")
            rows.append((notation, labels, edges, beans, grundy))
        yield int(shape), rows


class TreeStoreDamaged(SweepError):
    """The tree store does not match its digests or cannot be read: repair it."""


def repair_hint(root: Path) -> str:
    """How to repair the tree store in ``root``."""
    return f"repair it with 'endnim sweep --repair {root}' (damaged shapes are computed again)"


def damaged(root: Path, problem: str) -> TreeStoreDamaged:
    """The one-line error of a tree store in ``root`` that cannot be trusted."""
    return TreeStoreDamaged(
        f"cannot read the tree sweep {root / TREE_STORE}: it is damaged ({problem}); "
        f"{repair_hint(root)}"
    )


def full_disk(root: Path) -> SweepError:
    """The one-line refusal of a tree sweep whose disk is full."""
    return SweepError(
        f"the disk holding {root} is full (no space left for {TREE_STORE} and its digests): "
        "every finished shape is kept and verified; free some space and run the same command "
        "to resume"
    )


def storage_error(root: Path, error: BaseException) -> SweepError:
    """SQLite's or the file system's complaint about the tree store in ``root``, in one line."""
    if is_full_disk(error):
        return full_disk(root)
    return damaged(root, first_line(error))


def read_shape_digest(root: Path, n: int, shape: int) -> dict[str, Any]:
    """The digest file of a shape (empty when missing or unreadable)."""
    try:
        data = json.loads((root / shape_file(n, shape)).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def digest_shapes(root: Path) -> set[tuple[int, int]]:
    """The shapes of the store in ``root`` that have a digest file."""
    found = set()
    for path in (root / SHAPES).glob("*/*.json"):
        if path.parent.name.isdigit() and path.stem.isdigit():
            found.add((int(path.parent.name), int(path.stem)))
    return found


def shape_problem(
    root: Path,
    max_label: int,
    n: int,
    shape: int,
    rows: Sequence[StoredRow],
    recorded: int | None,
) -> str | None:
    """What is wrong with a shape's stored trees (None: they match the digest)."""
    digest = read_shape_digest(root, n, shape)
    where = f"shape {shape} of {n} vertices"
    if not digest:
        return f"{where} has no readable digest {root / shape_file(n, shape)}"
    if (
        digest.get("sha256") != shape_digest(max_label, n, shape, rows)
        or digest.get("trees") != len(rows)
        or (recorded is not None and recorded != len(rows))
    ):
        return f"{where} does not match its digest {root / shape_file(n, shape)}"
    return None


# --------------------------------------------------------------------------- repair
class WritableTreeStore(Protocol):
    """What the repair needs of a tree store open for writing (:class:`endnim.sweep.trees.
    TreeStore`)."""

    connection: sqlite3.Connection

    def shape_records(self) -> dict[tuple[int, int], int]: ...
    def digest_shapes(self) -> set[tuple[int, int]]: ...
    def shape_problem(
        self, n: int, shape: int, rows: Sequence[StoredRow], recorded: int | None
    ) -> str | None: ...
    def forget_shape(self, n: int, shape: int) -> None: ...
    def part_records(self) -> dict[tuple[int, int], list[tuple[int, int, int]]]: ...
    def part_problems(
        self, n: int, shape: int, rows: Sequence[StoredRow]
    ) -> list[tuple[int, int]]: ...
    def forget_part(self, n: int, shape: int, beans: tuple[int, int]) -> None: ...
    def knows_shape(self, n: int, shape: int) -> bool: ...
    def reading(self) -> AbstractContextManager[None]: ...
    def close(self) -> None: ...


Store = TypeVar("Store", bound=WritableTreeStore)


def drop_damaged(store: WritableTreeStore) -> list[tuple[int, int]]:
    """Check every finished shape against its digest and forget the damaged ones (and
    trees or digests of no finished shape), so that a run computes them again; of a big shape
    stored in parts and not finished, check each part against its digest and forget the
    damaged parts and any tree of no stored part. Returns the shapes forgotten or cut."""
    records = store.shape_records()
    parted = store.part_records()
    bad = set(records.keys() ^ store.digest_shapes())
    bad_parts: list[tuple[int, int, tuple[int, int]]] = []
    sizes = {int(row[0]) for row in store.connection.execute("SELECT DISTINCT vertices FROM trees")}
    for n in sorted(sizes | {n for n, _ in records} | {n for n, _ in parted}):
        seen = set()
        for shape, rows in shape_rows(store.connection, n):
            seen.add((n, shape))
            if (n, shape) not in records and (n, shape) in parted:
                bad_parts += [(n, shape, beans) for beans in store.part_problems(n, shape, rows)]
            elif (n, shape) not in records or store.shape_problem(
                n, shape, rows, records[(n, shape)]
            ):
                bad.add((n, shape))
        bad |= {key for key in records if key[0] == n and key not in seen}
        for key, parts in parted.items():  # parts recorded whose trees are all gone
            if key[0] == n and key not in seen and key not in records:
                bad_parts += [(n, key[1], (lo, hi)) for lo, hi, _t in parts]
    for n, shape, beans in bad_parts:
        store.forget_part(n, shape, beans)
    for n, shape in sorted(bad):
        store.forget_shape(n, shape)
    cut = bad | {(n, shape) for n, shape, _b in bad_parts}
    return sorted((n, s) for n, s in cut if store.knows_shape(n, s))


def storage_errors(root: Path) -> contextlib.AbstractContextManager[None]:
    """A full disk or a damaged file met while writing the tree store, as one line."""
    return graph_store.storage_errors(root, storage_error)


def salvage(
    root: Path, max_label: int, create: Callable[[Path, int], WritableTreeStore]
) -> list[tuple[int, int]]:
    """Set a damaged ``trees.sqlite`` aside (``trees.sqlite.damaged-TIME``) and copy into a
    new one (made by ``create``) every shape that still matches its digest; returns the shapes
    lost."""
    aside = set_aside(root, TREE_STORE)
    store = create(root, max_label)
    lost: list[tuple[int, int]] = []
    try:
        wanted = store.digest_shapes()
        found: set[tuple[int, int]] = set()
        try:
            damaged_file: sqlite3.Connection | None = sqlite3.connect(root / aside)
        except sqlite3.Error:
            damaged_file = None
        for n in sorted({n for n, _ in wanted}):
            try:
                if damaged_file is None:
                    break
                for shape, rows in shape_rows(damaged_file, n):
                    if (n, shape) not in wanted or store.shape_problem(n, shape, rows, None):
                        continue
                    seconds = float(read_shape_digest(root, n, shape).get("seconds", 0.0))
                    with store.connection:
                        store.connection.executemany(
                            "INSERT INTO trees VALUES (?, ?, ?, ?, ?, ?, ?)",
                            [(t, n, shape, lab, e, b, g) for t, lab, e, b, g in rows],
                        )
                        store.connection.execute(
                            "INSERT INTO shapes VALUES (?, ?, ?, ?)", (n, shape, len(rows), seconds)
                        )
                    found.add((n, shape))
            except sqlite3.DatabaseError as error:
                if is_full_disk(error):
                    raise
                continue  # the rest of this size is lost
        if damaged_file is not None:
            damaged_file.close()
        for n, shape in sorted(wanted - found):
            (root / shape_file(n, shape)).unlink(missing_ok=True)
            lost.append((n, shape))
        # parts of unfinished big shapes are not salvaged: their digests go, and the parts
        # are computed again
        shutil.rmtree(root / PARTS, ignore_errors=True)
    finally:
        store.close()
    return lost


def open_for_writing(
    root: Path, max_label: int, create: Callable[[Path, int], Store]
) -> tuple[Store, list[tuple[int, int]], bool]:
    """The store (opened by ``create``), ready to be written: a file SQLite cannot read is
    salvaged, and every finished shape is checked against its digest, the damaged ones
    forgotten. Returns the store, the shapes forgotten and whether the file was rebuilt."""
    lost: list[tuple[int, int]] = []
    for attempt in (1, 2):
        try:
            store = create(root, max_label)
        except TreeStoreDamaged:
            if attempt == 2:
                raise
            lost = salvage(root, max_label, create)
            continue
        try:
            with store.reading():
                dropped = drop_damaged(store)
        except TreeStoreDamaged:
            store.close()
            if attempt == 2:
                raise
            lost = salvage(root, max_label, create)
            continue
        return store, sorted(set(lost) | set(dropped)), attempt == 2
    raise AssertionError("unreachable")


@dataclass
class TreeRepair(GraphRepair):
    """What ``endnim sweep --repair`` did to a tree sweep."""

    kind: str = "tree"
    unit: str = "shapes"


def held_max_label(root: Path) -> int:
    """The label bound of the tree sweep in ``root``: its description, else its digests."""
    held = read_description(root).get("max_label")
    if isinstance(held, int):
        return held
    for path in sorted((root / SHAPES).glob("*/*.json")):
        try:
            value = json.loads(path.read_text(encoding="utf-8")).get("max_label")
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(value, int):
            return value
    raise SweepError(
        f"{root} has neither a readable {DESCRIPTION} nor a shape digest: the tree sweep "
        "cannot be repaired (run it again into a new directory)"
    )


__all__ = [
    "DESCRIPTION",
    "SHAPES",
    "TREE_FORMAT",
    "TREE_STORE",
    "StoredRow",
    "TreeRepair",
    "TreeStoreDamaged",
    "WritableTreeStore",
    "damaged",
    "digest_shapes",
    "drop_damaged",
    "first_line",
    "full_disk",
    "held_max_label",
    "is_full_disk",
    "open_for_writing",
    "read_description",
    "read_shape_digest",
    "repair_hint",
    "salvage",
    "shape_digest",
    "shape_file",
    "shape_problem",
    "shape_rows",
    "storage_error",
    "storage_errors",
]
