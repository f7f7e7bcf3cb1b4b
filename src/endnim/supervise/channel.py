"""The worker's side of its one connection to the supervisor: messages out, as frames.

A job running in a worker may :func:`emit` intermediate messages (output to write, progress)
before its answer; outside a worker :func:`emit` has nowhere to send and returns ``False``.
Every message carries the id of the job it belongs to (:func:`begin`): the supervisor refuses a
message for any other job and replaces the worker (:mod:`endnim.supervise.frames`).

>>> in_worker()
False
>>> emit("out", b"hello")
False
"""

from __future__ import annotations

import os
import socket
import threading
from typing import Any

from endnim.supervise.frames import write_frame

WORKER_ENV = "ENDNIM_SUPERVISED_WORKER"
"""Set in a worker's environment: the code in it runs under a supervisor."""

_SOCKET: socket.socket | None = None
_JOB = ""
_LOCK = threading.Lock()


def in_worker() -> bool:
    """Whether this process is a supervised worker (whose supervisor writes the output)."""
    return _SOCKET is not None or os.environ.get(WORKER_ENV) == "1"


def connect(sock: socket.socket) -> None:
    """Make ``sock`` this worker's way to its supervisor."""
    global _SOCKET
    _SOCKET = sock


def begin(job: str) -> None:
    """The job ``job`` starts: later messages belong to it."""
    global _JOB
    _JOB = job


def send(kind: str, *payload: Any) -> None:
    """Send ``(kind, job id, *payload)`` (plain data) to the supervisor."""
    if _SOCKET is None:
        raise RuntimeError("not in a supervised worker")
    with _LOCK:
        write_frame(_SOCKET, (kind, _JOB, *payload))


def emit(kind: str, payload: Any) -> bool:
    """Send an intermediate ``(kind, payload)`` message of the running job; ``False`` outside a
    worker."""
    if _SOCKET is None:
        return False
    send("emit", kind, payload)
    return True
