"""The routes of the page's position reader, value panel and exports (the work is in
:mod:`endnim.web.views`).

- ``GET /api/position``: a row read as the command line reads it (or why it cannot be); the
  empty row's value.
- ``GET /api/value``: canonical forms (``endnim value --json``) of a position or a sum, with
  every option's value.
- ``GET /api/export/table``: a table as CSV, LaTeX, PNG or SVG (``endnim table``).
- ``GET /api/export/phase``: a phase diagram as SVG or PNG (``endnim phase --svg/--png``).

>>> from fastapi.testclient import TestClient
>>> from endnim.web.app import create_app
>>> client = TestClient(create_app(limit_caches=False))
>>> client.get("/api/value", params={"position": "3 1 2 + 2 2"}).json()["atomic_weight"]
'2'
>>> client.get("/api/position", params={"position": "[3, 4"}).json()["error"]
"unbalanced brackets in '[3, 4'"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query
from fastapi.responses import Response

from endnim.analysis.values import FORM_LENGTH
from endnim.errors import EndNimError
from endnim.web.budgets import MAX_POSITION_TEXT, MAX_TABLE_SIDE, web_position
from endnim.web.models import PositionOut, ValueOut
from endnim.web.views import (
    LIGHT_VALUE_WORK,
    game_value_task,
    phase_file,
    read_position,
    table_file,
    value_task,
    value_work,
)
from endnim.web.words import symbols_json

Runner = Callable[..., Any]

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "Bad input (position, variant, format)"},
    422: {"description": "Invalid parameters, or beyond the workbench's budget"},
    503: {"description": "Busy, or the computation took too long"},
}


def _file(result: tuple[bytes, str, str]) -> Response:
    data, media, name = result
    return Response(
        content=data,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def add_panel_routes(app: FastAPI, light: Runner, heavy: Runner) -> None:
    """Add the routes to ``app``; ``light`` runs small work in the server, ``heavy`` sends the
    rest to the worker pool (or the gate), as for every other heavy request."""

    @app.get("/api/position", tags=["explore"], responses=ERRORS)
    def position(
        position: Annotated[
            str,
            Query(max_length=MAX_POSITION_TEXT, description="the piles as typed: '3 3 3 2'"),
        ] = "",
        variant: Annotated[str, Query(max_length=40)] = "endnim",
    ) -> PositionOut:
        """A position as its rule set reads it, without analysing it. A row is read exactly as
        the command line reads it; ``3,,4`` and ``[3, 4`` cannot be read (``error`` says why,
        in one line, with status 200: this request is the check); for the empty row (no move
        left) also who wins it. A graph (any notation its rule set reads) comes back as its
        JSON object, which the page draws; a graph that cannot be read is a one-line 400."""
        from endnim.web.graphs import is_graph, web_graph, web_rules

        rules = web_rules(variant)
        if is_graph(rules):
            graph = web_graph(position, rules)
            return PositionOut(
                variant=rules.name,
                position=rules.position_to_json(graph),
                text=rules.format_position(graph),
            )
        return PositionOut.model_validate(read_position(position, variant))

    @app.get("/api/symbols", tags=["explore"])
    def symbols() -> list[dict[str, str]]:
        """The letters the theorems' reasons use (``a_1``, ``a_k``, ``l``, ``r``...): each
        with the regular expression that finds it in a reason and its meaning (Cairns–Ho §2),
        for the page's legend."""
        return symbols_json()

    @app.get("/api/value", tags=["explore"], responses=ERRORS)
    def value(
        position: Annotated[
            str,
            Query(
                max_length=2000,
                description="a position '3 1 2' or a sum '3 1 2 + 2 2'",
                examples=["3 1 2 + 2 2"],
            ),
        ] = "",
        variant: Annotated[str, Query(max_length=40)] = "partizan",
        game: Annotated[
            str,
            Query(
                max_length=2000,
                description="instead of a position: games in CGSuite's notation, "
                "'{3|-1}', '+-2 + *', '1/2 + ^*' (as 'endnim value --game')",
                examples=["{3|-1}"],
            ),
        ] = "",
        max_length: Annotated[
            int,
            Query(
                ge=0,
                le=10**7,
                description="canonical forms up to this many characters (0: no limit), as "
                "'endnim value --max-length'; longer ones are null with their length",
            ),
        ] = FORM_LENGTH,
    ) -> ValueOut:
        """Canonical forms as ``endnim value --json`` gives them (Unicode and CGSuite's
        ASCII, outcome, atomic weight, birthday), each summand's value and, for one position,
        every Left and Right option with its value. With ``game``: the value of games written
        in CGSuite's notation, as ``endnim value --json --game`` gives it."""
        if game:
            if position:
                raise EndNimError("give a position or a game, not both")
            return ValueOut.model_validate(heavy(game_value_task, game, max_length))
        if not position:
            raise EndNimError("give a position (such as 3 1 2) or a game (such as {3|-1})")
        work = value_work(position, variant)
        run = light if work <= LIGHT_VALUE_WORK else heavy
        return ValueOut.model_validate(run(value_task, position, variant, max_length))

    @app.get("/api/export/table", tags=["export"], responses=ERRORS, response_class=Response)
    def export_table(
        variant: Annotated[str, Query(max_length=40)] = "endnim",
        middle: Annotated[str, Query(max_length=2000, description="the middle row w")] = "",
        rows: Annotated[int, Query(ge=1, le=MAX_TABLE_SIDE, description="a: 1..rows")] = 16,
        cols: Annotated[int, Query(ge=1, le=MAX_TABLE_SIDE, description="b: 1..cols")] = 16,
        format: Annotated[Literal["csv", "latex", "png", "svg"], Query()] = "csv",
    ) -> Response:
        """The table of a·w·b as a file, written as ``endnim table`` writes it: CSV, LaTeX,
        or a heatmap picture (PNG, SVG; rows a down, columns b across)."""
        inner = tuple(web_position(middle, max_piles=50, allow_empty=True))
        return _file(heavy(table_file, variant, inner, rows, cols, format))

    @app.get("/api/export/phase", tags=["export"], responses=ERRORS, response_class=Response)
    def export_phase(
        middle: Annotated[str, Query(max_length=2000, description="the middle row w")],
        size: Annotated[int, Query(ge=1, le=MAX_TABLE_SIDE, description="a, b: 1..size")] = 16,
        format: Annotated[Literal["svg", "png"], Query()] = "svg",
    ) -> Response:
        """The phase diagram of w (partizan End-Nim) as ``endnim phase --svg/--png`` draws it:
        a up, b across, as in Albert–Nowakowski §3."""
        inner = tuple(web_position(middle, max_piles=50, allow_empty=True))
        return _file(heavy(phase_file, inner, size, format))
