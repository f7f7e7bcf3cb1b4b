"""A bounded pool of worker processes for the workbench's heavy computations.

Searches, engine runs and tables go to ``workers`` processes (forked from the server once it has
loaded its rule sets, so that user rule sets from ``serve --rules`` are there too). At most
``queue`` requests wait for a worker; one more is refused at once with :class:`ComputeBusy`
(HTTP 503 with ``Retry-After``). A computation past its ``timeout`` is answered with
:class:`ComputeTimeout` and its process is killed and replaced, so an abandoned computation never
holds a worker; a crashed worker is replaced the same way. Answers from theorems never come here
(:func:`endnim.web.budgets.is_light`): they run in the server process and never wait behind a
search.

Tasks are module-level functions with picklable arguments, returning plain JSON-ready data.
A pool made with ``plain=True`` (the sandbox of users' rule sets) opens answers with
:class:`PlainUnpickler`: plain types, endnim's own exceptions and Python's, nothing else, so an
answer can never run a user's code in the server (unpickling an object calls its class), even one
a worker's user code wrote to the pipe itself.

>>> with WorkerPool(workers=1, timeout=20) as pool:
...     pool.run(pow, 6, 2)
36
"""

from __future__ import annotations

import builtins
import io
import multiprocessing
import pickle
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from types import TracebackType
from typing import Any

from endnim.web.compute import (
    DEFAULT_QUEUE_WAIT,
    DEFAULT_TIMEOUT,
    ComputeBusy,
    ComputeTimeout,
    ComputeUnavailable,
)

_PLAIN_BUILTINS = frozenset(
    ["dict", "list", "tuple", "set", "frozenset", "str", "bytes", "bytearray", "int", "float"]
    + ["complex", "bool", "slice", "range"]
)


class ForeignAnswer(ComputeUnavailable):
    """A worker's answer held an object of a class the server does not open."""


class PlainUnpickler(pickle.Unpickler):
    """Unpickles plain data and exceptions (Python's and endnim's) only; any other class is an
    :class:`pickle.UnpicklingError` naming it.

    >>> plain_loads(plain_dumps(("ok", {"a": [1, 2.5, None, b"x"]})))
    ('ok', {'a': [1, 2.5, None, b'x']})
    >>> from endnim.errors import MoveError
    >>> type(plain_loads(plain_dumps(MoveError("no")))).__name__
    'MoveError'
    >>> plain_loads(plain_dumps(print))
    Traceback (most recent call last):
    _pickle.UnpicklingError: builtins.print is not opened in the server
    """

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins":
            found = getattr(builtins, name, None)
            if name in _PLAIN_BUILTINS or (
                isinstance(found, type) and issubclass(found, BaseException)
            ):
                return found
        elif module == "endnim" or module.startswith("endnim."):
            found = super().find_class(module, name)
            if isinstance(found, type) and issubclass(found, BaseException):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not opened in the server")


def plain_dumps(value: Any) -> bytes:
    """``value`` pickled by Python's own rules, whatever another library registered: tblib (which
    dask's ``distributed`` installs) pickles an exception with its ``__context__`` and
    ``__cause__``, so an endnim error raised ``from None`` in place of a user's carried the user's
    exception along, and opening it in the server built it (ran the user's ``__init__``).

    >>> plain_loads(plain_dumps(("ok", [1, "x"])))
    ('ok', [1, 'x'])
    """
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {}  # not copyreg's: no reducer another library installed
    pickler.dump(value)
    return buffer.getvalue()


def plain_loads(data: bytes) -> Any:
    """``data`` unpickled by :class:`PlainUnpickler`."""
    return PlainUnpickler(io.BytesIO(data)).load()


DEFAULT_WORKERS = 2
DEFAULT_QUEUE = 8
"""Requests that may wait for a worker; more are refused at once (503, Retry-After)."""


def _die_with_parent() -> None:
    """End this worker when the server process dies (a SIGKILLed server must not leave workers
    behind: siblings' inherited pipe ends would keep them waiting for ever).

    A watchdog thread, not ``PR_SET_PDEATHSIG``: that signal follows the *thread* that started
    the worker, and a replacement is started by a request's thread, which may end long before
    the server does (its worker was then killed under the next request).
    """
    import os

    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="endnim-worker-watchdog", daemon=True).start()


def _serve(connection: Connection, initializer: Callable[[], None] | None = None) -> None:
    """A worker's loop: receive (function, args), send ("ok", result) or ("error", exception)."""
    _die_with_parent()
    if initializer is not None:
        initializer()
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        function, args = job
        try:
            result: tuple[str, Any] = ("ok", function(*args))
        except BaseException as error:  # handed to the waiting request
            result = ("error", _portable(error))
        try:
            data = plain_dumps(result)
        except Exception as error:  # an unpicklable result or exception: say so in one line
            data = plain_dumps(("error", RuntimeError(f"{type(error).__name__}: {error}")))
        connection.send_bytes(data)


