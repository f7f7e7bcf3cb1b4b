"""Rule sets that try to go around the sandbox itself (issue 38): one class per route.

Each is End-Nim (take from either end pile) whose ``ends()`` first tries its route and then
answers: ``("L", "R")`` if the route was closed, ``("L",)`` (another game, so a wrong answer) if
it got through. The tests (tests/commands/test_hostile_rules.py, tests/web/test_hostile_sandbox.py)
ask each for End-Nim's answer, so a route that is open is a wrong answer, never a silent pass.
Nothing here harms what it reaches: a route is proved open by a step that would allow the harm
(a descriptor opened for writing and closed unwritten, a signal 0), not by the harm itself.

:data:`LEFT_BEHIND` names the files the shm route leaves, checked from outside.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import os
import socket
import sys

from endnim import Variant

LEFT_BEHIND = ("/dev/shm/endnim-hostile-route", "/tmp/endnim-hostile-route")
"""Files the ``LeavesFiles`` route writes; none may outlive its worker."""


def _supervisor() -> int:
    """The process that started this worker (the supervisor, when there is no sandbox)."""
    return os.getppid()


def _ok(step) -> bool:
    """Whether ``step()`` went through (any ``OSError`` or refusal: closed)."""
    try:
        step()
    except (OSError, ValueError, AttributeError, RuntimeError):
        return False
    return True


class _Route(Variant):
    name = "route-base"
    title = "gallery: a route around the sandbox"

    def through(self) -> bool:
        raise NotImplementedError

    def ends(self, piles, player=None):
        return ("L",) if self.through() else ("L", "R")


class SignalOwner(_Route):
    """Route 2: F_SETOWN (or FIOSETOWN) + F_SETSIG + O_ASYNC makes the kernel signal anyone."""

    name = "route-signal-owner"

    def through(self):
        read, write = os.pipe()
        try:
            target = _supervisor()
            return _ok(lambda: fcntl.fcntl(read, fcntl.F_SETOWN, target)) or _ok(
                lambda: fcntl.ioctl(read, 0x8901, ctypes.c_int(target))  # FIOSETOWN
            )
        finally:
            os.close(read)
            os.close(write)


def _syscall(number: int, *args: int) -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return int(libc.syscall(number, *[ctypes.c_long(a) for a in args]))


class PidfdThief(_Route):
    """Route 3: pidfd_open on the supervisor, then pidfd_getfd of its descriptors."""

    name = "route-pidfd"

    def through(self):
        pidfd = _syscall(434, _supervisor(), 0)  # pidfd_open
        if pidfd < 0:
            return False
        try:
            for fd in range(0, 16):
                got = _syscall(438, pidfd, fd, 0)  # pidfd_getfd
                if got >= 0:
                    os.close(got)
                    return True
            return _syscall(424, pidfd, 0, 0, 0) == 0  # pidfd_send_signal, signal 0
        finally:
            os.close(pidfd)


class ProcSnooper(_Route):
    """Route 3 and 11: another process's /proc (its memory, its oom_score_adj, its files)."""

    name = "route-proc"

    def through(self):
        others = [
            entry
            for entry in os.listdir("/proc")
            if entry.isdigit() and int(entry) not in (os.getpid(), 1)
        ]
        for entry in others[:50]:
            for name, mode in (("mem", os.O_RDONLY), ("oom_score_adj", os.O_WRONLY)):
                with contextlib.suppress(OSError):
                    os.close(os.open(f"/proc/{entry}/{name}", mode))
                    return True
            if _ok(lambda e=entry: os.listdir(f"/proc/{e}/fd")):
                return True
        return False


class FileWriter(_Route):
    """Route 4 and 10: open for writing an installed module, site-packages, the page; read a
    host file (opened, closed unwritten)."""

    name = "route-files"

    def through(self):
        import endnim

        package = os.path.dirname(endnim.__file__)
        targets = [
            os.path.join(package, "__init__.py"),
            os.path.join(package, "web", "static", "index.html"),
            os.path.join(package, "endnim-hostile-route.pth"),
        ]
        targets += [
            os.path.join(p, "endnim-hostile-route.pth") for p in sys.path if "site-packages" in p
        ]
        for target in targets:
            existed = os.path.exists(target)
            with contextlib.suppress(OSError):
                os.close(os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644))
                if not existed:
                    os.unlink(target)
                return True
        for secret in ("/etc/passwd", "/etc/hostname", os.path.expanduser("~/.bashrc")):
            with contextlib.suppress(OSError), open(secret, "rb") as handle:
                handle.read(1)
                return True
        return False


class Execer(_Route):
    """Route 6 and 9: execve (a fresh program with the inherited socket)."""

    name = "route-exec"

    def through(self):
        return _ok(lambda: os.execv("/bin/true", ["/bin/true"]))


