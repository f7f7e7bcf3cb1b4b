"""The web tests' shared fixture: the app in a test client, one per test module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from endnim.web.app import create_app

try:  # the page tests' waits are hang guards, not speed tests: a loaded machine is slow
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
except ImportError:  # pragma: no cover - playwright is a test dependency
    pass


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The app in a test client (its worker pool started and stopped with the module)."""
    with TestClient(create_app()) as test_client:
        yield test_client
