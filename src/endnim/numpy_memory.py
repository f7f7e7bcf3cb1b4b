"""numpy's memory at load time: its BLAS thread pool kept to one thread, and a load refused
with :class:`MemoryError` (endnim's one line) when the address space left cannot hold it.

endnim uses numpy for arrays, never for linear algebra, yet loading numpy starts OpenBLAS,
which reserves about 40 MiB of address space for each core's thread (80 MiB for one thread on
the machine this was measured on, 120 MiB for two). Under a memory limit (``prlimit --as``,
a container) OpenBLAS could not get it and ended the process with its own message, "OpenBLAS
error: Memory allocation still failed" (issue 34 §12). So ``import endnim`` sets
``OPENBLAS_NUM_THREADS=1`` unless the user set it (or numpy is loaded already), and, while
numpy is not loaded, watches its first import (:class:`NumpyRoom`, on ``sys.meta_path``):
under a limit that leaves less room than it needs, that import is a :class:`MemoryError`
(``endnim: error: out of memory ...``; in a batch, that line's error) instead.

>>> import os
>>> "OPENBLAS_NUM_THREADS" in os.environ
True
>>> check_numpy_room()  # numpy is loaded, or the room is there
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import resource
import sys
import types
from collections.abc import Sequence

BLAS_THREADS = "1"
"""OpenBLAS threads when the user does not say (``OPENBLAS_NUM_THREADS``)."""
NUMPY_BYTES = 84 * 2**20
"""Address space loading numpy and the compiled kernels needs with one BLAS thread (measured:
80 MiB for numpy, 3 MiB for the kernels), and 1 MiB to spare."""
THREAD_BYTES = 40 * 2**20
"""What each further BLAS thread adds (measured: 40 MiB)."""


def numpy_bytes() -> int:
    """Address space loading numpy needs, for the BLAS threads it will start.

    >>> numpy_bytes() >= NUMPY_BYTES
    True
    """
    text = os.environ.get("OPENBLAS_NUM_THREADS", "")
    threads = int(text) if text.isdigit() and int(text) > 0 else os.cpu_count() or 1
    return NUMPY_BYTES + THREAD_BYTES * (min(threads, 256) - 1)


def address_space_left() -> int | None:
    """Bytes of address space the process may still map under its limit (``None``: no limit,
    or it cannot be read)."""
    try:  # a confined worker may not even read its limits (prlimit64 is refused: EPERM)
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY:
            return None
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return soft - pages * resource.getpagesize()


def check_numpy_room() -> None:
    """Raise :class:`MemoryError` when numpy is not loaded yet and the address space left is
    less than loading it needs (else OpenBLAS would end the process with its own message)."""
    if "numpy" in sys.modules:
        return
    left = address_space_left()
    if left is not None and left < numpy_bytes():
        raise MemoryError(
            f"{left // 2**20} MiB of address space left, numpy needs {numpy_bytes() // 2**20}"
        )


class NumpyRoom(importlib.abc.MetaPathFinder):
    """An import hook that checks :func:`check_numpy_room` before numpy's first import (it
    finds nothing itself: the import then goes on as usual)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname == "numpy":
            check_numpy_room()
        return None


if "numpy" not in sys.modules:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", BLAS_THREADS)
    if not any(isinstance(finder, NumpyRoom) for finder in sys.meta_path):
        sys.meta_path.insert(0, NumpyRoom())
