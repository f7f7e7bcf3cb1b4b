"""Commands given a user's rule set (``--rules FILE.py:Class``) run in a supervised worker.

The process that writes endnim's output never runs a user's code (docs/architecture.md):
:func:`run` starts a :class:`~endnim.supervise.Supervisor` and the whole command runs in its
worker, its output coming back as data (``emit`` messages) that this process writes. A worker
that dies, loops in a hook or runs out of memory is one line naming the rule set and the hook.

``analyze --batch`` is fed line by line: this process reads the input, sends each line to the
worker as one job and writes exactly one complete line per input line, in order. A worker that
fails costs exactly its own line (the ``{"input", "line", "error"}`` object with ``--json``,
the error on standard error), is replaced, and the batch goes on; the exit status is 2 if any
line failed, else 0.

``serve`` and ``check-rules`` supervise their users' code themselves (the server's sandbox,
the checker's worker).

>>> rules_specs(["analyze", "--rules", "mine.py:Mine", "3 1"])
['mine.py:Mine']
>>> wants_supervision(["analyze", "3 1"])
False
"""

from __future__ import annotations

import io
import os
import shutil
import sys
from typing import Any, BinaryIO

from endnim.errors import EndNimError

SELF_SUPERVISED = frozenset({"serve", "check-rules"})
"""Commands that run a user's code in workers of their own."""
RULES_MEMORY = 4 * 2**30
"""Memory (bytes) the worker of a command may add (``ENDNIM_RULES_MEMORY``, in MiB)."""
START_TRIES = 3
"""Times a batch's worker is started afresh before a failure to start ends the batch."""
LINE_TIMEOUT = 600.0
"""Seconds one batch line may take in its worker (``ENDNIM_LINE_TIMEOUT``; a hang guard: a
hook's own deadline, ``ENDNIM_HOOK_TIMEOUT``, is far shorter)."""


JOB_TIMEOUT = 3600.0
"""Seconds a whole command may take in its worker, wall clock and CPU (``ENDNIM_JOB_TIMEOUT``):
held outside the worker, so nothing a user's code does can move it (issue 38)."""


def _seconds(name: str, default: float) -> float | None:
    text = os.environ.get(name, "").strip()
    try:
        value = float(text) if text else default
    except ValueError:
        return default
    if value != value or value == float("inf"):
        return default
    return value if value > 0 else None


def line_timeout() -> float | None:
    """Seconds one batch line may take (``ENDNIM_LINE_TIMEOUT``; 0 or less: no limit).

    >>> line_timeout()
    600.0
    """
    return _seconds("ENDNIM_LINE_TIMEOUT", LINE_TIMEOUT)


def job_timeout() -> float | None:
    """Seconds a command may take in its worker (``ENDNIM_JOB_TIMEOUT``; 0 or less: no limit).

    >>> job_timeout()
    3600.0
    """
    return _seconds("ENDNIM_JOB_TIMEOUT", JOB_TIMEOUT)


POSITIONAL_SPEC = frozenset({"rules-info"})
"""Commands that take a rule set's ``FILE.py:Class`` as an argument rather than ``--rules``."""


def rules_specs(argv: list[str]) -> list[str]:
    """The ``--rules`` values in ``argv`` (``--rules X`` or ``--rules=X``), before any ``--``;
    for ``rules-info``, its ``FILE.py:Class`` argument.

    >>> rules_specs(["rules-info", "mine.py:Mine", "--json"])
    ['mine.py:Mine']
    """
    if _command(argv) in POSITIONAL_SPEC:
        return [t for t in argv[1:] if not t.startswith("-") and (".py:" in t or _is_data(t))][:1]
    specs = []
    for index, token in enumerate(argv):
        if token == "--":
            break
        if token == "--rules" and index + 1 < len(argv):
            specs.append(argv[index + 1])
        elif token.startswith("--rules="):
            specs.append(token.partition("=")[2])
    return specs


def _command(argv: list[str]) -> str:
    return next((token for token in argv if not token.startswith("-")), "")


def wants_supervision(argv: list[str]) -> bool:
    """Whether this command line names a user's rule set and must run in a worker."""
    from endnim.supervise.channel import in_worker

    code = [spec for spec in rules_specs(argv) if not _is_data(spec)]  # TOML is data, not code
    return bool(code) and not in_worker() and _command(argv) not in SELF_SUPERVISED


def _is_data(spec: str) -> bool:
    """A rule set written as data (``FILE.toml``, :mod:`endnim.variants.data_rules`): it
    runs no code, so it is read in this process.

    >>> _is_data("mine.toml"), _is_data("mine.py:Mine")
    (True, False)
    """
    return spec.strip().lower().endswith(".toml")


