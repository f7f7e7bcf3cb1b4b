"""Request bodies and slow clients, against a real server on the loopback interface: bodies
over the limit get 413 (announced or streamed, chunked or not), a body or a request head sent
too slowly gets 408 and the connection closed, and other clients are served meanwhile."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator

import pytest

from endnim.web.app import create_app
from endnim.web.limits import MAX_BODY, BodyLimit
from endnim.web.server import BackgroundServer

DEADLINE = 1.5
"""The deadlines (head and body) of the server under test, in seconds."""


@pytest.fixture(scope="module")
def server() -> Iterator[BackgroundServer]:
    app = BodyLimit(create_app(limit_caches=False), body_seconds=DEADLINE)
    with BackgroundServer(app, head_seconds=DEADLINE) as running:  # type: ignore[arg-type]
        assert running.url.startswith("http://127.0.0.1:")
        yield running


def connect(server: BackgroundServer) -> socket.socket:
    host, port = server.sock.getsockname()[:2]
    assert host == "127.0.0.1"
    sock = socket.create_connection((host, port), timeout=30)
    return sock


def read_answer(sock: socket.socket, limit: float = 30) -> tuple[int, dict[str, str], bytes]:
    """The status, headers and body of one answer (the body up to its Content-Length)."""
    sock.settimeout(limit)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise AssertionError(f"closed before an answer: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, v in (x.split(":", 1) for x in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, headers, body


def closed(sock: socket.socket, limit: float = 30) -> bool:
    """Whether the server closes the connection (after whatever it still sends)."""
    sock.settimeout(limit)
    try:
        while sock.recv(65536):
            pass
    except (ConnectionResetError, TimeoutError):
        return False
    return True


def post_head(path: str, extra: str) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{extra}\r\n"
    ).encode()


def healthy(server: BackgroundServer) -> float:
    """Seconds a fresh client waits for /api/health (it must be answered)."""
    started = time.monotonic()
    with connect(server) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        status, _, body = read_answer(sock)
    assert status == 200 and json.loads(body)["status"] == "ok"
    return time.monotonic() - started


def test_a_body_announced_over_the_limit_is_refused_at_once(server: BackgroundServer) -> None:
    with connect(server) as sock:
        sock.sendall(post_head("/api/games", "Content-Length: 100000000\r\n") + b'{"posi')
        status, headers, body = read_answer(sock)
        assert status == 413 and headers["connection"] == "close"
        detail = json.loads(body)["detail"]
        assert "100,000,000 bytes" in detail and f"{MAX_BODY:,}" in detail and "\n" not in detail
        assert closed(sock)


def test_a_fifty_megabyte_body_is_refused(server: BackgroundServer) -> None:
    body = b'{"position": "' + b"1 " * (25 * 2**20) + b'"}'
    with connect(server) as sock:
        sock.sendall(post_head("/api/games", f"Content-Length: {len(body)}\r\n"))
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(body)  # the server may answer and close before reading it all
        status, _, answer = read_answer(sock)
    assert status == 413 and "at most" in json.loads(answer)["detail"]


def test_a_chunked_body_is_counted_as_it_streams(server: BackgroundServer) -> None:
    with connect(server) as sock:
        sock.sendall(post_head("/api/games", "Transfer-Encoding: chunked\r\n"))
        chunk = b"x" * 65536
        status = 0
        try:
            for _ in range(MAX_BODY // len(chunk) + 4):  # bounded: a little over the limit
                sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        status, _, answer = read_answer(sock)
    assert status == 413 and "is over" in json.loads(answer)["detail"]


def test_a_small_body_still_works(server: BackgroundServer) -> None:
    body = json.dumps({"position": "3 1 4"}).encode()
    with connect(server) as sock:
        sock.sendall(post_head("/api/games", f"Content-Length: {len(body)}\r\n") + body)
        status, _, answer = read_answer(sock)
    assert status == 201 and json.loads(answer)["position"]


def test_a_lying_content_length_gets_408_and_is_closed(server: BackgroundServer) -> None:
    with connect(server) as sock:
        sock.sendall(post_head("/api/games", "Content-Length: 1000\r\n") + b'{"position"')
        status, headers, body = read_answer(sock)
        assert status == 408 and headers["connection"] == "close"
        assert "seconds" in json.loads(body)["detail"]
        assert closed(sock)  # cut off by the server's body deadline (the socket's is a hang guard)


def test_slow_clients_are_cut_off_and_others_served_meanwhile(server: BackgroundServer) -> None:
    """A few slowloris connections at once (a header byte now and then, a body trickling):
    each is answered 408 and closed, and a fresh client is answered while they dawdle."""
    slow = [connect(server) for _ in range(6)]
    try:
        for i, sock in enumerate(slow):
            if i % 2:
                sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 12")  # a head never finished
            else:
                sock.sendall(post_head("/api/games", "Content-Length: 500\r\n") + b"{")
        for _ in range(3):  # bounded: a few rounds of trickling while others are served
            for i, sock in enumerate(slow):
                with contextlib.suppress(OSError):
                    sock.sendall(b"7" if i % 2 else b" ")
            assert healthy(server) < 10
            time.sleep(0.2)
        for sock in slow:
            status, _, body = read_answer(sock)
            assert status == 408 and "\n" not in json.loads(body)["detail"]
            assert closed(sock)
    finally:
        for sock in slow:
            sock.close()
    assert healthy(server) < 10
