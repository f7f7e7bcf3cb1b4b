"""The routes of the research on the page: rows and their periods, the proved atlas and its
certificates (the work is in :mod:`endnim.web.periodicity`).

- ``GET /api/periodicity``: row a of a·w·b, its law, proved (with its certificate) or observed,
  and its first values.
- ``GET /api/atlas``: the shipped atlas of a rule set, table by table, with its counts.
- ``GET /api/certificate``: a certificate of the shipped atlas, to download.

>>> from fastapi.testclient import TestClient
>>> from endnim.web.app import create_app
>>> client = TestClient(create_app(limit_caches=False))
>>> client.get("/api/periodicity", params={"middle": "4", "a": 1}).json()["preperiod"]
6
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import FastAPI, Query
from fastapi.responses import FileResponse

from endnim.web.budgets import web_position

Runner = Callable[..., Any]

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "Bad input (rule set, middle, row)"},
    422: {"description": "Invalid parameters, or beyond the workbench's budget"},
    503: {"description": "Busy, or the computation took too long"},
}


def add_research_routes(app: FastAPI, light: Runner, heavy: Runner) -> None:
    """Add the routes to ``app`` (``heavy`` computes the rows' values, as for the tables)."""

    @app.get("/api/periodicity", tags=["research"], responses=ERRORS)
    def periodicity(
        a: Annotated[int, Query(ge=1, le=10**6, description="the row a of a·w·b")],
        variant: Annotated[str, Query(max_length=40)] = "endnim",
        middle: Annotated[
            str, Query(max_length=2000, description="the middle w (may be empty)")
        ] = "",
    ) -> dict[str, Any]:
        """Row a of the table of a·w·b as b grows: ``{a, word, preperiod, period, saltus,
        proved, certificate, why_not, values}``. A row the shipped atlas proves answers with
        its law and certificate, as ``endnim periodicity --prove --json`` prints them; any
        other is observed on the first 2,048 columns (``proved`` false, ``why_not`` saying
        so). ``values``: G(a·w·b) for b = 0, 1, ... (at least 64 columns, enough for the
        preperiod and two periods up to 1,024)."""
        from endnim.web.periodicity import check_row, row_periodicity_task

        inner = tuple(web_position(middle, max_piles=50, allow_empty=True))
        check_row(variant, inner, a)
        result: dict[str, Any] = heavy(row_periodicity_task, variant, inner, a)
        return result

    @app.get("/api/atlas", tags=["research"], responses=ERRORS)
    def atlas(variant: Annotated[str, Query(max_length=40)] = "endnim") -> dict[str, Any]:
        """The shipped atlas of a rule set (End-Nim, both misères, Loop, Muller): every table
        a·w·b with how many of its rows a ≤ 32 are proved and open, why the open ones are, and
        the totals."""
        from endnim.web.periodicity import atlas_summary

        result: dict[str, Any] = light(atlas_summary, variant)
        return result

    @app.get("/api/certificate", tags=["research"], responses=ERRORS, response_class=FileResponse)
    def certificate(
        path: Annotated[
            str,
            Query(
                max_length=300,
                description="as /api/periodicity names it",
                examples=["data/atlas/certificates/endnim/awb-4.json"],
            ),
        ],
    ) -> FileResponse:
        """A certificate of the shipped atlas (check it with ``endnim periodicity --check``)."""
        from endnim.web.periodicity import certificate_file

        found = certificate_file(path)
        name = "-".join(path.split("/")[-2:])
        return FileResponse(found, media_type="application/json", filename=name)