def rules_memory() -> int:
    """Bytes the worker may add to its address space (``ENDNIM_RULES_MEMORY`` MiB)."""
    text = os.environ.get("ENDNIM_RULES_MEMORY", "").strip()
    try:
        return int(float(text) * 2**20) if text else RULES_MEMORY
    except ValueError:
        return RULES_MEMORY


def _label(argv: list[str]) -> str:
    spec = (rules_specs(argv) or ["?"])[-1]
    path, _, cls = spec.rpartition(":")
    return f"rule set {cls!r} ({os.path.basename(path)}:{cls})"


# ---------------------------------------------------------------------- in this process
def _worker(argv: list[str], stdin: int | None = None) -> Any:
    """The supervisor of the command's worker, which loads the rule sets first (so that a
    file that does not load is one line); see :func:`_start`."""
    from endnim.supervise import Supervisor

    return Supervisor(
        "endnim.commands.supervised:load_specs",
        (rules_specs(argv),),
        label=_label(argv),
        memory=rules_memory(),
        stdin=stdin,
        readable=rules_files(argv),
        writable=command_paths(argv),
        optimistic=True,
    )


def rules_files(argv: list[str]) -> list[str]:
    """The rule-set files ``argv`` names (what its worker may read besides endnim).

    >>> rules_files(["analyze", "--rules", "/no/such.py:X"])
    []
    """
    paths = (s if _is_data(s) else s.rpartition(":")[0] for s in rules_specs(argv))
    return [os.path.abspath(os.path.expanduser(p)) for p in paths if p and os.path.isfile(p)]


def command_paths(argv: list[str]) -> list[str]:
    """What the command line's own worker may write: the working directory and the files and
    folders its arguments name (an output file's folder, if the file is not there yet). The
    command is the user's own: it may write where it says; the interpreter, the installed
    packages and endnim stay read-only over these (:mod:`endnim.supervise.launch`).

    >>> command_paths(["analyze", "3 1"]) == [os.getcwd()]
    True
    """
    found = [os.getcwd()]
    for token in argv:
        text = token.partition("=")[2] if token.startswith("-") else token
        if not text or "\n" in text or ("/" not in text and not os.path.exists(text)):
            continue
        path = os.path.abspath(
            os.path.expanduser(text.rpartition(":")[0] if ".py:" in text else text)
        )
        if os.path.exists(path):
            found.append(path)
        elif os.path.isdir(os.path.dirname(path)):
            found.append(os.path.dirname(path))
    return [p for p in dict.fromkeys(found) if p != "/"]


def _start(worker: Any) -> None:
    """Start ``worker``; its messages then name the rule set as the file does."""
    labels = worker.start()
    if isinstance(labels, list) and labels and all(isinstance(x, str) for x in labels):
        worker.label = labels[-1][:300]


def _write(kind: str, payload: Any) -> None:
    stream = sys.stdout if kind == "out" else sys.stderr
    if isinstance(payload, bytes):
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            stream.flush()
            buffer.write(payload)
            buffer.flush()
        else:
            stream.write(payload.decode("utf-8", errors="replace"))
            stream.flush()


def _terminal() -> dict[str, Any]:
    size = shutil.get_terminal_size()
    return {
        "out_tty": sys.stdout.isatty(),
        "err_tty": sys.stderr.isatty(),
        "columns": size.columns,
        "lines": size.lines,
    }


def _stdin_fd() -> int | None:
    try:
        return sys.stdin.fileno() if sys.stdin is not None else None
    except (OSError, ValueError, io.UnsupportedOperation):
        return None


def _error(message: str) -> None:
    sys.stdout.flush()
    print(f"endnim: error: {' '.join(message.split())}", file=sys.stderr, flush=True)


def _note_unsandboxed(worker: Any) -> None:
    """Say in one line where ``worker`` runs outside a bubblewrap sandbox, having started (the
    command still runs the user's own file, as the user's own code, with the confinement
    there is). Said after the start, which tells: the worker is started in bubblewrap without
    probing it first (the probe cost every command about 0.02 s)."""
    from endnim.supervise.launch import unavailable

    why = unavailable() if not worker.sandboxed else None
    if why is not None:
        print(
            f"endnim: note: {why}; your rule set runs confined by Landlock and seccomp only",
            file=sys.stderr,
            flush=True,
        )