class Networker(_Route):
    """Route 10: a socket to the network."""

    name = "route-network"

    def through(self):
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        except OSError:
            return False
        sock.close()
        return True


class LeavesFiles(_Route):
    """Route 7: files in /dev/shm and /tmp that should vanish with the worker (the test looks
    for :data:`LEFT_BEHIND` from outside); the answer stays right whatever happens."""

    name = "route-leftovers"

    def through(self):
        for path in LEFT_BEHIND:
            with contextlib.suppress(OSError), open(path, "wb") as out:
                out.write(b"x" * 4096)
        return False


class ForgedRecord(_Route):
    """Routes 6 and 7: the hook disables ``os._exit`` (a watchdog inside the worker can no
    longer end it), clears its own hook record (so the hook deadline never sees it) and loops
    for ever; only a deadline held outside the worker stops it, and only a kill from outside
    ends it."""

    name = "route-forged-record"

    def through(self):
        from endnim.supervise import watch

        os._exit = lambda *args: None
        record = watch.current()
        while True:
            with contextlib.suppress(Exception):
                record.buffer[0:16] = bytes(16)  # depth 0, since 0: "in no hook"


class ForgedHttp(_Route):
    """Route 8: the worker's HTTP answer replaced by a redirect with a cookie, a script and an
    open CORS header (patched in the worker when the rule set is made, never on import)."""

    name = "route-forged-http"

    def __init__(self):
        super().__init__()
        import endnim.web.sandbox as sandbox

        sandbox.answer_request = lambda *args, **kwargs: (
            302,
            [
                (b"location", b"http://evil.example/"),
                (b"set-cookie", b"session=stolen"),
                (b"access-control-allow-origin", b"*"),
                (b"content-type", b"text/html"),
            ],
            b"<script>alert(1)</script>",
        )

    def through(self):
        return False


class ForgedGame(_Route):
    """Route 11: a forged game state (patched in the worker when the rule set is made)."""

    name = "route-forged-game"

    def __init__(self):
        super().__init__()
        import endnim.web.user_games as games

        games.started = lambda *args, **kwargs: {"fixed": {"variant": 1}, "now": {"x": []}}

    def through(self):
        return False


class ExtraAnswer(_Route):
    """Route 9: an answer written by hand before the worker's own, so one answer too many is on
    the wire; the next request, another client's, must get its own answer."""

    name = "route-extra-answer"
    sent = False

    def through(self):
        from endnim.supervise import channel

        if not ExtraAnswer.sent:
            ExtraAnswer.sent = True
            with contextlib.suppress(Exception):
                channel.send(
                    "ok", (200, [(b"content-type", b"application/json")], b'{"grundy": 99}')
                )
        return False


class PrintingThreads(_Route):
    """Issue 41: threads started once that print to both streams and then raise; none of it may
    reach endnim's output, and the command must not wait for them."""

    name = "route-printing-threads"
    started = False

    def through(self):
        import threading
        import time

        def talk():
            for _ in range(200):
                print("THREAD-OUTPUT")
                print("THREAD-OUTPUT", file=sys.stderr)
                time.sleep(0.001)
            raise RuntimeError("THREAD-OUTPUT raised")

        def linger():
            time.sleep(3600)

        if not PrintingThreads.started:
            PrintingThreads.started = True
            threading.Thread(target=talk).start()
            threading.Thread(target=linger).start()  # not a daemon: nothing may wait for it
        return False


class ThreadStorm(_Route):
    """Issue 41: every call starts threads that spin and print for ever."""

    name = "route-thread-storm"

    def through(self):
        import threading

        def spin():
            while True:
                print("STORM-OUTPUT", file=sys.stderr)

        for _ in range(2):
            with contextlib.suppress(RuntimeError):
                threading.Thread(target=spin, daemon=False).start()
        return False


class ProfilerLoop(_Route):
    """Route 6: code that runs in no hook at all: a profile function that loops for ever once
    endnim's own code calls anything."""

    name = "route-profiler"

    def through(self):
        def loop(frame, event, arg):
            sys.setprofile(None)
            while True:
                pass

        sys.setprofile(loop)
        return False


class FinalizerLoop(_Route):
    """Route 6: a finalizer that loops for ever when the collector runs it, in endnim's code."""

    name = "route-finalizer"

    def through(self):
        class Cycle:
            def __del__(self):
                while True:
                    pass

        first, second = Cycle(), Cycle()
        first.other, second.other = second, first
        return False


ROUTES = ("SignalOwner", "PidfdThief", "ProcSnooper", "FileWriter", "Execer", "Networker")
"""The classes whose route must be closed (each answers as End-Nim only then)."""
