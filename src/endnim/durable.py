"""Durable writes: a file replaced through a temporary file, synced and renamed over it, so a
kill or a full disk leaves the previous file whole (the stores' descriptions and digests,
sealed states, the atlas).

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as folder:
...     write_text_atomically(Path(folder) / "a.txt", "written")
...     (Path(folder) / "a.txt").read_text()
'written'
"""

from __future__ import annotations

import os
import threading
from pathlib import Path


def write_text_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` durably: a temporary file beside it (named for this
    process and thread, so that writers in several threads do not meet), fsync, atomic
    rename; a failed write leaves the old file as it was and no temporary file."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


__all__ = ["write_text_atomically"]
