"""A dead worker of the graph sweeps' process pool is reported naming the family it served:
the pool serves tree, warehouse and depot-partizan sweeps alike, and said "tree sweep" for all
of them."""

from __future__ import annotations

import os

import pytest

from endnim.sweep.plan import SweepError
from endnim.sweep.tree_pool import Batch, ProcessPool


def _die(task: int) -> int:
    os._exit(9)  # the worker is killed (out of memory, a signal)


@pytest.mark.parametrize("noun", ["warehouse sweep", "depot-partizan sweep"])
def test_a_dead_worker_is_one_line_that_names_its_own_family(noun: str) -> None:
    pool = ProcessPool(1)
    try:
        with pytest.raises(SweepError) as died:
            pool.run(Batch(_die, [1], noun), lambda result: None)
    finally:
        pool.close()
    message = str(died.value)
    assert "tree" not in message and "\n" not in message
    assert message.startswith(f"a worker process of the {noun} died")
