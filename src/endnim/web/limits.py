"""How much and how slowly a client may send: request bodies and the time to send a request.

The workbench's request bodies are small JSON objects (a position of at most 50,000
characters, a move). :class:`BodyLimit` reads each body before the application sees it:
more than :data:`MAX_BODY` bytes (announced by ``Content-Length`` or counted as they stream
in, chunked or not) is answered 413 at once; a body not complete :data:`BODY_SECONDS` after
its request's headers is answered 408. Either way the connection is then closed, and the
answer is one line of JSON naming the limit.

The request line and headers are bounded in size by uvicorn (``h11_max_incomplete_event_size``)
and in time by :func:`deadline_protocol`: a connection that has not sent a complete request
head :data:`HEAD_SECONDS` after it opened (or after its previous answer) gets 408 and is
closed, so slow clients hold no connection for long (uvicorn itself waits for ever).

>>> MAX_BODY, HEAD_SECONDS, BODY_SECONDS
(262144, 10.0, 10.0)
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

MAX_BODY = 256 * 1024
"""Bytes a request body may have (the largest the page sends is a game's start position,
at most 50,000 characters)."""
HEAD_SECONDS = 10.0
"""Seconds a client has to send a request's line and headers."""
BODY_SECONDS = 10.0
"""Seconds a client has, after the headers, to send the request's body."""
MAX_CONNECTIONS = 200
"""Connections (and requests in progress) served at once; beyond them uvicorn answers 503."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def error_body(status: int, detail: str) -> bytes:
    """The JSON of an error answer (the API's ``{"detail": ...}``).

    >>> error_body(413, "too big")
    b'{"detail": "too big"}'
    """
    return json.dumps({"detail": detail}).encode()


def too_large(length: int | None, limit: int) -> str:
    """The 413 message.

    >>> too_large(None, 10)
    'the request body is over 10 bytes: at most 10 are read'
    >>> too_large(50_000_000, 10)
    'the request body has 50,000,000 bytes: at most 10 are read'
    """
    size = f"has {length:,} bytes" if length is not None else f"is over {limit:,} bytes"
    return f"the request body {size}: at most {limit:,} are read"


class BodyLimit:
    """ASGI middleware: the request body read in full, within :data:`MAX_BODY` bytes and
    :data:`BODY_SECONDS` seconds, before the application runs (413 or 408 otherwise)."""

    def __init__(
        self, app: ASGIApp, max_body: int = MAX_BODY, body_seconds: float = BODY_SECONDS
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        announced = _content_length(scope)
        if announced is not None and announced > self.max_body:
            await _refuse(send, 413, too_large(announced, self.max_body))
            return
        chunks: list[bytes] = []
        size = 0
        deadline = time.monotonic() + self.body_seconds
        while True:
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise TimeoutError
                message = await asyncio.wait_for(receive(), left)
            except TimeoutError:
                await _refuse(
                    send,
                    408,
                    f"the request body was not sent within {self.body_seconds:g} seconds "
                    f"({size:,} bytes came)",
                )
                return
            if message["type"] == "http.disconnect":
                return  # the client has gone: nobody to answer
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_body:
                await _refuse(send, 413, too_large(None, self.max_body))
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()  # after the body: only a disconnect can come

        await self.app(scope, replay, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _refuse(send: Send, status: int, detail: str) -> None:
    """Answer ``status`` with one line of JSON and close the connection."""
    body = error_body(status, detail)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def deadline_protocol(head_seconds: float = HEAD_SECONDS) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with a deadline for each request head: a connection whose
    request line and headers are not complete ``head_seconds`` after it opened, or after its
    previous answer, gets 408 (one line of JSON) and is closed."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    answer = error_body(
        408, f"the request line and headers were not sent within {head_seconds:g} seconds"
    )
    raw = (
        b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
        b"content-length: " + str(len(answer)).encode() + b"\r\nconnection: close\r\n\r\n" + answer
    )

    class DeadlineProtocol(H11Protocol):
        head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
            super().connection_lost(exc)

        def _arm(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
            self.head_timer = self.loop.call_later(head_seconds, self._late)

        def _late(self) -> None:
            self.head_timer = None
            cycle = self.cycle
            if cycle is not None and not cycle.response_complete:
                return  # a request is being answered: its body has its own deadline
            if not self.transport.is_closing():
                self.transport.write(raw)
                self.transport.close()

    return DeadlineProtocol
