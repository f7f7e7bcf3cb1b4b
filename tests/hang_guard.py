"""Subprocesses run by the tests, with a hang guard instead of a speed limit.

A test may not depend on how fast the machine is: a subprocess is only given up after
:data:`HANG_GUARD` seconds (``ENDNIM_TEST_HANG_GUARD`` overrides), at least ten times what
the slowest command of the suite takes on a loaded 2-core machine, and giving up is reported
as a hang, never as a failed speed check.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from typing import Any

import pytest

HANG_GUARD = float(os.environ.get("ENDNIM_TEST_HANG_GUARD", "1200"))
"""Seconds a test's subprocess may run before it is reported as a hang."""


def run(args: Sequence[str], hang_guard: float = HANG_GUARD, **options: Any) -> Any:
    """``subprocess.run(args, **options)``; a run still going after ``hang_guard`` seconds is
    killed and the test fails with "hang: ..." (the command, and that this is no speed check).
    """
    try:
        return subprocess.run(args, timeout=hang_guard, **options)
    except subprocess.TimeoutExpired:
        shown = " ".join(str(a) for a in args)
        shown = shown if len(shown) <= 200 else shown[:197] + "..."
        pytest.fail(
            f"hang: {shown} gave no answer within {hang_guard:g} s (a hang guard, many times "
            "its normal time on a loaded machine; not a speed check)",
            pytrace=False,
        )


def communicate(
    process: subprocess.Popen[Any], hang_guard: float = HANG_GUARD, **options: Any
) -> tuple[Any, Any]:
    """``process.communicate(**options)``; a process still running after ``hang_guard``
    seconds is killed and the test fails with "hang: ..." (not a speed check)."""
    try:
        return process.communicate(timeout=hang_guard, **options)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(
            f"hang: {process.args!r:.200} did not end within {hang_guard:g} s (a hang guard, "
            "not a speed check)",
            pytrace=False,
        )
