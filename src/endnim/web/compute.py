"""Run the web workbench's computations within a time limit and a bound on concurrency.

Every computation runs in a worker thread. At most ``slots`` run at once (the exact search's
shared caches are not meant for concurrent writers, so the default is one); a request that
cannot get a slot within ``queue_wait`` seconds is refused as busy, and one whose computation
takes longer than ``timeout`` seconds is answered at once with a timeout. Python cannot stop a
thread, so an abandoned computation keeps its slot until it finishes: the slots therefore also
bound the CPU and memory that abandoned work can hold. The budgets in
:mod:`endnim.web.budgets` keep every computation short in the first place.

>>> gate = ComputeGate(slots=1, timeout=5)
>>> gate.run(lambda: 6 * 7)
42
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TypeVar

T = TypeVar("T")

DEFAULT_TIMEOUT = 10.0
"""Seconds a computation may take before its request fails with 503."""
DEFAULT_QUEUE_WAIT = 5.0
"""Seconds a request may wait for a free slot before it fails with 503."""


class ComputeUnavailable(Exception):
    """The computation could not be done now (busy or too slow): HTTP 503."""


class ComputeBusy(ComputeUnavailable):
    """Every slot is taken."""


class ComputeTimeout(ComputeUnavailable):
    """The computation did not finish in time."""


class ComputeGate:
    """Runs functions in worker threads: at most ``slots`` at once, each for ``timeout`` s."""

    def __init__(
        self,
        slots: int = 1,
        timeout: float = DEFAULT_TIMEOUT,
        queue_wait: float = DEFAULT_QUEUE_WAIT,
    ) -> None:
        if slots < 1 or timeout <= 0 or queue_wait < 0:
            raise ValueError("slots >= 1, timeout > 0 and queue_wait >= 0 are required")
        self.slots = slots
        self.timeout = timeout
        self.queue_wait = queue_wait
        self._free = threading.BoundedSemaphore(slots)

    def run(self, function: Callable[[], T]) -> T:
        """``function()`` computed in a worker thread; raises :class:`ComputeUnavailable`."""
        if not self._free.acquire(timeout=self.queue_wait):
            raise ComputeBusy(
                "the workbench is busy with another computation: try again in a few seconds"
            )
        future: Future[T] = Future()

        def work() -> None:
            try:
                future.set_result(function())
            except BaseException as error:  # handed to the waiting request
                future.set_exception(error)
            finally:
                self._free.release()

        threading.Thread(target=work, name="endnim-compute", daemon=True).start()
        try:
            return future.result(timeout=self.timeout)
        except FutureTimeout:
            raise ComputeTimeout(
                f"the computation took longer than {self.timeout:g} s and was abandoned: "
                "try a smaller position, a smaller table or the command line"
            ) from None
