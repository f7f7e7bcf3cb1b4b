"""``endnim serve``: the workbench answers on its port and stops cleanly on Ctrl+C."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator

import hang_guard
import pytest

import endnim.cli as cli
from endnim.errors import EndNimError
from endnim.graphs import GRAPH_RULE_SETS
from endnim.variants import BUILT_IN
from endnim.web.server import BackgroundServer, bind, url_of


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def fetch(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=hang_guard.HANG_GUARD) as response:  # hang guard
        return response.status, response.read()


def test_serve_answers_and_stops_on_interrupt() -> None:
    code = "import sys; from endnim.cli import main; main(sys.argv[1:])"
    process = subprocess.Popen(
        [sys.executable, "-u", "-c", code, "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+/)", first)
        assert match, first
        url = match.group(1)
        status, body = fetch(url + "api/health")
        assert status == 200 and json.loads(body)["status"] == "ok"
        status, body = fetch(url)
        assert status == 200 and b"endnim workbench" in body
        status, body = fetch(url + "api/analyze?position=3+1+4")
        assert json.loads(body)["winning_moves"] == ["R3"]
        process.send_signal(signal.SIGINT)
        out, err = hang_guard.communicate(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    assert "endnim workbench stopped" in out
    assert "Traceback" not in err


def test_port_in_use_and_bad_host_are_one_line_errors(
    taken_port: int, capsys: pytest.CaptureFixture[str]
) -> None:
    for args, message in (
        (
            ["--port", str(taken_port)],
            f"cannot listen on 127.0.0.1:{taken_port}: the port is in use",
        ),
        (["--host", "no-such-host.invalid"], "cannot listen on 'no-such-host.invalid'"),
        (["--port", "70000"], "70000 is not in the range 0<=x<=65535"),
    ):
        with pytest.raises(SystemExit) as stopped:
            cli.main(["serve", *args])
        assert stopped.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("endnim: error: ") and message in err and err.count("\n") == 1


def test_bind_and_background_server() -> None:
    sock = bind(port=0)
    try:
        assert url_of(sock).startswith("http://127.0.0.1:")
        with pytest.raises(EndNimError, match="the port is in use"):
            bind(port=sock.getsockname()[1])
    finally:
        sock.close()
    with BackgroundServer() as server:
        status, body = fetch(server.url + "api/variants")
        # the page's rule sets: the rows and the graphs
        assert status == 200 and len(json.loads(body)) == len(BUILT_IN) + len(GRAPH_RULE_SETS)
    with pytest.raises(OSError):
        fetch(server.url + "api/health")  # stopped
