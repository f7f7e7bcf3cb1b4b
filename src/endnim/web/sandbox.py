"""Users' rule sets under ``endnim serve --rules``: every request that names one runs in a
supervised worker (:mod:`endnim.supervise`), never in the server.

A user's rule set is untrusted code, and the server never imports it. The sandbox's workers are
fresh interpreters (inheriting no descriptor of the server, so never the built-in pool's
pipes), confined (a memory limit, no processes, no signals to the server, output going
nowhere), and everything they answer is read back as plain data. The first worker loads the
rule sets and describes them; the server registers stand-ins built from the descriptions
(:mod:`endnim.web.stand_ins`) that refuse every hook. A request whose ``variant`` is one
(:func:`user_rules_named`) is handed whole to :class:`Sandbox`: a worker answers it with its own
copy of the application, so a hook that loops, sleeps, grows without end, eats memory, raises
``KeyboardInterrupt`` or ends its process costs that one request (HTTP 422 naming the rule set)
and never the server, its other users or the built-in games. A worker that fails is replaced.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable, MutableMapping
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response

from endnim.errors import RuleSetError
from endnim.supervise import Supervisor, WorkerFault
from endnim.supervise.pool import PoolBusy, SupervisedPool
from endnim.variants import get_variant, register_variant
from endnim.variants.guarded import is_guarded, label_of
from endnim.web.compute import DEFAULT_TIMEOUT, ComputeBusy
from endnim.web.stand_ins import describe, stand_in

DEFAULT_RULES_MEMORY = 1024 * 2**20
"""Memory a worker running a user's rule set may add to what it had when it started."""
SANDBOX_WORKERS = 1
"""Worker processes for users' rule sets (the built-in games keep the main pool)."""
SANDBOX_FILE_BYTES = 16 * 2**20
"""The largest file a sandbox worker may write (matplotlib's font cache, no more)."""

Answer = tuple[int, list[tuple[bytes, bytes]], bytes]


def load_in_worker(specs: list[str]) -> list[dict[str, Any]]:
    """Load the users' rule sets ``specs`` in this worker; their descriptions (the set-up of a
    sandbox worker)."""
    from endnim.variants import load_rules

    return [describe(load_rules(spec)) for spec in specs]


# ---------------------------------------------------------------------- in the worker
_WORKER_APP: FastAPI | None = None


def _worker_app(app_factory: str) -> FastAPI:
    global _WORKER_APP
    if _WORKER_APP is None:
        from endnim.supervise.worker import resolve

        app = resolve(app_factory)()

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
    app_factory: str,
    method: str,
    path: str,
    query: bytes,
    headers: list[Any],
    body: bytes,
) -> Answer:
    """Answer one HTTP request with the worker's own application, made once by ``app_factory``
    (``"module:function"``; a pool task)."""
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
    return status, [(bytes(k), bytes(v)) for k, v in out_headers], b"".join(chunks)


def variant_facts(name: str) -> tuple[bool, str | None]:
    """Whether the rule set has a theory, and its engine family (a sandbox task)."""
    from endnim.analyzer import engine_family

    rules = get_variant(name)
    return rules.theory() is not None, engine_family(rules)


# ---------------------------------------------------------------------- in the server
def user_rules_named(name: str | None) -> Any:
    """The stand-in of the user's rule set called ``name``, or ``None`` (built-in, unknown,
    absent)."""
    if not name:
        return None
    try:
        rules = get_variant(name)
    except Exception:
        return None
    return rules if is_guarded(rules) else None


