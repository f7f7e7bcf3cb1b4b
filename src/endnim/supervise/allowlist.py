"""A default-deny seccomp filter for a worker, built with the system's libseccomp.

Every system call not named here fails with ``EPERM`` (in Python, a ``PermissionError`` in the
user's hook, which the guard turns into one error naming the rule set). Allowed: what the
interpreter needs to compute (memory, threads, time, files it may open — which files is
Landlock's and the mount namespace's business), and talking on its inherited socket. Allowed
only with conditions:

- ``clone`` for threads only (``CLONE_THREAD``); ``clone3`` answers ``ENOSYS`` so the C library
  falls back to ``clone``; no ``fork``, ``vfork``, ``execve``, ``execveat``;
- ``kill``, ``tgkill``, ``tkill`` to the worker itself only (``raise()``), no ``pidfd_*``,
  ``rt_sigqueueinfo``, ``process_vm_*``, ``ptrace``, ``kcmp``;
- ``fcntl`` but never ``F_SETOWN``, ``F_SETSIG``, ``F_SETOWN_EX`` (a signal delivered by the
  kernel on I/O is a signal to any process of the same user), ``ioctl`` but never ``FIOSETOWN``
  or ``SIOCSPGRP`` (the same, by the other door) nor ``TIOCSTI`` (typing into a terminal);
- ``prlimit64`` to read a limit only; no ``setrlimit``, ``setpriority``, ``sched_setscheduler``;
- no ``socket``, ``connect``, ``bind``, ``listen``, ``accept`` unless the rule set is allowed the
  network; no ``memfd_create`` (memory no address-space limit counts), ``userfaultfd``,
  ``io_uring_*``, ``bpf``, ``perf_event_open``, ``unshare``, ``setns``, ``mount``.

The binding is a few ``ctypes`` calls on ``libseccomp.so.2`` (the library bubblewrap, systemd
and Docker use), so endnim adds no package to install; :func:`install` returns ``False`` where
the library is missing (the caller falls back to its deny-list).

>>> "execve" in ALLOWED
False
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import functools
import os
from collections.abc import Iterator

ALLOWED = frozenset(
    [
        "read",
        "write",
        "readv",
        "writev",
        "pread64",
        "pwrite64",
        "preadv",
        "pwritev",
        "preadv2",
        "pwritev2",
        "lseek",
        "open",
        "openat",
        "openat2",
        "close",
        "close_range",
        "creat",
        "stat",
        "fstat",
        "lstat",
        "newfstatat",
        "statx",
        "fstatfs",
        "statfs",
        "access",
        "faccessat",
        "faccessat2",
        "readlink",
        "readlinkat",
        "getdents",
        "getdents64",
        "getcwd",
        "chdir",
        "fchdir",
        "mkdir",
        "mkdirat",
        "rmdir",
        "unlink",
        "unlinkat",
        "rename",
        "renameat",
        "renameat2",
        "link",
        "linkat",
        "symlink",
        "symlinkat",
        "chmod",
        "fchmod",
        "fchmodat",
        "umask",
        "ftruncate",
        "truncate",
        "fsync",
        "fdatasync",
        "flock",
        "fadvise64",
        "utimensat",
        "sendfile",
        "alarm",
        "setitimer",
        "getitimer",
        "timer_create",
        "timer_settime",
        "timer_gettime",
        "timer_getoverrun",
        "timer_delete",
        "pause",
        "copy_file_range",
        "fallocate",
        "getxattr",
        "lgetxattr",
        "fgetxattr",
        "listxattr",
        "llistxattr",
        "flistxattr",
        "mmap",
        "mprotect",
        "munmap",
        "mremap",
        "madvise",
        "brk",
        "msync",
        "mincore",
        "mlock",
        "munlock",
        "get_mempolicy",
        "rt_sigaction",
        "rt_sigprocmask",
        "rt_sigreturn",
        "rt_sigpending",
        "rt_sigtimedwait",
        "rt_sigsuspend",
        "sigaltstack",
        "pipe",
        "pipe2",
        "dup",
        "dup2",
        "dup3",
        "select",
        "pselect6",
        "poll",
        "ppoll",
        "epoll_create",
        "epoll_create1",
        "epoll_ctl",
        "epoll_wait",
        "epoll_pwait",
        "epoll_pwait2",
        "eventfd",
        "eventfd2",
        "timerfd_create",
        "timerfd_settime",
        "timerfd_gettime",
        "nanosleep",
        "clock_nanosleep",
        "clock_gettime",
        "clock_getres",
        "gettimeofday",
        "time",
        "times",
        "getpid",
        "gettid",
        "getppid",
        "getuid",
        "geteuid",
        "getgid",
        "getegid",
        "getgroups",
        "getresuid",
        "getresgid",
        "getpgrp",
        "getpgid",
        "getsid",
        "uname",
        "sysinfo",
        "getrusage",
        "getrlimit",
        "getcpu",
        "getrandom",
        "futex",
        "futex_waitv",
        "set_robust_list",
        "get_robust_list",
        "set_tid_address",
        "rseq",
        "membarrier",
        "sched_yield",
        "sched_getaffinity",
        "sched_getparam",
        "sched_getscheduler",
        "sched_get_priority_max",
        "sched_get_priority_min",
        "arch_prctl",
        "prctl",
        "capget",
        "exit",
        "exit_group",
        "restart_syscall",
        "recvfrom",
        "recvmsg",
        "sendto",
        "sendmsg",
        "shutdown",
        "getsockopt",
        "getsockname",
        "getpeername",
        "socketpair",
    ]
)
"""System calls allowed without conditions."""
NETWORK = frozenset(["socket", "connect", "bind", "listen", "accept", "accept4", "setsockopt"])
"""Allowed as well when a rule set is allowed the network."""

_ACT_ALLOW = 0x7FFF0000
_CLONE_THREAD = 0x00010000
_CMP_EQ, _CMP_LT, _CMP_GT, _CMP_MASKED_EQ = 4, 2, 6, 7
_F_SETOWN, _F_SETSIG, _F_SETOWN_EX = 8, 10, 15
_FIOSETOWN, _SIOCSPGRP = 0x8901, 0x8902
_TIOCSTI = 0x5412
_IOCTLS = (0x5413, 0x5414, 0x541B, 0x5421, 0x5450, 0x5451, 0x5452)
"""TIOCGWINSZ, TIOCSWINSZ, FIONREAD, FIONBIO, FIONCLEX, FIOCLEX, FIOASYNC (which only sets
O_ASYNC: whom it signals is F_SETOWN's business, refused)."""


def _errno(code: int) -> int:
    return 0x00050000 | (code & 0xFFFF)


class _ArgCmp(ctypes.Structure):
    _fields_ = [
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("datum_a", ctypes.c_uint64),
        ("datum_b", ctypes.c_uint64),
    ]


def _names() -> Iterator[str]:
    """Where libseccomp may be: its usual name, then (only if that fails) what
    ``find_library`` finds, which runs ``ldconfig``, ``gcc`` and ``ld`` as subprocesses."""
    yield "libseccomp.so.2"
    found = ctypes.util.find_library("seccomp")
    if found:
        yield found


@functools.cache
def _library() -> ctypes.CDLL | None:
    """libseccomp, loaded once (a worker asks twice while it confines itself)."""
    for name in _names():
        try:
            library = ctypes.CDLL(name, use_errno=True)
        except OSError:
            continue
        library.seccomp_init.restype = ctypes.c_void_p
        library.seccomp_init.argtypes = [ctypes.c_uint32]
        library.seccomp_syscall_resolve_name.restype = ctypes.c_int
        library.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
        library.seccomp_rule_add_array.restype = ctypes.c_int
        library.seccomp_rule_add_array.argtypes = [
            ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint, ctypes.c_void_p,
        ]  # fmt: skip
        library.seccomp_load.restype = ctypes.c_int
        library.seccomp_load.argtypes = [ctypes.c_void_p]
        library.seccomp_release.restype = None
        library.seccomp_release.argtypes = [ctypes.c_void_p]
        return library
    return None


def available() -> bool:
    """Whether libseccomp can be loaded here.

    >>> available() in (True, False)
    True
    """
    return _library() is not None


def install(network: bool = False) -> bool:
    """Install the allow-list in this process (every thread it starts later inherits it);
    ``False`` where libseccomp is missing or refuses (see the module's text)."""
    library = _library()
    if library is None:
        return False
    context = library.seccomp_init(_errno(errno.EPERM))
    if not context:
        return False
    own = os.getpid()

    def rule(action: int, name: str, *conditions: tuple[int, int, int, int]) -> bool:
        number = library.seccomp_syscall_resolve_name(name.encode())
        if number < 0:
            return True  # not a system call of this machine
        array = (_ArgCmp * max(1, len(conditions)))(*(_ArgCmp(*c) for c in conditions))
        return bool(
            library.seccomp_rule_add_array(context, action, number, len(conditions), array) == 0
        )

    try:
        ok = all(
            rule(_ACT_ALLOW, name)
            for name in sorted(ALLOWED | (NETWORK if network else frozenset()))
        )
        ok = ok and rule(_ACT_ALLOW, "clone", (0, _CMP_MASKED_EQ, _CLONE_THREAD, _CLONE_THREAD))
        ok = ok and rule(_errno(errno.ENOSYS), "clone3")
        ok = ok and rule(_ACT_ALLOW, "kill", (0, _CMP_EQ, own, 0))
        ok = ok and rule(_ACT_ALLOW, "tgkill", (0, _CMP_EQ, own, 0))
        ok = ok and rule(_ACT_ALLOW, "prlimit64", (2, _CMP_EQ, 0, 0))
        # fcntl and ioctl: every command but the ones that choose whom the kernel signals
        ok = ok and rule(_ACT_ALLOW, "fcntl", (1, _CMP_LT, _F_SETOWN, 0))
        ok = ok and rule(_ACT_ALLOW, "fcntl", (1, _CMP_EQ, _F_SETOWN + 1, 0))
        for command in range(_F_SETSIG + 1, _F_SETOWN_EX):
            ok = ok and rule(_ACT_ALLOW, "fcntl", (1, _CMP_EQ, command, 0))
        ok = ok and rule(_ACT_ALLOW, "fcntl", (1, _CMP_GT, _F_SETOWN_EX, 0))
        # ioctl: below TIOCSTI (which types into a terminal), the few terminal and descriptor
        # requests an interpreter makes above it, and everything past SIOCSPGRP
        ok = ok and rule(_ACT_ALLOW, "ioctl", (1, _CMP_LT, _TIOCSTI, 0))
        for request in _IOCTLS:
            ok = ok and rule(_ACT_ALLOW, "ioctl", (1, _CMP_EQ, request, 0))
        ok = ok and rule(_ACT_ALLOW, "ioctl", (1, _CMP_GT, _SIOCSPGRP, 0))
        return bool(ok and library.seccomp_load(context) == 0)
    finally:
        library.seccomp_release(context)
