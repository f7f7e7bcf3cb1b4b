"""Supervised workers for untrusted code: one mechanism for the command line and the server.

A user's rule set runs in a worker process (:mod:`endnim.supervise.worker`) inside a bubblewrap
sandbox (:mod:`endnim.supervise.launch`), confined (:mod:`endnim.supervise.confine`: Landlock,
a seccomp allow-list, rlimits), watched through a shared page (:mod:`endnim.supervise.watch`)
by a :class:`Supervisor` that holds the deadlines, reads every answer back as plain data in
checked frames (:mod:`endnim.supervise.frames`) and alone writes endnim's output. See
docs/architecture.md.

The names below are loaded on first use (PEP 562): the worker itself (``python -m
endnim.supervise.worker``) imports this package and needs none of the supervisor's side
(subprocesses, temporary files), which cost every ``--rules`` command's worker about 0.03 s.

>>> from endnim.supervise import Supervisor
>>> Supervisor.__name__
'Supervisor'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from endnim.supervise.supervisor import Supervisor, WorkerFault, hook_timeout

__all__ = ["Supervisor", "WorkerFault", "hook_timeout"]


def __getattr__(name: str) -> Any:
    """A public name, imported on first use."""
    if name in __all__:
        from endnim.supervise import supervisor

        return getattr(supervisor, name)
    raise AttributeError(f"module 'endnim.supervise' has no attribute {name!r}")
