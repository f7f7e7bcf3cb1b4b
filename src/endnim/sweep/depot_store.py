"""The store of a warehouse sweep (``endnim sweep -v depot`` / ``-v depot-partizan``): one
SQLite file and one digest file per finished chunk.

::

    DIR/depots.sqlite            meta (kind, variant, family, max_label), chunks done, positions
    DIR/chunks/NN/SSSS-PPPP.json a finished chunk's digest (vertices NN, shape SSSS, part PPPP)
    DIR/sweep.json               the description (kind "depot")

A chunk is stored in one SQLite transaction with the record that it is done, then its digest
(the SHA-256 of its rows in text order, with what they are: fsync, atomic rename). A run
opening the store checks every finished chunk against its digest and forgets the damaged ones
(computed again); every read checks a chunk's rows against its digest before they are used,
and a store that does not match is a one-line :class:`DepotStoreDamaged`. A file SQLite cannot
read is set aside (``depots.sqlite.damaged-TIME``) by a run or ``endnim sweep --repair`` and
the store is computed again from nothing (the tree store salvages its intact shapes; this one
does not yet).

>>> chunk_file(5, 12, 3)
'chunks/05/0012-0003.json'
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from endnim.sweep import graph_store
from endnim.sweep.graph_store import (
    DESCRIPTION,
    GraphStore,
    first_line,
    is_full_disk,
    read_description,
    set_aside,
)
from endnim.sweep.plan import SweepError
from endnim.sweep.store import write_json_atomically

DEPOT_STORE = "depots.sqlite"
DEPOT_FORMAT = "depot-1"
CHUNKS = "chunks"

Key = tuple[int, int, int]
"""A chunk: (vertices, shape, part)."""
StoredRow = tuple[str, str, int, int]
"""A position as stored: its text, the shape's labels (JSON), beans, value (Grundy value, or
outcome code 0..3 = P, L, R, N)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS chunks (
    vertices INTEGER NOT NULL,
    shape INTEGER NOT NULL,
    part INTEGER NOT NULL,
    positions INTEGER NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (vertices, shape, part)
);
CREATE TABLE IF NOT EXISTS positions (
    position TEXT PRIMARY KEY,
    vertices INTEGER NOT NULL,
    shape INTEGER NOT NULL,
    part INTEGER NOT NULL,
    labels TEXT NOT NULL,
    beans INTEGER NOT NULL,
    value INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS positions_by_chunk ON positions (vertices, shape, part);
"""


def chunk_file(vertices: int, shape: int, part: int) -> str:
    """A chunk's digest file, relative to the store."""
    return f"{CHUNKS}/{vertices:02d}/{shape:04d}-{part:04d}.json"


def chunk_digest(meta: dict[str, str], key: Key, rows: Iterable[StoredRow]) -> str:
    """The SHA-256 of a chunk's rows (in text order) and of what they are.

    >>> meta = {"variant": "depot", "family": "graphs", "max_label": "1"}
    >>> chunk_digest(meta, (1, 0, 0), [('{"labels":[0],"edges":[]}', "[0]", 0, 0)])[:12]
    '2f1d761d1234'
    """
    head = (
        f"{DEPOT_FORMAT} {meta.get('variant')} {meta.get('family')} "
        f"labels<={meta.get('max_label')} n={key[0]} s={key[1]} p={key[2]}\n"
    )
    digest = hashlib.sha256(head.encode())
    for row in rows:
        digest.update(("\t".join(map(str, row)) + "\n").encode())
    return digest.hexdigest()


class DepotStoreDamaged(SweepError):
    """The warehouse store does not match its digests or cannot be read: repair it."""


def is_depot_sweep(path: str | Path) -> bool:
    """Whether ``path`` holds a warehouse sweep (its database or a description of kind
    "depot")."""
    root = Path(path)
    return (root / DEPOT_STORE).is_file() or read_description(root).get("kind") == "depot"


def damaged(root: Path, problem: str) -> DepotStoreDamaged:
    """The one-line error of a warehouse store that cannot be trusted."""
    return DepotStoreDamaged(
        f"cannot read the warehouse sweep {root / DEPOT_STORE}: it is damaged ({problem}); "
        f"repair it with 'endnim sweep --repair {root}' (damaged chunks are computed again)"
    )


def storage_error(root: Path, error: BaseException) -> SweepError:
    """SQLite's or the file system's complaint, in one line."""
    if is_full_disk(error):
        return SweepError(
            f"the disk holding {root} is full: every finished chunk is kept and verified; free "
            "some space and run the same command to resume"
        )
    return damaged(root, first_line(error))


class DepotStore(GraphStore):
    """A warehouse sweep's SQLite file and chunk digests (one thread); every read is checked
    against the digests before it is used."""

    FILE = DEPOT_STORE
    FORMAT = DEPOT_FORMAT
    KIND = "depot"
    NOUN = "warehouse sweep"
    SCHEMA = _SCHEMA

    storage_error = staticmethod(storage_error)
    holds_sweep = staticmethod(is_depot_sweep)

    # ------------------------------------------------------------------ opening
    @classmethod
    def create(cls, root: Path, variant: str, family: str, max_label: int) -> DepotStore:
        """Open (creating when new) the store in ``root``; another sweep there is refused."""
        cls.claim(root)
        wanted = {"variant": variant, "family": family, "max_label": max_label}
        held = read_description(root)
        for name, value in wanted.items():
            if name in held and held[name] != value:
                raise SweepError(
                    f"{root} holds a {held.get('variant')} sweep of {held.get('family')} with "
                    f"labels <= {held.get('max_label')}: use another --out"
                )

        def check(store: DepotStore) -> None:
            meta = store.meta
            if (meta["variant"], meta["family"], int(meta["max_label"])) != (
                variant,
                family,
                max_label,
            ):
                raise SweepError(
                    f"{root} holds a {meta['variant']} sweep of {meta['family']} with labels "
                    f"<= {meta['max_label']}: use another --out"
                )

        meta = {"variant": variant, "family": family, "max_label": str(max_label)}
        return cls.create_in(root, meta, wanted, check)

    @classmethod
    def open(cls, root: Path) -> DepotStore:
        """Open an existing store for reading, after checking its file and its chunk records
        against the digest files (one-line :class:`DepotStoreDamaged` when they differ)."""
        if not is_depot_sweep(root):
            raise SweepError(f"{root} holds no warehouse sweep (no {DEPOT_STORE})")
        if not (root / DEPOT_STORE).is_file():
            raise damaged(root, f"{DEPOT_STORE} is missing")
        store = cls(root, cls.connect_or_refuse(root))
        try:
            store.check_file()
            if not store.meta:
                raise damaged(root, "no meta table")
            recorded = store.done_chunks()
            for key in sorted(recorded ^ store.digest_chunks()):
                problem = "has no digest" if key in recorded else "has a digest but no record"
                raise damaged(root, f"chunk {chunk_file(*key)} {problem}")
        except BaseException:
            store.close()
            raise
        return store

    # ------------------------------------------------------------------ records
    @property
    def variant(self) -> str:
        return self.meta["variant"]

    @property
    def family(self) -> str:
        return self.meta["family"]

    @property
    def max_label(self) -> int:
        return int(self.meta["max_label"])

    @property
    def impartial(self) -> bool:
        return self.variant == "depot"

    def chunk_records(self) -> dict[Key, int]:
        """(vertices, shape, part) -> positions of every finished chunk."""
        with self.reading():
            rows = self.connection.execute(
                "SELECT vertices, shape, part, positions FROM chunks"
            ).fetchall()
        return {(int(n), int(s), int(p)): int(c) for n, s, p, c in rows}

    def done_chunks(self) -> set[Key]:
        return set(self.chunk_records())

    def digest_chunks(self) -> set[Key]:
        """The chunks that have a digest file."""
        found = set()
        for path in (self.root / CHUNKS).glob("*/*.json"):
            shape, _, part = path.stem.partition("-")
            if path.parent.name.isdigit() and shape.isdigit() and part.isdigit():
                found.add((int(path.parent.name), int(shape), int(part)))
        return found

    def read_digest(self, key: Key) -> dict[str, Any]:
        try:
            data = json.loads((self.root / chunk_file(*key)).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def chunk_problem(
        self, key: Key, rows: Sequence[StoredRow], recorded: int | None
    ) -> str | None:
        """What is wrong with a chunk's rows (None: they match its digest)."""
        digest = self.read_digest(key)
        if not digest:
            return f"chunk {chunk_file(*key)} has no readable digest"
        if (
            digest.get("sha256") != chunk_digest(self.meta, key, rows)
            or digest.get("positions") != len(rows)
            or (recorded is not None and recorded != len(rows))
        ):
            return f"chunk {chunk_file(*key)} does not match its digest"
        return None

    # ------------------------------------------------------------------ writing
    def store_rows(
        self, key: Key, rows: list[StoredRow], seconds: float, sha256: str | None = None
    ) -> None:
        """A chunk's rows and its record in one transaction, then its digest (a digest that
        cannot be written undoes the chunk)."""
        rows.sort()
        n, shape, part = key
        with self.connection:
            self.connection.executemany(
                "INSERT OR REPLACE INTO positions VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(t, n, shape, part, labels, b, v) for t, labels, b, v in rows],
            )
            self.connection.execute(
                "INSERT OR REPLACE INTO chunks VALUES (?, ?, ?, ?, ?)",
                (n, shape, part, len(rows), seconds),
            )
        target = self.root / chunk_file(*key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_json_atomically(
                target,
                {
                    "format": DEPOT_FORMAT,
                    "variant": self.variant,
                    "family": self.family,
                    "max_label": self.max_label,
                    "vertices": n,
                    "shape": shape,
                    "part": part,
                    "positions": len(rows),
                    "sha256": sha256 or chunk_digest(self.meta, key, rows),
                    "seconds": seconds,
                },
            )
        except OSError:
            with contextlib.suppress(sqlite3.Error):
                self.forget_chunk(key)
            raise

    def forget_chunk(self, key: Key) -> None:
        """Drop a chunk's rows, record and digest (it will be computed again)."""
        with self.connection:
            for table in ("positions", "chunks"):
                self.connection.execute(
                    f"DELETE FROM {table} WHERE vertices = ? AND shape = ? AND part = ?", key
                )
        (self.root / chunk_file(*key)).unlink(missing_ok=True)

    def drop_damaged(self) -> list[Key]:
        """Check every finished chunk against its digest and forget the damaged ones (and
        rows or digests of no finished chunk); returns the chunks forgotten."""
        records = self.chunk_records()
        bad = set(records.keys() ^ self.digest_chunks())
        seen = set()
        with self.reading():
            for key, rows in self._chunk_rows(None):
                seen.add(key)
                if key not in records or self.chunk_problem(key, rows, records[key]):
                    bad.add(key)
        bad |= set(records) - seen - {k for k, c in records.items() if c == 0}
        for key in sorted(bad):
            self.forget_chunk(key)
        return sorted(bad)

    # ------------------------------------------------------------------ reading
    def _chunk_rows(self, vertices: int | None) -> Iterator[tuple[Key, list[StoredRow]]]:
        where, args = ("WHERE vertices = ? ", (vertices,)) if vertices is not None else ("", ())
        cursor = self.connection.execute(
            "SELECT vertices, shape, part, position, labels, beans, value FROM positions "
            f"{where}ORDER BY vertices, shape, part, position",
            args,
        )
        for key, group in itertools.groupby(cursor, key=lambda row: tuple(row[:3])):
            yield (
                (int(key[0]), int(key[1]), int(key[2])),
                [(str(t), str(lab), int(b), int(v)) for _n, _s, _p, t, lab, b, v in group],
            )

    def verified(self, vertices: int) -> Iterator[tuple[Key, list[StoredRow]]]:
        """The finished chunks of ``vertices`` vertices with their rows, each checked against
        its digest before it is handed on."""
        records = self.chunk_records()
        wanted = {key for key in records if key[0] == vertices}
        found = set()
        with self.reading():
            for key, rows in self._chunk_rows(vertices):
                if key not in records:
                    raise damaged(self.root, f"rows of an unfinished chunk {chunk_file(*key)}")
                problem = self.chunk_problem(key, rows, records[key])
                if problem is not None:
                    raise damaged(self.root, problem)
                found.add(key)
                yield key, rows
        for key in sorted(wanted - found):
            problem = self.chunk_problem(key, [], records[key])
            if problem is not None:  # an empty chunk is whole when its digest says so
                raise damaged(self.root, f"the rows of chunk {chunk_file(*key)} are missing")


def storage_errors(root: Path) -> contextlib.AbstractContextManager[None]:
    """A full disk or a damaged file met while writing, as one line."""
    return graph_store.storage_errors(root, storage_error)


def open_for_writing(
    root: Path, variant: str, family: str, max_label: int
) -> tuple[DepotStore, list[Key], bool]:
    """The store, ready to be written: a file SQLite cannot read is set aside (and every
    digest with it: the chunks are computed again), and every finished chunk is checked
    against its digest, the damaged ones forgotten. Returns the store, the chunks forgotten
    and whether the file was set aside."""
    for attempt in (1, 2):
        try:
            store = DepotStore.create(root, variant, family, max_label)
            try:
                dropped = store.drop_damaged()
            except BaseException:
                store.close()
                raise
        except DepotStoreDamaged:
            if attempt == 2:
                raise
            set_aside(root, DEPOT_STORE)
            for path in (root / CHUNKS).glob("*/*.json"):
                path.unlink()
            continue
        return store, dropped, attempt == 2
    raise AssertionError("unreachable")


__all__ = [
    "CHUNKS",
    "DEPOT_FORMAT",
    "DEPOT_STORE",
    "DESCRIPTION",
    "DepotStore",
    "DepotStoreDamaged",
    "Key",
    "StoredRow",
    "chunk_digest",
    "chunk_file",
    "damaged",
    "is_depot_sweep",
    "open_for_writing",
    "read_description",
    "storage_error",
    "storage_errors",
]
