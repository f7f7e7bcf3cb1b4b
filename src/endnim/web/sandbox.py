"""Users' rule sets under ``endnim serve --rules``: every request that names one runs in a worker
process of its own pool, with a memory limit and the pool's time limit, never in the server.

A user's rule set is untrusted code. A request whose ``variant`` is one
(:func:`endnim.variants.guarded.is_guarded`) is handed whole to :class:`Sandbox`: a worker process
answers it with its own copy of the application, so a hook that loops, sleeps, grows without end,
eats memory or ends its process (``os._exit``) costs that one request (HTTP 422 naming the rule
set) and never the server, its threads, its other users or the built-in games, whose requests
never share these workers. A worker that dies or runs past the time limit is replaced.

>>> limits = memory_limit(2**30)
>>> callable(limits)
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, MutableMapping
from functools import partial
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response

from endnim.errors import RuleSetError
from endnim.variants import get_variant
from endnim.variants.guarded import is_guarded, label_of, limit_memory
from endnim.web.compute import DEFAULT_TIMEOUT, ComputeBusy, ComputeTimeout
from endnim.web.pool import ForeignAnswer, WorkerCrashed, WorkerPool

DEFAULT_RULES_MEMORY = 1024 * 2**20
"""Memory a worker running a user's rule set may add to what it had when it started."""
SANDBOX_WORKERS = 1
"""Worker processes for users' rule sets (the built-in games keep the main pool)."""

Answer = tuple[int, list[tuple[bytes, bytes]], bytes]


def memory_limit(extra: int) -> Callable[[], None]:
    """A worker's initializer: its address space may grow by ``extra`` bytes, no more."""
    return partial(limit_memory, extra)


# ---------------------------------------------------------------------- in the worker
_WORKER_APP: FastAPI | None = None


def _worker_app(app_factory: Callable[[], FastAPI]) -> FastAPI:
    global _WORKER_APP
    if _WORKER_APP is None:
        app = app_factory()

        async def out_of_memory(request: Any, error: Exception) -> JSONResponse:
            name = request.query_params.get("variant", "")
            return JSONResponse(
                {"detail": f"rule set {name!r} ran out of memory in its worker process"},
                status_code=422,
            )

        app.add_exception_handler(MemoryError, out_of_memory)
        _WORKER_APP = app
    return _WORKER_APP


def answer_request(
    app_factory: Callable[[], FastAPI],
    method: str,
    path: str,
    query: bytes,
    headers: list[Any],
    body: bytes,
) -> Answer:
    """Answer one HTTP request with the worker's own application, made once by ``app_factory``
    (a pool task)."""
    app = _worker_app(app_factory)
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "root_path": "",
        "headers": [(bytes(k), bytes(v)) for k, v in headers],
        "client": ("127.0.0.1", 0),
        "server": ("127.0.0.1", 80),
    }
    status = 500
    out_headers: list[tuple[bytes, bytes]] = []
    chunks: list[bytes] = []

    async def receive() -> MutableMapping[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        nonlocal status, out_headers
        if message["type"] == "http.response.start":
            status = message["status"]
            out_headers = list(message.get("headers", []))
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    asyncio.run(app(scope, receive, send))
    return status, out_headers, b"".join(chunks)


def variant_facts(name: str) -> tuple[bool, str | None]:
    """Whether the rule set has a theory, and its engine family (a pool task)."""
    from endnim.analyzer import engine_family

    rules = get_variant(name)
    return rules.theory() is not None, engine_family(rules)


# ---------------------------------------------------------------------- in the server
def user_rules_named(name: str | None) -> Any:
    """The user's (guarded) rule set called ``name``, or ``None`` (built-in, unknown, absent)."""
    if not name:
        return None
    try:
        rules = get_variant(name)
    except Exception:
        return None
    return rules if is_guarded(rules) else None


class Sandbox:
    """Runs requests naming a user's rule set in a pool of their own (see the module's text)."""

    def __init__(
        self,
        app_factory: Callable[[], FastAPI],
        timeout: float = DEFAULT_TIMEOUT,
        memory: int = DEFAULT_RULES_MEMORY,
        workers: int = SANDBOX_WORKERS,
    ) -> None:
        """``app_factory`` makes the application a worker answers with (``create_app`` of
        :mod:`endnim.web.app`, handed in: the sandbox sits below the app that holds it)."""
        self.app_factory = app_factory
        self.timeout = timeout
        self.pool = WorkerPool(
            workers=workers, timeout=timeout, initializer=memory_limit(memory), plain=True
        )

    def run(self, rules: Any, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a sandbox worker; a crash or a timeout is a
        :class:`RuleSetError` naming ``rules`` (HTTP 422)."""
        try:
            return self.pool.run(function, *args)
        except WorkerCrashed as crash:
            code = crash.exitcode
            how = f"exit {code}" if code is not None and code >= 0 else f"signal {-(code or 0)}"
            raise RuleSetError(
                f"{label_of(rules)} crashed its worker process ({how}); the workbench goes on"
            ) from None
        except ForeignAnswer as foreign:
            raise RuleSetError(f"{label_of(rules)}: {foreign}") from None
        except ComputeBusy:
            raise
        except ComputeTimeout:
            raise RuleSetError(
                f"{label_of(rules)} did not answer within {self.timeout:g} s (a loop, a sleep or "
                "a runaway search?): its worker process was stopped"
            ) from None

    async def forward(self, rules: Any, request: Any) -> Response:
        """The answer to ``request`` from a sandbox worker."""
        body = await request.body()
        scope = request.scope
        args = (
            self.app_factory,
            scope["method"],
            scope["path"],
            scope["query_string"],
            scope["headers"],
            body,
        )
        try:
            status, headers, content = await asyncio.to_thread(
                self.run, rules, answer_request, *args
            )
        except RuleSetError as error:
            return JSONResponse({"detail": str(error)}, status_code=422)
        except ComputeBusy as error:
            return JSONResponse(
                {"detail": str(error)}, status_code=503, headers={"Retry-After": "5"}
            )
        kept = {k.decode("latin-1"): v.decode("latin-1") for k, v in headers}
        kept.pop("content-length", None)
        return Response(content, status_code=status, headers=kept)

    def close(self) -> None:
        """Stop the sandbox's workers."""
        self.pool.close()
