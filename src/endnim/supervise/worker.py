"""A supervised worker's main loop: ``python -m endnim.supervise.worker SOCKET WATCH CONFIG``.

Started fresh by :class:`endnim.supervise.supervisor.Supervisor` (a new interpreter inside a
bubblewrap sandbox, :mod:`endnim.supervise.launch`, inheriting no descriptor but its two), it
confines itself (:mod:`endnim.supervise.confine`), runs its set-up function (loading the users'
rule sets, under the hook watch), says it is ready, then answers jobs one at a time: a request
``{"id", "call", "args"}`` is answered ``("ok", id, value)`` or ``("error", id, error as data)``,
every message a frame of plain data (:mod:`endnim.supervise.frames`). Its standard output and
error go nowhere, and so does what a user's thread prints or raises: what a user's code writes
cannot reach endnim's output.
"""

from __future__ import annotations

import importlib
import json
import mmap
import os
import socket
import sys
import threading
from collections.abc import Callable
from typing import Any

from endnim.supervise import channel, watch
from endnim.supervise.confine import confine
from endnim.supervise.frames import FrameError, FrameReader
from endnim.supervise.plain import error_to_data, to_plain


def resolve(reference: str) -> Callable[..., Any]:
    """The function ``module:qualified.name`` names.

    >>> resolve("os.path:join")("a", "b")
    'a/b'
    """
    module_name, _, name = reference.partition(":")
    found: Any = importlib.import_module(module_name)
    for part in name.split("."):
        found = getattr(found, part)
    if not callable(found):
        raise TypeError(f"{reference} is not callable")
    return found  # type: ignore[no-any-return]


class _Nowhere:
    """``sys.stdout``/``sys.stderr`` of a worker: writes go nowhere (see the module's text)."""

    encoding = "utf-8"
    errors = "replace"

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError("a supervised worker has no standard output")


def _map_page(fd: int) -> Any:
    """The shared page of ``fd``, mapped, and ``fd`` closed: no descriptor is left to write it
    through (Python's own ``mmap`` keeps a duplicate of the descriptor)."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.mmap.restype = ctypes.c_void_p
        libc.mmap.argtypes = [
            ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int,
            ctypes.c_long,
        ]  # fmt: skip
        address = libc.mmap(None, watch.RECORD_BYTES, 3, 1, fd, 0)  # read|write, shared
        if address in (None, ctypes.c_void_p(-1).value):
            raise OSError("mmap failed")
        page: Any = (ctypes.c_ubyte * watch.RECORD_BYTES).from_address(address)
    except (OSError, AttributeError):
        page = mmap.mmap(fd, watch.RECORD_BYTES)
    os.close(fd)
    return page


def _answer(function: Callable[..., Any], args: tuple[Any, ...]) -> tuple[str, Any]:
    try:
        return ("ok", to_plain(function(*args)))
    except BaseException as error:  # SystemExit and KeyboardInterrupt of a user's code too
        return ("error", error_to_data(error))


def _send(status: str, value: Any) -> None:
    try:
        channel.send(status, value)
    except (FrameError, TypeError) as error:  # not plain data: say so in one line
        channel.send("error", error_to_data(TypeError(f"unsendable answer: {error}")))


def _quiet_threads() -> None:
    """What a user's thread raises, or a finalizer, goes nowhere (not to endnim's streams)."""
    threading.excepthook = lambda args: None
    sys.unraisablehook = lambda unraisable: None
    sys.excepthook = lambda kind, value, trace: None


def main(argv: list[str]) -> None:
    """The worker (see the module's text)."""
    socket_fd, watch_fd = int(argv[0]), int(argv[1])
    config = json.loads(argv[2])
    sock = socket.socket(fileno=socket_fd)
    channel.connect(sock)
    channel.begin(str(config["job"]))
    watch.attach(_map_page(watch_fd))
    sys.stdout = _Nowhere()
    sys.stderr = _Nowhere()
    _quiet_threads()
    reader = FrameReader(sock)
    confined = confine(
        int(config["memory"]),
        cpu_seconds=config.get("cpu_seconds"),
        file_bytes=config.get("file_bytes"),
        readable=config.get("readable"),
        writable=list(config.get("writable", ())),
        network=bool(config.get("network")),
    )
    ready: Any = None
    setup = config.get("setup")
    if setup:
        status, ready = _answer(resolve(setup), tuple(config.get("setup_args", ())))
        if status == "error":
            channel.send("failed", ready)
            os._exit(0)
    channel.send("ready", {"confined": confined, "setup": ready})
    while True:
        try:
            request = reader.read(None)  # from the supervisor: trusted, yet read as frames
        except (EOFError, OSError, FrameError):
            os._exit(0)
        if not isinstance(request, dict):
            os._exit(0)
        channel.begin(str(request.get("id", "")))
        status, value = _answer(resolve(str(request["call"])), tuple(request.get("args", ())))
        _send(status, value)


if __name__ == "__main__":
    main(sys.argv[1:])
    os._exit(0)
