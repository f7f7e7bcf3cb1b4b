"""A bounded pool of worker processes for the workbench's heavy computations.

Searches, engine runs and tables of the built-in games go to ``workers`` processes forked from
the server (which never loads a user's rule set: those run in the sandbox's supervised workers,
:mod:`endnim.web.sandbox`). At most
``queue`` requests wait for a worker; one more is refused at once with :class:`ComputeBusy`
(HTTP 503 with ``Retry-After``). A computation past its ``timeout`` is answered with
:class:`ComputeTimeout` and its process is killed and replaced, so an abandoned computation never
holds a worker; a crashed worker is replaced the same way. Answers from theorems never come here
(:func:`endnim.web.budgets.is_light`): they run in the server process and never wait behind a
search.

Tasks are module-level functions with picklable arguments, returning plain JSON-ready data.
Answers are opened as plain data (:mod:`endnim.supervise.plain`: built-in types only, errors
rebuilt from endnim's own classes), so nothing a worker sends can run code in the server.

>>> with WorkerPool(workers=1, timeout=20) as pool:
...     pool.run(pow, 6, 2)
36
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from endnim.closing import ClosesOnExit
from endnim.supervise.confine import die_with_parent
from endnim.supervise.plain import (
    error_from_data,
    error_to_data,
    plain_dumps,
    plain_loads,
    to_plain,
)
from endnim.web.compute import (
    DEFAULT_QUEUE_WAIT,
    DEFAULT_TIMEOUT,
    ComputeBusy,
    ComputeTimeout,
    ComputeUnavailable,
)


class ForeignAnswer(ComputeUnavailable):
    """A worker's answer held an object of a class the server does not open."""


DEFAULT_WORKERS = 2
DEFAULT_QUEUE = 8
"""Requests that may wait for a worker; more are refused at once (503, Retry-After)."""


def _serve(connection: Connection, initializer: Callable[[], None] | None = None) -> None:
    """A worker's loop: receive (function, args), send ("ok", result) or ("error", exception)."""
    die_with_parent()
    if initializer is not None:
        initializer()
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        function, args = job
        try:
            result: tuple[str, Any] = ("ok", to_plain(function(*args)))
        except BaseException as error:  # handed to the waiting request, as data
            result = ("error", error_to_data(error))
        try:
            data = plain_dumps(result)
        except Exception as error:  # an unpicklable result: say so in one line
            data = plain_dumps(("error", error_to_data(TypeError(f"unsendable answer: {error}"))))
        connection.send_bytes(data)


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


class WorkerPool(ClosesOnExit):
    """``workers`` processes, at most ``queue`` requests waiting, ``timeout`` s a computation;
    each worker runs ``initializer`` first (e.g. to set its resource limits)."""

    def __init__(
        self,
        workers: int = DEFAULT_WORKERS,
        queue: int = DEFAULT_QUEUE,
        timeout: float = DEFAULT_TIMEOUT,
        queue_wait: float = DEFAULT_QUEUE_WAIT,
        initializer: Callable[[], None] | None = None,
    ) -> None:
        if workers < 1 or queue < 0 or timeout <= 0:
            raise ValueError("workers >= 1, queue >= 0 and timeout > 0 are required")
        self.timeout = timeout
        self.queue = queue
        self.queue_wait = queue_wait
        self._context = multiprocessing.get_context("fork")
        self._initializer = initializer
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
            status, value = self._plain_answer(worker)
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
            raise error_from_data(value)
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