def _portable(error: BaseException) -> BaseException:
    """``error`` if it survives a round trip through pickle, else a one-line stand-in of the
    same family (a user-facing error stays user-facing)."""
    import pickle

    from endnim.errors import EndNimError

    try:
        pickle.loads(plain_dumps(error))
    except Exception:
        kind = EndNimError if isinstance(error, EndNimError) else RuntimeError
        return kind(f"{type(error).__name__}: {error}" if kind is RuntimeError else str(error))
    return error


class WorkerCrashed(ComputeUnavailable):
    """The worker process died during the computation (``exitcode``: its status, if known)."""

    def __init__(self, message: str, exitcode: int | None) -> None:
        super().__init__(message)
        self.exitcode = exitcode


class _Worker:
    def __init__(self, context: Any, initializer: Callable[[], None] | None = None) -> None:
        self.connection, child = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=_serve, args=(child, initializer), name="endnim-worker", daemon=True
        )
        self.process.start()
        child.close()
        self._killing = threading.Lock()
        self._killed = False

    def kill(self) -> None:
        """Stop the process and close the pipe, once: ``close()`` and the request that was
        waiting on this worker both get here, and closing one descriptor twice from two threads
        raised EBADF (or could close a descriptor another thread had just been given)."""
        with self._killing:
            if self._killed:
                return
            self._killed = True
            self.process.kill()
            self.process.join(timeout=5)
            self.connection.close()


class WorkerPool:
    """``workers`` processes, at most ``queue`` requests waiting, ``timeout`` s a computation;
    each worker runs ``initializer`` first (e.g. to set its resource limits)."""

    def __init__(
        self,
        workers: int = DEFAULT_WORKERS,
        queue: int = DEFAULT_QUEUE,
        timeout: float = DEFAULT_TIMEOUT,
        queue_wait: float = DEFAULT_QUEUE_WAIT,
        initializer: Callable[[], None] | None = None,
        plain: bool = False,
    ) -> None:
        if workers < 1 or queue < 0 or timeout <= 0:
            raise ValueError("workers >= 1, queue >= 0 and timeout > 0 are required")
        self.timeout = timeout
        self.queue = queue
        self.queue_wait = queue_wait
        self._context = multiprocessing.get_context("fork")
        self._initializer = initializer
        self._plain = plain
        self._idle = [_Worker(self._context, initializer) for _ in range(workers)]
        self._all = list(self._idle)
        self._lock = threading.Condition()
        self._waiting = 0
        self._closed = False

    def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a worker process; raises :class:`ComputeUnavailable`."""
        worker = self._take()
        started = time.monotonic()
        try:
            worker.connection.send((function, args))
            if not worker.connection.poll(self.timeout):
                raise ComputeTimeout(
                    f"the computation took longer than {self.timeout:g} s and was stopped: "
                    "try a smaller position, a smaller table or the command line"
                )
            if self._plain:
                status, value = self._plain_answer(worker)
            else:
                status, value = pickle.loads(worker.connection.recv_bytes())
        except ComputeTimeout:
            self._replace(worker)
            raise
        except (EOFError, OSError, BrokenPipeError):
            self._replace(worker)
            raise WorkerCrashed(
                f"a worker process stopped after {time.monotonic() - started:.1f} s (out of "
                "memory?): try a smaller position",
                worker.process.exitcode,
            ) from None
        self._give_back(worker)
        if status == "error":
            raise value
        return value

    def _plain_answer(self, worker: _Worker) -> tuple[str, Any]:
        """The worker's answer opened by :class:`PlainUnpickler`; a foreign class replaces
        the worker (its user code may have written to the pipe) and raises ForeignAnswer."""
        data = worker.connection.recv_bytes()
        try:
            status, value = plain_loads(data)
        except Exception as error:
            self._replace(worker)
            raise ForeignAnswer(f"its worker process answered with {error}") from None
        return str.__str__(status), value

    # ------------------------------------------------------------------ bookkeeping
    def _take(self) -> _Worker:
        with self._lock:
            if self._closed:
                raise ComputeUnavailable("the workbench is shutting down")
            if not self._idle and self._waiting >= self.queue:
                raise ComputeBusy(
                    "the workbench is busy with other computations: try again in a few seconds"
                )
            self._waiting += 1
            try:
                if not self._lock.wait_for(lambda: bool(self._idle), timeout=self.queue_wait):
                    raise ComputeBusy(
                        "the workbench is busy with other computations: try again in a few seconds"
                    )
                return self._idle.pop()
            finally:
                self._waiting -= 1

    def _give_back(self, worker: _Worker) -> None:
        with self._lock:
            self._idle.append(worker)
            self._lock.notify()

    def _replace(self, worker: _Worker) -> None:
        worker.kill()
        if self._closed:
            return
        fresh = _Worker(self._context, self._initializer)
        with self._lock:
            self._all = [w for w in self._all if w is not worker] + [fresh]
        self._give_back(fresh)

    def close(self) -> None:
        """Stop every worker process, busy ones included."""
        with self._lock:
            self._closed = True
            workers, self._idle, self._all = self._all, [], []
        for worker in workers:
            worker.kill()

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
