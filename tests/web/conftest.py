"""The web tests' shared fixture: the app in a test client, one per test module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from endnim.web.app import create_app
from endnim.web.compute import ComputeGate

try:  # the page tests' waits are hang guards, not speed tests: a loaded machine is slow
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
except ImportError:  # pragma: no cover - playwright is a test dependency
    pass


HANG_GUARD_SECONDS = 300.0
"""The shared client's computation deadline and queue wait: hang guards, not speed tests. The
server's own 10 s / 5 s made a 12x12 SVG table a 503 at load 17 (test_picture_exports); the
503 paths are tested with their own small deadlines (test_api.py, test_sum_admission.py)."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The app in a test client (its worker pool started and stopped with the module)."""
    gate = ComputeGate(timeout=HANG_GUARD_SECONDS, queue_wait=HANG_GUARD_SECONDS)
    with TestClient(create_app(gate=gate)) as test_client:
        yield test_client
