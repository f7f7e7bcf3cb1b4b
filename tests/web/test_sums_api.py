"""``/api/analyze`` answers a sum ``A + B + ...`` as ``endnim analyze --json`` does."""

from __future__ import annotations

from fastapi.testclient import TestClient

from endnim.analyzer import analyze
from endnim.web.app import create_app


def test_api_analyzes_a_sum() -> None:
    with TestClient(create_app(limit_caches=False)) as client:
        for variant in ("endnim", "misere", "partizan"):
            reply = client.get(
                "/api/analyze", params={"position": "3 1 4 + 2 2", "variant": variant}
            )
            assert reply.status_code == 200
            assert reply.json() == analyze("3 1 4 + 2 2", variant).to_dict()
        bad = client.get("/api/analyze", params={"position": "3 + 0"})
        assert bad.status_code in (400, 422) and "summand 2" in bad.text
