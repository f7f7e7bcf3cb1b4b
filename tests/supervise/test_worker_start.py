"""A worker's start costs every ``--rules`` command (issue 39 item 7): it imports only its own
side of the supervision and confines itself without starting any process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from endnim.supervise import launch


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.strip()


def test_the_worker_does_not_import_the_supervisor() -> None:
    """``python -m endnim.supervise.worker`` imports the package, the guard of every hook and
    the worker's side of a command: they used to import the supervisor's side with them
    (about 0.03 s a command)."""
    code = (
        "import sys, endnim.supervise.worker\n"
        "import endnim.cli, endnim.commands.supervised, endnim.variants.guarded\n"
        "print('endnim.supervise.supervisor' in sys.modules)\n"
        "from endnim.supervise import Supervisor, WorkerFault, hook_timeout\n"
        "print(Supervisor.__module__, WorkerFault.__module__, hook_timeout() > 0)\n"
    )
    assert _run(code).splitlines() == [
        "False",
        "endnim.supervise.supervisor endnim.supervise.supervisor True",
    ]


def test_the_supervising_process_loads_no_hash_library() -> None:
    """The supervisor's job ids came from :mod:`secrets`, which loads hashlib and OpenSSL's
    library: a few ms before every ``--rules`` command's worker could start."""
    code = (
        "import sys, endnim.cli\n"
        "before = set(sys.modules)\n"
        "import endnim.commands.supervised, endnim.supervise.supervisor\n"
        "print(sorted({'secrets', 'hashlib', '_hashlib'} & (set(sys.modules) - before)))\n"
    )
    assert _run(code) == "[]"


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


GALLERY = Path(__file__).parents[1] / "rules_gallery"


def _analyze_with_bwrap(tmp_path: Path, script: str) -> subprocess.CompletedProcess[str]:
    """``analyze --rules`` with ``bwrap`` on the path being ``script`` (a stand-in)."""
    fake = tmp_path / "bin" / "bwrap"
    fake.parent.mkdir()
    fake.write_text(script)
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{fake.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop(launch.NO_SANDBOX_ENV, None)
    spec = f"{GALLERY / 'larger_end.py'}:LargerEnd"
    return subprocess.run(
        [sys.executable, "-m", "endnim.cli", "analyze", "--rules", spec, "--json", "3 1 4"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


@pytest.mark.skipif(not launch.available(), reason=str(launch.unavailable()))
def test_a_command_starts_bubblewrap_once(tmp_path: Path) -> None:
    """The command line's worker starts in bubblewrap straight away: bubblewrap was first
    started on its own, to probe it, on every command (about 0.02 s)."""
    real, log = launch.bwrap_path(), tmp_path / "started"
    done = _analyze_with_bwrap(tmp_path, f'#!/bin/sh\necho x >> "{log}"\nexec "{real}" "$@"\n')
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"] in "NPLR"
    assert done.stderr == "" and log.read_text() == "x\n"


def test_where_bubblewrap_fails_the_command_runs_without_it_and_says_so(tmp_path: Path) -> None:
    done = _analyze_with_bwrap(tmp_path, "#!/bin/sh\necho 'no namespaces' >&2\nexit 1\n")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"] in "NPLR"
    assert done.stderr.count("\n") == 1 and "Landlock and seccomp only" in done.stderr
    assert "bubblewrap cannot make a sandbox here (no namespaces)" in done.stderr
