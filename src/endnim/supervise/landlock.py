"""Landlock for a worker: read only what it needs, write only its scratch, signal no one.

Linux's Landlock (5.13+) lets an unprivileged process give up access for good. A worker, once
the interpreter and endnim are imported and before the user's file is, restricts itself to:
reading (files and directories) under the paths it is given (the interpreter, the installed
packages, the rule-set files, ``/usr``, its own ``/proc`` and ``/dev``), writing under its
scratch folders only (``/tmp``, ``/dev/shm``: private to its sandbox), no TCP ``bind`` or
``connect`` (ABI 4+) unless allowed the network, and no signal or abstract socket to a process
outside its domain (ABI 6+: this covers the signals the kernel sends for I/O, ``F_SETOWN``).

A few ``ctypes`` calls on the three system calls (their numbers are the same on every
machine); :func:`restrict` returns the ABI it used, 0 where the kernel has no Landlock.

>>> abi() >= 0
True
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Iterable

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH, _RULE_NET_PORT = 1, 2
_PR_SET_NO_NEW_PRIVS = 38

_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR = 1, 2, 4, 8
_READ = _READ_FILE | _READ_DIR
_FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
_NET_ALL = 1 | 2  # bind, connect (TCP)
_SCOPE_ALL = 1 | 2  # abstract unix sockets, signals


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _libc() -> ctypes.CDLL:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc


def abi() -> int:
    """The kernel's Landlock ABI version (0: none)."""
    try:
        version = _libc().syscall(
            _CREATE_RULESET, None, ctypes.c_size_t(0), _CREATE_RULESET_VERSION
        )
    except (OSError, AttributeError):
        return 0
    return max(0, int(version))


def _fs_access(version: int) -> int:
    return next(_FS_BY_ABI[v] for v in sorted(_FS_BY_ABI, reverse=True) if v <= version)


def restrict(readable: Iterable[str], writable: Iterable[str], *, network: bool = False) -> int:
    """Restrict this process (and threads it starts later) as the module's text says; the
    Landlock ABI used, or 0 where the kernel has none or refused."""
    version = abi()
    if version <= 0:
        return 0
    libc = _libc()
    handled = _fs_access(version)
    attr = _RulesetAttr(handled, 0, 0)
    size = 8
    if version >= 4 and not network:
        attr.handled_access_net = _NET_ALL
    if version >= 4:
        size = 16
    if version >= 6:
        attr.scoped = _SCOPE_ALL
        size = 24
    ruleset = libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0)
    if ruleset < 0:
        return 0
    try:
        for paths, access in ((readable, _READ & handled), (writable, handled & ~_EXECUTE)):
            for path in paths:
                try:
                    fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
                except OSError:
                    continue
                try:
                    allowed = (
                        access
                        if os.path.isdir(path)
                        else access & (_READ_FILE | _WRITE_FILE | (1 << 14))
                    )
                    rule = _PathBeneath(allowed, fd)
                    libc.syscall(_ADD_RULE, int(ruleset), _RULE_PATH_BENEATH, ctypes.byref(rule), 0)
                finally:
                    os.close(fd)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return 0
        if libc.syscall(_RESTRICT_SELF, int(ruleset), 0) != 0:
            return 0
    finally:
        os.close(int(ruleset))
    return version
