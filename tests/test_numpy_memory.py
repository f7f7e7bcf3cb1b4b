"""numpy under a memory limit (issue 34 §12): ``prlimit --as=125829120 endnim analyze --json
--batch FILE`` died at the first engine line with "OpenBLAS error: Memory allocation still
failed" (OpenBLAS reserved address space for a thread per core) and no endnim message."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ENDNIM = str(Path(sys.executable).with_name("endnim"))
BATCH = "3 1 4\n30 20 10 50 7\n300 200 100\n1 + 2\n"  # line 3 needs the engine (numpy)


def limited(limit: int) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


def batch_under(limit: int, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}  # as a user's
    return subprocess.run(
        [ENDNIM, "analyze", "--json", "--batch", "-"],
        input=BATCH,
        capture_output=True,
        text=True,
        env={**clean, **env},
        preexec_fn=limited(limit),
        timeout=300,
        check=False,
    )


def test_the_issue_s_limit_answers_every_line() -> None:
    done = batch_under(125_829_120)
    assert "OpenBLAS" not in done.stderr and done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["grundy"] for line in lines] == [7, 24, 328, 3]


def test_too_little_room_for_numpy_is_that_line_s_one_line_error() -> None:
    done = batch_under(100_000_000)
    assert "OpenBLAS" not in done.stderr and done.returncode == 2, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line.get("grundy") for line in lines] == [7, 24, None, 3]
    assert lines[2]["line"] == 3 and "out of memory" in lines[2]["error"]
    assert done.stderr.splitlines() == [f"endnim: error: line 3: {lines[2]['error']}"]
    single = subprocess.run(
        [ENDNIM, "analyze", "300 200 100"],
        capture_output=True,
        text=True,
        preexec_fn=limited(100_000_000),
        timeout=300,
        check=False,
    )
    assert single.returncode == 2 and single.stderr.startswith("endnim: error: out of memory")


def test_blas_threads_default_to_one_unless_the_user_says() -> None:
    script = "import os, endnim; print(os.environ['OPENBLAS_NUM_THREADS'])"
    clean = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    for env, expected in [(clean, "1"), ({**clean, "OPENBLAS_NUM_THREADS": "3"}, "3")]:
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        assert done.stdout.strip() == expected
