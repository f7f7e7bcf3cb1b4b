"""Run untrusted work (a user's rule set) in a worker process, supervised from outside.

:class:`Supervisor` starts a fresh interpreter (``python -m endnim.supervise.worker``) in a
session of its own, with no descriptor but its socket and its watch page, its output going
nowhere, confined (:mod:`endnim.supervise.confine`: a memory limit, no processes, no signals
to others). :meth:`Supervisor.call` sends it a job and waits for the answer *as data*, while it:

- reads the worker's hook record (:mod:`endnim.supervise.watch`): a call into the user's code
  that runs past ``hook_timeout`` seconds gets the worker killed, and the error names the hook;
- notices a worker that died (its exit status or signal, and the hook it was in);
- stops a job that runs past its own ``timeout``, if one is given.

Each of these raises :class:`WorkerFault` (a :class:`~endnim.errors.RuleSetError`, one line
naming the rule set), kills the worker's whole process group, and leaves the supervisor ready
to :meth:`~Supervisor.start` a fresh worker for the next job. No signal is ever raised into
running code: the supervisor only waits, reads and kills.

>>> with Supervisor(label="rule set 'demo'") as worker:
...     worker.call("builtins:pow", 6, 2)
36
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any

from endnim.errors import RuleSetError
from endnim.supervise import watch
from endnim.supervise.channel import WORKER_ENV
from endnim.supervise.plain import error_from_data, plain_dumps, plain_loads

DEFAULT_HOOK_TIMEOUT = 10.0
"""Seconds one call of a user's hook may take (``ENDNIM_HOOK_TIMEOUT``)."""
DEFAULT_START_TIMEOUT = 120.0
"""Seconds a worker may take to start and load its rule sets (a hang guard)."""
TICK = 0.05
"""How often, in seconds, a waiting supervisor looks at its worker."""
MAX_MESSAGE = 256 * 2**20
"""The largest message a worker may send (a bigger one is its fault)."""


def hook_timeout() -> float:
    """Seconds a user's hook may run (``ENDNIM_HOOK_TIMEOUT``, default 10; 0 or less: no limit).

    >>> hook_timeout() > 0
    True
    """
    text = os.environ.get("ENDNIM_HOOK_TIMEOUT", "")
    try:
        value = float(text) if text.strip() else DEFAULT_HOOK_TIMEOUT
    except ValueError:
        return DEFAULT_HOOK_TIMEOUT
    return value if value == value and value != float("inf") else DEFAULT_HOOK_TIMEOUT


class WorkerFault(RuleSetError):
    """The worker died, ran a hook past its deadline, ran past the job's time or sent
    something that is not plain data; the message names the rule set (and the hook).

    ``kind`` is ``"hook-timeout"``, ``"died"``, ``"timeout"`` or ``"answer"``; ``hook`` the
    hook the worker was in (``""`` if none or unknown).
    """

    def __init__(self, message: str, kind: str = "answer", hook: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.hook = hook

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (str(self), self.kind, self.hook))


def _how(code: int | None) -> str:
    if code is None:
        return "it stopped answering"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"killed by {name}"
    return f"exit {code}"


