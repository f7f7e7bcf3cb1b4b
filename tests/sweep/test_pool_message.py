"""A dead worker of the graph sweeps' process pool is reported without naming the wrong
family: the pool serves tree, warehouse and depot-partizan sweeps alike, and said "tree sweep"
for all of them."""

from __future__ import annotations

import os

import pytest

from endnim.sweep.plan import SweepError
from endnim.sweep.tree_pool import ProcessPool


def _die(task: int) -> int:
    os._exit(9)  # the worker is killed (out of memory, a signal)


def test_a_dead_worker_is_one_line_that_names_no_other_family() -> None:
    pool = ProcessPool(1)
    try:
        with pytest.raises(SweepError) as died:
            pool.run(_die, [1], lambda result: None)
    finally:
        pool.close()
    message = str(died.value)
    assert "tree" not in message and "\n" not in message
    assert message.startswith("a worker process of the sweep died")
