"""The worker's side of its one connection to the supervisor: messages out, as plain data.

A job running in a worker may :func:`emit` intermediate messages (output to write, progress)
before its answer; outside a worker :func:`emit` has nowhere to send and returns ``False``.

>>> in_worker()
False
>>> emit("out", b"hello")
False
"""

from __future__ import annotations

import os
from multiprocessing.connection import Connection
from typing import Any

from endnim.supervise.plain import plain_dumps

WORKER_ENV = "ENDNIM_SUPERVISED_WORKER"
"""Set in a worker's environment: the code in it runs under a supervisor."""

_CONNECTION: Connection | None = None


def in_worker() -> bool:
    """Whether this process is a supervised worker (whose supervisor writes the output)."""
    return _CONNECTION is not None or os.environ.get(WORKER_ENV) == "1"


def connect(connection: Connection) -> None:
    """Make ``connection`` this worker's way to its supervisor."""
    global _CONNECTION
    _CONNECTION = connection


def send(message: Any) -> None:
    """Send ``message`` (plain data) to the supervisor."""
    if _CONNECTION is None:
        raise RuntimeError("not in a supervised worker")
    _CONNECTION.send_bytes(plain_dumps(message))


def emit(kind: str, payload: Any) -> bool:
    """Send an intermediate ``(kind, payload)`` message of the running job; ``False`` outside a
    worker."""
    if _CONNECTION is None:
        return False
    send(("emit", kind, payload))
    return True