def _stopped(process: subprocess.Popen[bytes] | None) -> bool:
    """Whether the worker is stopped (by ``SIGSTOP`` or a tracer), from ``/proc``."""
    if process is None:
        return False
    try:
        with open(f"/proc/{process.pid}/stat", "rb") as stat:
            state = stat.read().rpartition(b")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state in (b"T", b"t")


def _split_tag(tag: str, fallback: str) -> tuple[str, str]:
    """``(label, hook)`` of a watch tag ``"label: hook"``."""
    label, _, hook = tag.rpartition(": ")
    return (label or fallback), hook


class Supervisor:
    """One supervised worker (see the module's text).

    ``setup`` (``"module:function"``, called with ``setup_args`` in the worker after it is
    confined) loads what the jobs need; its answer is :attr:`ready`. ``memory``: bytes the
    worker's address space may grow by. ``label`` names the rule set in messages when the
    worker is not in a hook.
    """

    def __init__(
        self,
        setup: str | None = None,
        setup_args: tuple[Any, ...] = (),
        *,
        label: str = "the rule set",
        memory: int = 2 * 2**30,
        cpu_seconds: int | None = None,
        file_bytes: int | None = None,
        hook_limit: float | None = None,
        stdin: int | None = None,
    ) -> None:
        self.setup = setup
        self.setup_args = setup_args
        self.label = label
        self.memory = memory
        self.cpu_seconds = cpu_seconds
        self.file_bytes = file_bytes
        self.hook_limit = hook_timeout() if hook_limit is None else hook_limit
        self.stdin = stdin
        self.ready: Any = None
        self.confined: dict[str, bool] = {}
        self.process: subprocess.Popen[bytes] | None = None
        self.connection: Connection | None = None
        self.record: watch.HookRecord | None = None
        self._page: Any = None

    # ------------------------------------------------------------------ life
    def start(self) -> Any:
        """Start a fresh worker (after any fault) and wait until it is ready; returns the
        set-up's answer. A set-up that fails is that failure (e.g. a file that does not load)."""
        self.stop()
        import mmap

        parent, child = socket.socketpair()
        page_file = tempfile.TemporaryFile()  # noqa: SIM115 (closed once the worker has it)
        page_file.truncate(watch.RECORD_BYTES)
        page = mmap.mmap(page_file.fileno(), watch.RECORD_BYTES)
        config = {
            "memory": self.memory,
            "cpu_seconds": self.cpu_seconds,
            "file_bytes": self.file_bytes,
            "setup": self.setup,
            "setup_args": list(self.setup_args),
        }
        env = dict(os.environ)
        env[WORKER_ENV] = "1"
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            env.setdefault(name, "1")  # no thread pools' reservations under a memory limit
        fds = (child.fileno(), page_file.fileno())
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "endnim.supervise.worker", *map(str, fds)]
                + [json.dumps(config)],
                stdin=self.stdin if self.stdin is not None else subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=fds,
                close_fds=True,
                start_new_session=True,
                env=env,
            )
        finally:
            child.close()
            page_file.close()
        self.connection = Connection(os.dup(parent.fileno()))
        parent.close()
        self._page = page
        self.record = watch.HookRecord(page)
        message = self._wait(DEFAULT_START_TIMEOUT, None, starting=True)
        if message[0] == "failed":
            self.stop()
            raise error_from_data(message[1])
        info = message[1] if isinstance(message[1], dict) else {}
        self.confined = dict(info.get("confined") or {})
        self.ready = info.get("setup")
        return self.ready

    @property
    def alive(self) -> bool:
        """Whether a worker is running."""
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        """Kill the worker's whole process group and forget it (idempotent)."""
        process, self.process = self.process, None
        if process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            process.wait()
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        if self.record is not None:
            self.record.release()
        if self._page is not None:
            self._page.close()
            self._page = None
        self.record = None

    close = stop

    def __enter__(self) -> Supervisor:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    # ------------------------------------------------------------------ jobs
    def call(
        self,
        reference: str,
        *args: Any,
        on_emit: Callable[[str, Any], None] | None = None,
        timeout: float | None = None,
        label: str | None = None,
    ) -> Any:
        """``reference(*args)`` (``"module:function"``) in the worker, started if need be;
        the answer as plain data, or the job's own error, or :class:`WorkerFault` (naming
        ``label``, if given, when the worker was in no hook)."""
        if not self.alive:
            self.start()
        if label is not None:
            saved, self.label = self.label, label
            try:
                return self.call(reference, *args, on_emit=on_emit, timeout=timeout)
            finally:
                self.label = saved
        assert self.connection is not None
        try:
            self.connection.send_bytes(plain_dumps((reference, args)))
        except OSError:
            raise self._fault("its worker process could not be reached") from None
        message = self._wait(timeout, on_emit)
        if message[0] == "ok":
            return message[1]
        raise error_from_data(message[1])

    def _wait(
        self,
        timeout: float | None,
        on_emit: Callable[[str, Any], None] | None,
        *,
        starting: bool = False,
    ) -> tuple[Any, ...]:
        assert self.connection is not None and self.record is not None
        started = time.monotonic()
        overdue_ticks = 0
        stopped_since = 0.0
        while True:
            try:
                ready = self.connection.poll(TICK)
            except (OSError, EOFError):
                ready = True
            if ready:
                try:
                    data = self.connection.recv_bytes(MAX_MESSAGE)
                except (EOFError, OSError) as error:
                    raise (
                        self._died()
                        if "too long" not in str(error)
                        else self._fault(
                            f"its worker answered with more than {MAX_MESSAGE // 2**20} MiB"
                        )
                    ) from None
                try:
                    message = plain_loads(data)
                except Exception as error:
                    raise self._fault(f"its worker process answered with {error}") from None
                if not (isinstance(message, tuple) and message and isinstance(message[0], str)):
                    raise self._fault("its worker process answered with a malformed message")
                if message[0] == "emit" and len(message) == 3:
                    if on_emit is not None and isinstance(message[1], str):
                        on_emit(message[1], message[2])
                    continue
                expected = ("ready", "failed") if starting else ("ok", "error")
                if message[0] in expected and len(message) == 2:
                    return message
                raise self._fault("its worker process answered out of turn")
            if not self.alive:
                raise self._died()
            depth, since, tag = self.record.read()
            now = time.monotonic()
            if _stopped(self.process):
                stopped_since = stopped_since or now
                if self.hook_limit > 0 and now - stopped_since > self.hook_limit:
                    label, hook = _split_tag(tag, self.label) if depth > 0 else (self.label, "")
                    self.stop()
                    raise WorkerFault(
                        f"{label}: its worker process was stopped (SIGSTOP?) for more than "
                        f"{self.hook_limit:g} s and was killed",
                        "died",
                        hook,
                    )
            else:
                stopped_since = 0.0
            if depth > 0 and self.hook_limit > 0 and since > 0 and now - since > self.hook_limit:
                overdue_ticks += 1
                if overdue_ticks >= 2:  # read twice: never on a half-written record
                    label, hook = _split_tag(tag, self.label)
                    self.stop()
                    raise WorkerFault(
                        f"{label}: {hook}() did not return within {self.hook_limit:g} s and "
                        "was stopped (a loop or a sleep? set ENDNIM_HOOK_TIMEOUT to allow "
                        "longer)",
                        "hook-timeout",
                        hook,
                    )
            else:
                overdue_ticks = 0
            limit = DEFAULT_START_TIMEOUT if starting and timeout is None else timeout
            if limit is not None and now - started > limit:
                label, hook = _split_tag(tag, self.label) if depth > 0 else (self.label, "")
                where = f" in {hook}()" if hook else ""
                self.stop()
                raise WorkerFault(
                    f"{label} did not answer within {limit:g} s{where}: its worker process "
                    "was stopped",
                    "timeout",
                    hook,
                )

    def _died(self) -> WorkerFault:
        process = self.process
        code = None
        if process is not None:
            try:
                code = process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                code = None
        depth, _, tag = self.record.read() if self.record is not None else (0, 0.0, "")
        label, hook = _split_tag(tag, self.label) if depth > 0 else (self.label, "")
        where = f" in {hook}()" if hook else ""
        self.stop()
        return WorkerFault(f"{label} ended its worker process{where} ({_how(code)})", "died", hook)

    def _fault(self, what: str) -> WorkerFault:
        self.stop()
        return WorkerFault(f"{self.label}: {what}")
