"""Confine a worker process that will run a user's rule set (Linux; elsewhere: rlimits only).

Called once in the worker, before the user's file is imported:

- **resource limits** (hard = soft, so they cannot be raised again): address space
  (``RLIMIT_AS``: the memory limit of the whole sandbox, since it may start no process), CPU
  seconds if asked, file size, no core dumps, open files;
- **no capabilities** (a worker started by root keeps uid 0 but not root's powers: it cannot
  trace, read or write another process's memory);
- **Landlock** (:mod:`endnim.supervise.landlock`): reads only where it is told, writes only
  to its scratch;
- **a default-deny seccomp allow-list** (:mod:`endnim.supervise.allowlist`, libseccomp's);
  where libseccomp is missing, the hand-written deny-list below: the worker may start threads
  but no process (``fork``, ``vfork``,
  ``clone`` without ``CLONE_THREAD``; ``clone3`` answers ``ENOSYS`` so the C library falls
  back to ``clone``), may signal no process but its own threads (so never its supervisor:
  ``SIGSTOP`` to the server is refused), may not leave its process group or session, trace,
  touch another process's memory, raise its limits, or make namespaces.

A refused system call fails with ``EPERM``: in Python, a ``PermissionError`` raised in the
user's hook, which the guard turns into one error naming the rule set.

>>> sorted(SYSCALLS["x86_64"])[:3]
['capset', 'clone', 'clone3']
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import os
import platform
import resource
import struct

SYSCALLS: dict[str, dict[str, int]] = {
    "x86_64": {
        "fork": 57, "vfork": 58, "clone": 56, "clone3": 435, "kill": 62, "tkill": 200,
        "tgkill": 234, "rt_sigqueueinfo": 129, "rt_tgsigqueueinfo": 297,
        "pidfd_send_signal": 424, "ptrace": 101, "process_vm_readv": 310,
        "process_vm_writev": 311, "setsid": 112, "setpgid": 109, "setrlimit": 160,
        "prlimit64": 302, "unshare": 272, "setns": 308, "kcmp": 312, "capset": 126,
    },
    "aarch64": {
        "clone": 220, "clone3": 435, "kill": 129, "tkill": 130, "tgkill": 131,
        "rt_sigqueueinfo": 138, "rt_tgsigqueueinfo": 240, "pidfd_send_signal": 424,
        "ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271, "setsid": 157,
        "setpgid": 154, "setrlimit": 164, "prlimit64": 261, "unshare": 97, "setns": 268,
        "kcmp": 272, "capset": 91,
    },
}  # fmt: skip
"""The system calls the filter looks at, by machine (Linux's own numbers)."""

_AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
_CLONE_THREAD = 0x00010000
_RET_ALLOW = 0x7FFF0000
_RET_ERRNO = 0x00050000
_RET_KILL_PROCESS = 0x80000000
_LD_W_ABS, _JEQ_K, _JSET_K, _JGE_K, _RET_K = 0x20, 0x15, 0x45, 0x35, 0x06
_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2


def _filter(machine: str, own_pid: int) -> bytes:
    """The BPF program (struct sock_filter[]) for ``machine``."""
    calls = SYSCALLS[machine]
    program: list[tuple[int, int, int, int]] = []

    def op(code: int, jt: int, jf: int, k: int) -> None:
        program.append((code, jt, jf, k))

    deny = _RET_ERRNO | errno.EPERM
    op(_LD_W_ABS, 0, 0, 4)  # arch
    op(_JEQ_K, 1, 0, _AUDIT_ARCH[machine])
    op(_RET_K, 0, 0, _RET_KILL_PROCESS)
    op(_LD_W_ABS, 0, 0, 0)  # nr
    if machine == "x86_64":  # the x32 calls (nr | 0x40000000) are not for us
        op(_JGE_K, 0, 1, 0x40000000)
        op(_RET_K, 0, 0, deny)
    # clone: threads only
    op(_JEQ_K, 0, 4, calls["clone"])
    op(_LD_W_ABS, 0, 0, 16)  # args[0], low word: the flags
    op(_JSET_K, 1, 0, _CLONE_THREAD)
    op(_RET_K, 0, 0, deny)
    op(_RET_K, 0, 0, _RET_ALLOW)
    op(_JEQ_K, 0, 1, calls["clone3"])
    op(_RET_K, 0, 0, _RET_ERRNO | errno.ENOSYS)
    # tgkill: to its own threads only
    op(_JEQ_K, 0, 4, calls["tgkill"])
    op(_LD_W_ABS, 0, 0, 16)  # args[0]: the thread group
    op(_JEQ_K, 0, 1, own_pid)
    op(_RET_K, 0, 0, _RET_ALLOW)
    op(_RET_K, 0, 0, deny)
    # prlimit64: reading a limit (getrlimit) yes, setting one (new_limit, args[2], given) no
    op(_JEQ_K, 0, 6, calls["prlimit64"])
    op(_LD_W_ABS, 0, 0, 32)  # args[2], low word
    op(_JEQ_K, 0, 3, 0)
    op(_LD_W_ABS, 0, 0, 36)  # args[2], high word
    op(_JEQ_K, 0, 1, 0)
    op(_RET_K, 0, 0, _RET_ALLOW)
    op(_RET_K, 0, 0, deny)
    special = ("clone", "clone3", "tgkill", "prlimit64")
    refused = [number for name, number in calls.items() if name not in special]
    for index, number in enumerate(refused):
        left = len(refused) - index - 1
        op(_JEQ_K, left, 0, number)
    op(_RET_K, 0, 0, _RET_ALLOW)
    op(_RET_K, 0, 0, deny)
    # the JEQ chain jumps to the deny at the end (jt = remaining entries), falls through to allow
    fixed: list[tuple[int, int, int, int]] = []
    chain_start = len(program) - 2 - len(refused)
    for index, (code, jt, jf, k) in enumerate(program):
        if chain_start <= index < chain_start + len(refused):
            jt = (chain_start + len(refused) - index - 1) + 1  # over the allow, to the deny
        fixed.append((code, jt, jf, k))
    return b"".join(struct.pack("<HBBI", *instruction) for instruction in fixed)


def _libc() -> ctypes.CDLL | None:
    """The C library: its usual name first (``find_library`` runs ``ldconfig`` as a
    subprocess: a worker's start paid for it on every command)."""
    for name in ("libc.so.6", None):
        try:
            return ctypes.CDLL(name or ctypes.util.find_library("c"), use_errno=True)
        except OSError:
            continue
    return None


def install_deny_list() -> bool:
    """Install the hand-written deny-list filter in this process (and every thread it starts
    later): the fallback where libseccomp is missing; ``False`` where the kernel has none."""
    machine = platform.machine()
    libc = _libc()
    if machine not in SYSCALLS or libc is None or not hasattr(libc, "prctl"):
        return False
    code = _filter(machine, os.getpid())
    count = len(code) // 8
    buffer = ctypes.create_string_buffer(code, len(code))

    class _Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    program = _Program(count, ctypes.addressof(buffer))
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return False
    return bool(libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(program), 0, 0) == 0)


