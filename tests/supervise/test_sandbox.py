"""The sandbox around a worker (issue 38): its wire (frames), its namespaces and file system,
and what happens where no sandbox can run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from endnim.errors import RuleSetError
from endnim.supervise import Supervisor, launch
from endnim.supervise.frames import MAX_DEPTH, FrameError, decode, encode

GALLERY = Path(__file__).parents[1] / "rules_gallery"
needs_sandbox = pytest.mark.skipif(not launch.available(), reason=str(launch.unavailable()))


def test_frames_carry_plain_data_only() -> None:
    value = ("ok", "id", {"a": [1, 2.5, None, b"\x00"], 3: {frozenset({1})}}, 10**40, -(2**70))
    assert decode(encode(value)) == value
    assert decode(encode(float("inf"))) == float("inf")
    for forged in (
        b'["q", 1]',  # no such tag
        b"[1, 2]",  # an untagged array
        b'["b", "not base64!"]',
        b'["i", "1' + b"0" * 5000 + b'"]',  # more digits than Python reads
        b'["s", ["l", 1]]',  # an unhashable element
        b"\x80\x04K\x01.",  # a pickle
    ):
        with pytest.raises(FrameError):
            decode(forged)
    deep: object = 1
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    with pytest.raises(FrameError, match="nested"):
        encode(deep)
    with pytest.raises(FrameError, match="nested"):
        decode(b'["l",' * (MAX_DEPTH + 5) + b"1" + b"]" * (MAX_DEPTH + 5))
    with pytest.raises(FrameError, match="no plain data"):
        encode(object())


def _under_tmp() -> set[str]:
    """The first names under /tmp of the paths a worker binds read-only (the package, the
    interpreter, its environment)."""
    import endnim

    bound = [Path(endnim.__file__).resolve().parent, Path(sys.prefix).resolve()]
    bound += [Path(sys.executable).resolve(), Path(sys.base_prefix).resolve()]
    return {p.relative_to("/tmp").parts[0] for p in bound if p.is_relative_to("/tmp")}


@needs_sandbox
def test_a_worker_sees_its_own_namespaces_and_a_read_only_world() -> None:
    with Supervisor(label="rule set 'x'") as worker:
        worker.start()
        assert worker.sandboxed and worker.confined.get("landlock")
        assert worker.confined.get("allow_list") and worker.confined.get("bubblewrap")
        pids = [p for p in worker.call("os:listdir", "/proc") if p.isdigit()]
        assert len(pids) <= 3, pids  # bubblewrap's init and the worker, nobody else's
        with pytest.raises(PermissionError):
            worker.call("os:listdir", str(Path.home()))
        site = next(p for p in sys.path if p.endswith("site-packages"))
        with pytest.raises(OSError):
            worker.call("os:mkdir", os.path.join(site, "endnim-sandbox-probe"))
        # its own scratch, empty but for the mount points of what it reads from a checkout
        # or an interpreter under /tmp (a clone in /tmp/fresh showed 'fresh' here)
        assert set(worker.call("os:listdir", "/tmp")) <= _under_tmp()
        with pytest.raises(PermissionError):
            worker.call("os:getpriority", 0, 0)  # not on the allow-list
        with pytest.raises(PermissionError):
            worker.call("fcntl:ioctl", 0, 0x5412, b"x")  # TIOCSTI: typing into a terminal
    assert not os.path.exists(os.path.join(site, "endnim-sandbox-probe"))


def test_serve_refuses_rule_sets_where_no_sandbox_can_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from endnim.web.app import create_app
    from endnim.web.sandbox import Sandbox

    monkeypatch.setenv(launch.NO_SANDBOX_ENV, "1")
    spec = f"{GALLERY / 'larger_end.py'}:LargerEnd"
    with pytest.raises(RuleSetError, match="--trust-rules"):
        Sandbox(create_app, [spec], timeout=20)
    done = subprocess.run(
        [sys.executable, "-m", "endnim.cli", "analyze", "--rules", spec, "--json", "3 1 4"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, launch.NO_SANDBOX_ENV: "1"},
    )
    assert done.returncode == 0, done.stderr  # the command line still runs the user's file
    assert done.stderr.count("\n") == 1 and "Landlock and seccomp only" in done.stderr


def test_texts_from_a_worker_are_plain() -> None:
    """Route 10/11: an error's text or a rule set's title carries no terminal escape or line
    break into endnim's output or the API."""
    from endnim.supervise.plain import error_from_data
    from endnim.variants import get_variant
    from endnim.web.stand_ins import describe, stand_in

    error = error_from_data(("MoveError", "no\x1b[2J move\r\nhere", {}))
    assert str(error).isprintable() and "\x1b" not in str(error)
    facts = {**describe(get_variant("endnim")), "name": "plain-texts", "aliases": []}
    facts.update(title="evil\x1b]0;owned\x07 title\n", spec="x.py:X", label="rule set 'x'")
    assert stand_in(facts).title.isprintable()
