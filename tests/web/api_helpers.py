"""Helpers shared by the API tests: JSON answers, one-line errors (the ``client`` fixture is in
tests/web/conftest.py)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def get_json(client: TestClient, url: str, **params: Any) -> Any:
    """The JSON of a 200 answer (``None`` parameters left out)."""
    response = client.get(url, params={k: v for k, v in params.items() if v is not None})
    assert response.status_code == 200, response.text
    return response.json()


def error_of(response: Any, status: int) -> str:
    """The one-line ``detail`` of an error answer with ``status``."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and detail
    return detail


def without_cache_sizes(answer: dict[str, Any]) -> dict[str, Any]:
    """The analysis without the searches' cache sizes (they depend on earlier requests)."""
    for reason in answer["reason"]:
        for key in ("states_cached", "parts_cached"):
            reason["data"].pop(key, None)
    return answer
