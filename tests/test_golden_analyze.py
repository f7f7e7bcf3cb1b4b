"""``endnim analyze --json`` prints exactly what it printed before the pipeline refactor.

The golden lines (tests/data/golden_analyze.jsonl.gz) were written by
``benchmarks/golden_analyze.py --write`` from the commit named in the file's header: 10,000
seeded random positions of every rule set (the built-in ones and the example user rule sets),
plus the positions the test suite analyses, through ``endnim analyze --json --batch``. This test
checks a deterministic sample, every :data:`EVERY`-th position of every group from the first
(spread over the whole file and every rule set, method and budget; the memo sizes a reason
reports depend on the positions before a line in its batch and are masked, all else is checked
byte for byte). The whole file, byte for byte, is checked by ``bash scripts/fuzz.sh``
(``benchmarks/fuzz_run.py``), by ``ENDNIM_GOLDEN=full`` here, and by
``benchmarks/golden_analyze.py --check``.

Nothing here depends on the machine's speed: the batches run without the per-hook deadline
(``ENDNIM_HOOK_TIMEOUT=0``; the deadline's own tests are elsewhere, and its signal could cut a
line under load, issue 29 finding 1), and a batch is only given up as a hang after
:data:`HANG_GUARD` seconds, far above its normal time (a few seconds).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
EVERY = 40
"""The sample: every 40th position of each group (about 2,950 of the 117,457; the test command's
budget, issue 43: every group and rule set is still sampled, and the whole file is checked line
for line by ``bash scripts/fuzz.sh``)."""
HANG_GUARD = 900.0
"""Seconds a batch may take before it is reported as a hang (normally a few seconds)."""


def _golden() -> ModuleType:
    path = ROOT / "benchmarks" / "golden_analyze.py"
    spec = importlib.util.spec_from_file_location("golden_analyze", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["golden_analyze"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_golden_file_is_small_and_names_its_commit() -> None:
    golden = _golden()
    assert golden.DATA.stat().st_size < 5_000_000
    header, groups = golden.read()
    assert len(str(header["commit"])) == 40
    random_sizes = {g.variant: len(g.inputs) for g in groups if g.key()[2:] == ("auto", None)}
    assert set(golden.GENERATORS) <= set(random_sizes)


def test_analyze_json_is_unchanged_on_a_sample_of_every_group() -> None:
    golden = _golden()
    every = None if os.environ.get("ENDNIM_GOLDEN") == "full" else EVERY
    env = {**os.environ, "ENDNIM_HOOK_TIMEOUT": "0"}
    failures = golden.check(every=every, env=env, hang_guard=HANG_GUARD)
    assert not failures, "\n".join(failures)


@pytest.mark.long
def test_analyze_json_is_unchanged_byte_for_byte_in_full() -> None:
    """Every line of the golden file (``bash scripts/fuzz.sh`` runs it: ``pytest -m long``)."""
    env = {**os.environ, "ENDNIM_HOOK_TIMEOUT": "0"}
    failures = _golden().check(env=env, hang_guard=HANG_GUARD)
    assert not failures, "\n".join(failures)
