"""Run untrusted work (a user's rule set) in a worker process, supervised from outside.

:class:`Supervisor` starts a fresh interpreter (``python -m endnim.supervise.worker``) inside a
bubblewrap sandbox (:mod:`endnim.supervise.launch`; where none can run, a session of its own),
with no descriptor but its socket and its watch page, its output going nowhere, confined
(:mod:`endnim.supervise.confine`: Landlock, a seccomp allow-list, rlimits).
:meth:`Supervisor.call` sends it a job with a fresh random id and waits for the answer *as
data* (:mod:`endnim.supervise.frames`: size- and depth-capped JSON frames; a message for any
other job is refused and the worker replaced), while it:

- stops a job that runs past its wall-clock ``timeout`` or uses more CPU than that (read from
  ``/proc`` of the worker's processes, outside): limits nothing in the worker can move;
- notices a worker that died (its exit status or signal, and the hook it was in), or that is
  stopped (``SIGSTOP``) for longer than ``hook_timeout``;
- reads the worker's hook record (:mod:`endnim.supervise.watch`): a call into the user's code
  that runs past ``hook_timeout`` seconds gets the worker killed sooner, and the error names
  the hook. The record is the worker's word: it can only bring a kill sooner (the worker
  harming itself) and name a hook, never hold a kill off.

``ENDNIM_WORKER_DEBUG=1`` lets a worker's standard error through (to see why a worker does not
start); nothing else of a worker's reaches endnim's streams.

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
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import Any

from endnim.errors import RuleSetError
from endnim.supervise import launch, watch
from endnim.supervise.channel import WORKER_ENV
from endnim.supervise.frames import FrameError, FrameReader, write_frame
from endnim.supervise.plain import error_from_data

DEFAULT_HOOK_TIMEOUT = 10.0
"""Seconds one call of a user's hook may take (``ENDNIM_HOOK_TIMEOUT``)."""
DEFAULT_START_TIMEOUT = 120.0
"""Seconds a worker may take to start and load its rule sets (a hang guard)."""
TICK = 0.05
"""How often, in seconds, a waiting supervisor looks at its worker."""
_HOOK = re.compile(r"[A-Za-z_][A-Za-z0-9_.]{0,60}")


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


def _token() -> str:
    """A fresh random job id: 8 bytes of ``os.urandom`` in hex, as ``secrets.token_hex(8)``
    makes them (importing :mod:`secrets` loads hashlib and OpenSSL: a few ms of every
    ``--rules`` command's start).

    >>> len(_token()), _token() != _token()
    (16, True)
    """
    return os.urandom(8).hex()


def _how(code: int | None, sandboxed: bool = False) -> str:
    if sandboxed and code is not None and code > 128:
        code = 128 - code  # bubblewrap passes a signal on as 128 + its number
    if code is None:
        return "it stopped answering"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"killed by {name}"
    return f"exit {code}"


def process_tree(pid: int) -> list[int]:
    """``pid`` and every process descended from it (this machine's PIDs, from ``/proc``).

    >>> process_tree(os.getpid())[0] == os.getpid()
    True
    """
    found: list[int] = []
    queue = [pid]
    while queue and len(found) < 4096:
        current = queue.pop()
        found.append(current)
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{current}/task/{task}/children", "rb") as children:
                    queue.extend(int(child) for child in children.read().split())
            except (OSError, ValueError):
                continue
    return found


