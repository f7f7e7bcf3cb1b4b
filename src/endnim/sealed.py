"""Sealed JSON files: a saved state that a later run trusts carries the SHA-256 of its content,
and a read checks it, so a damaged or edited file is a one-line error naming it instead of
counts silently taken over.

A sealed file is ``{"sha256": DIGEST, "data": DATA}`` with DIGEST the SHA-256 of DATA written
canonically (sorted keys, no spaces); it is written to a temporary file, synced and renamed
over the old one, so a kill or a full disk leaves the previous file whole.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder) / "state.json"
...     write_sealed(path, {"positions": 12})
...     read_sealed(path, "saved state")
{'positions': 12}
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from endnim.durable import write_text_atomically
from endnim.errors import EndNimError


def seal(data: Any) -> str:
    """The SHA-256 of ``data`` written canonically.

    >>> seal({"b": 1, "a": [2]}) == seal({"a": [2], "b": 1})
    True
    """
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def write_sealed(path: Path, data: Any) -> None:
    """Write ``data`` with its seal, durably (temporary file, fsync, atomic rename); a failed
    write leaves the previous file as it was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(path, json.dumps({"sha256": seal(data), "data": data}))


SEALED_LIMIT = 256 * 2**20
"""The largest sealed file read, in bytes (the shipped ones are under 1 MiB, a sweep's or a
conjecture's saved state a few): a larger one is refused before it is read, as JSON of that
size takes several times as much memory to parse."""


def read_sealed(
    path: Path,
    what: str,
    recover: str = "delete it to start afresh",
    limit: int = SEALED_LIMIT,
) -> Any:
    """The data of a sealed file, after checking its seal; ``None`` when there is no file. A
    file that is unreadable, larger than ``limit`` bytes, not sealed, or does not match its
    seal is a one-line :class:`EndNimError` naming it, ``what`` it is and how to ``recover``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "state.json"
    ...     write_sealed(path, {"positions": list(range(100))})
    ...     try:
    ...         read_sealed(path, "saved state", limit=100)
    ...     except EndNimError as error:
    ...         print(str(error).split("state.json: ")[1][:50])
    it is 493 bytes, over the 100 a sealed file may ha
    """
    try:
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            # at most one byte past the limit: a file still growing is cut there, and refused
            raw = b"" if size > limit else handle.read(limit + 1)
        text = raw.decode("utf-8")
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise EndNimError(f"cannot read the {what} {path}: {error}; {recover}") from None
    if size > limit or len(raw) > limit:
        size = max(size, len(raw))
        raise EndNimError(
            f"cannot read the {what} {path}: it is {size:,} bytes, over the {limit:,} a "
            f"sealed file may have (damaged, or not endnim's?); {recover}"
        )
    try:
        sealed = json.loads(text)
        matches = isinstance(sealed, dict) and sealed.get("sha256") == seal(sealed.get("data"))
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python recurses
        sealed, matches = None, False
    if not isinstance(sealed, dict) or set(sealed) != {"sha256", "data"}:
        raise EndNimError(
            f"cannot read the {what} {path}: it is damaged (not a sealed file); {recover}"
        )
    if not matches:
        raise EndNimError(
            f"cannot read the {what} {path}: it is damaged (its content does not match its "
            f"SHA-256); {recover}"
        )
    return sealed["data"]


__all__ = ["SEALED_LIMIT", "read_sealed", "seal", "write_sealed"]