class Sandbox:
    """Runs requests naming a user's rule set in supervised workers (see the module's text)."""

    def __init__(
        self,
        app_factory: Callable[[], FastAPI],
        specs: list[str] | tuple[str, ...],
        timeout: float = DEFAULT_TIMEOUT,
        memory: int = DEFAULT_RULES_MEMORY,
        workers: int = SANDBOX_WORKERS,
        trust: bool = False,
    ) -> None:
        """``app_factory`` makes the application a worker answers with (``create_app`` of
        :mod:`endnim.web.app`, handed in: the sandbox sits below the app that holds it).
        ``specs`` are the users' ``FILE.py:Class``: the first worker loads them now (one-line
        errors if they do not load) and the server registers their stand-ins. Where no
        bubblewrap sandbox can run (:func:`~endnim.supervise.launch.unavailable`) the rule sets
        are refused, unless the person starting the server trusts them (``trust``)."""
        from endnim.supervise import launch

        why = launch.unavailable()
        if why is not None and not trust:
            raise RuleSetError(
                f"serve --rules: {why}, so other people's rule sets cannot be confined here; "
                "say --trust-rules to run them anyway, as your own code"
            )
        self.app_factory = app_factory
        self.timeout = timeout
        label = "the users' rule sets" if len(specs) != 1 else f"rule set file {specs[0]!r}"
        files = [os.path.abspath(os.path.expanduser(s.rpartition(":")[0])) for s in specs]

        def make() -> Supervisor:
            return Supervisor(
                "endnim.web.sandbox:load_in_worker",
                (list(specs),),
                label=label,
                memory=memory,
                file_bytes=SANDBOX_FILE_BYTES,
                readable=[f for f in files if os.path.isfile(f)],
            )

        self.pool = SupervisedPool(workers, timeout=timeout, make=make)
        try:
            descriptions = self.pool.start()
        except BaseException:
            self.pool.close()
            raise
        try:
            stand_ins = [stand_in(facts) for facts in descriptions]
            check_names(stand_ins)  # by the server itself, from the described names
            self.rules = [_register(rules) for rules in stand_ins]
        except BaseException:
            self.pool.close()
            raise

    def run(self, rules: Any, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a sandbox worker; a crash or a timeout is a
        :class:`RuleSetError` naming ``rules`` (HTTP 422)."""
        reference = f"{function.__module__}:{function.__qualname__}"
        try:
            return self.pool.call(reference, *args, label=label_of(rules))
        except PoolBusy as busy:
            raise ComputeBusy(
                f"the workbench is busy with your rule set's requests: {busy}"
            ) from None
        except WorkerFault as fault:
            text = str(fault)
            if fault.kind == "timeout":
                text = (
                    f"{label_of(rules)} did not answer within {self.timeout:g} s (a loop, a "
                    "sleep or a runaway search?): its worker process was stopped"
                )
            raise RuleSetError(f"{text}; the workbench goes on") from None
        except MemoryError:
            raise RuleSetError(
                f"{label_of(rules)} ran out of memory in its worker process; the workbench goes on"
            ) from None

    async def forward(self, rules: Any, request: Any) -> Response:
        """The answer to ``request`` from a sandbox worker."""
        body = await request.body()
        scope = request.scope
        factory = f"{self.app_factory.__module__}:{self.app_factory.__qualname__}"
        args = (
            factory,
            scope["method"],
            scope["path"],
            scope["query_string"],
            [[bytes(k), bytes(v)] for k, v in scope["headers"]],
            body,
        )
        try:
            answer = await asyncio.to_thread(self.run, rules, answer_request, *args)
            return _server_answer(*_checked_answer(answer))
        except RuleSetError as error:
            return JSONResponse({"detail": _plain(str(error))}, status_code=422)
        except ComputeBusy as error:
            return JSONResponse(
                {"detail": str(error)}, status_code=503, headers={"Retry-After": "5"}
            )

    def close(self) -> None:
        """Stop the sandbox's workers."""
        self.pool.close()


def check_names(stand_ins: list[Any]) -> None:
    """Refuse, in one line, users' rule sets that share a name or an alias with each other or
    with a rule set the server has already (a built-in, an installed one, another file's): a
    user's rule set never shadows, replaces or renames another (issue 38, route 1)."""
    claimed: dict[str, Any] = {}
    for rules in stand_ins:
        spec = vars(type(rules)).get("rules_spec")
        for key in [rules.name, *rules.aliases]:
            key = str(key).strip().lower()
            other = claimed.get(key)
            if other is not None and other is not rules:
                raise RuleSetError(
                    f"serve --rules: {label_of(rules)} and {label_of(other)} both answer to "
                    f"the name {key!r}: give one of them another name"
                )
            claimed[key] = rules
            try:
                known = get_variant(key)
            except Exception:
                continue
            if is_guarded(known) and vars(type(known)).get("rules_spec") == spec:
                continue  # this process loaded the same file itself (a test, Python code)
            raise RuleSetError(
                f"serve --rules: {label_of(rules)} answers to the name {key!r}, which is taken "
                f"by {known.title} ({known.name}): give your rule set another name"
            )


def _register(rules: Any) -> Any:
    """Register the stand-in ``rules``, unless this process loaded the same file itself (a
    test, or Python code that made its own sandbox): then its own instance stays. Never
    replaces another rule set (:func:`check_names` refused a clash already)."""
    try:
        known = get_variant(rules.name)
    except Exception:
        known = None
    spec = vars(type(rules)).get("rules_spec")
    if known is not None and is_guarded(known) and vars(type(known)).get("rules_spec") == spec:
        return known
    return register_variant(rules)


STATUSES = frozenset({200, 400, 404, 405, 409, 413, 414, 422, 503})
"""The statuses a worker's answer may have (any other is no answer of the workbench)."""
FILE_TYPES = {
    "text/csv; charset=utf-8": "text/csv; charset=utf-8",
    "application/x-latex; charset=utf-8": "application/x-latex; charset=utf-8",
    "image/png": "image/png",
    "image/svg+xml": "image/svg+xml",
}
"""The downloads a worker may answer with (the panels' files), by the type it names."""
MAX_ANSWER = 32 * 2**20
"""The largest body a worker's answer may have."""
_FILE_NAME = re.compile(r'attachment; filename="([A-Za-z0-9._-]{1,100})"')


def _plain(text: str, limit: int = 2000) -> str:
    """``text`` on one line, printable characters only, at most ``limit`` long."""
    return " ".join("".join(c if c.isprintable() else " " for c in text[: 4 * limit]).split())[
        :limit
    ]


def _server_answer(status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> Response:
    """The server's own HTTP answer built from a worker's, checked (issue 38, routes 8 and 11):
    the status one the workbench gives, the body JSON (parsed and written again by the server)
    or one of the panels' downloads (its file name checked); no header of the worker's is kept.
    Anything else is one 422 for this request.

    >>> _server_answer(200, [(b"content-type", b"application/json")], b'{"a": 1}').body
    b'{"a":1}'
    >>> _server_answer(302, [(b"location", b"http://x")], b"").status_code
    422
    """
    import orjson

    named = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in headers}
    kind = named.get("content-type", "")
    if status in STATUSES and len(body) <= MAX_ANSWER:
        if kind == "application/json":
            try:
                data = orjson.loads(body)
            except orjson.JSONDecodeError:
                data = None
            if isinstance(data, dict | list):
                if status == 503:
                    return JSONResponse(data, status_code=503, headers={"Retry-After": "5"})
                return Response(orjson.dumps(data), status, media_type="application/json")
        found = _FILE_NAME.fullmatch(named.get("content-disposition", ""))
        if status == 200 and kind in FILE_TYPES and found is not None:
            return Response(
                body,
                200,
                media_type=FILE_TYPES[kind],
                headers={
                    "Content-Disposition": f'attachment; filename="{found.group(1)}"',
                    "X-Content-Type-Options": "nosniff",
                },
            )
    return JSONResponse(
        {
            "detail": "the rule set's worker answered with something that is no answer of the "
            "workbench (refused); the workbench goes on"
        },
        status_code=422,
    )


def _checked_answer(answer: Any) -> Answer:
    """A worker's HTTP answer, checked to be ``(status, [(name, value)], body)`` of bytes."""
    if (
        isinstance(answer, tuple)
        and len(answer) == 3
        and type(answer[0]) is int
        and 100 <= answer[0] < 600
        and isinstance(answer[1], list)
        and all(
            isinstance(h, tuple | list) and len(h) == 2 and all(type(x) is bytes for x in h)
            for h in answer[1]
        )
        and type(answer[2]) is bytes
    ):
        return answer[0], [(bytes(k), bytes(v)) for k, v in answer[1]], answer[2]
    raise RuleSetError("the rule set's worker answered with something that is no HTTP answer")