def drop_capabilities() -> bool:
    """Give up every capability (a worker started by root keeps uid 0, not root's powers)."""
    libc = _libc()
    if libc is None or platform.system() != "Linux":
        return False

    class _Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class _Data(ctypes.Structure):
        _fields_ = [
            ("effective", ctypes.c_uint32),
            ("permitted", ctypes.c_uint32),
            ("inheritable", ctypes.c_uint32),
        ]

    header = _Header(0x20080522, 0)
    data = (_Data * 2)()
    return bool(libc.capset(ctypes.byref(header), data) == 0)


def _set_limit(which: int, value: int) -> None:
    hard = resource.getrlimit(which)[1]
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(which, (value, value))


def vm_bytes() -> int:
    """This process's address space now, in bytes (0 where unknown)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        return 0


def die_with_parent() -> None:
    """End this worker when its supervisor dies (a SIGKILLed server must leave no worker
    behind). A watchdog thread, not ``PR_SET_PDEATHSIG``: that signal follows the *thread*
    that started the worker, and a server starts replacements from request threads that end
    long before it does."""
    import threading
    import time

    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="endnim-supervisor-watch", daemon=True).start()


def confine(
    memory: int,
    cpu_seconds: int | None = None,
    file_bytes: int | None = None,
    *,
    readable: list[str] | None = None,
    writable: list[str] | None = None,
    network: bool = False,
) -> dict[str, bool]:
    """Confine this process (see the module's text): its address space may grow by ``memory``
    bytes; with ``readable`` given, Landlock lets it read only those paths and write only
    ``writable`` ones; then the seccomp allow-list (:mod:`endnim.supervise.allowlist`, or the
    deny-list where libseccomp is missing). Returns which of the kernel's means took effect."""
    from endnim.supervise import allowlist, landlock

    _set_limit(resource.RLIMIT_AS, vm_bytes() + memory)
    _set_limit(resource.RLIMIT_CORE, 0)
    if cpu_seconds is not None:
        _set_limit(resource.RLIMIT_CPU, cpu_seconds)
    if file_bytes is not None:
        _set_limit(resource.RLIMIT_FSIZE, file_bytes)
    _set_limit(resource.RLIMIT_NOFILE, 256)
    die_with_parent()
    capabilities = drop_capabilities()
    landlocked = 0
    if readable is not None:
        landlocked = landlock.restrict(readable, writable or [], network=network)
    seccomp = allowlist.install(network) if allowlist.available() else False
    if not seccomp:
        seccomp = install_deny_list()
    return {
        "seccomp": seccomp,
        "allow_list": bool(seccomp and allowlist.available()),
        "landlock": landlocked > 0,
        "capabilities": capabilities,
    }
