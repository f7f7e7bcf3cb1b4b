"""The store every graph sweep writes (trees, warehouses, depot-partizan): one SQLite file
with a ``meta`` table, a digest file per finished chunk, and ``sweep.json`` describing it.

:class:`GraphStore` is what the stores share: opening the file (refused in one line when
SQLite cannot read it), SQLite's complaints as a one-line damage report, the ``meta`` table,
the check of the file's format, and the creation of a new store in a directory that holds no
other sweep. Each game's store (:class:`endnim.sweep.trees.TreeStore`,
:class:`endnim.sweep.depot_store.DepotStore`) adds its tables, its digests and its repair.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     set_aside(Path(folder), "none.sqlite", stamp=7)
'none.sqlite.damaged-7'
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from endnim.closing import ClosesOnExit
from endnim.sweep.plan import SweepError
from endnim.sweep.store import LOCK, META_SCHEMA, write_json_atomically

DESCRIPTION = "sweep.json"


def first_line(error: BaseException) -> str:
    """The first line of an error's message (its type when it says nothing)."""
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def is_full_disk(error: BaseException) -> bool:
    """Whether a write failed for want of space (SQLite's SQLITE_FULL, ENOSPC, EDQUOT)."""
    if isinstance(error, sqlite3.DatabaseError):
        return getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL
    return isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT)


def connect(path: Path) -> sqlite3.Connection:
    """A connection to a graph sweep's file: write-ahead log, every commit synced."""
    connection = sqlite3.connect(path, timeout=30)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    return connection