def run(argv: list[str]) -> int:
    """Run the command line ``argv`` (which names a user's rule set) supervised; its exit
    status."""
    from endnim.supervise import WorkerFault  # the supervisor's side (not the worker's)

    if _command(argv) == "analyze" and any(
        token == "--batch" or token.startswith("--batch=") for token in argv
    ):
        return _batch(argv)
    worker = _worker(argv, stdin=_stdin_fd())
    try:
        _start(worker)
        _note_unsandboxed(worker)
        code = worker.call(
            "endnim.cli:run_in_worker", argv, _terminal(), on_emit=_write, timeout=job_timeout()
        )
    except WorkerFault as fault:
        _error(str(fault))
        return 2
    except EndNimError as error:
        _error(str(error))
        return 2
    except KeyboardInterrupt:
        print("endnim: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _reader_gone()
    finally:
        worker.stop()
    return code if type(code) is int and 0 <= code < 256 else 1


def _reader_gone() -> int:
    """Standard output's reader went away (``| head``): stop quietly, as a pipe's writer does."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 141


def _batch(argv: list[str]) -> int:
    """``analyze --batch`` with a user's rule set: one job per line (see the module's text)."""
    from endnim.commands.analyze import analyze as command
    from endnim.commands.analyze import batch_error, batch_lines
    from endnim.commands.common import deferred_rules
    from endnim.json_line import dumps
    from endnim.supervise import WorkerFault

    args = argv[argv.index("analyze") + 1 :]
    with deferred_rules():
        context = command.make_context("analyze", list(args), resilient_parsing=True)
    stream: BinaryIO | None = context.params.get("batch")
    as_json = bool(context.params.get("as_json"))
    if stream is None:
        _error("--batch: no input to read")
        return 2
    if context.params.get("position"):
        _error("give either POSITION or --batch, not both")
        return 2
    prepare_args = list(argv)
    worker = _worker(argv)
    out = sys.stdout.buffer
    failures = 0

    ready = False

    def start() -> None:
        """A fresh worker, ready for lines; a worker harmed while it starts is tried again."""
        nonlocal ready
        for attempt in range(START_TRIES):
            try:
                _start(worker)
                worker.call("endnim.commands.supervised:prepare_batch", prepare_args, _terminal())
                ready = True
                return
            except WorkerFault:
                if attempt == START_TRIES - 1:
                    raise

    def fail(number: int, text: str, message: str) -> None:
        nonlocal failures
        failures += 1
        out.flush()
        _error(f"line {number}: {message}")
        if as_json:
            out.write(dumps(batch_error(text, number, message)) + b"\n")
            out.flush()

    def answer(text: str) -> tuple[str, Any]:
        """The line's answer; a worker that fails (or cannot be started again) is this
        line's error, and the next line gets a fresh worker."""
        nonlocal ready
        if not ready:
            start()
        try:
            return _line_answer(
                worker.call(
                    "endnim.commands.supervised:batch_line",
                    prepare_args,
                    _terminal(),
                    text,
                    timeout=line_timeout(),
                )
            )
        except WorkerFault:
            ready = False
            raise

    try:
        try:
            start()  # the first start: a file that does not load ends the command
            _note_unsandboxed(worker)
        except WorkerFault as fault:
            if fault.hook == "import":  # the file's own code fails to load: no line can run
                _error(str(fault))
                return 2
            # else harmed from outside while it started: each line tries again
        except EndNimError as error:
            _error(str(error))
            return 2
        for number, text, problem in batch_lines(stream):
            if problem:
                fail(number, text, problem)
                continue
            try:
                kind, payload = answer(text)
            except (EndNimError, RuntimeError, MemoryError) as error:
                fail(number, text, " ".join(str(error).split()) or type(error).__name__)
                continue
            except Exception as error:  # endnim's own fault in the worker: still this line's
                fail(number, text, f"internal error: {type(error).__name__}: {error}")
                continue
            if kind == "error":
                fail(number, text, payload)
            elif kind == "json":
                out.write(payload + b"\n")
            else:
                out.write(payload.encode("utf-8"))
            if number % 256 == 0:
                out.flush()
        out.flush()
    except KeyboardInterrupt:
        print("endnim: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _reader_gone()
    finally:
        worker.stop()
    return 2 if failures else 0


def _line_answer(answer: Any) -> tuple[str, Any]:
    """A worker's answer for one batch line, checked: ``("json", one JSON object's bytes)``,
    ``("text", text)`` or ``("error", one line)``; anything else is the worker's fault.

    >>> _line_answer(("json", b'{"a":1}'))
    ('json', b'{"a":1}')
    >>> _line_answer(("json", b'{"a":1}\\n{"b":2}'))
    Traceback (most recent call last):
    ...
    endnim.errors.RuleSetError: the worker's answer for the line was not one JSON object
    """
    import orjson

    from endnim.errors import RuleSetError

    if isinstance(answer, tuple) and len(answer) == 2:
        kind, payload = answer
        if kind == "json" and isinstance(payload, bytes) and b"\n" not in payload:
            try:
                if isinstance(orjson.loads(payload), dict):
                    return kind, payload
            except orjson.JSONDecodeError:
                pass
        elif kind in ("text", "error") and isinstance(payload, str):
            return kind, payload if kind == "text" else " ".join(payload.split())
    raise RuleSetError("the worker's answer for the line was not one JSON object")


# ---------------------------------------------------------------------- in the worker
def _endnim_writes() -> bool:
    """Whether the running thread writes for endnim: the worker's main thread, or a thread of
    endnim's or rich's own (a progress bar's refresh); never a thread a user's code started
    (issue 41: its output never reaches endnim's streams)."""
    import threading

    thread = threading.current_thread()
    if thread is threading.main_thread():
        return True
    module = type(thread).__module__
    return module.startswith(("endnim.", "rich.")) or (
        module == "threading" and thread.name.startswith("endnim-")
    )


class _EmitText(io.TextIOWrapper):
    """A worker's ``sys.stdout``/``sys.stderr``: what endnim writes goes to the supervisor as
    ``emit`` messages; what a user's hook prints (inside the hook record), or a thread a user's
    code started, goes nowhere."""

    def write(self, text: str) -> int:
        from endnim.supervise import watch

        if watch.current().depth > 0 or not _endnim_writes():
            return len(text)
        return super().write(text)


class _EmitRaw(io.RawIOBase):
    def __init__(self, kind: str, tty: bool) -> None:
        super().__init__()
        self.kind = kind
        self.tty = tty

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.tty

    def write(self, data: Any) -> int:
        from endnim.supervise import watch
        from endnim.supervise.channel import emit

        chunk = bytes(data)
        if chunk and watch.current().depth == 0 and _endnim_writes():
            emit(self.kind, chunk)
        return len(chunk)


def worker_streams(terminal: dict[str, Any]) -> None:
    """Make this worker's ``sys.stdout``/``sys.stderr`` send what endnim writes to the
    supervisor (``terminal``: whether the supervisor's are terminals, and their size)."""
    os.environ["COLUMNS"] = str(terminal.get("columns", 80))
    os.environ["LINES"] = str(terminal.get("lines", 24))
    for kind, name in (("out", "stdout"), ("err", "stderr")):
        tty = bool(terminal.get(f"{kind}_tty"))
        raw = _EmitRaw(kind, tty)
        stream = _EmitText(
            io.BufferedWriter(raw, 1 << 16), encoding="utf-8", errors="replace", line_buffering=tty
        )
        setattr(sys, name, stream)


def load_specs(specs: list[str]) -> list[str]:
    """Load the users' rule sets ``specs`` in this worker; how messages name them (the
    set-up of a command's worker)."""
    from endnim.variants import load_rules
    from endnim.variants.guarded import label_of

    return [label_of(load_rules(spec)) for spec in specs]


_BATCH: dict[str, Any] = {}


def prepare_batch(argv: list[str], terminal: dict[str, Any]) -> str:
    """Load the rule set and make the analysis of one batch line (a job of the batch)."""
    from endnim.analyzer import analyzer_of
    from endnim.commands.analyze import analyze as command
    from endnim.commands.common import variant_name

    worker_streams(terminal)
    args = argv[argv.index("analyze") + 1 :]
    context = command.make_context("analyze", list(args))
    with context:
        params = context.params
        name = variant_name(str(params["variant"]).lower(), params["convention"])
        _BATCH["each"] = analyzer_of(
            name, params["method"], budget=params["budget"], threads=params["threads"]
        )
    _BATCH["json"] = bool(params["as_json"])
    _BATCH["argv"] = list(argv)
    return name


def batch_line(argv: list[str], terminal: dict[str, Any], text: str) -> tuple[str, Any]:
    """One batch line's answer: ``("json", bytes)``, ``("text", str)`` or ``("error", str)``
    (a job of the batch). A worker that has not prepared the batch (a fresh one, started by
    its supervisor after the last was killed between two lines) prepares it first."""
    from endnim.render import print_analysis

    if _BATCH.get("argv") != argv:
        prepare_batch(argv, terminal)

    try:
        result = _BATCH["each"](text)
    except EndNimError as error:
        return "error", str(error)
    if _BATCH["json"]:
        return "json", result.to_json_bytes()
    from rich.console import Console

    buffer = io.StringIO()
    print_analysis(result, Console(file=buffer, highlight=False))
    return "text", buffer.getvalue()
