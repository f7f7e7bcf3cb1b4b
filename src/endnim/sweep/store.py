"""A stored sweep on disk: one ``.npy`` file per chunk and an SQLite catalogue of them.

::

    DIR/catalogue.sqlite          what the sweep is, which chunks are done, checksums, counts
    DIR/level-03/p1-0007.npy      a chunk: array (tables, H+1, H+1), [s, x, y] = value of x·s·y

    DIR/level-03/p1-0007.npy.json its sidecar: where it belongs, its SHA-256, size and counts
    DIR/sweep.json                the sweep's description (the catalogue's meta, for a rebuild)
    DIR/.lock                     held (flock) by the one run writing the store

A chunk is written to a temporary file in its level's directory, flushed to disk (fsync),
renamed over its final name (atomic) and the directory synced; then its sidecar; only then is
it recorded in the catalogue, in one SQLite transaction. So a kill at any moment leaves each
chunk either recorded with a file that matches its SHA-256 or not recorded at all (a file without
a record is computed again and replaced).

Every read checks what it reads: a chunk's SHA-256 is verified before its first use in a process
(:meth:`Store.load_chunk`), and the catalogue passes SQLite's ``quick_check`` when it is opened.
A damaged or lost catalogue is rebuilt from the sidecars (:func:`repair_store`, ``endnim sweep
--repair DIR``), re-verifying every chunk; a damaged chunk is dropped and computed again.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     store = Store.create(Path(folder), {"variant": "endnim", "max_pile": "4"})
...     store.meta["variant"]
'endnim'
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import numpy as np

from endnim.durable import write_text_atomically
from endnim.sweep.chunk import ChunkResult, Values
from endnim.sweep.plan import SweepError

CATALOGUE = "catalogue.sqlite"
DESCRIPTION = "sweep.json"
LOCK = ".lock"
FORMAT = "1"
"""Version of the store's layout, in the catalogue's meta table."""

META_SCHEMA = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);\n"
"""The ``meta`` table every sweep's SQLite file has (what kind of sweep, of which rules)."""

_SCHEMA = (
    META_SCHEMA
    + """
CREATE TABLE IF NOT EXISTS levels (
    level INTEGER PRIMARY KEY,
    prefix_length INTEGER NOT NULL,
    chunks INTEGER NOT NULL,
    complete INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS chunks (
    level INTEGER NOT NULL,
    chunk INTEGER NOT NULL,
    file TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    tables INTEGER NOT NULL,
    counts TEXT NOT NULL,
    run INTEGER NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (level, chunk)
);
CREATE TABLE IF NOT EXISTS runs (
    run INTEGER PRIMARY KEY AUTOINCREMENT,
    started REAL NOT NULL,
    finished REAL,
    max_length INTEGER NOT NULL,
    workers INTEGER NOT NULL,
    scheduler TEXT,
    computed INTEGER NOT NULL DEFAULT 0
);
"""
)


@dataclass(frozen=True)
class ChunkRecord:
    """A chunk as the catalogue knows it."""

    level: int
    chunk: int
    file: str
    sha256: str
    bytes: int
    tables: int
    counts: dict[int, list[int]]
    run: int


@dataclass(frozen=True)
class WrittenChunk:
    """A chunk file safely on disk, not yet in the catalogue."""

    result: ChunkResult
    file: str
    sha256: str
    bytes: int