def read_description(root: Path) -> dict[str, Any]:
    """A sweep's ``sweep.json`` (empty when missing or unreadable)."""
    try:
        data = json.loads((root / DESCRIPTION).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def set_aside(root: Path, name: str, stamp: int | None = None) -> str:
    """Rename the SQLite file ``name`` in ``root`` (with its log) to ``NAME.damaged-TIME``, a
    file SQLite cannot read kept for a post-mortem; returns the new name."""
    aside = f"{name}.damaged-{int(time.time()) if stamp is None else stamp}"
    for suffix in ("", "-wal", "-shm"):
        old = root / (name + suffix)
        if old.exists():
            os.replace(old, root / (aside + suffix))
    return aside


@contextlib.contextmanager
def storage_errors(
    root: Path, storage_error: Callable[[Path, BaseException], SweepError]
) -> Iterator[None]:
    """A full disk or a damaged file met while writing the store in ``root``, as the one line
    ``storage_error`` says."""
    try:
        yield
    except (sqlite3.DatabaseError, OSError) as error:
        if isinstance(error, OSError) and not is_full_disk(error):
            raise
        raise storage_error(root, error) from None


@dataclass
class GraphRepair:
    """What ``endnim sweep --repair`` did to a graph sweep: how many of its ``unit`` (shapes,
    chunks) were verified and kept, how many recomputed, and whether its file was rebuilt.

    >>> GraphRepair("out", 3, 1, False, "tree", "shapes").to_dict()["shapes_kept"]
    3
    """

    root: str
    kept: int
    recomputed: int
    rebuilt: bool
    kind: str = ""
    unit: str = "chunks"

    def to_dict(self) -> dict[str, Any]:
        return {
            "repaired": self.root,
            "kind": self.kind,
            "database_rebuilt": self.rebuilt,
            f"{self.unit}_kept": self.kept,
            f"{self.unit}_recomputed": self.recomputed,
        }


Opened = TypeVar("Opened", bound="GraphStore")


class GraphStore(ClosesOnExit):
    """A graph sweep's SQLite file, open in one thread. Subclasses name their file, format and
    kind, and say in one line what is wrong with a file (:meth:`storage_error`)."""

    FILE: ClassVar[str]
    FORMAT: ClassVar[str]
    KIND: ClassVar[str]
    NOUN: ClassVar[str]
    """What the sweep is called in messages ("tree sweep", "warehouse sweep")."""
    SCHEMA: ClassVar[str]
    """The store's own tables (the ``meta`` table, every store's, is made before them)."""

    def __init__(self, root: Path, connection: sqlite3.Connection) -> None:
        self.root = root
        self.connection = connection
        self._meta: dict[str, str] | None = None

    # ------------------------------------------------------------------ hooks
    @staticmethod
    def connect_file(path: Path) -> sqlite3.Connection:
        """Open the file (a store may name another connector, e.g. one a test limits)."""
        return connect(path)

    @staticmethod
    def storage_error(root: Path, error: BaseException) -> SweepError:
        """SQLite's or the file system's complaint about the store in ``root``, in one line."""
        return SweepError(f"cannot read the sweep in {root}: {error}")

    @staticmethod
    def holds_sweep(path: str | Path) -> bool:
        """Whether ``path`` holds a sweep of this kind."""
        return False

    @staticmethod
    def write_json(path: Path, data: Mapping[str, object]) -> None:
        """Write a description or digest durably (a store may name its own writer)."""
        write_json_atomically(path, data)

    def check_meta(self, meta: Mapping[str, str]) -> None:
        """More checks of a readable file's meta table (raise ``sqlite3.DatabaseError``)."""

    # ------------------------------------------------------------------ opening
    @classmethod
    def connect_or_refuse(cls, root: Path) -> sqlite3.Connection:
        """A connection to the store's file (a file SQLite refuses: one line)."""
        try:
            return cls.connect_file(root / cls.FILE)
        except sqlite3.DatabaseError as error:
            raise cls.storage_error(root, error) from None

    @classmethod
    def for_worker(cls: type[Opened], root: Path) -> Opened:
        """The store opened by a worker process that stores its own chunks: it waits for
        SQLite's write lock as long as an hour (on a loaded machine another worker's short
        write may take longer than the default 30 s)."""
        store = cls(root, cls.connect_or_refuse(root))
        store.connection.execute("PRAGMA busy_timeout = 3600000")
        return store

    @classmethod
    def claim(cls, root: Path) -> None:
        """Refuse a ``root`` that is a file, or a directory holding something else."""
        if root.exists() and not root.is_dir():
            raise SweepError(f"{root} exists and is not a directory")
        if (
            root.is_dir()
            and not cls.holds_sweep(root)
            and any(p.name not in (LOCK, DESCRIPTION) for p in root.iterdir())
        ):
            raise SweepError(f"{root} is not empty and holds no {cls.NOUN}: choose another --out")

    @classmethod
    def create_in(
        cls: type[Opened],
        root: Path,
        meta: Mapping[str, str],
        description: Mapping[str, object],
        check: Callable[[Opened], None],
    ) -> Opened:
        """Open (creating when new) the store in ``root`` (already :meth:`claim` ed): its
        file checked, its tables and ``meta`` written when new, ``check`` run on what it
        holds, and ``sweep.json`` written when missing. A file SQLite cannot read is the
        store's one-line damage error."""
        root.mkdir(parents=True, exist_ok=True)
        store = cls(root, cls.connect_or_refuse(root))
        try:
            with store.reading():
                store.check_file()
                with store.connection:
                    store.connection.executescript(META_SCHEMA + cls.SCHEMA)
                    for key, value in {"format": cls.FORMAT, "kind": cls.KIND, **meta}.items():
                        store.connection.execute(
                            "INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, value)
                        )
                store._meta = None
                check(store)
            if not (root / DESCRIPTION).exists():
                cls.write_json(
                    root / DESCRIPTION, {"format": cls.FORMAT, "kind": cls.KIND, **description}
                )
        except BaseException:
            store.close()
            raise
        return store

    def check_file(self) -> None:
        """SQLite's ``quick_check``, the format and kind in the meta table, and
        :meth:`check_meta`."""
        with self.reading():
            check = self.connection.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(str(check[0] if check else "no answer"))
            meta = self.meta
            if meta and (meta.get("format") != self.FORMAT or meta.get("kind") != self.KIND):
                raise sqlite3.DatabaseError(f"unknown format {meta.get('format')!r}")
            if meta:
                self.check_meta(meta)

    def close(self) -> None:
        """Close the file."""
        self.connection.close()

    @property
    def path(self) -> Path:
        return self.root

    @property
    def file(self) -> Path:
        """The SQLite file."""
        return self.root / self.FILE

    @contextlib.contextmanager
    def reading(self) -> Iterator[None]:
        """SQLite's and JSON's complaints about the file, as a one-line damage report."""
        try:
            yield
        except SweepError:
            raise
        except (sqlite3.DatabaseError, ValueError, KeyError) as error:
            raise self.storage_error(self.root, error) from None

    @property
    def meta(self) -> dict[str, str]:
        """The meta table (empty in a new file)."""
        if self._meta is None:
            table = self.connection.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
            ).fetchone()
            if table is None:
                return {}
            self._meta = dict(self.connection.execute("SELECT key, value FROM meta").fetchall())
        return self._meta


__all__ = [
    "DESCRIPTION",
    "GraphRepair",
    "GraphStore",
    "connect",
    "first_line",
    "is_full_disk",
    "read_description",
    "set_aside",
    "storage_errors",
]
