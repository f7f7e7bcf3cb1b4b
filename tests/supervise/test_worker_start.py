"""A worker's start costs every ``--rules`` command (issue 39 item 7): it imports only its own
side of the supervision and confines itself without starting any process."""

from __future__ import annotations

import subprocess
import sys


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.strip()


def test_the_worker_does_not_import_the_supervisor() -> None:
    """``python -m endnim.supervise.worker`` imports the package: it used to import the
    supervisor's side with it (subprocesses, temporary files: about 0.03 s a command)."""
    code = (
        "import sys, endnim.supervise.worker\n"
        "print('endnim.supervise.supervisor' in sys.modules)\n"
        "from endnim.supervise import Supervisor, WorkerFault, hook_timeout\n"
        "print(Supervisor.__module__, WorkerFault.__module__, hook_timeout() > 0)\n"
    )
    assert _run(code).splitlines() == [
        "False",
        "endnim.supervise.supervisor endnim.supervise.supervisor True",
    ]


def test_loading_the_confinement_libraries_starts_no_process() -> None:
    """``ctypes.util.find_library`` runs ldconfig, gcc and ld as subprocesses: the worker
    called it for libseccomp (every time, even when libseccomp.so.2 loads) and for libc."""
    code = (
        "import subprocess\n"
        "started = []\n"
        "real = subprocess.Popen.__init__\n"
        "def spy(self, *args, **kwargs):\n"
        "    started.append(args[0] if args else kwargs.get('args'))\n"
        "    real(self, *args, **kwargs)\n"
        "subprocess.Popen.__init__ = spy\n"
        "from endnim.supervise import allowlist, confine\n"
        "libc = confine._libc()\n"
        "seccomp = allowlist.available(), allowlist.available()\n"
        "print(libc is not None, started)\n"
    )
    assert _run(code) == "True []"