class _HashingWriter:
    """A binary file that hashes what is written to it (so the file is read only once)."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self.digest = hashlib.sha256()
        self.size = 0

    def write(self, data: bytes | memoryview) -> int:
        self.digest.update(data)
        self.size += len(data)
        return self.handle.write(data)


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file, read in 16 MiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(16 * 2**20):
            digest.update(block)
    return digest.hexdigest()


def _fsync_directory(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def chunk_file(level: int, prefix_length: int, chunk: int, chunks: int) -> str:
    """The chunk's file name, relative to the store.

    >>> chunk_file(6, 2, 7, 144)
    'level-06/p2-007.npy'
    """
    width = len(str(max(0, chunks - 1)))
    return f"level-{level:02d}/p{prefix_length}-{chunk:0{width}d}.npy"


def write_chunk(root: Path, result: ChunkResult, chunks: int) -> WrittenChunk:
    """Write a chunk durably: temporary file, fsync, atomic rename, fsync of the directory.

    Safe to call from several threads at once (distinct chunks)."""
    task = result.task
    name = chunk_file(task.level, task.prefix_length, task.chunk, chunks)
    final = root / name
    final.parent.mkdir(parents=True, exist_ok=True)
    temporary = final.with_name(f".{final.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    with temporary.open("wb") as handle:
        writer = _HashingWriter(handle)
        np.lib.format.write_array(writer, np.ascontiguousarray(result.data), allow_pickle=False)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, final)
    written = WrittenChunk(result, name, writer.digest.hexdigest(), writer.size)
    write_json_atomically(
        final.with_name(final.name + ".json"),
        {
            "level": task.level,
            "prefix_length": task.prefix_length,
            "chunk": task.chunk,
            "chunks": chunks,
            "tables": task.tables,
            "sha256": written.sha256,
            "bytes": written.bytes,
            "counts": {str(k): v for k, v in result.counts.items()},
            "seconds": result.seconds,
        },
    )
    _fsync_directory(final.parent)
    return written


def write_json_atomically(path: Path, data: Mapping[str, object]) -> None:
    """Write ``data`` as JSON to ``path`` durably: a temporary file, fsync, atomic rename. A
    failed write (a full disk) removes the temporary file and leaves ``path`` as it was.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_json_atomically(Path(folder) / "a.json", {"x": 1})
    ...     (Path(folder) / "a.json").read_text()
    '{"x": 1}'
    """
    write_text_atomically(path, json.dumps(data))


def repair_hint(root: Path) -> str:
    """The command that repairs the store in ``root``."""
    return f"repair it with 'endnim sweep --repair {root}'"


class Store:
    """A sweep's directory and catalogue. Use it from one thread (the catalogue's)."""

    def __init__(self, root: Path, connection: sqlite3.Connection) -> None:
        self.root = root
        self.connection = connection
        self._verified: set[tuple[str, str]] = set()
        """(file, sha256) of the chunks verified in this process."""

    # ------------------------------------------------------------------ opening
    @classmethod
    def create(cls, root: Path, meta: Mapping[str, str]) -> Store:
        """Open the store in ``root``, creating it (with ``meta``) when it is new."""
        if root.exists() and not root.is_dir():
            raise SweepError(f"{root} exists and is not a directory")
        if (
            root.is_dir()
            and any(p.name not in (LOCK, DESCRIPTION) for p in root.iterdir())
            and not (root / CATALOGUE).exists()
            and not (root / DESCRIPTION).exists()
        ):
            raise SweepError(f"{root} is not empty and holds no sweep: choose another --out")
        try:
            root.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SweepError(
                f"cannot create the sweep directory {root}: {error.strerror}"
            ) from None
        if not (root / DESCRIPTION).exists():
            write_json_atomically(root / DESCRIPTION, {"format": FORMAT, **meta})
        try:
            store = cls(root, cls._connect(root / CATALOGUE))
        except sqlite3.Error as error:
            raise SweepError(f"cannot create the sweep catalogue in {root}: {error}") from None
        with store.connection:
            store.connection.executescript(_SCHEMA)
            for key, value in {"format": FORMAT, **meta}.items():
                store.connection.execute(
                    "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (key, value)
                )
        if store.meta.get("format") != FORMAT:
            raise SweepError(f"{root} holds a sweep in another format ({store.meta['format']})")
        return store

    @classmethod
    def open(cls, root: Path) -> Store:
        """Open an existing store (for reading)."""
        if not (root / CATALOGUE).is_file():
            raise SweepError(f"{root} holds no sweep (no {CATALOGUE}): run 'endnim sweep' first")
        try:
            connection = cls._connect(root / CATALOGUE)
            check = connection.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                connection.close()
                raise sqlite3.DatabaseError(str(check[0] if check else "no answer"))
            store = cls(root, connection)
            meta = store.meta
            store.chunk_records()
        except (sqlite3.DatabaseError, json.JSONDecodeError, ValueError) as error:
            first = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise SweepError(
                f"cannot read the sweep catalogue {root / CATALOGUE}: it is damaged ({first}); "
                f"{repair_hint(root)}"
            ) from None
        if meta.get("format") != FORMAT:
            raise SweepError(f"{root} holds a sweep in an unknown format ({meta.get('format')})")
        return store

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        connection = sqlite3.connect(path, timeout=30)
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")
        return connection

    def close(self) -> None:
        """Close the catalogue."""
        self.connection.close()

    # --------------------------------------------------------------------- meta
    @property
    def meta(self) -> dict[str, str]:
        """The sweep's description (variant, max_pile, dtype, max_length, ...)."""
        return dict(self.connection.execute("SELECT key, value FROM meta").fetchall())

    # ------------------------------------------------------------------- levels
    def level_prefixes(self) -> dict[int, int]:
        """The chunking (prefix length) of every level already started."""
        rows = self.connection.execute("SELECT level, prefix_length FROM levels").fetchall()
        return {int(level): int(prefix) for level, prefix in rows}

    def start_level(self, level: int, prefix_length: int, chunks: int) -> None:
        """Record how a level is cut, before its first chunk is written."""
        with self.connection:
            self.connection.execute(
                "INSERT OR IGNORE INTO levels (level, prefix_length, chunks) VALUES (?, ?, ?)",
                (level, prefix_length, chunks),
            )

    def complete_levels(self) -> set[int]:
        """Levels whose every chunk is recorded."""
        rows = self.connection.execute("SELECT level FROM levels WHERE complete = 1").fetchall()
        return {int(row[0]) for row in rows}

    def finish_level(self, level: int) -> None:
        """Mark a level complete (after checking that every chunk is recorded)."""
        chunks = self.connection.execute(
            "SELECT chunks FROM levels WHERE level = ?", (level,)
        ).fetchone()
        done = len(self.chunk_records(level))
        if chunks is None or done != int(chunks[0]):
            raise SweepError(f"level {level} is not complete ({done} chunks recorded)")
        with self.connection:
            self.connection.execute("UPDATE levels SET complete = 1 WHERE level = ?", (level,))

    # ------------------------------------------------------------------- chunks
    def chunk_records(self, level: int | None = None) -> list[ChunkRecord]:
        """The recorded chunks (of one level, or all), in order."""
        query = "SELECT level, chunk, file, sha256, bytes, tables, counts, run FROM chunks"
        rows = (
            self.connection.execute(query + " ORDER BY level, chunk").fetchall()
            if level is None
            else self.connection.execute(
                query + " WHERE level = ? ORDER BY chunk", (level,)
            ).fetchall()
        )
        return [
            ChunkRecord(
                int(lv),
                int(ch),
                str(file),
                str(sha),
                int(size),
                int(tables),
                {int(k): v for k, v in json.loads(counts).items()},
                int(run),
            )
            for lv, ch, file, sha, size, tables, counts, run in rows
        ]

    def record_chunk(self, written: WrittenChunk, run: int) -> None:
        """Record a chunk whose file is safely on disk (one transaction)."""
        task = written.result.task
        counts = json.dumps({str(k): v for k, v in written.result.counts.items()})
        with self.connection:
            self.connection.execute(
                "INSERT OR REPLACE INTO chunks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    task.level,
                    task.chunk,
                    written.file,
                    written.sha256,
                    written.bytes,
                    task.tables,
                    counts,
                    run,
                    written.result.seconds,
                ),
            )
            self.connection.execute("UPDATE runs SET computed = computed + 1 WHERE run = ?", (run,))

    def forget_chunk(self, record: ChunkRecord) -> None:
        """Drop a chunk whose file is missing or damaged (it will be computed again)."""
        with self.connection:
            self.connection.execute(
                "DELETE FROM chunks WHERE level = ? AND chunk = ?", (record.level, record.chunk)
            )
            self.connection.execute(
                "UPDATE levels SET complete = 0 WHERE level = ?", (record.level,)
            )

    def verify(self, records: list[ChunkRecord] | None = None) -> list[ChunkRecord]:
        """Check chunk files against their recorded size and SHA-256; return the bad ones."""
        bad = []
        for record in self.chunk_records() if records is None else records:
            path = self.root / record.file
            if (
                not path.is_file()
                or path.stat().st_size != record.bytes
                or file_sha256(path) != record.sha256
            ):
                bad.append(record)
            else:
                self._verified.add((record.file, record.sha256))
        return bad

    def verify_chunk(self, record: ChunkRecord) -> None:
        """Check one chunk file against the catalogue (once per process); a one-line
        :class:`SweepError` naming the chunk and the repair command when it does not match."""
        if (record.file, record.sha256) in self._verified:
            return
        path = self.root / record.file
        if not path.is_file():
            problem = "is missing"
        elif path.stat().st_size != record.bytes:
            problem = f"has {path.stat().st_size:,} bytes, not {record.bytes:,}"
        elif file_sha256(path) != record.sha256:
            problem = "is damaged (its SHA-256 does not match the catalogue)"
        else:
            self._verified.add((record.file, record.sha256))
            return
        raise SweepError(f"the chunk {path} {problem}: {repair_hint(self.root)}")

    def remove_temporary_files(self) -> int:
        """Delete temporary files a killed run left behind; return how many."""
        removed = 0
        for path in self.root.glob("level-*/.*.tmp"):
            path.unlink(missing_ok=True)
            removed += 1
        return removed

    def load_chunk(self, record: ChunkRecord, *, mmap: bool = False) -> Values:
        """A chunk's array, after checking its SHA-256 (once per process); memory-mapped when
        asked."""
        self.verify_chunk(record)
        path = self.root / record.file
        try:
            array: Values = np.load(path, mmap_mode="r" if mmap else None, allow_pickle=False)
        except (OSError, ValueError) as error:
            raise SweepError(f"cannot read the chunk {path}: {error}") from None
        return array

    def load_level(self, level: int, tables: int, side: int, dtype: str) -> Values:
        """A whole level in memory, in order of its inner strings."""
        records = self.chunk_records(level)
        out: Values = np.empty((tables, side, side), dtype=dtype)
        start = 0
        for record in records:
            part = self.load_chunk(record, mmap=True)
            out[start : start + part.shape[0]] = part
            start += part.shape[0]
        if start != tables:
            raise SweepError(f"level {level} of the sweep is incomplete ({start} of {tables})")
        return out

    # --------------------------------------------------------------------- runs
    def start_run(self, max_length: int, workers: int, scheduler: str | None) -> int:
        """Record the start of a run; returns its number."""
        with self.connection:
            cursor = self.connection.execute(
                "INSERT INTO runs (started, max_length, workers, scheduler) VALUES (?, ?, ?, ?)",
                (time.time(), max_length, workers, scheduler),
            )
        assert cursor.lastrowid is not None
        return int(cursor.lastrowid)

    def finish_run(self, run: int) -> None:
        """Record the end of a run."""
        with self.connection:
            self.connection.execute(
                "UPDATE runs SET finished = ? WHERE run = ?", (time.time(), run)
            )


