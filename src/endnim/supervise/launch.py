"""Start a worker inside bubblewrap: its own namespaces, a read-only view of what it needs.

:func:`worker_command` wraps the worker's command line in ``bwrap`` (Debian's ``bubblewrap``):
new user, PID, network, IPC, UTS and cgroup namespaces (the network stays only if a rule set is
explicitly allowed it), no capabilities, a session of its own, killed with its supervisor, and a
file system holding exactly: the system's libraries (``/usr``), the interpreter and its standard
library, the installed packages (endnim's among them), the rule-set files, read-only; a private
``/proc`` of its own PID namespace, a minimal ``/dev``, and a ``/tmp`` and ``/dev/shm`` of its own
(tmpfs, bounded) that vanish with it. Whatever the worker writes anywhere else fails.

:func:`available` probes ``bwrap`` once (it may be missing, or the kernel may refuse user
namespaces); :func:`spawn` starts every worker from one long-lived thread, because
``--die-with-parent`` follows the *thread* that started the sandbox (a server starts
replacements from request threads that end long before it does).

>>> "--unshare-all" in worker_command(["python3", "-c", "pass"], readable=[])
True
"""

from __future__ import annotations

import functools
import os
import queue
import shutil
import subprocess
import sys
import sysconfig
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

SCRATCH_BYTES = 256 * 2**20
"""The size of a worker's private ``/tmp`` (and of its ``/dev/shm``): memory, so bounded."""
NO_SANDBOX_ENV = "ENDNIM_NO_BWRAP"
"""Set to 1 to start workers without bubblewrap (a machine where it cannot run, for tests)."""


def bwrap_path() -> str | None:
    """The ``bwrap`` program, or ``None``.

    >>> bwrap_path() is None or bwrap_path().endswith("bwrap")
    True
    """
    if os.environ.get(NO_SANDBOX_ENV) == "1":
        return None
    return shutil.which("bwrap")