def _stat(pid: int) -> tuple[bytes, float]:
    """``(state, CPU seconds)`` of process ``pid`` (``(b"", 0.0)`` if gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rpartition(b")")[2].split()
        return fields[0], (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return b"", 0.0


def _split_tag(tag: str, fallback: str) -> tuple[str, str]:
    """``(label, hook)`` of a watch tag ``"label: hook"``: the worker wrote it, so the label is
    kept only if it names a rule set (never a built-in game) and was not cut to fit the tag
    (:func:`endnim.supervise.watch.encode_tag` marks a cut label ``...``), the hook only if it
    is a name.

    >>> _split_tag("rule set 'a: b' (a.b.py:C): ends", "?")
    ("rule set 'a: b' (a.b.py:C)", 'ends')
    >>> _split_tag("rule set 'a: b' (xx...: ends", "rule set 'a: b' (x.py:C)")
    ("rule set 'a: b' (x.py:C)", 'ends')
    """
    label, _, hook = tag.rpartition(": ")
    label = label[:300]
    if not label.startswith("rule set ") or label.endswith("..."):
        label = fallback
    return label, hook if _HOOK.fullmatch(hook) else ""


class _Stale(Exception):
    """The worker sent a message of an earlier job: it is replaced and the job sent again."""


class Supervisor:
    """One supervised worker (see the module's text).

    ``setup`` (``"module:function"``, called with ``setup_args`` in the worker after it is
    confined) loads what the jobs need; its answer is :attr:`ready`. ``memory``: bytes the
    worker's address space may grow by. ``label`` names the rule set in messages when the
    worker is not in a hook. ``readable``: what the worker may read besides the interpreter and
    the installed packages (the rule-set files); ``writable``: what it may write besides its
    scratch (a command line's own output); ``network``: whether it may use the network.
    ``optimistic``: start the worker in bubblewrap without probing it first
    (:func:`~endnim.supervise.launch.likely_available`); a start that fails is followed by
    the probe, and where bubblewrap cannot run the worker is started again without it (as
    it would have been), otherwise the failure stands.
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
        readable: Iterable[str] = (),
        writable: Iterable[str] = (),
        network: bool = False,
        optimistic: bool = False,
    ) -> None:
        self.optimistic = optimistic
        self.setup = setup
        self.setup_args = setup_args
        self.label = label
        self.memory = memory
        self.cpu_seconds = cpu_seconds
        self.file_bytes = file_bytes
        self.hook_limit = hook_timeout() if hook_limit is None else hook_limit
        self.stdin = stdin
        self.readable = [os.path.abspath(p) for p in readable]
        self.writable = [os.path.abspath(p) for p in writable]
        self.network = network
        self.ready: Any = None
        self.confined: dict[str, bool] = {}
        self.sandboxed = False
        self.process: subprocess.Popen[bytes] | None = None
        self.sock: socket.socket | None = None
        self.reader: FrameReader | None = None
        self.record: watch.HookRecord | None = None
        self._page: Any = None
        self._scratch: str | None = None
        self._issued: dict[str, None] = {}

    # ------------------------------------------------------------------ life
    def _command(self, fds: tuple[int, int], config: dict[str, Any]) -> list[str]:
        command = [sys.executable, "-m", "endnim.supervise.worker", *map(str, fds)]
        self.sandboxed = launch.likely_available() if self.optimistic else launch.available()
        readable = [*self.readable, *launch.readable_paths()]
        if self.sandboxed:
            config["writable"] = ["/tmp", "/dev/shm", *self.writable]
        else:
            self._scratch = tempfile.mkdtemp(prefix="endnim-worker-")
            config["writable"] = [self._scratch, *self.writable]
        config["readable"] = readable
        command.append(json.dumps(config))
        if not self.sandboxed:
            return command
        return launch.worker_command(
            command,
            readable=self.readable,
            writable=self.writable,
            network=self.network,
            cwd=os.getcwd(),
        )

    def start(self) -> Any:
        """Start a fresh worker (after any fault) and wait until it is ready; returns the
        set-up's answer. A set-up that fails is that failure (e.g. a file that does not load)."""
        try:
            return self._start()
        except WorkerFault as fault:
            if not (self.optimistic and self.sandboxed and fault.kind == "died"):
                raise
            if launch.available():  # bubblewrap runs here: the worker's own failure
                raise
        return self._start()  # bubblewrap cannot run here: the worker starts without it

    def _start(self) -> Any:
        self.stop()
        import mmap

        parent, child = socket.socketpair()
        page_file = tempfile.TemporaryFile()  # noqa: SIM115 (closed once the worker has it)
        page_file.truncate(watch.RECORD_BYTES)
        page = mmap.mmap(page_file.fileno(), watch.RECORD_BYTES)
        job = _token()
        config: dict[str, Any] = {
            "job": job,
            "memory": self.memory,
            "cpu_seconds": self.cpu_seconds,
            "file_bytes": self.file_bytes,
            "network": self.network,
            "setup": self.setup,
            "setup_args": list(self.setup_args),
        }
        fds = (child.fileno(), page_file.fileno())
        command = self._command(fds, config)
        env = dict(os.environ)
        env[WORKER_ENV] = "1"
        if self._scratch is not None:
            env["TMPDIR"] = self._scratch
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            env.setdefault(name, "1")  # no thread pools' reservations under a memory limit
        stdin = self.stdin if self.stdin is not None else subprocess.DEVNULL
        try:
            self.process = launch.spawn(
                lambda: subprocess.Popen(
                    command,
                    stdin=stdin,
                    stdout=subprocess.DEVNULL,
                    stderr=None if os.environ.get("ENDNIM_WORKER_DEBUG") else subprocess.DEVNULL,
                    pass_fds=fds,
                    close_fds=True,
                    start_new_session=True,
                    env=env,
                )
            )
        finally:
            child.close()
            page_file.close()
        self.sock = parent
        self.reader = FrameReader(parent)
        self._page = page
        self.record = watch.HookRecord(page)
        message = self._wait(DEFAULT_START_TIMEOUT, None, job, starting=True)
        if message[0] == "failed":
            self.stop()
            raise error_from_data(message[2])
        info = message[2] if isinstance(message[2], dict) else {}
        self.confined = {k: v for k, v in dict(info.get("confined") or {}).items() if v is True}
        self.confined["bubblewrap"] = self.sandboxed
        self.ready = info.get("setup")
        return self.ready

    @property
    def alive(self) -> bool:
        """Whether a worker is running."""
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        """Kill the worker and every process under it, and forget it (idempotent)."""
        process, self.process = self.process, None
        if process is not None:
            tree = process_tree(process.pid) if process.poll() is None else []
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            for pid in tree:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            process.wait()
        if self.sock is not None:
            self.sock.close()
            self.sock = None
            self.reader = None
        if self.record is not None:
            self.record.release()
        if self._page is not None:
            self._page.close()
            self._page = None
        self.record = None
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

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
        ``label``, if given, when the worker was in no hook). ``timeout``: the job's wall-clock
        and CPU limit in seconds."""
        if not self.alive:
            self.start()
        if label is not None:
            saved, self.label = self.label, label
            try:
                return self.call(reference, *args, on_emit=on_emit, timeout=timeout)
            finally:
                self.label = saved
        for attempt in range(2):
            if self._stale_waiting():
                self.start()  # it wrote after its last answer: a fresh worker for this job
            assert self.sock is not None
            job = _token()
            self._issued[job] = None
            while len(self._issued) > 64:
                del self._issued[next(iter(self._issued))]
            try:
                write_frame(self.sock, {"id": job, "call": reference, "args": list(args)})
            except OSError:
                raise self._fault("its worker process could not be reached") from None
            try:
                message = self._wait(timeout, on_emit, job)
            except _Stale:
                if attempt:
                    raise self._fault("its worker process answered for another job") from None
                self.start()  # an earlier job's extra message: this job on a fresh worker
                continue
            if message[0] == "ok":
                return message[2]
            raise error_from_data(message[2])
        raise AssertionError("unreachable")

    def _stale_waiting(self) -> bool:
        """Whether the worker wrote something after its last answer (no job is running)."""
        if self.reader is None or self.sock is None:
            return False
        if self.reader.pending():
            return True
        import select

        try:
            return bool(select.select([self.sock], [], [], 0)[0])
        except (OSError, ValueError):
            return True

    def _message(self, job: str, starting: bool, timeout: float) -> tuple[Any, ...] | None:
        """The worker's next message for ``job`` within ``timeout`` seconds, checked; a
        message that is malformed, out of turn or for another job is the worker's fault."""
        assert self.reader is not None
        try:
            message = self.reader.read(timeout)
        except EOFError:
            raise self._died() from None
        except OSError:
            raise self._died() from None
        except FrameError as error:
            raise self._fault(f"its worker process answered with {error}") from None
        if message is None:
            return None
        if not (isinstance(message, tuple) and len(message) >= 3 and type(message[0]) is str):
            raise self._fault("its worker process answered with a malformed message")
        if message[1] != job:
            if message[1] in self._issued:  # an extra message of an earlier job
                self.stop()
                raise _Stale
            raise self._fault("its worker process answered for another job (refused)")
        kind = message[0]
        if kind == "emit" and len(message) == 4 and not starting:
            return message
        expected = ("ready", "failed") if starting else ("ok", "error")
        if kind in expected and len(message) == 3:
            return message
        raise self._fault("its worker process answered out of turn")

    def _wait(
        self,
        timeout: float | None,
        on_emit: Callable[[str, Any], None] | None,
        job: str,
        *,
        starting: bool = False,
    ) -> tuple[Any, ...]:
        assert self.record is not None
        started = time.monotonic()
        cpu_at_start: float | None = None
        overdue_ticks = 0
        stopped_since = 0.0
        limit = DEFAULT_START_TIMEOUT if starting and timeout is None else timeout
        while True:
            message = self._message(job, starting, TICK)
            if message is not None:
                if message[0] == "emit":
                    if on_emit is not None and isinstance(message[2], str):
                        on_emit(message[2], message[3])
                    continue
                return message
            if not self.alive:
                raise self._died()
            depth, since, tag = self.record.read()
            now = time.monotonic()
            tree = process_tree(self.process.pid) if self.process is not None else []
            stats = [_stat(pid) for pid in tree]
            cpu = sum(seconds for _, seconds in stats)
            cpu_at_start = cpu if cpu_at_start is None else cpu_at_start
            if any(state in (b"T", b"t") for state, _ in stats):
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
                        f"{label}: {hook or 'a hook'}() did not return within "
                        f"{self.hook_limit:g} s and was stopped (a loop or a sleep? set "
                        "ENDNIM_HOOK_TIMEOUT to allow longer)",
                        "hook-timeout",
                        hook,
                    )
            else:
                overdue_ticks = 0
            if limit is not None and (now - started > limit or cpu - (cpu_at_start or 0.0) > limit):
                label, hook = _split_tag(tag, self.label) if depth > 0 else (self.label, "")
                where = f" in {hook}()" if hook else ""
                how = "CPU time" if now - started <= limit else "time"
                self.stop()
                raise WorkerFault(
                    f"{label} did not answer within {limit:g} s{where}"
                    f"{' of CPU time' if how == 'CPU time' else ''}: its worker process "
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
        text = _how(code, self.sandboxed)
        return WorkerFault(f"{label} ended its worker process{where} ({text})", "died", hook)

    def _fault(self, what: str) -> WorkerFault:
        depth, _, tag = self.record.read() if self.record is not None else (0, 0.0, "")
        label, hook = _split_tag(tag, self.label) if depth > 0 else (self.label, "")
        where = f" (in {hook}())" if hook else ""
        self.stop()
        return WorkerFault(f"{label}: {what}{where}", "answer", hook)
