"""Supervised workers for untrusted code: one mechanism for the command line and the server.

A user's rule set runs in a worker process (:mod:`endnim.supervise.worker`) inside a bubblewrap
sandbox (:mod:`endnim.supervise.launch`), confined (:mod:`endnim.supervise.confine`: Landlock,
a seccomp allow-list, rlimits), watched through a shared page (:mod:`endnim.supervise.watch`)
by a :class:`Supervisor` that holds the deadlines, reads every answer back as plain data in
checked frames (:mod:`endnim.supervise.frames`) and alone writes endnim's output. See
docs/architecture.md.
"""

from endnim.supervise.supervisor import Supervisor, WorkerFault, hook_timeout

__all__ = ["Supervisor", "WorkerFault", "hook_timeout"]
