"""A bounded pool of supervised workers: at most ``workers`` jobs at once, ``queue`` waiting.

The server's sandbox for users' rule sets (:mod:`endnim.web.sandbox`) is this pool: each job is
one :meth:`Supervisor.call <endnim.supervise.supervisor.Supervisor.call>`, a worker that fails
is replaced by a fresh one (started from nothing, inheriting nothing of the server), and a job
past the pool's ``timeout`` is stopped.

>>> with SupervisedPool(workers=1, timeout=30) as pool:
...     pool.call("builtins:pow", 6, 2)
36
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import TracebackType
from typing import Any

from endnim.supervise.supervisor import Supervisor


class PoolBusy(RuntimeError):
    """Every worker is busy and the queue is full (or the wait ran out)."""


class SupervisedPool:
    """``workers`` supervised workers (see the module's text); ``make`` builds one (its
    set-up, limits and label)."""

    def __init__(
        self,
        workers: int = 1,
        *,
        queue: int = 8,
        queue_wait: float = 30.0,
        timeout: float | None = None,
        make: Callable[[], Supervisor] = Supervisor,
    ) -> None:
        if workers < 1 or queue < 0:
            raise ValueError("workers >= 1 and queue >= 0 are required")
        self.timeout = timeout
        self.queue = queue
        self.queue_wait = queue_wait
        self._make = make
        self._idle = [make() for _ in range(workers)]
        self._all = list(self._idle)
        self._lock = threading.Condition()
        self._waiting = 0
        self._closed = False

    def start(self) -> Any:
        """Start one worker now (the others start on their first job); its set-up's answer."""
        with self._lock:
            worker = self._idle[-1]
        return worker.start()

    def call(self, reference: str, *args: Any, label: str | None = None) -> Any:
        """``reference(*args)`` in a free worker; :class:`PoolBusy`, the job's own error, or
        :class:`~endnim.supervise.WorkerFault` naming ``label`` (the worker is then
        replaced)."""
        worker = self._take()
        try:
            return worker.call(reference, *args, timeout=self.timeout, label=label)
        finally:
            self._give_back(worker)

    def _take(self) -> Supervisor:
        with self._lock:
            if self._closed:
                raise PoolBusy("the workbench is shutting down")
            if not self._idle and self._waiting >= self.queue:
                raise PoolBusy("every worker is busy: try again in a few seconds")
            self._waiting += 1
            try:
                if not self._lock.wait_for(lambda: bool(self._idle), timeout=self.queue_wait):
                    raise PoolBusy("every worker is busy: try again in a few seconds")
                return self._idle.pop()
            finally:
                self._waiting -= 1

    def _give_back(self, worker: Supervisor) -> None:
        with self._lock:
            if self._closed:
                worker.stop()
                return
            self._idle.append(worker)
            self._lock.notify()

    def recycle(self) -> None:
        """Stop every idle worker (its sandbox and scratch go with it); each starts afresh on
        its next job."""
        with self._lock:
            idle = list(self._idle)
        for worker in idle:
            worker.stop()

    def close(self) -> None:
        """Stop every worker (busy ones included)."""
        with self._lock:
            self._closed = True
            workers, self._idle = self._all, []
        for worker in workers:
            worker.stop()

    def __enter__(self) -> SupervisedPool:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
