"""The web workbench: one static page and the JSON API behind it (FastAPI).

``create_app()`` builds the application; ``endnim serve`` runs it on uvicorn. The API is
described by its OpenAPI schema at ``/api/openapi.json``. Every computation runs through a
:class:`~endnim.web.compute.ComputeGate` (a worker thread with a time limit, bounded
concurrency) within the budgets of :mod:`endnim.web.budgets`. Errors are JSON ``{"detail": ...}``
with one line: 400 bad input, 404 unknown game, 409 out of turn, 422 beyond the workbench's
budget (or invalid parameters), 503 busy or too slow.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/api/analyze", params={"position": "3 1 3"}).json()["outcome"]
'P'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from endnim import __version__
from endnim.engine.families import EngineError
from endnim.errors import BudgetError, EndNimError, RuleSetError
from endnim.graphs import GraphRuleSet, VertexMove
from endnim.moves import Move
from endnim.play import GameSession
from endnim.play.computer import check_skill
from endnim.play.session import TurnError
from endnim.ruleset import source_of
from endnim.variants import Variant, all_variants, get_row_variant
from endnim.web.budgets import (
    MAX_POSITION_TEXT,
    MAX_TABLE_SIDE,
    WEB_MAX_STATES,
    WEB_SEARCH_STATES,
    OverBudget,
    analysis_budget,
    check_sum_piles,
    is_light,
    limit_search_caches,
    web_position,
)
from endnim.web.compute import ComputeGate, ComputeUnavailable
from endnim.web.data_rules import PageRules, add_rules_route, with_data_rules
from endnim.web.games import Game, GameStore, UnknownGame, start_game
from endnim.web.graphs import (
    check_playable,
    graph_analyze_task,
    graph_budget,
    graph_choose_task,
    graph_moves_task,
    is_graph,
    is_light_graph,
    web_graph,
    web_rules,
)
from endnim.web.limits import BodyLimit
from endnim.web.models import (
    AnalysisOut,
    AppliedOut,
    ChoiceOut,
    Error,
    GameOut,
    HintOut,
    MoveIn,
    MovesOut,
    NewGame,
    Side,
    TableOut,
    VariantInfo,
)
from endnim.web.pool import WorkerPool
from endnim.web.sandbox import Sandbox, user_rules_named
from endnim.web.sum_cost import is_light_sum
from endnim.web.tasks import (
    analyze_task,
    choose_task,
    moves_task,
    sum_analyze_task,
    sum_apply_task,
    sum_moves_task,
    table_task,
)
from endnim.web.user_games import UserGame
from endnim.web.words import analysis_for_page, for_page

MAX_URL = 128 * 1024
"""Longest URL (path and query) answered; longer ones get 414 URI Too Long."""
LIGHT_SLOTS = 8
"""Light computations (answers from theorems, tiny searches) that may run at once."""
STATIC = Path(__file__).parent / "static"
"""The page: index.html, app.js, style.css (package data; no build step)."""

T = TypeVar("T")
Method = Literal["auto", "theory", "search", "engine"]
PositionParam = Annotated[
    str,
    Query(
        max_length=MAX_POSITION_TEXT,
        description="the piles: '3 3 3 2', '3,3,3,2' or '3^3 2'; graph rule sets: JSON "
        '{"labels": [...], "edges": [[u, v], ...]} or their notations (3(1 2), grid 2x3: ...)',
        examples=["3 3 3 2"],
    ),
]
VariantParam = Annotated[str, Query(max_length=40, description="rule set (see /api/variants)")]
SumParam = Annotated[
    bool, Query(alias="sum", description="read the position as a sum, even of one summand")
]

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Error, "description": "Bad input (position, variant, move)"},
    422: {"model": Error, "description": "Invalid parameters, or beyond the workbench's budget"},
    503: {"model": Error, "description": "Busy, or the computation took too long"},
}
GAME_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    404: {"model": Error, "description": "No such game"},
    409: {"model": Error, "description": "Not your turn, game over, or nothing to undo"},
}


def status_of(error: Exception) -> int:
    """The HTTP status of an error.

    >>> status_of(TurnError("it is the computer's turn")), status_of(EndNimError("bad"))
    (409, 400)
    """
    if isinstance(error, UnknownGame):
        return 404
    if isinstance(error, TurnError):
        return 409
    if isinstance(error, (BudgetError, EngineError, OverBudget, RuleSetError)):
        return 422
    if isinstance(error, (ComputeUnavailable, MemoryError)):
        return 503
    if isinstance(error, EndNimError):
        return 400
    return 500


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def create_app(
    *,
    gate: ComputeGate | None = None,
    games: GameStore | None = None,
    limit_caches: bool = True,
    pool: WorkerPool | None = None,
    sandbox: Sandbox | None = None,
) -> FastAPI:
    """The workbench application.

    ``pool`` runs the heavy computations (searches, engine runs, tables) in worker processes
    (``endnim serve`` gives it one); without it they go through ``gate`` (default: one at a
    time, 10 s each), which also runs the games' moves. Answers from theorems run at once in
    the server and never wait behind either. ``games`` keeps the games; ``limit_caches``
    bounds the shared search caches for a long-running server. ``sandbox`` answers every
    request that names a user's rule set in a worker process of its own (``serve --rules``).

    >>> app = create_app(limit_caches=False)
    >>> app.openapi_url, app.docs_url
    ('/api/openapi.json', None)
    """
    gate = ComputeGate() if gate is None else gate
    games = GameStore() if games is None else games
    if limit_caches:
        limit_search_caches()
    app = FastAPI(
        title="endnim workbench API",
        version=__version__,
        description="Analyse End-Nim positions, value every move, play the computer, draw "
        "tables. Positions are written '3 3 3 2', '3,3,3,2' or '3^3 2'; moves 'L3', 'R0', "
        '\'L2r\'. Errors are {"detail": "one line"}.',
        docs_url=None,  # Swagger UI loads from a CDN; the schema is at /api/openapi.json
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )

    app.add_middleware(BodyLimit)  # 413 / 408 for bodies too large or too slow

    @app.middleware("http")
    async def refuse_long_urls(request: Request, call_next: Any) -> Any:
        length = len(request.scope.get("raw_path", b"")) + len(request.scope["query_string"])
        if length > MAX_URL:
            return JSONResponse(
                {"detail": f"the request's URL has {length:,} bytes: at most {MAX_URL:,}"},
                status_code=414,
            )
        return await call_next(request)

    if sandbox is not None:

        @app.middleware("http")
        async def sandbox_user_rules(request: Request, call_next: Any) -> Any:
            rules = user_rules_named(request.query_params.get("variant"))
            if rules is None:
                return await call_next(request)
            return await sandbox.forward(rules, request)

    facts: dict[str, tuple[bool, str | None]] = {}

    def theory_and_engine(rules: Any) -> tuple[bool, str | None]:
        """A rule set's theory and engine family; a user's are asked once, in the sandbox."""
        from endnim.analyzer import engine_family
        from endnim.web.sandbox import variant_facts

        if sandbox is None or user_rules_named(rules.name) is None:
            return rules.theory() is not None, engine_family(rules)
        if rules.name not in facts:
            try:
                facts[rules.name] = sandbox.run(rules, variant_facts, rules.name)
            except (EndNimError, ComputeUnavailable):
                facts[rules.name] = (False, None)
        return facts[rules.name]

    page_rules = PageRules()  # rule sets typed on the page as TOML (data, no code)
    add_rules_route(app, page_rules)
    app.state.page_rules = page_rules
    app.state.gate = gate
    app.state.games = games

    def compute(function: Callable[[], T]) -> T:
        return gate.run(function)

    light_gate = ComputeGate(slots=LIGHT_SLOTS, timeout=gate.timeout, queue_wait=gate.queue_wait)

    def light(function: Callable[..., Any], *args: Any) -> Any:
        """A light computation (theorems, tiny searches): its own lane of threads, so it never
        waits behind heavy work, still within the time limit."""
        return light_gate.run(lambda: function(*args))

    def heavy(function: Callable[..., Any], *args: Any) -> Any:
        """A heavy computation: in the worker pool when there is one, else through the gate."""
        if pool is not None:  # a rule set typed on the page goes with its task, as text
            function, args = with_data_rules(function, args)
            return pool.run(function, *args)
        return gate.run(lambda: function(*args))

    # ------------------------------------------------------------------ errors
    async def on_error(request: Request, error: Exception) -> JSONResponse:
        status = status_of(error)
        if isinstance(error, MemoryError):
            detail = "out of memory: try a smaller position or table"
        elif status == 500:
            detail = f"internal error: {type(error).__name__}: {_one_line(str(error))[:300]}"
        else:
            detail = for_page(_one_line(str(error)))
        headers = {"Retry-After": "5"} if status == 503 else None
        return JSONResponse({"detail": detail}, status_code=status, headers=headers)

    async def on_invalid(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        parts = []
        for problem in error.errors():
            where = ".".join(str(p) for p in problem.get("loc", ()) if p not in ("query", "body"))
            parts.append(f"{where or 'request'}: {problem.get('msg', 'invalid')}")
        return JSONResponse({"detail": _one_line("; ".join(parts))}, status_code=422)

    app.add_exception_handler(RequestValidationError, on_invalid)
    for kind in (EndNimError, ComputeUnavailable, MemoryError, Exception):
        app.add_exception_handler(kind, on_error)

    # ------------------------------------------------------------------ page
    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ------------------------------------------------------------------ exploring
    @app.get("/api/health", tags=["meta"])
    def health() -> dict[str, str]:
        """Whether the server is up, and its version."""
        return {"status": "ok", "version": __version__}

    @app.get("/api/palette", tags=["meta"])
    def palette() -> dict[str, Any]:
        """The colours of outcome classes, Grundy values and moves (``endnim.palette``): every
        picture, here and in the CLI's figures, reads this one palette."""
        from endnim.palette import palette_json

        return palette_json()

    @app.get("/api/variants", tags=["meta"])
    def variants() -> list[VariantInfo]:
        """Every rule set."""
        return [
            VariantInfo(
                name=v.name,
                title=v.title,
                impartial=v.impartial,
                reversible=bool(getattr(v, "reversible", False)),
                source=source_of(v),
                summary=v.summary,
                aliases=list(v.aliases),
                family=v.family,
                convention=v.convention,
                theory=theory_and_engine(v)[0],
                engine=theory_and_engine(v)[1],
                position_notation=v.position_notation,
                move_notation=v.move_notation,
            )
            for v in all_variants()
            if isinstance(v, Variant | GraphRuleSet)  # the page's views: rows and graphs
            and v.name not in page_rules.names  # a rule set typed on a page is that page's
        ]

    @app.get(
        "/api/analyze",
        tags=["explore"],
        response_model=None,
        responses={200: {"model": AnalysisOut}, **ERRORS},
    )
    def analyze_position(
        position: PositionParam,
        variant: VariantParam = "endnim",
        method: Annotated[Method, Query(description="theory, search, engine or auto")] = "auto",
        budget: Annotated[
            int | None,
            Query(ge=1, description="search states or engine cells (the workbench caps it)"),
        ] = None,
        as_sum: SumParam = False,
    ) -> JSONResponse:
        """Outcome, Grundy value, winning moves, remoteness and reason: the object
        ``endnim analyze --json`` prints (graph rule sets: the exact search, within the
        workbench's graph budget)."""
        rules = web_rules(variant)
        if "+" in position or as_sum:  # a sum A + B + ...: exact work within the web budget
            check_sum_piles(position, rules)
            states = min(budget or WEB_SEARCH_STATES, WEB_MAX_STATES)
            lane = light if is_light_sum(position, rules) else heavy  # by cost, not by shape
            return JSONResponse(lane(sum_analyze_task, position, rules.name, method, states))
        if is_graph(rules):
            graph = web_graph(position, rules)
            graph_limit = graph_budget(graph, rules, method, budget)
            graph_args = (rules.format_position(graph), rules.name, method, graph_limit)
            if is_light_graph(graph, rules):
                return JSONResponse(light(graph_analyze_task, *graph_args))
            return JSONResponse(heavy(graph_analyze_task, *graph_args))
        assert isinstance(rules, Variant)
        piles = web_position(position)
        limit = analysis_budget(piles, rules, method, budget)
        args = (tuple(piles), rules.name, method, limit)
        if is_light(piles, rules, method, limit):  # never waits behind searches
            return JSONResponse(analysis_for_page(light(analyze_task, *args)))
        return JSONResponse(analysis_for_page(heavy(analyze_task, *args)))

    @app.get("/api/moves", tags=["explore"], responses=ERRORS)
    def moves(
        position: PositionParam,
        variant: VariantParam = "endnim",
        player: Annotated[
            Side | None, Query(description="partizan: L (Left) or R (Right); omitted: both")
        ] = None,
        as_sum: SumParam = False,
    ) -> MovesOut:
        """Every legal move, whether it wins for its mover, and the value of where it leads.

        Graph rule sets: every move ``v=k`` of every movable vertex v (its label becomes k).
        A sum: every move ``K:MOVE``, which win from ``analyze`` of the sum."""
        rules = web_rules(variant)
        if "+" in position or as_sum:
            check_sum_piles(position, rules)
            sum_args = (position, rules.name, None if rules.impartial else player)
            lane = light if is_light_sum(position, rules) else heavy  # by cost, not by shape
            return MovesOut.model_validate(lane(sum_moves_task, *sum_args, WEB_SEARCH_STATES))
        if is_graph(rules):
            graph = web_graph(position, rules)
            graph_budget(graph, rules, "search", None)  # refuses what the workbench won't search
            graph_args = (
                rules.format_position(graph),
                rules.name,
                None if rules.impartial else player,
            )
            if is_light_graph(graph, rules):
                return MovesOut.model_validate(light(graph_moves_task, *graph_args))
            return MovesOut.model_validate(heavy(graph_moves_task, *graph_args))
        assert isinstance(rules, Variant)
        piles = web_position(position, allow_empty=True)
        args = (tuple(piles), rules.name, None if rules.impartial else player)
        if is_light(piles, rules, "auto"):
            return MovesOut.model_validate(light(moves_task, *args))
        return MovesOut.model_validate(heavy(moves_task, *args))

    @app.get("/api/apply-move", tags=["explore"], responses=ERRORS)
    def apply_move(
        position: PositionParam,
        move: Annotated[
            str, Query(max_length=200, description="L3, R0, L2r; graphs: v=k", examples=["R0"])
        ],
        variant: VariantParam = "endnim",
        player: Annotated[
            Side | None, Query(description="partizan graphs and sums: the side making the move")
        ] = None,
        as_sum: SumParam = False,
    ) -> AppliedOut:
        """The position a move leads to (partizan rows: an L move is Left's, an R move
        Right's; partizan graphs: the move of ``player``; a sum: ``K:MOVE``)."""
        rules = web_rules(variant)
        if "+" in position or as_sum:
            check_sum_piles(position, rules)
            side = None if rules.impartial else player
            return AppliedOut.model_validate(sum_apply_task(position, rules.name, move, side))
        if is_graph(rules):
            graph = web_graph(position, rules)
            if not rules.impartial and player is None:
                raise EndNimError(f"{rules.title}: say whose move it is with player=L or R")
            vertex_move = VertexMove.parse(move)
            after_graph = rules.play(graph, vertex_move, None if rules.impartial else player)
            return AppliedOut(move=str(vertex_move), after=rules.format_position(after_graph))
        assert isinstance(rules, Variant)
        piles = web_position(position)
        played = Move.parse(move)
        side = None if rules.impartial else played.end
        after = rules.play(piles, played, side)
        return AppliedOut(move=str(played), after=str(after))

    @app.get("/api/computer-move", tags=["play"], responses=ERRORS)
    def computer_move(
        position: PositionParam,
        variant: VariantParam = "endnim",
        player: Annotated[Side | None, Query(description="partizan: the side to move")] = None,
        skill: Annotated[int, Query(ge=0, le=100, description="0: random, 100: perfect")] = 100,
        seed: Annotated[int | None, Query(description="makes random choices reproducible")] = None,
    ) -> ChoiceOut:
        """The computer's move in a position (its best with probability skill %)."""
        rules = web_rules(variant)
        check_skill(skill)
        if is_graph(rules):
            graph = web_graph(position, rules)
            check_playable(graph, rules)
            graph_args = (
                rules.format_position(graph),
                rules.name,
                None if rules.impartial else player,
                skill,
                seed,
            )
            if is_light_graph(graph, rules):
                return ChoiceOut.model_validate(light(graph_choose_task, *graph_args))
            return ChoiceOut.model_validate(heavy(graph_choose_task, *graph_args))
        assert isinstance(rules, Variant)
        piles = web_position(position)
        side = None if rules.impartial else player
        args = (tuple(piles), rules.name, side, skill, seed)
        if is_light(piles, rules, "auto"):
            return ChoiceOut.model_validate(light(choose_task, *args))
        return ChoiceOut.model_validate(heavy(choose_task, *args))

    @app.get("/api/table", tags=["explore"], responses=ERRORS)
    def table(
        variant: VariantParam = "endnim",
        middle: Annotated[
            str, Query(max_length=2000, description="the middle row w (may be empty)")
        ] = "",
        rows: Annotated[int, Query(ge=1, le=MAX_TABLE_SIDE, description="x: 0..rows")] = 24,
        cols: Annotated[int, Query(ge=1, le=MAX_TABLE_SIDE, description="y: 0..cols")] = 24,
    ) -> TableOut:
        """Values of x·w·y (Grundy values; partizan: outcome classes, the phase diagram)."""
        rules = get_row_variant(variant, "the workbench")
        inner = web_position(middle, max_piles=50, allow_empty=True)
        return TableOut.model_validate(heavy(table_task, rules.name, tuple(inner), rows, cols))

    # ------------------------------------------------------------------ games
    def game_out(game_id: str, game: Game) -> GameOut:
        return GameOut.model_validate({"id": game_id, **game.to_dict()})

    def with_game(game_id: str, action: Callable[[Any], object]) -> GameOut:
        """``action`` on the game; a user's rule set's game takes its step in the sandbox,
        without holding the store (the built-in games never wait behind it)."""
        with games.lock:
            found = games.get(game_id)
        if isinstance(found, UserGame):
            with found.lock:
                action(found)
                return game_out(game_id, found)

        def run() -> GameOut:
            with games.lock:
                game = games.get(game_id)
                action(game)
                return game_out(game_id, game)

        return compute(run)

    @app.post("/api/games", tags=["play"], status_code=201, responses=GAME_ERRORS)
    def new_game(spec: NewGame) -> GameOut:
        """Start a game against the computer (the computer moves when you ask it to)."""
        rules = web_rules(spec.variant)
        if sandbox is not None and user_rules_named(rules.name) is not None:
            user_game = UserGame.start(sandbox.run, rules, spec)  # a user's code: sandboxed
            return game_out(games.add(user_game), user_game)
        rng = random.Random(spec.seed)
        # a record played again (each move judged) runs within the time limit
        game = compute(lambda: start_game(spec, rng)) if spec.moves else start_game(spec, rng)
        return game_out(games.add(game), game)

    @app.get("/api/games/{game_id}", tags=["play"], responses=GAME_ERRORS)
    def get_game(game_id: str) -> GameOut:
        """The state of a game."""
        return with_game(game_id, lambda game: None)

    @app.post("/api/games/{game_id}/moves", tags=["play"], responses=GAME_ERRORS)
    def play_move(game_id: str, move: MoveIn) -> GameOut:
        """Play your move."""
        return with_game(game_id, lambda game: game.play(move.move))

    @app.post("/api/games/{game_id}/computer", tags=["play"], responses=GAME_ERRORS)
    def play_computer(game_id: str) -> GameOut:
        """Let the computer play its move."""
        return with_game(game_id, lambda game: game.computer_move())

    @app.post("/api/games/{game_id}/undo", tags=["play"], responses=GAME_ERRORS)
    def undo(game_id: str) -> GameOut:
        """Take back your last move (and the computer's reply)."""
        return with_game(game_id, lambda game: game.undo())

    @app.get("/api/games/{game_id}/hint", tags=["play"], responses=GAME_ERRORS)
    def hint(game_id: str) -> HintOut:
        """Your best move now, whether it wins, and why."""

        with games.lock:
            found = games.get(game_id)
        if isinstance(found, UserGame):
            return HintOut.model_validate(found.hint())

        def run() -> HintOut:
            with games.lock:
                game = games.get(game_id)
                assert isinstance(game, GameSession)
                advice = game.hint()
            return HintOut.model_validate(advice.to_dict())

        return compute(run)

    from endnim.web.panels import add_panel_routes

    add_panel_routes(app, light, heavy)  # position reader, value panel, exports
    from endnim.web.research import add_research_routes

    add_research_routes(app, light, heavy)  # rows and their periods, the proved atlas
    return app
