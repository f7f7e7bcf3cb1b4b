"""Small sums are admitted by their estimated cost, as small single positions are (issue 33,
defect 11): with the heavy lane taken, ``3 1 + 2 2`` is still answered, while a large sum waits
for it (and is refused with 503 when it stays taken)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from endnim.analyzer import analyze
from endnim.variants import get_variant
from endnim.web.app import create_app
from endnim.web.compute import ComputeGate
from endnim.web.sum_cost import is_light_sum


@pytest.fixture
def busy_client() -> Iterator[TestClient]:
    """The app whose one heavy slot is held by another request's long computation."""
    gate = ComputeGate(slots=1, timeout=60, queue_wait=0.2)  # refuses fast: no test waits long
    release = threading.Event()
    holder = threading.Thread(target=gate.run, args=(lambda: release.wait(60),), daemon=True)
    holder.start()
    try:
        with TestClient(create_app(gate=gate, limit_caches=False)) as client:
            yield client
    finally:
        release.set()
        holder.join(60)


@pytest.mark.parametrize(
    ("variant", "position"),
    [("endnim", "3 1 + 2 2"), ("misere", "3 1 4 + 2 2"), ("loop", "2 1 + 3"), ("muller", "5 + 4")],
)
def test_a_small_sum_is_answered_while_the_heavy_lane_is_busy(
    busy_client: TestClient, variant: str, position: str
) -> None:
    answer = busy_client.get("/api/analyze", params={"variant": variant, "position": position})
    assert answer.status_code == 200, answer.text
    expected = analyze(position, variant)
    assert answer.json()["outcome"] == expected.outcome
    assert answer.json()["winning_moves"] == [str(m) for m in expected.winning_moves]
    moves = busy_client.get("/api/moves", params={"variant": variant, "position": position})
    assert moves.status_code == 200, moves.text


def test_a_large_sum_still_waits_for_the_heavy_lane(busy_client: TestClient) -> None:
    position = "30 30 30 + 20 20 20"
    assert not is_light_sum(position, get_variant("endnim"))
    answer = busy_client.get("/api/analyze", params={"variant": "endnim", "position": position})
    assert answer.status_code == 503


def test_the_estimate_multiplies_the_summands() -> None:
    rules = get_variant("endnim")
    assert is_light_sum("5 5 + 5 5", rules)
    assert not is_light_sum("5 5 + 5 5 + 5 5 + 5 5", rules)  # each small, their product not
    assert not is_light_sum("3^3 + 2", rules)  # repetitions are not expanded in the server
    assert not is_light_sum("3 0 + 2", rules)  # a bad summand: the worker's answer says why