@functools.cache
def _probe(program: str) -> str | None:
    try:
        done = subprocess.run(
            [
                program,
                *_base_arguments(),
                "--",
                "/usr/bin/true" if os.path.exists("/usr/bin/true") else "true",
            ],
            capture_output=True,
            timeout=30,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bubblewrap could not start ({error})"
    if done.returncode != 0:
        text = " ".join(done.stderr.decode(errors="replace").split())[:200]
        return f"bubblewrap cannot make a sandbox here ({text or f'exit {done.returncode}'})"
    return None


def unavailable() -> str | None:
    """Why workers cannot run in a bubblewrap sandbox here (one line), or ``None`` if they can.

    >>> unavailable() is None or isinstance(unavailable(), str)
    True
    """
    program = bwrap_path()
    if program is None:
        if os.environ.get(NO_SANDBOX_ENV) == "1":
            return f"the sandbox is switched off ({NO_SANDBOX_ENV}=1)"
        return "bubblewrap (bwrap) is not installed: apt-get install bubblewrap"
    return _probe(program)


def available() -> bool:
    """Whether workers run in a bubblewrap sandbox here.

    >>> available() == (unavailable() is None)
    True
    """
    return unavailable() is None


def likely_available() -> bool:
    """:func:`available` without starting bubblewrap to find out, when this process has not
    asked yet: whether ``bwrap`` is there (a command line's one worker is then started in it
    straight away, and only if that start fails is bubblewrap probed, see
    :class:`~endnim.supervise.supervisor.Supervisor`'s ``optimistic``): the probe, one more
    bubblewrap started and waited for, cost every ``--rules`` command about 0.02 s.

    >>> likely_available() in (True, False)
    True
    """
    program = bwrap_path()
    if program is None:
        return False
    if _probe.cache_info().currsize:  # asked already: the answer
        return _probe(program) is None
    return True


def _python_paths() -> list[str]:
    """What the interpreter needs to read: its prefixes, standard library, site-packages and
    the directories of every ``sys.path`` entry (an editable endnim's source among them)."""
    found = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    found.add(str(Path(sys.executable).resolve().parent.parent))
    for name in ("stdlib", "platstdlib", "purelib", "platlib"):
        found.add(sysconfig.get_path(name))
    prefixes = tuple(os.path.join(p, "") for p in found if p)
    found.update(
        entry
        for entry in sys.path
        if os.path.isabs(entry)
        and (entry.startswith(prefixes) or entry.endswith(("site-packages", "dist-packages")))
    )
    found.add(str(Path(__file__).resolve().parents[2]))  # the folder endnim is imported from
    return sorted(path for path in found if path and os.path.exists(path))


def _system_paths() -> list[tuple[str, str]]:
    """``(how, path)`` of the system's parts: ``/usr`` and its links, the loader's cache."""
    parts: list[tuple[str, str]] = [("ro", "/usr")]
    for name in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(name):
            parts.append(("link", name))
        elif os.path.isdir(name):
            parts.append(("ro", name))
    for name in ("/etc/ld.so.cache", "/etc/localtime", "/etc/alternatives"):
        if os.path.exists(name):
            parts.append(("ro", name))
    return parts


def readable_paths() -> list[str]:
    """What every worker reads (Landlock's list, :mod:`endnim.supervise.landlock`): the
    system's parts, the interpreter's, its own ``/proc``, ``/dev``.

    >>> "/usr" in readable_paths()
    True
    """
    paths = [os.path.realpath(path) for _, path in _system_paths()]
    return sorted({*paths, *_python_paths(), "/proc", "/dev"})


def _base_arguments(network: bool = False) -> list[str]:
    arguments = ["--unshare-all"]
    if network:
        arguments.append("--share-net")
    arguments += ["--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    for how, path in _system_paths():
        if how == "link":
            arguments += ["--symlink", os.readlink(path), path]
        else:
            arguments += ["--ro-bind", path, path]
    arguments += ["--proc", "/proc", "--dev", "/dev"]
    arguments += ["--size", str(SCRATCH_BYTES), "--tmpfs", "/tmp"]
    arguments += ["--size", str(SCRATCH_BYTES), "--tmpfs", "/dev/shm"]
    return arguments


def _python_arguments() -> list[str]:
    arguments = []
    for path in _python_paths():
        arguments += ["--ro-bind", path, path]
    return arguments


def worker_command(
    command: list[str],
    *,
    readable: Iterable[str] = (),
    writable: Iterable[str] = (),
    network: bool = False,
    cwd: str | None = None,
) -> list[str]:
    """``command`` wrapped in ``bwrap`` (see the module's text): ``readable`` paths bound
    read-only, ``writable`` ones read-write (a command line's own output files), the
    interpreter's and endnim's bound read-only over them (so never writable), then ``cwd``.
    The private ``/tmp`` comes first, so a command's own files under the host's ``/tmp`` are
    bound over it."""
    program = bwrap_path() or "bwrap"
    arguments = [program, *_base_arguments(network)]
    for path in sorted({os.path.abspath(p) for p in writable if os.path.exists(p)}):
        arguments += ["--bind", path, path]
    for path in sorted({os.path.abspath(p) for p in readable if os.path.exists(p)}):
        arguments += ["--ro-bind", path, path]
    arguments += _python_arguments()  # after the command's own: the interpreter's stay read-only
    if cwd:
        arguments += ["--dir", cwd, "--chdir", cwd]
    arguments += ["--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp"]
    arguments += ["--setenv", "MPLCONFIGDIR", "/tmp", "--"]
    return arguments + command


# ---------------------------------------------------------------------- one launching thread
_REQUESTS: queue.SimpleQueue[tuple[Callable[[], Any], queue.SimpleQueue[Any]]] = queue.SimpleQueue()
_LAUNCHER: threading.Thread | None = None
_LAUNCHER_LOCK = threading.Lock()


def _launch_loop() -> None:
    while True:
        start, answer = _REQUESTS.get()
        try:
            answer.put((True, start()))
        except BaseException as error:  # handed to the thread that asked
            answer.put((False, error))


def spawn(start: Callable[[], Any]) -> Any:
    """``start()`` (which starts a process) run in the one launching thread that lives as long
    as this process (see the module's text); its result, or its exception raised here.

    >>> spawn(lambda: 6 * 7)
    42
    """
    global _LAUNCHER
    with _LAUNCHER_LOCK:
        if _LAUNCHER is None or not _LAUNCHER.is_alive():
            _LAUNCHER = threading.Thread(
                target=_launch_loop, name="endnim-worker-launcher", daemon=True
            )
            _LAUNCHER.start()
    answer: queue.SimpleQueue[Any] = queue.SimpleQueue()
    _REQUESTS.put((start, answer))
    ok, value = answer.get()
    if not ok:
        raise value
    return value