def read_sidecars(root: Path) -> list[dict[str, object]]:
    """Every chunk sidecar of the store (unreadable ones are skipped: their chunks are redone)."""
    found = []
    for path in sorted(root.glob("level-*/*.npy.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict):
            data["file"] = str(path.relative_to(root).with_suffix(""))
            found.append(data)
    return found


def repair_store(root: Path) -> tuple[int, int]:
    """Rebuild the catalogue of ``root`` from its description and chunk sidecars, re-verifying
    every chunk file; a damaged catalogue is kept aside. Returns (chunks kept, chunks dropped).
    """
    description = root / DESCRIPTION
    try:
        meta = json.loads(description.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise SweepError(
            f"{root} has no readable {DESCRIPTION}: the catalogue cannot be rebuilt (run the "
            "sweep again into a new directory)"
        ) from None
    catalogue = root / CATALOGUE
    for suffix in ("", "-wal", "-shm"):
        old = catalogue.with_name(CATALOGUE + suffix)
        if old.exists():
            os.replace(old, old.with_name(f"{old.name}.damaged-{int(time.time())}"))
    store = Store.create(root, {k: str(v) for k, v in meta.items() if k != "format"})
    kept = dropped = 0
    try:
        levels: dict[int, tuple[int, int]] = {}
        run = store.start_run(0, 0, "repair")
        for data in read_sidecars(root):
            try:
                level, chunk = int(str(data["level"])), int(str(data["chunk"]))
                prefix, chunks = int(str(data["prefix_length"])), int(str(data["chunks"]))
                record = ChunkRecord(
                    level,
                    chunk,
                    str(data["file"]),
                    str(data["sha256"]),
                    int(str(data["bytes"])),
                    int(str(data["tables"])),
                    {int(k): v for k, v in dict(data["counts"]).items()},  # type: ignore[call-overload]
                    run,
                )
            except (KeyError, TypeError, ValueError):
                dropped += 1
                continue
            if levels.setdefault(level, (prefix, chunks)) != (prefix, chunks) or store.verify(
                [record]
            ):
                dropped += 1
                continue
            store.start_level(level, prefix, chunks)
            with store.connection:
                store.connection.execute(
                    "INSERT OR REPLACE INTO chunks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        record.level,
                        record.chunk,
                        record.file,
                        record.sha256,
                        record.bytes,
                        record.tables,
                        json.dumps({str(k): v for k, v in record.counts.items()}),
                        run,
                        float(str(data.get("seconds", 0.0))),
                    ),
                )
            kept += 1
        for level, (_prefix, chunks) in levels.items():
            if len(store.chunk_records(level)) == chunks:
                store.finish_level(level)
        store.finish_run(run)
    finally:
        store.close()
    return kept, dropped


__all__ = [
    "CATALOGUE",
    "ChunkRecord",
    "Store",
    "WrittenChunk",
    "chunk_file",
    "file_sha256",
    "repair_store",
    "write_chunk",
    "write_json_atomically",
]
