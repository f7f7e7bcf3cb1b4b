"""Serving the workbench with uvicorn: in the foreground (``endnim serve``) or in a thread.

The listening socket is bound first, so that a port in use is a one-line error and port 0
picks a free port whose number is then known.

>>> with BackgroundServer() as server:
...     import urllib.request, json
...     json.load(urllib.request.urlopen(server.url + "api/health"))["status"]
'ok'
"""

from __future__ import annotations

import socket
import threading
import time

import uvicorn
from fastapi import FastAPI

from endnim.closing import ClosesOnExit
from endnim.errors import EndNimError
from endnim.web.limits import HEAD_SECONDS, MAX_CONNECTIONS, deadline_protocol

LOOPBACK = "127.0.0.1"
MAX_REQUEST_HEAD = 4 * 2**20
"""Bytes of request line and headers uvicorn reads; beyond it answers 400 itself."""
KEEP_ALIVE_SECONDS = 5
"""Seconds an idle connection is kept open after an answer."""


def bind(host: str = LOOPBACK, port: int = 8000) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: any free port), or a one-line error.

    >>> sock = bind(port=0); sock.getsockname()[1] > 0
    True
    >>> sock.close()
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as error:
        raise EndNimError(f"cannot listen on {host!r}: unknown host ({error})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        reason = "the port is in use" if error.errno == 98 else error.strerror or str(error)
        raise EndNimError(f"cannot listen on {host}:{port}: {reason} (try --port)") from None
    sock.setblocking(False)
    return sock


def url_of(sock: socket.socket) -> str:
    """The http URL of a bound socket (IPv6 hosts in brackets).

    >>> sock = bind(port=0); url_of(sock).startswith("http://127.0.0.1:")
    True
    >>> sock.close()
    """
    host, port = sock.getsockname()[:2]
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def _server(app: FastAPI, head_seconds: float = HEAD_SECONDS) -> uvicorn.Server:
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="off",
        # let long request lines reach the app, which answers 414 (endnim.web.app.MAX_URL)
        h11_max_incomplete_event_size=MAX_REQUEST_HEAD,
        http=deadline_protocol(head_seconds),  # 408 for a request head sent too slowly
        limit_concurrency=MAX_CONNECTIONS,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
    )
    return uvicorn.Server(config)


def run(app: FastAPI, sock: socket.socket) -> None:
    """Serve ``app`` on ``sock`` until interrupted (Ctrl+C)."""
    _server(app).run(sockets=[sock])


class BackgroundServer(ClosesOnExit):
    """The workbench served from a daemon thread, for tests and notebooks.

    ``with BackgroundServer() as server: ... server.url ...``; the server stops on exit.
    """

    def __init__(
        self,
        app: FastAPI | None = None,
        host: str = LOOPBACK,
        port: int = 0,
        head_seconds: float = HEAD_SECONDS,
    ) -> None:
        if app is None:
            from endnim.web.app import create_app

            app = create_app()
        self.app = app
        self.sock = bind(host, port)
        self.url = url_of(self.sock)
        self._server = _server(app, head_seconds)
        self._thread: threading.Thread | None = None

    def __enter__(self) -> BackgroundServer:
        server = self._server
        self._thread = threading.Thread(
            target=server.run, kwargs={"sockets": [self.sock]}, name="endnim-web", daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise EndNimError("the workbench server did not start")
            time.sleep(0.02)
        return self

    def close(self) -> None:
        """Stop the server (on leaving the ``with`` block): its thread, then its socket."""
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self.sock.close()
