"""Chunks on a local pool or a Dask cluster, a window at a time: the one loop of the row and
the graph sweeps.

At most ``window`` tasks are submitted at once (so a million chunks never sit in the pool's
queue), each result is handed to ``finished`` as it lands, in the order they finish. On an
interruption the tasks not started are cancelled; with ``keep_running`` the running ones are
waited for and handed on (the row sweep's threads: a chunk is quick), else they are dropped
(the tree sweep's processes: a big shape may take minutes, and a resume redoes it); then the
interruption goes on.

>>> from concurrent.futures import ThreadPoolExecutor
>>> seen = []
>>> with ThreadPoolExecutor(2) as pool:
...     run_windowed(pool, lambda n: n * n, range(5), seen.append, window=2)
>>> sorted(seen)
[0, 1, 4, 9, 16]
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Any, TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")


def run_windowed(
    pool: Executor,
    function: Callable[[Task], Result],
    tasks: Iterable[Task],
    finished: Callable[[Result], None],
    window: int,
    *,
    keep_running: bool = True,
) -> None:
    """``finished(function(task))`` for every task, on ``pool`` (see the module's text)."""
    waiting = iter(tasks)
    running: set[Future[Result]] = set()

    def top_up() -> None:
        while len(running) < window:
            task = next(waiting, None)
            if task is None:
                return
            running.add(pool.submit(function, task))

    try:
        top_up()
        while running:
            done, _ = wait(running, timeout=0.5, return_when=FIRST_COMPLETED)
            for future in done:
                running.discard(future)
                finished(future.result())
            top_up()
    except BaseException:
        for future in running:
            future.cancel()
        for future in running if keep_running else ():
            if not future.cancelled():
                with contextlib.suppress(Exception):  # the first error is the one to report
                    finished(future.result())
        raise


def run_windowed_on_dask(
    client: Any,
    distributed: Any,
    submit: Callable[[Task], Any],
    tasks: Iterable[Task],
    finished: Callable[[Any], None],
    window: int,
) -> None:
    """``finished`` with the result of every ``submit(task)`` (a future of ``client``, a Dask
    distributed client), at most ``window`` in flight, in the order they finish; each
    future is released once handed on, and the ones still queued are cancelled if anything
    goes wrong."""
    waiting = iter(tasks)
    running: Any = distributed.as_completed(loop=client.loop)
    submitted: set[Any] = set()

    def top_up() -> None:
        task = next(waiting, None)
        if task is not None:
            future = submit(task)
            submitted.add(future)
            running.add(future)

    try:
        for _ in range(window):
            top_up()
        for future in running:
            result = future.result()
            submitted.discard(future)
            future.release()
            finished(result)
            top_up()
    finally:
        if submitted:
            client.cancel(list(submitted))
